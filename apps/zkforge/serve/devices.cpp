// SPDX-License-Identifier: Apache-2.0
// open_devices: --backend and --devices checked against the GPUs this process sees.
#include "devices.hpp"

#include <algorithm>
#include <thread>

#include "zkforge/error.hpp"
#include "zkforge/gpu/memory.hpp"

namespace zkforge::serve {
namespace {

std::vector<int> parse_indices(const std::string& list, int count) {
  std::vector<int> out;
  std::size_t at = 0;
  while (at <= list.size()) {
    const std::size_t end = std::min(list.find(',', at), list.size());
    const std::string item = list.substr(at, end - at);
    const bool digits = !item.empty() && item.size() < 6 &&
                        std::all_of(item.begin(), item.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!digits)
      throw Error(Errc::invalid_argument, "--devices must be all or GPU indices such as 0,1, not '" + list + "'");
    const int index = std::stoi(item);
    if (index >= count)
      throw Error(Errc::invalid_argument,
                  "--devices: there is no GPU " + item + " (this process sees " + std::to_string(count) + ")");
    if (std::find(out.begin(), out.end(), index) != out.end())
      throw Error(Errc::invalid_argument, "--devices names GPU " + item + " twice");
    out.push_back(index);
    at = end + 1;
  }
  return out;
}

}  // namespace

Devices open_devices(const std::string& backend, const std::string& devices) {
  Devices d;
  d.backend = backend;
  with_backend(backend, [&](auto tag) {
    using B = decltype(tag);
    if constexpr (is_gpu_backend_v<B>) {
      const int count = gpu::device_count<B>();
      if (count == 0) throw Error(Errc::backend_unavailable, "--backend " + backend + ": this machine has no such GPU");
      d.gpu = true;
      if (devices == "all")
        for (int i = 0; i < count; ++i) d.indices.push_back(i);
      else
        d.indices = parse_indices(devices, count);
      for (const int i : d.indices) d.descriptions.push_back(gpu::device_description<B>(i));
      d.memory = [](MemoryPolicy policy, int device) { return gpu::memory_stats<B>(policy, device); };
      d.info = [](int device) { return gpu::device_memory_info<B>(device); };
    } else {
      if (devices != "all") throw Error(Errc::invalid_argument, "--devices selects GPUs, and --backend cpu has none");
      d.indices = {0};
      d.descriptions = {"host CPU, " + std::to_string(std::max(1u, std::thread::hardware_concurrency())) + " threads"};
    }
  });
  return d;
}

}  // namespace zkforge::serve
