// SPDX-License-Identifier: Apache-2.0
// The devices of a GPU backend B (Cuda, Hip), from host code built without a GPU compiler: how many
// there are, what each is, its free memory, and the device a thread's calls run on. Defined by the
// backend's library (zkforge::cuda, zkforge::hip) for its tag; a program may link both.
#pragma once

#include <cstddef>
#include <string>

#include "zkforge/backend/linked.hpp"
#include "zkforge/backend/tags.hpp"

namespace zkforge::gpu {

// Devices visible to this process (0 when there is no driver or no device).
template <class B>
int device_count();

// "NVIDIA H200, 139 GiB, sm_90" for device `index`.
template <class B>
std::string device_description(int index);

// Makes device `index` current for the calling thread; Error(invalid_argument) if there is no such device.
template <class B>
void select_device(int index);

// The device current for the calling thread: the one msm, ntt and MsmContext use.
template <class B>
int current_device();

struct DeviceMemoryInfo {
  std::size_t free_bytes = 0, total_bytes = 0;
};

// Free and total bytes of the device, as the driver reports them.
template <class B>
DeviceMemoryInfo device_memory_info(int device);

// f(tag) for the backend called `name` (with_backend), on a GPU with device `index` made current first.
template <class F>
decltype(auto) with_backend_on_device(const std::string& name, int index, F&& f) {
  return with_backend(name, [&](auto tag) -> decltype(auto) {
    if constexpr (is_gpu_backend_v<decltype(tag)>) select_device<decltype(tag)>(index);
    return f(tag);
  });
}

}  // namespace zkforge::gpu
