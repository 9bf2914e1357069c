// SPDX-License-Identifier: Apache-2.0
// Host-callable queries of the CUDA backend, usable from translation units that nvcc does not compile.
#pragma once

#include <cstddef>
#include <string>

namespace zkforge::cuda {

// Number of CUDA devices visible to this process (0 when there is no driver or no device).
int device_count();

// "NVIDIA H200, 139 GiB, sm_90" for device `index`.
std::string device_description(int index);

// Makes device `index` current for the calling thread; Error(invalid_argument) if there is no such device.
void select_device(int index);

}  // namespace zkforge::cuda
