# Builds TARGET in BUILD_DIR and succeeds only when the build fails with a message that
# contains EXPECT (a compile error the code is meant to provoke, not any failure).
#   cmake -DBUILD_DIR=... -DTARGET=... -DEXPECT=... -P expect_build_failure.cmake
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BUILD_DIR} --target ${TARGET}
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(result EQUAL 0)
  message(FATAL_ERROR "${TARGET} compiled, but it must not")
endif()
string(FIND "${output}" "${EXPECT}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${TARGET} failed to build, but not with '${EXPECT}':\n${output}")
endif()
message(STATUS "${TARGET} does not compile, as required ('${EXPECT}' in the error)")
