// SPDX-License-Identifier: Apache-2.0
// MsmConfig: the knobs of a multi-scalar multiplication, with defaults right for the common case.
#pragma once

#include "zkforge/memory/policy.hpp"

namespace zkforge {

// How Pippenger's buckets accumulate points on the CPU.
enum class BucketMethod {
  batch_affine,  // affine buckets, additions in batches sharing one inversion: ~5M + 1S per point
  xyzz,          // XYZZ buckets, one mixed addition per point: 8M + 2S
};

struct MsmConfig {
  unsigned window_bits = 0;  // Pippenger window c; 0 chooses it from n by the cost model of msm/plan.hpp
  unsigned threads = 0;      // CPU threads; 0 uses every core
  BucketMethod bucket_method = BucketMethod::batch_affine;  // measured faster on the CPU (docs/perf.md)
  MemoryPolicy memory = MemoryPolicy::pooled;  // where a GPU call's device buffers come from
};

}  // namespace zkforge
