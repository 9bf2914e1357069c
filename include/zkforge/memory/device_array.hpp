// SPDX-License-Identifier: Apache-2.0
// DeviceArray<T>: n elements of a memory policy's device memory, owned, for host code built without a
// GPU compiler (the prover's quotient left on the GPU for the H MSM). DeviceBuffer
// (device_allocator.hpp) is the same for code that has the GPU runtime's headers and streams.
#pragma once

#include <cstddef>

#include "zkforge/memory/cuda.hpp"
#include "zkforge/memory/span.hpp"

namespace zkforge {

template <class T>
class DeviceArray {
 public:
  DeviceArray(MemoryPolicy policy, int device, std::size_t n)
      : policy_(policy),
        device_(device),
        size_(n),
        data_(n == 0 ? nullptr : static_cast<T*>(cuda::device_allocate(policy, device, n * sizeof(T)))) {}
  ~DeviceArray() {
    if (data_ != nullptr) cuda::device_deallocate(policy_, device_, data_, size_ * sizeof(T));
  }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;

  DeviceSpan<T> span() { return {data_, size_, device_}; }
  DeviceSpan<const T> span(std::size_t count) const { return {data_, count < size_ ? count : size_, device_}; }

 private:
  MemoryPolicy policy_;
  int device_;
  std::size_t size_;
  T* data_;
};

}  // namespace zkforge
