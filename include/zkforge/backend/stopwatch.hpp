// SPDX-License-Identifier: Apache-2.0
// Milliseconds of wall-clock time, as phases, benchmarks and tests report them.
#pragma once

#include <chrono>

namespace zkforge {

using Clock = std::chrono::steady_clock;

inline double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace zkforge
