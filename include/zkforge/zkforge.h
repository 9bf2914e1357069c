/* SPDX-License-Identifier: Apache-2.0 */
/* zkforge's C interface (C99), in the shared library libzkforge: link with -lzkforge (pkg-config
 * zkforge, or CMake's zkforge::capi). Its parts:
 *   zkforge/c/base.h      status codes and errors, curves, scalar forms, backends and devices, version
 *   zkforge/c/groth16.h   a Groth16 prover handle over snarkjs keys; proofs; verification of snarkjs JSON
 *   zkforge/c/supra_c2.h  supra_seal C2's SRS handle and batch prove (Filecoin)
 *   zkforge/c/msm_ntt.h   MSM on G1 and G2, the NTT, per curve, on host buffers
 * and, apart, zkforge/rapidsnark.h: rapidsnark's prover API under its own names. */
#ifndef ZKFORGE_ZKFORGE_H
#define ZKFORGE_ZKFORGE_H

#include "zkforge/version.h"
#include "zkforge/c/base.h"
#include "zkforge/c/groth16.h"
#include "zkforge/c/msm_ntt.h"
#include "zkforge/c/supra_c2.h"

#endif /* ZKFORGE_ZKFORGE_H */
