// SPDX-License-Identifier: Apache-2.0
// The CPU kernels' two lane paths for tests: AVX-512 IFMA where the CPU has it, the scalar lanes
// always. A test loops over lane_paths() and selects each with use_ifma_lanes().
#pragma once

#include <vector>

#include "zkforge/arch/x86_64_ifma.hpp"

namespace zkforge::test {

// {true, false} on a CPU with IFMA, else {false}.
inline std::vector<bool> lane_paths() {
#if defined(ZKF_HAVE_X86_64_IFMA)
  if (arch::x86_64::detect_avx512ifma()) return {true, false};
#endif
  return {false};
}

inline void use_ifma_lanes(bool on) {
#if defined(ZKF_HAVE_X86_64_IFMA)
  arch::x86_64::set_ifma_enabled(on);
#else
  (void)on;
#endif
}

}  // namespace zkforge::test
