// SPDX-License-Identifier: Apache-2.0
// Many fixed-size point encodings decoded in parallel on the CPU pool, for the key readers: the first
// point that fails is reported with its own error code, its message prefixed by the caller's
// description of where the point is (file, section, index, byte offset).
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/error.hpp"

namespace zkforge::io {

// decode(p) turns the `bytes` bytes at p into a point or throws Error; where(i) names point i.
template <class Point, class Decode, class Where>
std::vector<Point> decode_points(const std::uint8_t* base, std::size_t count, std::size_t bytes, Decode decode,
                                 Where where) {
  std::vector<Point> out(count);
  std::string error;
  Errc code = Errc::not_on_curve;
  std::mutex error_lock;
  cpu_pool(0).parallel_for(count, [&](std::size_t b, std::size_t e) {
    for (std::size_t i = b; i < e; ++i) {
      try {
        out[i] = decode(base + i * bytes);
      } catch (const Error& err) {
        const std::lock_guard<std::mutex> lock(error_lock);
        if (error.empty()) {
          code = err.code();
          error = where(i) + ": " + err.what();
        }
        return;
      }
    }
  }, 256);
  if (!error.empty()) throw Error(code, error);
  return out;
}

}  // namespace zkforge::io
