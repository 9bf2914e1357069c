// SPDX-License-Identifier: Apache-2.0
// The devices `zkforge serve` proves on (--backend, --devices): the host for the cpu backend, or GPUs
// of one backend, and what /metrics and /healthz report of each.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "zkforge/gpu/device.hpp"
#include "zkforge/memory/policy.hpp"

namespace zkforge::serve {

struct Devices {
  std::string backend;  // cpu, cuda or hip
  bool gpu = false;
  std::vector<int> indices;               // GPU indices; {0}, the host, on the cpu backend
  std::vector<std::string> descriptions;  // one per index
  // A GPU's memory of a policy, and its free and total bytes (gpu only).
  std::function<MemoryStats(MemoryPolicy, int)> memory;
  std::function<gpu::DeviceMemoryInfo(int)> info;

  // "cuda:1", or "cpu", as logs and metrics name a device.
  std::string label(std::size_t slot) const { return gpu ? backend + ":" + std::to_string(indices[slot]) : backend; }
};

// The devices of --backend and --devices ("all", or indices "0,1"); Error(backend_unavailable) for a
// backend not built in, Error(invalid_argument) for a GPU that is not there, a repeated index or
// --devices on the cpu backend.
Devices open_devices(const std::string& backend, const std::string& devices);

}  // namespace zkforge::serve
