// SPDX-License-Identifier: Apache-2.0
// Spans that carry where their memory lives in their type: a host span is not a device span.
#pragma once

#include <cstddef>
#include <vector>

#include "zkforge/arch/macros.hpp"

namespace zkforge {

// Contiguous elements in host memory (pageable or pinned).
template <class T>
struct HostSpan {
  T* data = nullptr;
  std::size_t size = 0;

  constexpr HostSpan() = default;
  constexpr HostSpan(T* d, std::size_t n) : data(d), size(n) {}
  template <class U, class A>
  HostSpan(std::vector<U, A>& v) : data(v.data()), size(v.size()) {}
  template <class U, class A>
  HostSpan(const std::vector<U, A>& v) : data(v.data()), size(v.size()) {}
  template <class U>
  constexpr HostSpan(const HostSpan<U>& o) : data(o.data), size(o.size) {}

  constexpr T& operator[](std::size_t i) const { return data[i]; }
  constexpr T* begin() const { return data; }
  constexpr T* end() const { return data + size; }
  constexpr bool empty() const { return size == 0; }
  constexpr HostSpan subspan(std::size_t offset, std::size_t count) const { return {data + offset, count}; }
};

// A read-only host span over a vector, for calls whose element type is deduced from the span.
template <class T, class A>
HostSpan<const T> host_span(const std::vector<T, A>& v) {
  return HostSpan<const T>(v.data(), v.size());
}

// Contiguous elements in the memory of one GPU of backend B (Cuda, Hip); never dereferenced on the
// host. The backend is part of the type: a CUDA span is not a HIP span.
template <class B, class T>
struct DeviceSpan {
  T* data = nullptr;
  std::size_t size = 0;
  int device = 0;

  constexpr DeviceSpan() = default;
  constexpr DeviceSpan(T* d, std::size_t n, int dev) : data(d), size(n), device(dev) {}
  template <class U>
  constexpr DeviceSpan(const DeviceSpan<B, U>& o) : data(o.data), size(o.size), device(o.device) {}

  constexpr DeviceSpan subspan(std::size_t offset, std::size_t count) const { return {data + offset, count, device}; }
};

}  // namespace zkforge
