/* SPDX-License-Identifier: Apache-2.0 */
/* Multi-scalar multiplication (G1, G2) and number-theoretic transforms of the scalar field, per curve,
 * on host buffers, on the backend and device a zkforge_device names (NULL: the CPU).
 *
 * Points use snarkjs' layout (zkforge_point_bytes); each is checked to lie on its curve. Scalars are
 * ZKFORGE_SCALAR_BYTES bytes little-endian in the zkforge_scalar_form given, checked below r. Both
 * calls are safe from several threads at once and keep no state between calls (but the NTT's root
 * tables, cached per size). */
#ifndef ZKFORGE_C_MSM_NTT_H
#define ZKFORGE_C_MSM_NTT_H

#include <stdint.h>

#include "zkforge/c/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* *result = sum_i scalars[i] * points[i] over n points of `group`; result is one point. */
zkforge_status zkforge_msm(zkforge_curve curve, zkforge_group group, const zkforge_device* device,
                           const void* points, const void* scalars, uint64_t n, zkforge_scalar_form form,
                           void* result, zkforge_error* error);

typedef int32_t zkforge_ntt_direction;
enum {
  ZKFORGE_NTT_FORWARD = 0, /* coefficients -> evaluations at g * omega^i */
  ZKFORGE_NTT_INVERSE = 1  /* evaluations at g * omega^i -> coefficients (scaled by 1/n) */
};

typedef int32_t zkforge_root_convention;
enum {
  ZKFORGE_ROOTS_ZKCRYPTO = 0, /* omega from the field's generator (ff, bellperson, arkworks) */
  ZKFORGE_ROOTS_SNARKJS = 1   /* ffjavascript's roots (differ on BLS12-381; the same on BN254) */
};

typedef struct zkforge_ntt_options {
  zkforge_ntt_direction direction;
  const void* coset;             /* NULL: the subgroup itself; else the shift g, one scalar in the call's form */
  zkforge_root_convention roots;
} zkforge_ntt_options;

/* The transform of n = 2^k scalars in place, natural order in and out (options NULL: forward, no
 * coset, zkcrypto roots). The scalars come back in the form they came in. */
zkforge_status zkforge_ntt(zkforge_curve curve, const zkforge_device* device, void* data, uint64_t n,
                           zkforge_scalar_form form, const zkforge_ntt_options* options, zkforge_error* error);

#ifdef __cplusplus
}
#endif

#endif /* ZKFORGE_C_MSM_NTT_H */
