// SPDX-License-Identifier: Apache-2.0
// Phase prep_msm: classify an MSM's scalars as 0, 1 or significant and decide how to run it.
//
// As supra_seal C2 does: a scalar that is exactly 1 only adds its base (batch_add over a bitmap),
// a zero contributes nothing, and the significant rest go to a Pippenger "tail" MSM over gathered
// bases. Splitting costs a gather, so it is chosen only when it pays: when at most half of the
// scalars are significant. Public inputs (the first `public_count` scalars) always go to the tail.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/memory/span.hpp"

namespace zkforge::groth16 {

struct MsmSplit {
  std::size_t size = 0;                // scalars classified
  std::size_t zeros = 0, ones = 0;     // private scalars exactly 0 and exactly 1
  bool split = false;                  // false: one MSM over every scalar
  std::vector<std::uint64_t> one_bits; // when split: bit i set if scalar i is a private 1
  std::vector<std::uint32_t> tail;     // when split: the indices of the tail MSM, increasing

  std::size_t significant() const { return size - zeros - ones; }
};

// Classifies scalars (canonical integers); the first `public_count` are public.
template <class Int>
MsmSplit prep_msm(HostSpan<const Int> scalars, std::size_t public_count) {
  MsmSplit s;
  s.size = scalars.size;
  const Int one = Int::from_u64(1);
  s.one_bits.assign((s.size + 63) / 64, 0);
  std::vector<std::uint32_t> tail;
  for (std::size_t i = 0; i < s.size; ++i) {
    if (i >= public_count && scalars[i].is_zero()) {
      ++s.zeros;
    } else if (i >= public_count && scalars[i] == one) {
      ++s.ones;
      s.one_bits[i / 64] |= std::uint64_t{1} << (i % 64);
    } else {
      tail.push_back(static_cast<std::uint32_t>(i));
    }
  }
  s.split = 2 * s.significant() <= s.size;
  if (s.split) {
    s.tail = std::move(tail);
  } else {
    s.one_bits.clear();
  }
  return s;
}

// The elements of `all` at the split's tail indices.
template <class T>
std::vector<T> gather(HostSpan<const T> all, const std::vector<std::uint32_t>& indices) {
  std::vector<T> out(indices.size());
  cpu_pool(0).parallel_for(indices.size(), [&](std::size_t b, std::size_t e) {
    for (std::size_t i = b; i < e; ++i) out[i] = all[indices[i]];
  }, 4096);
  return out;
}

}  // namespace zkforge::groth16
