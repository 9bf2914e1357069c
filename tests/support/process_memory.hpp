// SPDX-License-Identifier: Apache-2.0
// The resident memory of this process (Linux /proc/self/statm), for the tests that memory stays flat.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <fstream>

namespace zkforge::test {

inline std::size_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::size_t pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
}

}  // namespace zkforge::test
