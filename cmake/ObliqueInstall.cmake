# Install rules: headers, libraries and a relocatable CMake package, so that after
# `cmake --install` a game finds the engine with find_package(Oblique) and links the same target
# names it would get from add_subdirectory.
include(CMakePackageConfigHelpers)

set(OBLIQUE_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/Oblique)

set(oblique_installed_targets oblique)
set_target_properties(oblique PROPERTIES EXPORT_NAME oblique)
if(TARGET oblique-scene)
  list(APPEND oblique_installed_targets oblique-scene)
  set_target_properties(oblique-scene PROPERTIES EXPORT_NAME scene)
endif()
if(TARGET oblique-tbb)
  list(APPEND oblique_installed_targets oblique-tbb)
  set_target_properties(oblique-tbb PROPERTIES EXPORT_NAME tbb)
endif()
if(TARGET oblique-sfml)
  list(APPEND oblique_installed_targets oblique-sfml)
  set_target_properties(oblique-sfml PROPERTIES EXPORT_NAME sfml)
endif()

install(TARGETS ${oblique_installed_targets}
  EXPORT ObliqueTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

install(DIRECTORY ${PROJECT_SOURCE_DIR}/engine/include/oblique
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.hpp")

install(EXPORT ObliqueTargets
  NAMESPACE Oblique::
  DESTINATION ${OBLIQUE_INSTALL_CMAKEDIR})

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/ObliqueConfig.cmake.in
  ${PROJECT_BINARY_DIR}/ObliqueConfig.cmake
  INSTALL_DESTINATION ${OBLIQUE_INSTALL_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/ObliqueConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/ObliqueConfig.cmake
  ${PROJECT_BINARY_DIR}/ObliqueConfigVersion.cmake
  DESTINATION ${OBLIQUE_INSTALL_CMAKEDIR})
