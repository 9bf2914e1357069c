// SPDX-License-Identifier: Apache-2.0
// DeviceArray<T>: n elements of a memory policy's device memory, owned, for host code built without a
// GPU compiler (the prover's quotient left on the GPU for the H MSM). DeviceBuffer
// (device_allocator.hpp) is the same for code that has the GPU runtime's headers and streams.
#pragma once

#include <cstddef>
#include <string>

#include "zkforge/error.hpp"
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

  // The first from.size elements copied from the host; size_mismatch when they are more than the array holds.
  void upload(HostSpan<const T> from) {
    if (from.size > size_)
      throw Error(Errc::size_mismatch, "DeviceArray::upload of " + std::to_string(from.size) +
                                           " elements into an array of " + std::to_string(size_));
    if (from.size > 0) cuda::upload(device_, data_, from.data, from.size * sizeof(T));
  }

  DeviceSpan<T> span() { return {data_, size_, device_}; }
  // The first count elements; size_mismatch when the array holds fewer.
  DeviceSpan<const T> span(std::size_t count) const {
    if (count > size_)
      throw Error(Errc::size_mismatch, "DeviceArray::span of " + std::to_string(count) + " elements of an array of " +
                                           std::to_string(size_));
    return {data_, count, device_};
  }

 private:
  MemoryPolicy policy_;
  int device_;
  std::size_t size_;
  T* data_;
};

}  // namespace zkforge
