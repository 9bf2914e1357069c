# SPDX-License-Identifier: Apache-2.0
# Script mode: <zkforge/zkforge.hpp> from an installed tree reaches every installed header but those
# its comment leaves out (arch/, the insecure test setup), compiled
# alone by CXX with only the prefix's include/ (and the system's) on the path.
include(${CMAKE_CURRENT_LIST_DIR}/install_tree.cmake)
file(WRITE ${WORK_DIR}/umbrella.cpp "#include <zkforge/zkforge.hpp>\nint main() { return 0; }\n")
execute_process(COMMAND ${CXX} -std=c++17 -fsyntax-only -H -I${PREFIX}/include ${WORK_DIR}/umbrella.cpp
                RESULT_VARIABLE rc ERROR_VARIABLE trace)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the installed umbrella header does not compile alone:\n${trace}")
endif()
file(GLOB_RECURSE headers RELATIVE ${PREFIX}/include ${PREFIX}/include/zkforge/*.hpp)
set(missing "")
foreach(h IN LISTS headers)
  if(h MATCHES "^zkforge/(arch/|backends/|groth16/insecure_test_setup)")
    continue()
  endif()
  string(FIND "${trace}" "include/${h}" at)
  if(at EQUAL -1)
    list(APPEND missing ${h})
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "zkforge/zkforge.hpp does not reach: ${missing}")
endif()
