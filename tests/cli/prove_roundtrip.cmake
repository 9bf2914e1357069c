# SPDX-License-Identifier: Apache-2.0
# Script mode: `zkforge prove` on snarkjs' key and witness writes a proof that `zkforge verify` accepts
# under snarkjs' verification key and snarkjs' public.json; a truncated key is refused with exit 3 and
# a message naming the file and the byte offset, and writes nothing.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
execute_process(COMMAND ${ZKFORGE} prove --quiet ${DIR}/chain.zkey ${DIR}/witness.wtns ${WORK}/proof.json ${WORK}/public.json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "zkforge prove failed with ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${ZKFORGE} verify ${DIR}/verification_key.json ${DIR}/public.json ${WORK}/proof.json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "zkforge's proof does not verify with snarkjs' public.json: ${rc}\n${out}\n${err}")
endif()

# CMake strings cannot hold NUL bytes: copy the file and cut it with `truncate` instead.
file(COPY_FILE ${DIR}/chain.zkey ${WORK}/truncated.zkey)
execute_process(COMMAND truncate -s 1000 ${WORK}/truncated.zkey)
execute_process(COMMAND ${ZKFORGE} prove --quiet ${WORK}/truncated.zkey ${DIR}/witness.wtns ${WORK}/bad_proof.json ${WORK}/bad_public.json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 3)
  message(FATAL_ERROR "expected exit code 3 for a truncated zkey, got ${rc}\n${out}\n${err}")
endif()
if(NOT err MATCHES "truncated.zkey" OR NOT err MATCHES "at byte [0-9]+")
  message(FATAL_ERROR "the error does not name the file and the offset: ${err}")
endif()
if(EXISTS ${WORK}/bad_proof.json)
  message(FATAL_ERROR "a proof file was written for a malformed key")
endif()
