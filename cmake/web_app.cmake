# web_app.cmake — the page: imprint built for the browser (WebGL2), its data preloaded, and the
# browser tests (label web, IMPRINT_WEB_TESTS; scripts/web.sh --test). See docs/web.md.
option(IMPRINT_WEB_TESTS "register the headless chromium tests (tests/web)" OFF)
set(IMPRINT_WEB_PAGE_DIR ${PROJECT_BINARY_DIR}/page CACHE PATH "where the page goes (the threaded variant: beside the other)")
set(web_out ${IMPRINT_WEB_PAGE_DIR})
set_target_properties(imprint PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${web_out} SUFFIX ".js")
if(IMPRINT_WEB_THREADS)
  # imprint-mt.js: the mud clods' worker on a thread of its own (a pool of two, started with the page)
  set_target_properties(imprint PROPERTIES OUTPUT_NAME imprint-mt)
  target_link_options(imprint PRIVATE -sPTHREAD_POOL_SIZE=2)
endif()
target_link_options(imprint PRIVATE
  -sUSE_GLFW=3 -sMAX_WEBGL_VERSION=2 -sMIN_WEBGL_VERSION=2 -sFULL_ES3
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=268435456 -sTOTAL_STACK=1048576
  -sEXIT_RUNTIME=0 -sENVIRONMENT=web,worker -sMODULARIZE=0
  -sEXPORTED_RUNTIME_METHODS=FS,callMain,ccall -sEXPORTED_FUNCTIONS=_main,_malloc,_free
  "SHELL:--preload-file ${PROJECT_SOURCE_DIR}/shaders@/share/imprint/shaders"
  "SHELL:--preload-file ${PROJECT_SOURCE_DIR}/assets@/share/imprint/assets")
# the HUD's font where the native build finds it (Debian's fonts-dejavu-core), when installed here
set(web_font /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf)
if(EXISTS ${web_font})
  target_link_options(imprint PRIVATE "SHELL:--preload-file ${web_font}@${web_font}")
endif()
set_property(TARGET imprint APPEND PROPERTY LINK_DEPENDS ${PROJECT_SOURCE_DIR}/shaders ${PROJECT_SOURCE_DIR}/assets)
# the page and its script beside the build's .js, .wasm and .data (copied again when they change)
configure_file(${PROJECT_SOURCE_DIR}/src/app/web/index.html ${web_out}/index.html COPYONLY)
configure_file(${PROJECT_SOURCE_DIR}/src/app/web/page.js ${web_out}/page.js COPYONLY)
if(IMPRINT_WEB_TESTS)
  enable_testing()
  add_subdirectory(tests/web)
endif()
