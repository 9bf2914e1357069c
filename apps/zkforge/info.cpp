// SPDX-License-Identifier: Apache-2.0
// `zkforge info`: version, backends built, CPU threads, GPUs with their free and total memory.
#include "info.hpp"

#include <fmt/core.h>

#include <thread>

#include "backend_choice.hpp"
#include "gpu_backend.hpp"

namespace zkforge::cli {

int run_info() {
  fmt::print("zkforge {}\nbackends built: ", ZKFORGE_VERSION);
  for (const auto& b : built_backends()) fmt::print("{} ", b);
  fmt::print("\ncpu: {} hardware threads\n", std::thread::hardware_concurrency());
#if ZKFORGE_WITH_GPU
  const int count = cuda::device_count();
  fmt::print("{} devices: {}\n", kGpuBackendName, count);
  for (int d = 0; d < count; ++d) {
    std::size_t free_bytes = 0, total_bytes = 0;
    cuda::device_memory_info(d, free_bytes, total_bytes);
    fmt::print("  [{}] {}: {:.1f} GiB free of {:.1f} GiB\n", d, cuda::device_description(d),
               static_cast<double>(free_bytes) / (1ull << 30), static_cast<double>(total_bytes) / (1ull << 30));
  }
#endif
  return 0;
}

}  // namespace zkforge::cli
