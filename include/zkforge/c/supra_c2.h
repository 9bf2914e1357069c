/* SPDX-License-Identifier: Apache-2.0 */
/* supra_seal C2's interface (Filecoin's Groth16 over BLS12-381): an SRS handle over a bellperson /
 * supra_seal parameter file, and a batch of circuits proved with it, taking what supra_seal's
 * generate_groth16_proof_c takes, so that a Rust caller of C2 (c2/src/lib.rs) switches with a thin
 * shim:
 *
 *   C2                                          zkforge
 *   create_SRS(&mut srs, path, cache)           zkforge_srs_create(&srs, path, cache, &error)
 *   evict_SRS(&srs) / clone_SRS / drop_SRS      zkforge_srs_evict / zkforge_srs_clone / zkforge_srs_drop
 *   generate_groth16_proof_c(&ntt_msm_h_inputs, zkforge_c2_prove(srs, &batch, device, proofs, &error)
 *     &msm_inputs, num_circuits, r_s, s_s,      with batch's fields named as C2's: a, b, c, actual_size,
 *     proofs, &srs)                             input/aux assignments and sizes, the three densities
 *                                               and their popcounts, r and s
 *
 * The SRS handle is reference-counted: zkforge_srs_clone adds a reference, zkforge_srs_drop gives
 * one back, and the parameters are freed with the last. With `cache` nonzero, handles of the same path
 * share one read of the file (the four most recently used paths are kept; zkforge_srs_evict forgets
 * one, its handles stay valid). Every point is checked on its curve and in its subgroup when read.
 * An SRS handle may be used by several threads at once, and so may zkforge_c2_prove. */
#ifndef ZKFORGE_C_SUPRA_C2_H
#define ZKFORGE_C_SUPRA_C2_H

#include <stdint.h>

#include "zkforge/c/base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct zkforge_srs zkforge_srs;

zkforge_status zkforge_srs_create(zkforge_srs** srs, const char* path, int32_t cache, zkforge_error* error);
void zkforge_srs_evict(const zkforge_srs* srs);
zkforge_srs* zkforge_srs_clone(const zkforge_srs* srs);
void zkforge_srs_drop(zkforge_srs* srs);

/* One batch of circuits that share the SRS. Scalars are Montgomery-form BLS12-381 Fr (blst_fr,
 * ZKFORGE_SCALAR_BYTES each); "per circuit" arrays hold num_circuits pointers. Density bitmaps are
 * 64-bit words, bit i of word i / 64 for wire i of its kind, no bit set past the last wire. */
typedef struct zkforge_c2_batch {
  uint64_t num_circuits;
  /* ntt_msm_h: per circuit the evaluations a, b, c of actual_size scalars (the constraints); the rest
   * of the key's domain (a power of two) is zero. */
  const void* const* a;
  const void* const* b;
  const void* const* c;
  uint64_t actual_size;
  /* The witness, per circuit: input_assignment_size inputs (the constant 1 first, then the public
   * inputs) and aux_assignment_size aux (private) wires. */
  const void* const* input_assignments;
  const void* const* aux_assignments;
  uint64_t input_assignment_size;
  uint64_t aux_assignment_size;
  /* Which wires the parameter file holds A and B points for: A holds every input wire and the aux
   * wires of a_aux_density; B (G1 and G2) the input wires of b_input_density and the aux wires of
   * b_aux_density. Each total is its bitmap's popcount (checked). */
  const uint64_t* a_aux_density;
  uint64_t a_aux_total_density;
  const uint64_t* b_input_density;
  uint64_t b_input_total_density;
  const uint64_t* b_aux_density;
  uint64_t b_aux_total_density;
  /* The blinding scalars, num_circuits each. */
  const void* r;
  const void* s;
} zkforge_c2_batch;

/* A proof as C2 writes it: pi_a (G1), pi_b (G2), pi_c (G1) affine in blst's layout (snarkjs' layout of
 * zkforge_point_bytes: little-endian Montgomery coordinates, the point at infinity all zeros). */
typedef struct zkforge_c2_proof {
  uint8_t a[96];
  uint8_t b[192];
  uint8_t c[96];
} zkforge_c2_proof;

/* Proves every circuit of the batch on `device` (NULL: the CPU) into proofs[0 .. num_circuits). The
 * key made from the SRS and the densities is kept with the SRS for the next batch of the same
 * densities and device (resident on a GPU backend). */
zkforge_status zkforge_c2_prove(const zkforge_srs* srs, const zkforge_c2_batch* batch, const zkforge_device* device,
                                zkforge_c2_proof* proofs, zkforge_error* error);

#ifdef __cplusplus
}
#endif

#endif /* ZKFORGE_C_SUPRA_C2_H */
