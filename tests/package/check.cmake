# SPDX-License-Identifier: Apache-2.0
# Script mode: install the build tree, configure and build the CMake consumer SOURCE_DIR against it, run
# it with RUN_ARGS (RUN OFF: build and link only, for consumers of a GPU backend on machines without a
# GPU). CONSUMER_ARGS: more -D options for the consumer's configure.
include(${CMAKE_CURRENT_LIST_DIR}/install_tree.cmake)
run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR}/build -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${CXX}
    -DCMAKE_PREFIX_PATH=${PREFIX} ${CONSUMER_ARGS})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
if(NOT DEFINED RUN OR RUN)
  run(${WORK_DIR}/build/consumer ${RUN_ARGS})
endif()
