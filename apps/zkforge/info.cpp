// SPDX-License-Identifier: Apache-2.0
// `zkforge info`: version, backends built, CPU threads, GPUs with their free and total memory.
#include "info.hpp"

#include <fmt/core.h>

#include <thread>

#include "zkforge/backend/linked.hpp"
#include "zkforge/gpu/device.hpp"

namespace zkforge::cli {

int run_info() {
  fmt::print("zkforge {}\nbackends built: ", ZKFORGE_VERSION);
  for (const auto& b : linked_backend_names()) fmt::print("{} ", b);
  fmt::print("\ncpu: {} hardware threads\n", std::thread::hardware_concurrency());
  for_each_gpu_backend([](auto tag) {
    using B = decltype(tag);
    const int count = gpu::device_count<B>();
    fmt::print("{} devices: {}\n", B::name, count);
    for (int d = 0; d < count; ++d) {
      const gpu::DeviceMemoryInfo m = gpu::device_memory_info<B>(d);
      fmt::print("  [{}] {}: {:.1f} GiB free of {:.1f} GiB\n", d, gpu::device_description<B>(d),
                 static_cast<double>(m.free_bytes) / (1ull << 30), static_cast<double>(m.total_bytes) / (1ull << 30));
    }
  });
  return 0;
}

}  // namespace zkforge::cli
