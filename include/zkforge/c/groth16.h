/* SPDX-License-Identifier: Apache-2.0 */
/* zkforge's own Groth16 prover handle over proving keys, its proofs, and snarkjs-JSON verification.
 *
 * A prover is made from a proving key (a file or bytes in memory; bn128 or bls12381) on a backend,
 * device and memory policy: the key is read and checked once and kept — on a GPU backend its bases
 * stay resident on the device — and every proof afterwards reads only its witness. The key is a
 * snarkjs .zkey or a compiled key (`zkforge key compile`: the layout the prover reads, loaded from a
 * file by a memory map, without decoding; docs/compiled-key.md); the two are told apart by their
 * first bytes, wherever a zkey is asked for below.
 *
 * Thread safety: zkforge_prover_prove* may be called on one prover from several threads at once (the
 * CPU backend's threads are shared between the calls; on a GPU backend concurrent proofs take turns at
 * each resident query); create and destroy must not race with other calls on the same prover.
 * Proofs are snarkjs' JSON (proof.json, public.json), verified by `snarkjs groth16 verify`; the
 * blinding scalars r and s come from the operating system's random source. */
#ifndef ZKFORGE_C_GROTH16_H
#define ZKFORGE_C_GROTH16_H

#include <stdint.h>

#include "zkforge/c/base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef int32_t zkforge_memory_policy;
enum {
  ZKFORGE_MEMORY_POOLED = 0,      /* buffers reused across proofs (the default, and the fastest) */
  ZKFORGE_MEMORY_SYNCHRONOUS = 1, /* allocated and freed in place */
  ZKFORGE_MEMORY_DEFERRED = 2     /* frees handed to a background thread, off the proof's path */
};

typedef struct zkforge_prover_options {
  zkforge_device device;        /* backend and device; NULL backend means "cpu" */
  zkforge_memory_policy memory; /* where the proof's large buffers come from */
  uint32_t threads;             /* CPU threads of the proof; 0 uses every core; at most ZKFORGE_MAX_THREADS */
} zkforge_prover_options;

/* The most CPU threads a prover's options may ask for (more is ZKFORGE_ERROR_INVALID_ARGUMENT). */
#define ZKFORGE_MAX_THREADS 1024

/* The CPU backend, device 0, pooled memory, every core. */
zkforge_prover_options zkforge_prover_options_default(void);

typedef struct zkforge_prover zkforge_prover;
typedef struct zkforge_proof zkforge_proof;

/* A prover of the key (.zkey or compiled) at `path`; options NULL means zkforge_prover_options_default(). A
 * compiled key stays mapped while the prover lives: it must not be truncated in place meanwhile. */
zkforge_status zkforge_prover_create_zkey_file(zkforge_prover** prover, const char* path,
                                               const zkforge_prover_options* options, zkforge_error* error);

/* A prover of the key (.zkey or compiled) held in `size` bytes at `zkey` (decoded or copied: the bytes
 * may be freed on return). */
zkforge_status zkforge_prover_create_zkey(zkforge_prover** prover, const void* zkey, uint64_t size,
                                          const zkforge_prover_options* options, zkforge_error* error);

void zkforge_prover_destroy(zkforge_prover* prover);

/* The key's curve (-1 for a NULL prover). */
zkforge_curve zkforge_prover_curve(const zkforge_prover* prover);
/* Wires of the witness (the constant 1 included) and public inputs (outputs first) of the key; 0 for a
 * NULL prover. */
uint64_t zkforge_prover_num_wires(const zkforge_prover* prover);
uint64_t zkforge_prover_num_public(const zkforge_prover* prover);

/* A proof of a circom witness file (.wtns) held in `size` bytes at `wtns`. */
zkforge_status zkforge_prover_prove_wtns(const zkforge_prover* prover, const void* wtns, uint64_t size,
                                         zkforge_proof** proof, zkforge_error* error);

/* A proof of the whole witness: `count` scalars (wire 0 = 1, then the public inputs, then the private
 * wires) of ZKFORGE_SCALAR_BYTES each, in `form`. A count other than zkforge_prover_num_wires is
 * ZKFORGE_ERROR_SIZE_MISMATCH before any scalar is read. */
zkforge_status zkforge_prover_prove(const zkforge_prover* prover, const void* witness, uint64_t count,
                                    zkforge_scalar_form form, zkforge_proof** proof, zkforge_error* error);

/* snarkjs' proof.json and public.json of a proof: NUL-terminated, owned by the proof (NULL for a NULL
 * proof). */
const char* zkforge_proof_json(const zkforge_proof* proof);
const char* zkforge_proof_public_json(const zkforge_proof* proof);
void zkforge_proof_destroy(zkforge_proof* proof);

/* Verifies snarkjs JSON texts (NUL-terminated) as `snarkjs groth16 verify` does: *valid = 1 for a
 * proof that satisfies the equation, 0 for one that does not; malformed input, points off the curve
 * or outside the subgroup and public inputs not below r are errors. */
zkforge_status zkforge_groth16_verify_json(const char* verification_key_json, const char* public_json,
                                           const char* proof_json, int32_t* valid, zkforge_error* error);

#ifdef __cplusplus
}
#endif

#endif /* ZKFORGE_C_GROTH16_H */
