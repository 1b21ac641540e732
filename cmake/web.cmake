# web.cmake — the dependencies of the WebGL2 build (emcmake; scripts/web.sh configures it).
# The same target names as the native build's pkg-config ones, from what scripts/web.sh prepared
# in IMPRINT_WEB_DEPS: ODE built with emcc from Debian's source package (prefix/), Dear ImGui's
# sources from Debian's source package (imgui/), stb and cglm headers from Debian's -dev packages
# (include/, links to /usr/include). GLFW 3 and GL are emscripten's (JavaScript); glad is not used.
set(IMPRINT_WEB_DEPS "${PROJECT_BINARY_DIR}/deps" CACHE PATH "what scripts/web.sh prepared")
option(IMPRINT_WEB_THREADS "the threaded variant (imprint-mt: -pthread, for cross-origin isolated pages)" OFF)
add_library(Threads::Threads INTERFACE IMPORTED)
set(web_ode_prefix ${IMPRINT_WEB_DEPS}/prefix)
if(IMPRINT_WEB_THREADS)
  # every object of a shared-memory module must be built for it, ODE's too (scripts/web.sh builds
  # a second ODE into prefix-mt)
  add_compile_options(-pthread)
  add_link_options(-pthread)
  set(web_ode_prefix ${IMPRINT_WEB_DEPS}/prefix-mt)
endif()

add_library(PkgConfig::CGLM INTERFACE IMPORTED)
target_include_directories(PkgConfig::CGLM SYSTEM INTERFACE ${IMPRINT_WEB_DEPS}/include)
add_library(PkgConfig::STB INTERFACE IMPORTED)
target_include_directories(PkgConfig::STB SYSTEM INTERFACE ${IMPRINT_WEB_DEPS}/include/stb)
# Debian's libstb holds the implementations that no source of ours defines: the same ones here
target_sources(PkgConfig::STB INTERFACE ${PROJECT_SOURCE_DIR}/cmake/web_stb.c)
add_library(PkgConfig::GLFW INTERFACE IMPORTED)
target_link_options(PkgConfig::GLFW INTERFACE -sUSE_GLFW=3 -sMAX_WEBGL_VERSION=2 -sMIN_WEBGL_VERSION=2 -sFULL_ES3)
add_library(PkgConfig::ODE STATIC IMPORTED)
set_target_properties(PkgConfig::ODE PROPERTIES IMPORTED_LOCATION ${web_ode_prefix}/lib/libode.a)
target_include_directories(PkgConfig::ODE SYSTEM INTERFACE ${web_ode_prefix}/include)
target_compile_definitions(PkgConfig::ODE INTERFACE dIDEDOUBLE) # as Debian's ode.pc says: precision=dDOUBLE

enable_language(CXX)
set(imgui_dir ${IMPRINT_WEB_DEPS}/imgui)
add_library(imprint_web_imgui STATIC ${imgui_dir}/imgui.cpp ${imgui_dir}/imgui_draw.cpp ${imgui_dir}/imgui_tables.cpp
  ${imgui_dir}/imgui_widgets.cpp ${imgui_dir}/backends/imgui_impl_glfw.cpp ${imgui_dir}/backends/imgui_impl_opengl3.cpp)
target_include_directories(imprint_web_imgui SYSTEM PUBLIC ${imgui_dir} ${imgui_dir}/backends)
target_compile_definitions(imprint_web_imgui PUBLIC IMGUI_IMPL_OPENGL_ES3) # WebGL2: GLSL ES 3.00
set_target_properties(imprint_web_imgui PROPERTIES COMPILE_OPTIONS "-w")
add_library(PkgConfig::IMGUI INTERFACE IMPORTED)
target_link_libraries(PkgConfig::IMGUI INTERFACE imprint_web_imgui)

add_library(imprint_glad INTERFACE) # WebGL2 through emscripten's GLES3 headers: nothing to load
