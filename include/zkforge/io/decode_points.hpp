// SPDX-License-Identifier: Apache-2.0
// Large runs of fixed-size records of a Source (points, matrix entries) handled in parallel on the CPU
// pool, for the key readers: each block of about kRecordBlockBytes is read (pread, straight from the page
// cache) by the thread that then decodes it, into a buffer of that thread's own that it reuses, so a
// key is never held twice and the reads run side by side; the first bad record by position is the one
// reported, whichever thread met it first.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/error.hpp"
#include "zkforge/io/input_file.hpp"

namespace zkforge::io {

// Where a key section's points may be the point at infinity: none of them (H); some but not all, when
// there are any (a query's wires outside it: a section all at infinity is a hole of zeros, not a key);
// or any, all included (B1 and B2 of a key without B entries: a circuit of linear constraints alone).
enum class Infinity { none, some, any };

// B1's and B2's rule: all of them at infinity only when the B matrix has no entries.
inline Infinity b_query_infinity(std::uint64_t b_entries) { return b_entries == 0 ? Infinity::any : Infinity::some; }

// A block of bytes copied as they are.
inline constexpr std::uint64_t kBlockBytes = std::uint64_t{1} << 20;
// A block of records to decode: 64 KiB, so that a small key's sections (2^12 G1 points are 256 KiB)
// still give every thread a block or more; decoding a record costs far more than taking a block.
inline constexpr std::uint64_t kRecordBlockBytes = std::uint64_t{1} << 16;

// Records of `bytes` bytes per block.
inline std::size_t records_per_block(std::size_t bytes) { return std::max<std::size_t>(1, kRecordBlockBytes / bytes); }

inline std::size_t block_count(std::size_t count, std::size_t per_block) { return (count + per_block - 1) / per_block; }

// f(k, first, n) for block k of the `count` records, records [first, first + n), `per_block` to a block
// (the last one shorter), in parallel. A block stops at its first Error; the error of the lowest block
// that threw is rethrown.
template <class F>
void run_blocks(std::size_t count, std::size_t per_block, F&& f) {
  std::vector<std::optional<Error>> errors(block_count(count, per_block));
  cpu_pool(0).run(errors.size(), [&](std::size_t k) {
    const std::size_t first = k * per_block;
    try {
      f(k, first, std::min(per_block, count - first));
    } catch (const Error& e) {
      errors[k] = e;
    }
  });
  for (const auto& e : errors)
    if (e) throw *e;
}

// run_blocks over `count` records of `bytes` bytes each stored from byte `offset` of `source` (which
// the caller has checked to hold them): f(k, first, n, data) gets block k's bytes; `what` names them
// when the file ends first.
template <class F>
void read_blocks(const Source& source, std::uint64_t offset, std::size_t count, std::size_t bytes,
                 std::size_t per_block, const char* what, F&& f) {
  run_blocks(count, per_block, [&](std::size_t k, std::size_t first, std::size_t n) {
    thread_local std::vector<std::uint8_t> buffer;
    f(k, first, n, source.read(offset + first * bytes, n * bytes, buffer, what));
  });
}

// The `count` points of `bytes` bytes each stored from byte `offset` of `source`: decode(p) turns the
// bytes at p into a point or throws Error, whose message is then prefixed by where(i), naming point i.
template <class Point, class Decode, class Where>
std::vector<Point> decode_points(const Source& source, std::uint64_t offset, std::size_t count, std::size_t bytes,
                                 Decode decode, Where where) {
  std::vector<Point> out(count);
  read_blocks(source, offset, count, bytes, records_per_block(bytes), "points",
              [&](std::size_t, std::size_t first, std::size_t n, const std::uint8_t* data) {
                for (std::size_t i = 0; i < n; ++i) {
                  try {
                    out[first + i] = decode(data + i * bytes);
                  } catch (const Error& err) {
                    throw err.in(where(first + i));
                  }
                }
              });
  return out;
}

}  // namespace zkforge::io
