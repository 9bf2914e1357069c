# SPDX-License-Identifier: Apache-2.0
# Script mode: io/ is the last layer of include/zkforge/ (docs/architecture.md): it may include
# groth16/ and every layer above, and no header outside io/ includes one of io/ — the umbrella
# zkforge.hpp aside. Fails naming each header that does.
file(GLOB_RECURSE headers RELATIVE ${INCLUDE_DIR}/zkforge ${INCLUDE_DIR}/zkforge/*.hpp)
set(offenders "")
foreach(header IN LISTS headers)
  if(header MATCHES "^io/" OR header STREQUAL "zkforge.hpp")
    continue()
  endif()
  file(STRINGS ${INCLUDE_DIR}/zkforge/${header} lines REGEX "^#include \"zkforge/io/")
  foreach(line IN LISTS lines)
    string(APPEND offenders "\n  ${header}: ${line}")
  endforeach()
endforeach()
if(offenders)
  message(FATAL_ERROR "headers above io/ include io/:${offenders}")
endif()
