// SPDX-License-Identifier: Apache-2.0
// The GPU MSM's host orchestration (kernels in msm_kernels.cuh, sizes in msm_layout.cuh): one
// Pippenger per piece of points that fits the device, over resident points and scalars from the host
// or the device; batch_add; and the MsmBackend primitives of msm/gpu.hpp for this translation unit's
// tag. Each call runs on its own stream and takes its buffers from its config's memory policy.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "backends/cuda/msm_affine.cuh"
#include "backends/cuda/msm_kernels.cuh"
#include "backends/cuda/msm_layout.cuh"
#include "backends/cuda/session.cuh"
#include "zkforge/msm/combine_windows.hpp"
#include "zkforge/msm/gpu.hpp"

namespace zkforge::gpu {
inline namespace ZKF_GPU_NS {

// Affine points to DevicePoints and infinity bytes, repacked while staged.
template <class C>
void upload_points(int device, DevicePoint<C>* points, std::uint8_t* infinity, HostSpan<const Affine<C>> src,
                   Stream s) {
  using F = typename C::Field;
  constexpr std::size_t kUnit = sizeof(DevicePoint<C>) + 1;
  staging(device).stream_pieces(src.size, PinnedStaging::kBytes / kUnit, s,
                                                  [&](unsigned char* buf, std::size_t begin, std::size_t end) {
    const std::size_t m = end - begin;
    unsigned char* flags = buf + m * sizeof(DevicePoint<C>);
    cpu_pool().parallel_for(m, [&](std::size_t b, std::size_t e) {
      for (std::size_t i = b; i < e; ++i) {
        const Affine<C>& p = src[begin + i];
        unsigned char* out = buf + i * sizeof(DevicePoint<C>);
        std::memcpy(out + offsetof(DevicePoint<C>, x), &p.x, sizeof(F));
        std::memcpy(out + offsetof(DevicePoint<C>, y), &p.y, sizeof(F));
        flags[i] = p.infinity ? 1 : 0;
      }
    }, 4096);
    copy_to_device(points + begin, buf, m * sizeof(DevicePoint<C>), s);
    copy_to_device(infinity + begin, flags, m, s);
  });
}

// Sums pairs of consecutive values of `from` (count of them) into `to` until at most `until`
// remain; returns the buffer holding them and their count. Pairs never straddle a window when
// count = windows * 2^k. These levels are latency-bound (few threads, serial additions), and a
// fan-in of 2 has the least serial additions in all: log2(count) rather than 7 log8(count).
template <class C>
std::pair<Xyzz<C>*, std::size_t> sum_tree(const Session& s, Xyzz<C>* from, Xyzz<C>* to, std::size_t count,
                                          std::size_t until, std::size_t per_window) {
  while (count > until) {
    const unsigned group = static_cast<unsigned>(std::min<std::size_t>(kSumFanIn, per_window));
    const std::size_t out = (count + group - 1) / group;
    sum_groups<C><<<blocks_for(out, kPointBlock), kPointBlock, 0, s.stream>>>(from, count, group, to);
    check_launch("sum_groups");
    std::swap(from, to);
    count = out;
    per_window = std::max<std::size_t>(1, per_window / group);
  }
  return {from, count};
}

// Where an MSM's scalars (32 bytes each) are: host memory, uploaded per piece, or the device's.
struct ScalarSource {
  const void* data;
  bool on_device;
};

// One whole Pippenger over n resident points (with their copies, if any, `copies.stride` apart) and n
// scalars.
template <class C, bool kMontgomery>
Xyzz<C> run_piece(const Session& s, const DevicePoint<C>* points, const std::uint8_t* infinity,
                  ScalarSource source, std::size_t n, const MsmConfig& config, std::size_t first_index,
                  const Copies& copies) {
  using S = typename C::Scalar;
  using Int = typename S::Int;
  static_assert(sizeof(S) == sizeof(Int), "Montgomery and canonical scalars must share their bytes");
  Stream st = s.stream;

  Buffer<Int> uploaded(s.pool, source.on_device ? 0 : n, st);
  if (!source.on_device) upload_bytes(s.device, uploaded.data(), source.data, n * sizeof(Int), st);
  const Int* scalars = source.on_device ? static_cast<const Int*>(source.data) : uploaded.data();

  Buffer<unsigned long long> counters(s.pool, kPieceCounters, st);
  unsigned long long* const counter = counters.data();
  check(ZKF_GPU(MemsetAsync)(counter, 0, kFirstBad * sizeof(unsigned long long), st), "MemsetAsync");
  check(ZKF_GPU(MemsetAsync)(counter + kFirstBad, 0xff, sizeof(unsigned long long), st), "MemsetAsync");
  count_scalars<S, kMontgomery><<<blocks_for(n, kWordBlock), kWordBlock, 0, st>>>(
      scalars, infinity, static_cast<std::uint32_t>(n), counter);
  check_launch("count_scalars");
  unsigned long long counts[kPieceCounters] = {};
  check(ZKF_GPU(MemcpyAsync)(counts, counter, sizeof counts, ZKF_GPU(MemcpyDeviceToHost), st),
             "MemcpyAsync (scalar counts)");
  check(ZKF_GPU(StreamSynchronize)(st), "count_scalars");
  const PieceLayout<C> layout = counted_layout(PieceLayout<C>(n, config, s.sms, copies), config, counts[kLarger],
                                              counts[kOnes], s.sms, copies);
  const MsmPlan& plan = layout.plan;

  Buffer<std::uint32_t> keys0(s.pool, layout.entries, st), keys1(s.pool, layout.entries, st);
  Buffer<std::uint32_t> values0(s.pool, layout.entries, st), values1(s.pool, layout.entries, st);
  const auto offset = msm_detail::digit_offset<S::kLimbs>(plan.window_bits, layout.digit_windows);
  make_digits<S, kMontgomery><<<blocks_for(n, kWordBlock), kWordBlock, 0, st>>>(
      scalars, infinity, static_cast<std::uint32_t>(n), offset, plan.window_bits, layout.digit_windows, plan.windows,
      static_cast<std::uint32_t>(copies.stride), keys0.data(), values0.data(), counter + kFirstBad,
      counter + kWritten);
  check_launch("make_digits");
  check(ZKF_GPU(MemcpyAsync)(counts, counter, sizeof counts, ZKF_GPU(MemcpyDeviceToHost), st),
             "MemcpyAsync (digit count)");
  check(ZKF_GPU(StreamSynchronize)(st), "make_digits");
  if (counts[kFirstBad] != ~0ull)
    throw Error(Errc::not_canonical,
                "MSM scalar " + std::to_string(first_index + counts[kFirstBad]) + " is not below r");
  const std::size_t pairs = counts[kWritten];
  if (pairs == 0) return Xyzz<C>::identity();

  DoubleBuffer<std::uint32_t> keys(keys0.data(), keys1.data()), values(values0.data(), values1.data());
  std::size_t sort_bytes = layout.sort_bytes;
  Buffer<unsigned char> sort_space(s.pool, std::max<std::size_t>(sort_bytes, 1), st);
  check(radix_sort_pairs(sort_space.data(), sort_bytes, keys, values, static_cast<int>(pairs), 0,
                                   static_cast<int>(layout.key_bits), st),
             "DeviceRadixSort::SortPairs");

  Buffer<Xyzz<C>> buckets(s.pool, layout.buckets, st);
  check(ZKF_GPU(MemsetAsync)(buckets.data(), 0, layout.buckets * sizeof(Xyzz<C>), st), "MemsetAsync (buckets)");
  Buffer<std::uint32_t> slot_keys_a(s.pool, layout.slots_a, st), slot_keys_b(s.pool, layout.slots_b, st);
  Buffer<Xyzz<C>> slots_a(s.pool, layout.slots_a, st), slots_b(s.pool, layout.slots_b, st);
  const std::size_t chunks = layout.chunks(pairs);
  if (layout.affine_rounds > 0) {
    Buffer<std::uint32_t> scratch_keys(s.pool, layout.affine_entries(), st);
    Buffer<DevicePoint<C>> scratch_points(s.pool, layout.affine_entries(), st);
    Buffer<typename C::Field> prefixes(s.pool, layout.affine_prefixes(), st);
    for (std::size_t first = 0; first < chunks; first += layout.affine_tile) {
      const std::size_t count = std::min(layout.affine_tile, chunks - first);
      accumulate_affine<C><<<blocks_for(count, kPointBlock), kPointBlock, 0, st>>>(
          keys.Current(), values.Current(), points, pairs, layout.chunk, first, count, layout.affine_rounds,
          scratch_keys.data(), scratch_points.data(), prefixes.data(), slot_keys_a.data(), slots_a.data(),
          buckets.data());
      check_launch("accumulate_affine (level 1)");
    }
  } else {
    accumulate<C, true><<<blocks_for(chunks, kPointBlock), kPointBlock, 0, st>>>(
        keys.Current(), values.Current(), points, nullptr, pairs, layout.chunk, slot_keys_a.data(), slots_a.data(),
        buckets.data());
    check_launch("accumulate (level 1)");
  }
  std::uint32_t *in_keys = slot_keys_a.data(), *out_keys = slot_keys_b.data();
  Xyzz<C>* in_slots = slots_a.data();
  Xyzz<C>* out_slots = slots_b.data();
  for (std::size_t threads = chunks; threads > 1;) {
    const std::size_t len = 2 * threads;
    threads = (len + kTreeChunk - 1) / kTreeChunk;
    accumulate<C, false><<<blocks_for(threads, kPointBlock), kPointBlock, 0, st>>>(
        in_keys, nullptr, nullptr, in_slots, len, kTreeChunk, out_keys, out_slots, buckets.data());
    check_launch("accumulate (tree level)");
    std::swap(in_keys, out_keys);
    std::swap(in_slots, out_slots);
  }

  const std::size_t segments = layout.segments();
  Buffer<Xyzz<C>> sums_a(s.pool, segments, st), sums_b(s.pool, segments / kSumFanIn + 1, st);
  reduce_segments<C><<<blocks_for(segments, kPointBlock), kPointBlock, 0, st>>>(
      buckets.data(), layout.log_segment, layout.log_segments, segments, sums_a.data());
  check_launch("reduce_segments");
  const auto [window_sums, count] =
      sum_tree<C>(s, sums_a.data(), sums_b.data(), segments, plan.windows, std::size_t{1} << layout.log_segments);

  std::vector<Xyzz<C>> host_sums(count);
  check(ZKF_GPU(MemcpyAsync)(host_sums.data(), window_sums, count * sizeof(Xyzz<C>),
                                  ZKF_GPU(MemcpyDeviceToHost), st),
             "MemcpyAsync (window sums)");
  check(ZKF_GPU(StreamSynchronize)(st), "MSM kernels");
  return combine_windows(host_sums, plan.window_bits);
}

// MSM over resident points and their copies, in pieces that fit the device's memory.
template <class C, bool kMontgomery>
Jacobian<C> msm_resident(const Session& s, const DevicePoint<C>* points, const std::uint8_t* infinity,
                         ScalarSource scalars, std::size_t n, const MsmConfig& config, const Copies& copies) {
  if (n == 0) return Jacobian<C>::identity();
  const std::size_t piece = msm_piece<C>(s, n, config, false, copies);
  const auto* bytes = static_cast<const unsigned char*>(scalars.data);
  Xyzz<C> sum = Xyzz<C>::identity();
  for (std::size_t b = 0; b < n; b += piece) {
    const std::size_t m = std::min(piece, n - b);
    const ScalarSource part{bytes + b * sizeof(typename C::Scalar), scalars.on_device};
    sum = sum.add(run_piece<C, kMontgomery>(s, points + b, infinity + b, part, m, config, b, copies));
  }
  return sum.to_jacobian();
}

// MSM of host points: each piece's points are uploaded, then run as resident.
template <class C, bool kMontgomery>
Jacobian<C> msm_from_host(HostSpan<const Affine<C>> points, const void* host_scalars, const MsmConfig& config) {
  const std::size_t n = points.size;
  if (n == 0) return Jacobian<C>::identity();
  const int device = current_device();
  OwnedStream stream;
  const Session s = session_on(device, stream.get(), config.memory);
  const std::size_t piece = msm_piece<C>(s, n, config, true);
  Buffer<DevicePoint<C>> device_points(s.pool, piece, s.stream);
  Buffer<std::uint8_t> infinity(s.pool, piece, s.stream);
  const auto* bytes = static_cast<const unsigned char*>(host_scalars);
  Xyzz<C> sum = Xyzz<C>::identity();
  for (std::size_t b = 0; b < n; b += piece) {
    const std::size_t m = std::min(piece, n - b);
    upload_points(device, device_points.data(), infinity.data(), points.subspan(b, m), s.stream);
    const ScalarSource part{bytes + b * sizeof(typename C::Scalar), false};
    sum = sum.add(run_piece<C, kMontgomery>(s, device_points.data(), infinity.data(), part, m, config, b, Copies{}));
  }
  return sum.to_jacobian();
}

// batch_add over resident points: strided per-thread sums, an 8-way tree, the last few on the host.
template <class C>
Xyzz<C> batch_add_resident(const Session& s, const DevicePoint<C>* points, const std::uint8_t* infinity,
                           const std::uint64_t* host_bitmap, std::size_t n) {
  if (n == 0) return Xyzz<C>::identity();
  const std::size_t words = (n + 63) / 64;
  Buffer<std::uint64_t> bitmap(s.pool, words, s.stream);
  upload_bytes(s.device, bitmap.data(), host_bitmap, words * sizeof(std::uint64_t), s.stream);
  const std::size_t threads =
      std::min(blocks_for(n, kPointBlock), blocks_for(std::size_t{s.sms} * kBatchThreadsPerSm, kPointBlock)) *
      std::size_t{kPointBlock};
  Buffer<Xyzz<C>> sums_a(s.pool, threads, s.stream), sums_b(s.pool, threads / kSumFanIn + 1, s.stream);
  select_sum<C><<<static_cast<unsigned>(threads / kPointBlock), kPointBlock, 0, s.stream>>>(
      points, infinity, bitmap.data(), n, sums_a.data());
  check_launch("select_sum");
  const auto [partials, count] = sum_tree<C>(s, sums_a.data(), sums_b.data(), threads, kHostSums, threads);
  std::vector<Xyzz<C>> host(count);
  check(ZKF_GPU(MemcpyAsync)(host.data(), partials, count * sizeof(Xyzz<C>), ZKF_GPU(MemcpyDeviceToHost),
                                  s.stream),
             "MemcpyAsync (batch_add sums)");
  check(ZKF_GPU(StreamSynchronize)(s.stream), "batch_add kernels");
  Xyzz<C> sum = Xyzz<C>::identity();
  for (const auto& p : host) sum = sum.add(p);
  return sum;
}

// batch_add over resident points in pieces of whole bitmap words.
template <class C>
Jacobian<C> batch_add_pieces(const Session& s, const DevicePoint<C>* points, const std::uint8_t* infinity,
                             const std::uint64_t* bitmap, std::size_t n) {
  if (n == 0) return Jacobian<C>::identity();
  const std::size_t piece = batch_add_piece<C>(s, n, false);
  Xyzz<C> sum = Xyzz<C>::identity();
  for (std::size_t b = 0; b < n; b += piece)
    sum = sum.add(batch_add_resident<C>(s, points + b, infinity + b, bitmap + b / 64, std::min(piece, n - b)));
  return sum.to_jacobian();
}

template <class C>
Jacobian<C> batch_add_from_host(HostSpan<const Affine<C>> points, HostSpan<const std::uint64_t> bitmap,
                                MemoryPolicy memory) {
  const std::size_t n = points.size;
  if (n == 0) return Jacobian<C>::identity();
  const int device = current_device();
  OwnedStream stream;
  const Session s = session_on(device, stream.get(), memory);
  const std::size_t piece = batch_add_piece<C>(s, n, true);
  Buffer<DevicePoint<C>> device_points(s.pool, piece, s.stream);
  Buffer<std::uint8_t> infinity(s.pool, piece, s.stream);
  Xyzz<C> sum = Xyzz<C>::identity();
  for (std::size_t b = 0; b < n; b += piece) {
    const std::size_t m = std::min(piece, n - b);
    upload_points(device, device_points.data(), infinity.data(), points.subspan(b, m), s.stream);
    sum = sum.add(batch_add_resident<C>(s, device_points.data(), infinity.data(), bitmap.data + b / 64, m));
  }
  return sum.to_jacobian();
}

}  // namespace ZKF_GPU_NS
}  // namespace zkforge::gpu

