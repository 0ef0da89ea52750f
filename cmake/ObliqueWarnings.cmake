# Warning flags shared by every target the project builds itself.
function(oblique_set_warnings target)
  target_compile_options(${target} PRIVATE
    -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Wshadow -Wdouble-promotion
    -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual)
  if(OBLIQUE_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# Floating-point settings that keep results bit-identical between runs and builds:
# no fused multiply-add contraction, no fast-math reassociation.
function(oblique_set_fp_model target)
  target_compile_options(${target} PRIVATE -ffp-contract=off -fno-fast-math)
endfunction()
