# SPDX-License-Identifier: Apache-2.0
# Script mode: install the build tree, configure and build the consumer against it, run it (RUN OFF:
# build and link only, for consumers of a GPU backend on machines without a GPU). CONSUMER_ARGS: more
# -D options for the consumer's configure.
file(REMOVE_RECURSE ${WORK_DIR})
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
endfunction()
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR}/build -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${CXX}
    -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix ${CONSUMER_ARGS})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
if(NOT DEFINED RUN OR RUN)
  run(${WORK_DIR}/build/consumer)
endif()
