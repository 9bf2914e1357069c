// SPDX-License-Identifier: Apache-2.0
// The size of the GPU tests' largest inputs and longest loops: full, or, with
// ZKFORGE_TEST_SCALE=sanitizer, small enough for compute-sanitizer's tools, which run kernels 50 - 200
// times slower. Every case and every edge input still runs; only the largest sizes and the repeat
// counts shrink. The GPU test main prints the scale when it is not the full one.
#pragma once

#include <cstdlib>
#include <cstring>

namespace zkforge::test {

// True when ZKFORGE_TEST_SCALE=sanitizer.
inline bool sanitizer_scale() {
  static const bool on = [] {
    const char* s = std::getenv("ZKFORGE_TEST_SCALE");
    return s != nullptr && std::strcmp(s, "sanitizer") == 0;
  }();
  return on;
}

// `full`, or `small` at the sanitizer's scale.
template <class T>
T at_scale(T full, T small) {
  return sanitizer_scale() ? small : full;
}

}  // namespace zkforge::test
