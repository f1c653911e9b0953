# Writes the version header with the source commit as it is at build time: run by the
# attnverify_source_commit target on every build (src/CMakeLists.txt), it rewrites OUT only
# when the text changed, so an unchanged commit rebuilds nothing. Arguments: SOURCE_DIR (the
# checkout), IN (src/cli/version.hpp.in), OUT (the header), PROJECT_VERSION.
execute_process(COMMAND git -C ${SOURCE_DIR} rev-parse --short=12 HEAD
  OUTPUT_VARIABLE ATTNVERIFY_SOURCE_COMMIT OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE git_status)
if(NOT git_status EQUAL 0 OR ATTNVERIFY_SOURCE_COMMIT STREQUAL "")
  set(ATTNVERIFY_SOURCE_COMMIT "unknown")
else()
  execute_process(COMMAND git -C ${SOURCE_DIR} status --porcelain --untracked-files=no
    OUTPUT_VARIABLE git_changes OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT git_changes STREQUAL "")
    string(APPEND ATTNVERIFY_SOURCE_COMMIT "+dirty")
  endif()
endif()
configure_file(${IN} ${OUT}.new @ONLY)
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different ${OUT}.new ${OUT})
file(REMOVE ${OUT}.new)
