# SPDX-License-Identifier: Apache-2.0
# Script mode: rapidsnark's sample program (rapidsnark_sample/sample.c) built with the C compiler CC
# and pkg-config's flags for an installed zkforge, proves DATA (a folder with chain.zkey, witness.wtns
# and verification_key.json); the installed `zkforge verify` accepts the proof.
include(${CMAKE_CURRENT_LIST_DIR}/install_tree.cmake)
set(ENV{PKG_CONFIG_PATH} ${PREFIX}/${LIBDIR}/pkgconfig)
execute_process(COMMAND pkg-config --cflags --libs zkforge OUTPUT_VARIABLE flags RESULT_VARIABLE rc
                OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pkg-config finds no zkforge.pc under ${PREFIX}/${LIBDIR}/pkgconfig")
endif()
separate_arguments(flags UNIX_COMMAND "${flags}")
run(${CC} -std=c99 -Wall -Wextra -pedantic -Werror ${CMAKE_CURRENT_LIST_DIR}/rapidsnark_sample/sample.c ${flags}
    -o ${WORK_DIR}/sample)
run(${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${PREFIX}/${LIBDIR} ${WORK_DIR}/sample ${DATA}/chain.zkey
    ${DATA}/witness.wtns ${WORK_DIR}/proof.json ${WORK_DIR}/public.json)
run(${PREFIX}/bin/zkforge verify ${DATA}/verification_key.json ${WORK_DIR}/public.json ${WORK_DIR}/proof.json)
