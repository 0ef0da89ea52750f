# Warning flags shared by every target the project builds itself.
function(oblique_set_warnings target)
  target_compile_options(${target} PRIVATE
    -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Wshadow -Wdouble-promotion
    -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual)
  # GCC 12 at -O3 reports std::string concatenation inside libstdc++ as an overlapping memcpy
  # (GCC bug 105329, a false positive in char_traits.h); it says nothing about our code.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
  if(OBLIQUE_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# Floating-point settings that keep results bit-identical between runs and builds:
# no fused multiply-add contraction, no fast-math reassociation.
function(oblique_set_fp_model target)
  target_compile_options(${target} PRIVATE -ffp-contract=off -fno-fast-math)
endfunction()
