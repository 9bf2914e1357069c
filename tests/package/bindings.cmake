# SPDX-License-Identifier: Apache-2.0
# Script mode: a binding's own test runner against an installed zkforge. BINDING python: pytest (PYTHON)
# on bindings/python/tests with the installed module; rust: `cargo test --offline` (CARGO) of
# bindings/rust, linked through the installed zkforge.pc. DATA: tests/data.
set(runner_python PYTHON)
set(runner_rust CARGO)
set(runner ${runner_${BINDING}})
if(NOT runner)
  message(FATAL_ERROR "BINDING must be python or rust, not '${BINDING}'")
endif()
if(NOT EXISTS "${${runner}}")
  message(FATAL_ERROR "no ${runner} for the ${BINDING} binding's tests: scripts/deps.sh installs Debian's")
endif()
include(${CMAKE_CURRENT_LIST_DIR}/install_tree.cmake)
set(bindings ${CMAKE_CURRENT_LIST_DIR}/../../bindings)
if(BINDING STREQUAL "python")
  run(${CMAKE_COMMAND} -E env PYTHONPATH=${PREFIX}/${PYTHON_DIR} ZKFORGE_TEST_DATA=${DATA} PYTHONDONTWRITEBYTECODE=1
      ${PYTHON} -m pytest -p no:cacheprovider -q ${bindings}/python/tests)
else()
  run(${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${PREFIX}/${LIBDIR}/pkgconfig LD_LIBRARY_PATH=${PREFIX}/${LIBDIR}
      ZKFORGE_TEST_DATA=${DATA} CARGO_TARGET_DIR=${WORK_DIR}/target
      ${CARGO} test --offline --manifest-path ${bindings}/rust/Cargo.toml)
endif()
