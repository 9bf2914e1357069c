# SPDX-License-Identifier: Apache-2.0
# Script mode: `cmake --install` of the program (component cli) into a fresh prefix; the installed
# `zkforge demo` must find its snarkjs files in PREFIX/share/zkforge beside itself and pass, and the
# installed programs must hold no path of the source tree's data or of the build tree (the GPU
# backends' device code keeps its source files' names as line information, for the profilers).
# zkforge must not load the HTTP library (nor OpenSSL), and must hand serve to the installed
# PREFIX/libexec/zkforge/zkforge-http, or say that it cannot.
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${PREFIX} --component cli
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed with ${rc}\n${out}\n${err}")
endif()
file(GLOB_RECURSE installed RELATIVE ${PREFIX} ${PREFIX}/*)
list(JOIN installed "\n  " listing)
message(STATUS "installed:\n  ${listing}")
set(http ${PREFIX}/libexec/zkforge/zkforge-http)
if(NOT EXISTS ${PREFIX}/bin/zkforge OR NOT EXISTS ${http} OR NOT EXISTS ${PREFIX}/share/zkforge/chain1018/bn128/chain.zkey)
  message(FATAL_ERROR "the programs or the demo's files are missing from the install")
endif()
foreach(program ${PREFIX}/bin/zkforge ${http})
  foreach(tree ${SOURCE_DIR}/tests ${BUILD_DIR})
    file(STRINGS ${program} hits REGEX "${tree}")
    if(hits)
      message(FATAL_ERROR "the installed ${program} refers to ${tree}: ${hits}")
    endif()
  endforeach()
endforeach()
execute_process(COMMAND readelf -d ${PREFIX}/bin/zkforge RESULT_VARIABLE rc OUTPUT_VARIABLE needed)
if(NOT rc EQUAL 0 OR needed MATCHES "httplib|libssl|libcrypto" OR NOT needed MATCHES "NEEDED")
  message(FATAL_ERROR "bin/zkforge should load no HTTP library (readelf -d exit ${rc}):\n${needed}")
endif()
execute_process(COMMAND ${PREFIX}/bin/zkforge serve --help RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "--token-file")
  message(FATAL_ERROR "the installed zkforge serve --help, run by zkforge-http, gave ${rc}\n${out}\n${err}")
endif()
file(RENAME ${http} ${http}.away)
execute_process(COMMAND ${PREFIX}/bin/zkforge client prove --help RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(RENAME ${http}.away ${http})
if(NOT rc EQUAL 3 OR NOT err MATCHES "zkforge-http, which could not be started")
  message(FATAL_ERROR "without zkforge-http, zkforge client should exit 3 naming it; it gave ${rc}\n${out}\n${err}")
endif()
# Run from an unrelated folder, so that nothing is found through the working directory.
execute_process(COMMAND ${PREFIX}/bin/zkforge demo --seed 1 --msm-size 4 WORKING_DIRECTORY ${PREFIX}/share
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the installed zkforge demo failed with ${rc}\n${out}\n${err}")
endif()
if(NOT out MATCHES "bundled in ${PREFIX}/share/zkforge")
  message(FATAL_ERROR "the installed demo did not read PREFIX/share/zkforge:\n${out}")
endif()
