// SPDX-License-Identifier: Apache-2.0
// MsmContext<B, C> (msm/gpu.hpp) for this translation unit's tag: the bases uploaded once into device
// memory of their own, and each run an MSM or batch_add over them (msm.cuh) with the scalars from the
// host or from the context's device.
#pragma once

#include <memory>
#include <string>
#include <type_traits>

#include "backends/cuda/msm.cuh"

namespace zkforge {

template <class B, class C>
struct MsmContext<B, C>::Impl {
  static_assert(std::is_same_v<B, gpu::Backend>, "a GPU backend's source defines its own tag's contexts");

  Impl(HostSpan<const Affine<C>> bases, const MsmConfig& cfg)
      : device(gpu::current_device()),
        config(cfg),
        n(reserve(bases.size, gpu::device_resource(cfg.memory, device))),
        points(memory, n, stream.get()),
        infinity(memory, n, stream.get()) {
    gpu::upload_points(device, points.data(), infinity.data(), bases, stream.get());
    stream.synchronize();
  }

  // Checks that n bases fit before they are allocated (trimming the pool's idle buffers if that makes
  // the difference), for a message that says how much is missing.
  static std::size_t reserve(std::size_t count, gpu::DeviceResource& pool) {
    const std::size_t bytes = count * (sizeof(gpu::DevicePoint<C>) + 1);
    const gpu::DeviceMemoryInfo m = gpu::memory_info();
    if (bytes > m.free_bytes) {
      pool.flush();
      pool.trim();
    }
    if (bytes + gpu::kReserveBytes > gpu::memory_info().free_bytes)
      gpu::device_detail::out_of_device_memory(
          bytes, (std::string(" (MsmContext of ") + C::name + " with " + std::to_string(count) + " bases)").c_str());
    return count;
  }

  // A call's buffers come from the context's memory policy (MsmConfig::memory).
  gpu::Session session() const { return gpu::session_on(device, stream.get(), config.memory); }

  void check_range(std::size_t first, std::size_t count, const char* what) const {
    if (first > n || count > n - first)
      throw Error(Errc::size_mismatch, std::string(what) + " over bases [" + std::to_string(first) + ", " +
                                           std::to_string(first) + " + " + std::to_string(count) +
                                           ") of a context holding " + std::to_string(n));
  }

  void check_device(std::size_t count, int scalars_device) const {
    if (count > 0 && scalars_device != device)
      throw Error(Errc::invalid_argument, "MsmContext::run: scalars on device " + std::to_string(scalars_device) +
                                              ", bases on device " + std::to_string(device));
  }

  // An MSM of count scalars (Montgomery or canonical; on the host or this device) with the bases from first.
  template <bool kMontgomery>
  Jacobian<C> msm(gpu::ScalarSource scalars, std::size_t count, std::size_t first) {
    check_range(first, count, "MsmContext::run");
    const gpu::DeviceGuard guard(device);
    return gpu::msm_resident<C, kMontgomery>(session(), points.data() + first, infinity.data() + first, scalars, count,
                                              config);
  }

  int device;
  gpu::OwnedStream stream;
  gpu::SynchronousDevice memory;  // the bases': held for the context's life, outside the policies' accounting
  MsmConfig config;
  std::size_t n;
  gpu::Buffer<gpu::DevicePoint<C>> points;
  gpu::Buffer<std::uint8_t> infinity;
};

template <class B, class C>
MsmContext<B, C>::MsmContext(HostSpan<const Affine<C>> bases, const MsmConfig& config)
    : impl_(std::make_unique<Impl>(bases, config)) {}

template <class B, class C>
MsmContext<B, C>::~MsmContext() = default;
template <class B, class C>
MsmContext<B, C>::MsmContext(MsmContext&&) noexcept = default;
template <class B, class C>
MsmContext<B, C>& MsmContext<B, C>::operator=(MsmContext&&) noexcept = default;

template <class B, class C>
std::size_t MsmContext<B, C>::size() const {
  return impl_->n;
}

template <class B, class C>
int MsmContext<B, C>::device() const {
  return impl_->device;
}

template <class B, class C>
Jacobian<C> MsmContext<B, C>::run(HostSpan<const Scalar> scalars, std::size_t first) {
  return impl_->template msm<true>({scalars.data, false}, scalars.size, first);
}

template <class B, class C>
Jacobian<C> MsmContext<B, C>::run(DeviceSpan<B, const Scalar> scalars, std::size_t first) {
  impl_->check_device(scalars.size, scalars.device);
  return impl_->template msm<true>({scalars.data, true}, scalars.size, first);
}

template <class B, class C>
Jacobian<C> MsmContext<B, C>::run(DeviceSpan<B, const typename Scalar::Int> scalars, std::size_t first) {
  impl_->check_device(scalars.size, scalars.device);
  return impl_->template msm<false>({scalars.data, true}, scalars.size, first);
}

template <class B, class C>
Jacobian<C> MsmContext<B, C>::run(HostSpan<const typename Scalar::Int> scalars, std::size_t first) {
  return impl_->template msm<false>({scalars.data, false}, scalars.size, first);
}

template <class B, class C>
Jacobian<C> MsmContext<B, C>::batch_add(HostSpan<const std::uint64_t> bitmap, std::size_t first, std::size_t count) {
  if (count == kToEnd) count = first <= impl_->n ? impl_->n - first : 0;
  impl_->check_range(first, count, "MsmContext::batch_add");
  if (bitmap.size != (count + 63) / 64)
    throw Error(Errc::size_mismatch, "batch_add over " + std::to_string(count) + " bases needs " +
                                         std::to_string((count + 63) / 64) + " bitmap words, got " +
                                         std::to_string(bitmap.size));
  if (count % 64 != 0 && (bitmap[bitmap.size - 1] >> (count % 64)) != 0)
    throw Error(Errc::invalid_argument, "batch_add bitmap selects bases past the last of " + std::to_string(count));
  const gpu::DeviceGuard guard(impl_->device);
  return gpu::batch_add_pieces<C>(impl_->session(), impl_->points.data() + first, impl_->infinity.data() + first,
                                   bitmap.data, count);
}

}  // namespace zkforge
