// SPDX-License-Identifier: Apache-2.0
// XXH64, Yann Collet's 64-bit non-cryptographic hash (the xxHash specification, "XXH64"), and the
// block-parallel checksum of the compiled key format built on it.
//
// XXH64 reads 32 bytes per round in four lanes (acc = rotl(acc + lane * P2, 31) * P1), merges the lanes,
// folds the last 0-31 bytes and ends with an avalanche; about 10 GB/s on one core. It detects
// accidental damage (a flipped bit, a torn write), not forgery. Tested against the reference library's
// values (tests/io/test_compiled_key.cpp).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "zkforge/backend/thread_pool.hpp"

namespace zkforge::io {

namespace xxh64_detail {

constexpr std::uint64_t kP1 = 0x9E3779B185EBCA87ULL, kP2 = 0xC2B2AE3D27D4EB4FULL, kP3 = 0x165667B19E3779F9ULL,
                        kP4 = 0x85EBCA77C2B2AE63ULL, kP5 = 0x27D4EB2F165667C5ULL;

inline std::uint64_t rotl(std::uint64_t v, unsigned r) { return (v << r) | (v >> (64 - r)); }

// Little-endian loads, whatever the host's order.
inline std::uint64_t le64(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(p[i]) << (8 * i);
  return v;
}
inline std::uint64_t le32(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int i = 0; i < 4; ++i) v |= static_cast<std::uint64_t>(p[i]) << (8 * i);
  return v;
}

inline std::uint64_t round(std::uint64_t acc, std::uint64_t lane) { return rotl(acc + lane * kP2, 31) * kP1; }
inline std::uint64_t merge(std::uint64_t h, std::uint64_t v) { return (h ^ round(0, v)) * kP1 + kP4; }

}  // namespace xxh64_detail

// XXH64 of `size` bytes at p with `seed`.
inline std::uint64_t xxh64(const void* data, std::size_t size, std::uint64_t seed = 0) {
  using namespace xxh64_detail;
  const auto* p = static_cast<const std::uint8_t*>(data);
  const std::uint8_t* const end = p + size;
  std::uint64_t h;
  if (size >= 32) {
    std::uint64_t v1 = seed + kP1 + kP2, v2 = seed + kP2, v3 = seed, v4 = seed - kP1;
    for (; end - p >= 32; p += 32) {
      v1 = round(v1, le64(p));
      v2 = round(v2, le64(p + 8));
      v3 = round(v3, le64(p + 16));
      v4 = round(v4, le64(p + 24));
    }
    h = rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18);
    h = merge(merge(merge(merge(h, v1), v2), v3), v4);
  } else {
    h = seed + kP5;
  }
  h += static_cast<std::uint64_t>(size);
  for (; end - p >= 8; p += 8) h = rotl(h ^ round(0, le64(p)), 27) * kP1 + kP4;
  if (end - p >= 4) {
    h = rotl(h ^ (le32(p) * kP1), 23) * kP2 + kP3;
    p += 4;
  }
  for (; p < end; ++p) h = rotl(h ^ (*p * kP5), 11) * kP1;
  h = (h ^ (h >> 33)) * kP2;
  h = (h ^ (h >> 29)) * kP3;
  return h ^ (h >> 32);
}

// The blocks a checksum splits its bytes into, one task each.
inline constexpr std::size_t kChecksumBlock = std::size_t{1} << 20;

// The checksum of the compiled key format (docs/compiled-key.md): the bytes cut into blocks of
// kChecksumBlock (the last one shorter), each block's XXH64 (seed 0) computed in parallel on the CPU
// pool, and the XXH64 (seed 0) of those hashes written as 8-byte little-endian values one after
// another. The same bytes give the same value on any number of threads.
inline std::uint64_t block_checksum(const std::uint8_t* data, std::size_t size) {
  const std::size_t blocks = (size + kChecksumBlock - 1) / kChecksumBlock;
  std::vector<std::uint8_t> hashes(8 * blocks);
  cpu_pool(0).run(blocks, [&](std::size_t k) {
    const std::size_t begin = k * kChecksumBlock, n = std::min(kChecksumBlock, size - begin);
    const std::uint64_t h = xxh64(data + begin, n);
    for (int i = 0; i < 8; ++i) hashes[8 * k + i] = static_cast<std::uint8_t>(h >> (8 * i));
  });
  return xxh64(hashes.data(), hashes.size());
}

}  // namespace zkforge::io
