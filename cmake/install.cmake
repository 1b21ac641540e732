# install.cmake — `cmake --install`: the libraries, their headers, the data and the package config,
# so a program finds them with find_package(imprint CONFIG REQUIRED) (docs/architecture.md,
# "Use it from CMake"). Included by CMakeLists.txt when IMPRINT_INSTALL (ON at top level).
#   <prefix>/lib/libimprint_*.a                 base, gfx, glad, each technique and its core, mud_physics
#   <prefix>/include/imprint/{base,gfx,<t>}/    src/**/*.h as laid out in src/ (the app's and the scenes' left out),
#   <prefix>/include/imprint/{glad,KHR,EGL}/    and glad's generated headers: #include "bb/bb.h"
#   <prefix>/share/imprint/{shaders,assets}     the data (the app's ../share/imprint from bin/)
#   <prefix>/lib/cmake/imprint/                 imprintConfig.cmake, its version file, the targets
include(CMakePackageConfigHelpers)
set(IMPRINT_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/imprint)
set(IMPRINT_INCLUDE_DIR ${CMAKE_INSTALL_INCLUDEDIR}/imprint)
set(IMPRINT_DATA_DIR ${CMAKE_INSTALL_DATADIR}/imprint)

install(TARGETS ${IMPRINT_EXPORTED} EXPORT imprintTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${IMPRINT_INCLUDE_DIR})
install(EXPORT imprintTargets NAMESPACE imprint:: DESTINATION ${IMPRINT_CMAKE_DIR})
# mud's rigid bodies (ODE) in an export of their own: the config loads them when ODE is found
if(TARGET imprint_mud_physics)
  install(TARGETS imprint_mud_physics EXPORT imprintMudPhysicsTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    INCLUDES DESTINATION ${IMPRINT_INCLUDE_DIR})
  install(EXPORT imprintMudPhysicsTargets NAMESPACE imprint:: DESTINATION ${IMPRINT_CMAKE_DIR})
endif()

install(DIRECTORY ${PROJECT_SOURCE_DIR}/src/ DESTINATION ${IMPRINT_INCLUDE_DIR}
  FILES_MATCHING PATTERN "*.h"
  PATTERN "app" EXCLUDE PATTERN "scene" EXCLUDE)
if(TARGET imprint_glad AND GLAD_DIR)
  install(DIRECTORY ${GLAD_DIR}/include/ DESTINATION ${IMPRINT_INCLUDE_DIR})
endif()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/shaders ${PROJECT_SOURCE_DIR}/assets DESTINATION ${IMPRINT_DATA_DIR})

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/imprintConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/imprintConfig.cmake
  INSTALL_DESTINATION ${IMPRINT_CMAKE_DIR}
  PATH_VARS IMPRINT_DATA_DIR IMPRINT_INCLUDE_DIR)
# 0.x: a minor version may break the API
write_basic_package_version_file(${PROJECT_BINARY_DIR}/cmake/imprintConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake/imprintConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/imprintConfigVersion.cmake
  DESTINATION ${IMPRINT_CMAKE_DIR})
