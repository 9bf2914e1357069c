# SPDX-License-Identifier: Apache-2.0
# Script mode: `zkforge verify` with the second public input increased by one must exit 1 (invalid).
file(MAKE_DIRECTORY ${WORK})
file(READ ${DIR}/public.json public)
string(JSON first GET "${public}" 1)
math(EXPR changed "${first} + 1")
string(JSON public SET "${public}" 1 "\"${changed}\"")
file(WRITE ${WORK}/public.json "${public}")
execute_process(COMMAND ${ZKFORGE} verify ${DIR}/verification_key.json ${WORK}/public.json ${DIR}/proof.json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "expected exit code 1 for a changed public input, got ${rc}\n${out}\n${err}")
endif()
