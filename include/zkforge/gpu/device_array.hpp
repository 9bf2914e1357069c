// SPDX-License-Identifier: Apache-2.0
// DeviceArray<B, T>: n elements of a memory policy's memory on one device of GPU backend B, owned,
// for host code built without a GPU compiler (a witness uploaded once for several MSMs, the prover's
// quotient left on the GPU for the H MSM).
#pragma once

#include <cstddef>
#include <string>

#include "zkforge/error.hpp"
#include "zkforge/gpu/memory.hpp"
#include "zkforge/memory/span.hpp"

namespace zkforge {

template <class B, class T>
class DeviceArray {
  static_assert(is_gpu_backend_v<B>, "DeviceArray: B must be a GPU backend tag (Cuda, Hip)");

 public:
  DeviceArray(MemoryPolicy policy, int device, std::size_t n)
      : policy_(policy),
        device_(device),
        size_(n),
        data_(n == 0 ? nullptr : static_cast<T*>(gpu::device_allocate<B>(policy, device, n * sizeof(T)))) {}
  ~DeviceArray() {
    if (data_ != nullptr) gpu::device_deallocate<B>(policy_, device_, data_, size_ * sizeof(T));
  }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;
  DeviceArray(DeviceArray&& o) noexcept : policy_(o.policy_), device_(o.device_), size_(o.size_), data_(o.data_) {
    o.size_ = 0;
    o.data_ = nullptr;
  }
  DeviceArray& operator=(DeviceArray&&) = delete;

  // The first from.size elements copied from the host; size_mismatch when they are more than the array holds.
  void upload(HostSpan<const T> from) {
    check_count(from.size, "upload");
    if (from.size > 0) gpu::upload<B>(device_, data_, from.data, from.size * sizeof(T));
  }
  // upload into the elements from `offset` on, with bad(element) asked of each element where the host
  // reads it to copy it (the witness's check below r, without a pass of its own): the first element of
  // `from` for which it holds, or from.size. Every element is copied in any case.
  template <class Bad>
  std::size_t upload_checked(HostSpan<const T> from, const Bad& bad, std::size_t offset = 0) {
    check_count(offset + from.size, "upload");
    if (from.size == 0) return 0;
    const std::size_t at = gpu::upload_checked<B>(
        device_, data_ + offset, from.data, from.size * sizeof(T), sizeof(T), [&](std::size_t begin, std::size_t end) {
          for (std::size_t i = begin / sizeof(T); i < end / sizeof(T); ++i)
            if (bad(from[i])) return i * sizeof(T);
          return end;
        });
    return at / sizeof(T);
  }
  // Every byte of the array set to zero (the zero of a field or of a count).
  void clear() {
    if (size_ > 0) gpu::zero_bytes<B>(device_, data_, size_ * sizeof(T));
  }
  // The first to.size elements copied to the host; size_mismatch when the array holds fewer.
  void download(HostSpan<T> to) const {
    check_count(to.size, "download");
    if (to.size > 0) gpu::download<B>(device_, to.data, data_, to.size * sizeof(T));
  }

  std::size_t size() const { return size_; }
  int device() const { return device_; }
  DeviceSpan<B, T> span() { return {data_, size_, device_}; }
  // The first count elements; size_mismatch when the array holds fewer.
  DeviceSpan<B, const T> span(std::size_t count) const {
    check_count(count, "span");
    return {data_, count, device_};
  }

 private:
  void check_count(std::size_t count, const char* what) const {
    if (count > size_)
      throw Error(Errc::size_mismatch, std::string("DeviceArray::") + what + " of " + std::to_string(count) +
                                           " elements of an array of " + std::to_string(size_));
  }

  MemoryPolicy policy_;
  int device_;
  std::size_t size_;
  T* data_;
};

}  // namespace zkforge
