// SPDX-License-Identifier: Apache-2.0
// MsmConfig: the knobs of a multi-scalar multiplication, with defaults right for the common case.
#pragma once

#include "zkforge/memory/policy.hpp"

namespace zkforge {

// How Pippenger's buckets accumulate points.
enum class BucketMethod {
  batch_affine,  // affine additions in batches sharing one inversion: ~5M + 1S per point
  xyzz,          // XYZZ buckets, one mixed addition per point: 8M + 2S
  automatic,     // the faster for the backend: batch_affine on the CPU, xyzz on a GPU (docs/perf.md)
};

struct MsmConfig {
  unsigned window_bits = 0;  // Pippenger window c; 0 chooses it from n by the cost model of msm/plan.hpp
  unsigned threads = 0;      // CPU threads; 0 uses every core
  BucketMethod bucket_method = BucketMethod::automatic;  // measured per backend and size (docs/perf.md)
  MemoryPolicy memory = MemoryPolicy::pooled;  // where a GPU call's device buffers come from
  // A GPU MsmContext's precomputed multiples of its bases (msm/gpu.hpp): K copies, copy q holding
  // 2^(q s) times every base, so that one pass over K n points covers all the windows in W/K bucket
  // windows. 1 keeps the bases alone; 0 (kPrecomputeAuto) takes the most copies that, with one run's
  // buffers, fit half of the device's free memory (a Groth16 prover's resident key chooses its own:
  // groth16/resident_key.hpp). Ignored by the CPU and by one-shot GPU calls.
  unsigned precompute = 0;
  // The share of a context's scalars expected wider than one digit, the rest being 0 or 1 (a witness
  // heavy in boolean signals): a context with copies fixes its window when it is made, before any
  // scalar is seen, by a cost model whose additions into buckets scale with it (a witness's mix of
  // 1/4 takes a narrower window, fewer buckets to reduce). In (0, 1], which every GPU context checks;
  // 1 for uniform scalars. Only the window of a context with copies, or of a run of scalars that
  // arrive in two parts, changes, never the result (any other run counts its scalars). Ignored by the
  // CPU and by one-shot GPU calls.
  double dense_share = 1;
  // A GPU's rounds of batch-affine pair additions before its XYZZ buckets, with bucket_method
  // batch_affine: each round halves a bucket's points. 0 (kAffineRoundsAuto) takes the backend's
  // default; at most kMaxAffineRounds. Ignored by the CPU.
  unsigned affine_rounds = 0;
  // A GPU MsmContext's run over host scalars: the batches they cross the bus in, one bucket array for
  // all, each batch's transfer, count and sort beside the bucket accumulation of the batch before. 0
  // (kScalarBatchesAuto) chooses from the sizes; 1 moves them all before any accumulation; at most
  // kMaxScalarBatches. Ignored by the CPU, by scalars already on the device and by batch-affine rounds.
  unsigned scalar_batches = 0;
  // A GPU MsmContext's stream at the device's highest priority: where its kernels and another stream's
  // wait for the same multiprocessors, its blocks go first (a prover's A, B1 and L beside H's level 1,
  // whose waves would otherwise hold them back). Ignored by the CPU and by one-shot GPU calls.
  bool high_priority = false;
  // A GPU MsmContext's runs leave out the scalars equal to 1, whose bases the caller sums elsewhere
  // (batch_add: a Groth16 prover's on the host's cores beside the GPU, ProverConfig::batch_add): a run
  // returns the sum over the other scalars. Ignored by the CPU and by one-shot GPU calls.
  bool skip_ones = false;
};

inline constexpr unsigned kPrecomputeAuto = 0;
inline constexpr unsigned kAffineRoundsAuto = 0;
inline constexpr unsigned kMaxAffineRounds = 10;
inline constexpr unsigned kScalarBatchesAuto = 0;
inline constexpr unsigned kMaxScalarBatches = 64;

}  // namespace zkforge
