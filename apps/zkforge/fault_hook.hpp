// SPDX-License-Identifier: Apache-2.0
// The program's side of the GPU fault hook (zkforge/gpu/faults.hpp), for tests of what a user sees
// when a device fails: ZKFORGE_TEST_DEVICE_FAULT=allocation|upload|kernel[:SKIP] makes the
// (SKIP + 1)-th such operation of every GPU backend fail once. Unset, it does nothing.
#pragma once

#include <cstdlib>
#include <string>

#include "zkforge/backend/linked.hpp"
#include "zkforge/error.hpp"
#include "zkforge/gpu/faults.hpp"

namespace zkforge::cli {

inline void arm_test_device_fault() {
  const char* spec = std::getenv("ZKFORGE_TEST_DEVICE_FAULT");
  if (spec == nullptr || *spec == '\0') return;
  const std::string s = spec;
  const std::string kind = s.substr(0, s.find(':'));
  const unsigned skip = s.find(':') == std::string::npos ? 0u : static_cast<unsigned>(std::stoul(s.substr(s.find(':') + 1)));
  gpu::DeviceFault fault;
  if (kind == "allocation") fault = gpu::DeviceFault::allocation;
  else if (kind == "upload") fault = gpu::DeviceFault::upload;
  else if (kind == "kernel") fault = gpu::DeviceFault::kernel;
  else throw Error(Errc::invalid_argument, "ZKFORGE_TEST_DEVICE_FAULT must be allocation, upload or kernel[:SKIP], not '" + s + "'");
  for_each_gpu_backend([&](auto tag) { gpu::inject_device_fault<decltype(tag)>(fault, skip); });
}

}  // namespace zkforge::cli
