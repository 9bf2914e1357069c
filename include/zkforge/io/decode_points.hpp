// SPDX-License-Identifier: Apache-2.0
// Many fixed-size point encodings of a Source decoded in parallel on the CPU pool, for the key
// readers: the file is read a chunk of at most kChunkBytes at a time (so a key of tens of gigabytes
// is never held twice), each chunk decoded in parallel; the first point that fails is reported with
// its own error code, its message prefixed by the caller's description of where the point is (file,
// section, index, byte offset).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/error.hpp"
#include "zkforge/io/input_file.hpp"

namespace zkforge::io {

inline constexpr std::uint64_t kChunkBytes = std::uint64_t{64} << 20;

// The `count` points of `bytes` bytes each stored from byte `offset` of `source` (which the caller
// has checked to hold them): decode(p) turns the bytes at p into a point or throws Error; where(i)
// names point i.
template <class Point, class Decode, class Where>
std::vector<Point> decode_points(const Source& source, std::uint64_t offset, std::size_t count, std::size_t bytes,
                                 Decode decode, Where where) {
  std::vector<Point> out(count);
  const std::size_t per_chunk = std::max<std::size_t>(1, kChunkBytes / bytes);
  for (std::size_t first = 0; first < count; first += per_chunk) {
    const std::size_t n = std::min(per_chunk, count - first);
    const Bytes chunk = source.read(offset + first * bytes, n * bytes, "points");
    std::optional<Error> error;
    std::mutex error_lock;
    cpu_pool(0).parallel_for(n, [&](std::size_t b, std::size_t e) {
      for (std::size_t i = b; i < e; ++i) {
        try {
          out[first + i] = decode(chunk.data() + i * bytes);
        } catch (const Error& err) {
          const std::lock_guard<std::mutex> lock(error_lock);
          if (!error) error = err.in(where(first + i));
          return;
        }
      }
    }, 256);
    if (error) throw *error;
  }
  return out;
}

}  // namespace zkforge::io