namespace zkforge {

template <class B, class C>
Jacobian<C> MsmBackend<B, C, if_gpu<B>>::run_canonical(HostSpan<const Affine<C>> points,
                                                       HostSpan<const typename Scalar::Int> scalars,
                                                       const MsmConfig& config) {
  static_assert(std::is_same_v<B, gpu::Backend>, "a GPU backend's source defines its own tag's primitives");
  return gpu::msm_from_host<C, false>(points, scalars.data, config);
}

template <class B, class C>
Jacobian<C> MsmBackend<B, C, if_gpu<B>>::run_montgomery(HostSpan<const Affine<C>> points,
                                                        HostSpan<const Scalar> scalars, const MsmConfig& config) {
  static_assert(std::is_same_v<B, gpu::Backend>, "a GPU backend's source defines its own tag's primitives");
  return gpu::msm_from_host<C, true>(points, scalars.data, config);
}

template <class B, class C>
Jacobian<C> MsmBackend<B, C, if_gpu<B>>::batch_add(HostSpan<const Affine<C>> points,
                                                   HostSpan<const std::uint64_t> bitmap, const MsmConfig& config) {
  static_assert(std::is_same_v<B, gpu::Backend>, "a GPU backend's source defines its own tag's primitives");
  return gpu::batch_add_from_host<C>(points, bitmap, config.memory);
}

template <class B, class C>
std::size_t msm_device_bytes(std::size_t n, const MsmConfig& config) {
  static_assert(std::is_same_v<B, gpu::Backend>, "a GPU backend's source defines its own tag's primitives");
  if (n == 0) return 0;
  return gpu::PieceLayout<C>(n, config, gpu::sm_count(gpu::current_device())).bytes(true);
}

}  // namespace zkforge
