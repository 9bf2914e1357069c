// SPDX-License-Identifier: Apache-2.0
// Phase prep_msm: classify an MSM's scalars as 0, 1 or significant and decide how to run it.
//
// As supra_seal C2 does: a scalar that is exactly 1 only adds its base (batch_add over a bitmap),
// a zero contributes nothing, and the significant rest go to a Pippenger "tail" MSM over gathered
// bases. Splitting costs a gather, so it is chosen only when it pays: when at most half of the
// scalars are significant. Public inputs (the first `public_count` scalars) always go to the tail.
#pragma once

#include <cstddef>
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/error.hpp"
#include "zkforge/memory/host_memory.hpp"
#include "zkforge/memory/span.hpp"

namespace zkforge::groth16 {

struct MsmSplit {
  std::size_t size = 0;                // scalars classified
  std::size_t zeros = 0, ones = 0;     // private scalars exactly 0 and exactly 1
  bool split = false;                  // false: one MSM over every scalar
  std::vector<std::uint64_t> one_bits; // when split: bit i set if scalar i is a private 1
  HostVector<std::uint32_t> tail;      // when split: the indices of the tail MSM, increasing

  std::size_t significant() const { return size - zeros - ones; }
};

// Classifies scalars (canonical integers); the first `public_count` are public. The tail's index list
// comes from `host` (its memory policy).
template <class Int>
MsmSplit prep_msm(HostSpan<const Int> scalars, std::size_t public_count,
                  HostResource& host = host_resource(MemoryPolicy::synchronous)) {
  MsmSplit s;
  s.size = scalars.size;
  const std::size_t words = (s.size + 63) / 64;
  s.one_bits.assign(words, 0);
  // One pass per block of 64 scalars (a bitmap word), in parallel: the ones' bits, and per block the
  // count of zeros, ones and tail entries; then the tail indices at each block's prefix offset.
  std::vector<std::uint32_t> zeros(words), ones(words), tails(words);
  ThreadPool& pool = cpu_pool(0);
  pool.parallel_for(words, [&](std::size_t lo, std::size_t hi) {
    for (std::size_t w = lo; w < hi; ++w) {
      std::uint64_t bits = 0;
      for (std::size_t i = 64 * w; i < std::min(s.size, 64 * w + 64); ++i) {
        if (i >= public_count && scalars[i].is_zero()) {
          ++zeros[w];
        } else if (i >= public_count && scalars[i].is_one()) {
          bits |= std::uint64_t{1} << (i % 64);
          ++ones[w];
        } else {
          ++tails[w];
        }
      }
      s.one_bits[w] = bits;
    }
  }, 256);
  std::vector<std::size_t> offset(words + 1, 0);
  for (std::size_t w = 0; w < words; ++w) {
    s.zeros += zeros[w];
    s.ones += ones[w];
    offset[w + 1] = offset[w] + tails[w];
  }
  s.split = 2 * s.significant() <= s.size;
  if (!s.split) {
    s.one_bits.clear();
    return s;
  }
  s.tail = HostVector<std::uint32_t>(offset[words], 0, HostAllocator<std::uint32_t>(host));
  pool.parallel_for(words, [&](std::size_t lo, std::size_t hi) {
    for (std::size_t w = lo; w < hi; ++w) {
      std::size_t k = offset[w];
      for (std::size_t i = 64 * w; i < std::min(s.size, 64 * w + 64); ++i)
        if (((s.one_bits[w] >> (i % 64)) & 1) == 0 && (i < public_count || !scalars[i].is_zero()))
          s.tail[k++] = static_cast<std::uint32_t>(i);
    }
  }, 256);
  return s;
}

// The splits of a batch of circuits that share one key, as C2 makes them: a base goes to the tail
// when any circuit's scalar for it is significant (the union of the tails, which every circuit's
// tail MSM then uses, 0s and 1s included), each circuit's batch_add keeps its own ones outside that
// union, and the batch splits only when the union is at most half of the bases (else every circuit
// runs one whole MSM). Splits of one circuit are left as they are.
inline void unify_splits(std::vector<MsmSplit>& splits, HostResource& host = host_resource(MemoryPolicy::synchronous)) {
  if (splits.size() < 2) return;
  const std::size_t n = splits.front().size;
  std::vector<std::uint64_t> in_tail((n + 63) / 64, 0);
  bool any_dense = false;
  for (const MsmSplit& s : splits) {
    if (s.size != n) throw Error(Errc::size_mismatch, "unify_splits: circuits of different sizes");
    any_dense = any_dense || !s.split;
    if (!s.split) continue;
    for (const std::uint32_t i : s.tail) in_tail[i / 64] |= std::uint64_t{1} << (i % 64);
  }
  std::size_t count = 0;
  for (const std::uint64_t w : in_tail) count += static_cast<std::size_t>(__builtin_popcountll(w));
  const bool split = !any_dense && 2 * count <= n;
  HostVector<std::uint32_t> tail{HostAllocator<std::uint32_t>(host)};
  if (split) {
    tail.reserve(count);
    for (std::size_t w = 0; w < in_tail.size(); ++w)
      for (std::uint64_t bits = in_tail[w]; bits != 0; bits &= bits - 1)
        tail.push_back(static_cast<std::uint32_t>(64 * w + static_cast<std::size_t>(__builtin_ctzll(bits))));
  }
  for (MsmSplit& s : splits) {
    s.split = split;
    if (!split) {
      s.one_bits.clear();
      s.tail.clear();
      continue;
    }
    for (std::size_t w = 0; w < in_tail.size(); ++w) s.one_bits[w] &= ~in_tail[w];
    s.tail = tail;
  }
}

// Bit i set where scalars[i] is exactly 1, public or private: the bases that a GPU run with
// MsmConfig::skip_ones leaves to batch_add. On the pool of `threads` (0: every core).
template <class Int>
std::vector<std::uint64_t> ones_bitmap(HostSpan<const Int> scalars, unsigned threads = 0) {
  std::vector<std::uint64_t> bits((scalars.size + 63) / 64, 0);
  cpu_pool(threads).parallel_for(bits.size(), [&](std::size_t lo, std::size_t hi) {
    for (std::size_t w = lo; w < hi; ++w) {
      std::uint64_t word = 0;
      for (std::size_t i = 64 * w; i < std::min(scalars.size, 64 * w + 64); ++i)
        if (scalars[i].is_one()) word |= std::uint64_t{1} << (i % 64);
      bits[w] = word;
    }
  }, 1024);
  return bits;
}

// The bitmap of items [from, n) of a bitmap over n items: its bit i is bits' bit from + i.
inline std::vector<std::uint64_t> bitmap_from(const std::vector<std::uint64_t>& bits, std::size_t from, std::size_t n) {
  if (from > n || bits.size() != (n + 63) / 64)
    throw Error(Errc::size_mismatch, "bitmap_from: items from " + std::to_string(from) + " of a bitmap of " +
                                         std::to_string(bits.size()) + " words over " + std::to_string(n));
  const std::size_t count = n - from, q = from / 64, r = from % 64;
  std::vector<std::uint64_t> out((count + 63) / 64, 0);
  for (std::size_t w = 0; w < out.size(); ++w) {
    std::uint64_t word = bits[q + w] >> r;
    if (r != 0 && q + w + 1 < bits.size()) word |= bits[q + w + 1] << (64 - r);
    out[w] = word;
  }
  if (count % 64 != 0 && !out.empty()) out.back() &= (std::uint64_t{1} << (count % 64)) - 1;
  return out;
}

// The elements of `all` at the split's tail indices, in memory from `host`.
template <class T>
HostVector<T> gather(HostSpan<const T> all, const HostVector<std::uint32_t>& indices, HostResource& host) {
  HostVector<T> out(indices.size(), HostAllocator<T>(host));  // uninitialized: each element is written below
  cpu_pool(0).parallel_for(indices.size(), [&](std::size_t b, std::size_t e) {
    for (std::size_t i = b; i < e; ++i) out[i] = all[indices[i]];
  }, 4096);
  return out;
}

}  // namespace zkforge::groth16
