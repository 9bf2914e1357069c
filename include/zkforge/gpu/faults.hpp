// SPDX-License-Identifier: Apache-2.0
// A test hook of a GPU backend B: a device allocation, an upload or a kernel launch made to fail as the
// runtime reports it (out of device memory, a copy error, a launch error), so that tests can show
// what a program sees then — an Error with its message, every buffer given back, the next call
// working — without a broken device. Defined by the backend's library for its tag; costs one atomic
// load per operation while no fault is armed.
#pragma once

namespace zkforge::gpu {

enum class DeviceFault { allocation, upload, kernel };

// The (skip + 1)-th operation of `kind` from now, in any thread, fails once; then the hook is disarmed.
template <class B>
void inject_device_fault(DeviceFault kind, unsigned skip = 0);

// Disarms every fault not yet fired.
template <class B>
void clear_device_faults();

}  // namespace zkforge::gpu
