# SPDX-License-Identifier: Apache-2.0
# Script mode: `cmake --install` of the program (component cli) into a fresh prefix; the installed
# `zkforge demo` must find its snarkjs files in PREFIX/share/zkforge beside itself and pass, and the
# installed program must hold no path of the source tree's data or of the build tree (the GPU
# backends' device code keeps its source files' names as line information, for the profilers).
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${PREFIX} --component cli
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed with ${rc}\n${out}\n${err}")
endif()
file(GLOB_RECURSE installed RELATIVE ${PREFIX} ${PREFIX}/*)
list(JOIN installed "\n  " listing)
message(STATUS "installed:\n  ${listing}")
if(NOT EXISTS ${PREFIX}/bin/zkforge OR NOT EXISTS ${PREFIX}/share/zkforge/chain1018/bn128/chain.zkey)
  message(FATAL_ERROR "the program or its demo files are missing from the install")
endif()
foreach(tree ${SOURCE_DIR}/tests ${BUILD_DIR})
  file(STRINGS ${PREFIX}/bin/zkforge hits REGEX "${tree}")
  if(hits)
    message(FATAL_ERROR "the installed zkforge refers to ${tree}: ${hits}")
  endif()
endforeach()
# Run from an unrelated folder, so that nothing is found through the working directory.
execute_process(COMMAND ${PREFIX}/bin/zkforge demo --seed 1 --msm-size 4 WORKING_DIRECTORY ${PREFIX}/share
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the installed zkforge demo failed with ${rc}\n${out}\n${err}")
endif()
if(NOT out MATCHES "bundled in ${PREFIX}/share/zkforge")
  message(FATAL_ERROR "the installed demo did not read PREFIX/share/zkforge:\n${out}")
endif()
