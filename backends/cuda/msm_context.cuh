// SPDX-License-Identifier: Apache-2.0
// MsmContext<B, C> (msm/gpu.hpp) for this translation unit's tag: the bases uploaded once into device
// memory of their own, with their precomputed copies (msm_layout.cuh's Copies, made on the device by
// copy_multiples), and each run an MSM or batch_add over them (msm.cuh) with the scalars from the host
// or from the context's device.
#pragma once

#include <algorithm>
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
        stream(cfg.high_priority),
        config(cfg),
        copies(reserve(bases.size, cfg, gpu::device_resource(cfg.memory, device), gpu::sm_count(device))),
        n(bases.size),
        points(memory, copies.count * n, stream.get()),
        infinity(memory, n, stream.get()) {
    gpu::upload_points(device, points.data(), infinity.data(), bases, stream.get());
    make_copies();
    stream.synchronize();
  }

  // The copies of `count` bases (config.precompute, kPrecomputeAuto resolved against the free memory),
  // checked to fit before they are allocated (trimming the pool's idle buffers if the bases alone need
  // it), for a message that says how much is missing.
  static gpu::Copies reserve(std::size_t count, const MsmConfig& cfg, gpu::DeviceResource& pool, unsigned sms) {
    const std::size_t plain = count * (sizeof(gpu::DevicePoint<C>) + 1);
    if (plain > gpu::memory_info().free_bytes) {
      pool.flush();
      pool.trim();
    }
    const gpu::Copies copies = gpu::choose_copies<C>(count, cfg, sms, gpu::memory_info().free_bytes);
    const std::size_t bytes = gpu::copies_bytes<C>(copies);
    if (bytes + gpu::kReserveBytes > gpu::memory_info().free_bytes)
      gpu::device_detail::out_of_device_memory(bytes, (std::string(" (MsmContext of ") + C::name + " with " +
                                                       std::to_string(count) + " bases, " +
                                                       std::to_string(copies.count) + " copies)")
                                                          .c_str());
    return copies;
  }

  // Copy q of the bases, q = 1 .. K-1, from copy q - 1; an error if a multiple is at infinity.
  void make_copies() {
    if (copies.count < 2) return;
    const gpu::Session s = session();
    gpu::Buffer<unsigned long long> counter(s.pool, 1, s.stream);
    gpu::check(ZKF_GPU(MemsetAsync)(counter.data(), 0, sizeof(unsigned long long), s.stream), "MemsetAsync");
    const unsigned blocks = std::min(gpu::blocks_for((n + gpu::kCopyBatch - 1) / gpu::kCopyBatch, gpu::kPointBlock),
                                     gpu::blocks_for(std::size_t{s.sms} * gpu::kChunkThreadsPerSm, gpu::kPointBlock));
    for (unsigned q = 1; q < copies.count; ++q) {
      gpu::copy_multiples<C><<<blocks, gpu::kPointBlock, 0, s.stream>>>(points.data() + (q - 1) * n, infinity.data(), n,
                                                                        copies.shift(), points.data() + q * n,
                                                                        counter.data());
      gpu::check_launch("copy_multiples");
    }
    unsigned long long at_infinity = 0;
    gpu::check(ZKF_GPU(MemcpyAsync)(&at_infinity, counter.data(), sizeof at_infinity, ZKF_GPU(MemcpyDeviceToHost),
                                    s.stream),
               "MemcpyAsync (copies at infinity)");
    gpu::check(ZKF_GPU(StreamSynchronize)(s.stream), "copy_multiples");
    if (at_infinity != 0)
      throw Error(Errc::not_in_subgroup, std::to_string(at_infinity) + " precomputed multiples of " + C::name +
                                              " bases are at infinity: bases outside the prime-order subgroup");
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
                                              config, copies);
  }

  int device;
  gpu::OwnedStream stream;
  gpu::SynchronousDevice memory;  // the bases': held for the context's life, outside the policies' accounting
  MsmConfig config;
  gpu::Copies copies;
  std::size_t n;
  gpu::Buffer<gpu::DevicePoint<C>> points;  // copy q of base i at q * n + i
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
unsigned MsmContext<B, C>::precompute() const {
  return impl_->copies.count;
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
Jacobian<C> MsmContext<B, C>::run(DeviceSpan<B, const typename Scalar::Int> scalars, std::size_t head,
                                  const std::function<void()>& rest) {
  impl_->check_device(scalars.size, scalars.device);
  impl_->check_range(0, scalars.size, "MsmContext::run");
  const gpu::DeviceGuard guard(impl_->device);
  return gpu::msm_arriving<C, false>(impl_->session(), impl_->points.data(), impl_->infinity.data(), scalars.data,
                                     scalars.size, head, rest, impl_->config, impl_->copies);
}

template <class B, class C>
Jacobian<C> MsmContext<B, C>::run(HostSpan<const typename Scalar::Int> scalars, std::size_t first) {
  return impl_->template msm<false>({scalars.data, false}, scalars.size, first);
}

template <class B, class C>
MsmContextBytes msm_context_bytes(std::size_t n, const MsmConfig& config) {
  static_assert(std::is_same_v<B, gpu::Backend>, "a GPU backend's source defines its own tag's contexts");
  if (n == 0) return {};
  const unsigned sms = gpu::sm_count(gpu::current_device());
  const gpu::Copies copies = gpu::choose_copies<C>(n, config, sms, gpu::memory_info().free_bytes);
  return {copies.count, gpu::copies_bytes<C>(copies), gpu::PieceLayout<C>(n, config, sms, copies).bytes(false)};
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
