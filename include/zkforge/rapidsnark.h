/* SPDX-License-Identifier: Apache-2.0 */
/* rapidsnark's prover API (iden3/rapidsnark, src/prover.h) under its own names, argument types and
 * return codes, served by zkforge on the CPU: a program written against rapidsnark relinks against
 * libzkforge and runs unchanged. Beyond rapidsnark, bls12381 keys are proved too.
 *
 * Buffer protocol, as rapidsnark's: proof and public signals come back as JSON text (snarkjs'
 * proof.json and public.json). On entry *proof_size and *public_size are the buffers' capacities in
 * bytes; on PROVER_OK they are the lengths written, the NUL terminator excluded. When a buffer is too
 * small the call returns PROVER_ERROR_SHORT_BUFFER with both sizes set to the capacities needed, the
 * terminator included (for the proof: enough for any proof of the key, as the next call's r and s make
 * a new one), and writes neither buffer. groth16_proof_size and
 * groth16_public_size_for_zkey_* give capacities that always suffice for bn128 keys (a bls12381
 * proof is longer than groth16_proof_size: its caller sees PROVER_ERROR_SHORT_BUFFER and the size).
 * Error messages are written into error_msg (at most error_msg_maxsize bytes, NUL-terminated; NULL
 * allowed). A prover object may be used by several threads at once. */
#ifndef ZKFORGE_RAPIDSNARK_H
#define ZKFORGE_RAPIDSNARK_H

#ifdef __cplusplus
extern "C" {
#endif

#define PROVER_OK 0x0
#define PROVER_ERROR 0x1
#define PROVER_ERROR_SHORT_BUFFER 0x2
#define PROVER_INVALID_WITNESS_LENGTH 0x3 /* the witness has not the key's number of wires */

/* Capacity of the public-signals buffer for the key's public inputs. */
int groth16_public_size_for_zkey_buf(const void* zkey_buffer, unsigned long long zkey_size,
                                     unsigned long long* public_size, char* error_msg,
                                     unsigned long long error_msg_maxsize);
int groth16_public_size_for_zkey_file(const char* zkey_fname, unsigned long long* public_size, char* error_msg,
                                      unsigned long long error_msg_maxsize);

/* Capacity of the proof buffer (a bn128 proof). */
void groth16_proof_size(unsigned long long* proof_size);

/* A prover object of a zkey in memory or in a file, for groth16_prover_prove. */
int groth16_prover_create(void** prover_object, const void* zkey_buffer, unsigned long long zkey_size,
                          char* error_msg, unsigned long long error_msg_maxsize);
int groth16_prover_create_zkey_file(void** prover_object, const char* zkey_file_path, char* error_msg,
                                    unsigned long long error_msg_maxsize);

/* A proof of the .wtns in wtns_buffer with a prover object. */
int groth16_prover_prove(void* prover_object, const void* wtns_buffer, unsigned long long wtns_size,
                         char* proof_buffer, unsigned long long* proof_size, char* public_buffer,
                         unsigned long long* public_size, char* error_msg, unsigned long long error_msg_maxsize);

void groth16_prover_destroy(void* prover_object);

/* One proof in one call: create, prove and destroy. */
int groth16_prover(const void* zkey_buffer, unsigned long long zkey_size, const void* wtns_buffer,
                   unsigned long long wtns_size, char* proof_buffer, unsigned long long* proof_size,
                   char* public_buffer, unsigned long long* public_size, char* error_msg,
                   unsigned long long error_msg_maxsize);
int groth16_prover_zkey_file(const char* zkey_file_path, const void* wtns_buffer, unsigned long long wtns_size,
                             char* proof_buffer, unsigned long long* proof_size, char* public_buffer,
                             unsigned long long* public_size, char* error_msg, unsigned long long error_msg_maxsize);

#ifdef __cplusplus
}
#endif

#endif /* ZKFORGE_RAPIDSNARK_H */
