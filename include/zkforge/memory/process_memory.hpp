// SPDX-License-Identifier: Apache-2.0
// The resident memory of this process (Linux /proc/self/statm): what soaks and the tests that memory
// stays flat watch.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <fstream>

namespace zkforge {

inline std::size_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::size_t pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
}

}  // namespace zkforge
