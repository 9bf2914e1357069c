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

// Affine points to DevicePoints and infinity bytes, repacked while staged: a piece's points, then
// its flags from per_piece points on.
template <class C>
void upload_points(int device, DevicePoint<C>* points, std::uint8_t* infinity, HostSpan<const Affine<C>> src,
                   Stream s) {
  using F = typename C::Field;
  constexpr std::size_t kUnit = sizeof(DevicePoint<C>) + 1;
  constexpr std::size_t per_piece = PinnedStaging::kBytes / kUnit;
  staging(device).stream_pieces(
      device, src.size, per_piece, PinnedStaging::kChunkBytes / kUnit, s,
      [&](unsigned char* buf, std::size_t piece, std::size_t begin, std::size_t end) {
        unsigned char* flags = buf + per_piece * sizeof(DevicePoint<C>);
        for (std::size_t i = begin; i < end; ++i) {
          const Affine<C>& p = src[i];
          unsigned char* out = buf + (i - piece) * sizeof(DevicePoint<C>);
          std::memcpy(out + offsetof(DevicePoint<C>, x), &p.x, sizeof(F));
          std::memcpy(out + offsetof(DevicePoint<C>, y), &p.y, sizeof(F));
          flags[i - piece] = p.infinity ? 1 : 0;
        }
      },
      [&](unsigned char* buf, std::size_t piece, std::size_t end) {
        copy_to_device(points + piece, buf, (end - piece) * sizeof(DevicePoint<C>), s);
        copy_to_device(infinity + piece, buf + per_piece * sizeof(DevicePoint<C>), end - piece, s);
      });
}

// Sums pairs of consecutive values of `from` (count of them, windows of per_window each) into `to`
// until at most `until` remain or each window is one value; returns the buffer holding them and their
// count. Pairs never straddle a window. These levels are latency-bound (few threads, serial
// additions), and a fan-in of 2 has the least serial additions in all: log2(count) rather than 7
// log8(count).
template <class C>
std::pair<Xyzz<C>*, std::size_t> sum_tree(const Session& s, Xyzz<C>* from, Xyzz<C>* to, std::size_t count,
                                          std::size_t until, std::size_t per_window) {
  while (count > until && per_window > 1) {
    const unsigned group = static_cast<unsigned>(std::min<std::size_t>(kSumFanIn, per_window));
    const std::size_t out_per_window = (per_window + group - 1) / group;
    const std::size_t out = count / per_window * out_per_window;
    sum_groups<C><<<blocks_for(out, kPointBlock), kPointBlock, 0, s.stream>>>(from, count, per_window, group, to);
    check_launch("sum_groups");
    std::swap(from, to);
    count = out;
    per_window = out_per_window;
  }
  return {from, count};
}

// Where an MSM's scalars (32 bytes each) are: host memory, uploaded per piece, or the device's.
struct ScalarSource {
  const void* data;
  bool on_device;
};

// A batch's scalars on the device (uploaded when they come from the host) and its counters.
template <class C>
struct BatchScalars {
  using Int = typename C::Scalar::Int;
  BatchScalars(const Session& s, std::size_t capacity, bool from_host, Stream st)
      : uploaded(s.pool, from_host ? capacity : 0, st), counters(s.pool, kPieceCounters, st) {}
  // The scalars the kernels read: the caller's on the device, or those uploaded from the host.
  const Int* of(const ScalarSource& source) const {
    return source.on_device ? static_cast<const Int*>(source.data) : uploaded.data();
  }
  Buffer<Int> uploaded;
  Buffer<unsigned long long> counters;
};

// A batch's digit pairs, their sort's space and level 1's slots, sized by a layout.
template <class C>
struct BatchPairs {
  BatchPairs(const Session& s, const PieceLayout<C>& l, Stream st)
      : keys0(s.pool, l.entries, st), keys1(s.pool, l.entries, st), values0(s.pool, l.entries, st),
        values1(s.pool, l.entries, st), sort_space(s.pool, std::max<std::size_t>(l.sort_bytes, 1), st),
        slot_keys_a(s.pool, l.slots_a, st), slot_keys_b(s.pool, l.slots_b, st), slots_a(s.pool, l.slots_a, st),
        slots_b(s.pool, l.slots_b, st), capacity(l) {}
  Buffer<std::uint32_t> keys0, keys1, values0, values1;
  Buffer<unsigned char> sort_space;
  Buffer<std::uint32_t> slot_keys_a, slot_keys_b;
  Buffer<Xyzz<C>> slots_a, slots_b;
  PieceLayout<C> capacity;  // the layout they were sized by
  bool holds(const PieceLayout<C>& l) const {
    return l.entries <= capacity.entries && l.sort_bytes <= capacity.sort_bytes && l.slots_a <= capacity.slots_a &&
           l.slots_b <= capacity.slots_b;
  }
};

// Phase 0's start on st: m scalars onto the device when they are on the host, and the batch's
// counters reset.
template <class C>
void stage_batch(const Session& s, Stream st, BatchScalars<C>& in, ScalarSource source, std::size_t m) {
  using Int = typename C::Scalar::Int;
  static_assert(sizeof(typename C::Scalar) == sizeof(Int), "Montgomery and canonical scalars must share their bytes");
  if (!source.on_device) upload_bytes(s.device, in.uploaded.data(), source.data, m * sizeof(Int), st);
  unsigned long long* const counter = in.counters.data();
  check(ZKF_GPU(MemsetAsync)(counter, 0, kFirstBad * sizeof(unsigned long long), st), "MemsetAsync");
  check(ZKF_GPU(MemsetAsync)(counter + kFirstBad, 0xff, sizeof(unsigned long long), st), "MemsetAsync");
}

// Phase 0 on st: m scalars staged (stage_batch) and counted; their layout within `bound`
// (counted_layout; window_fixed by the bases' copies or by batches of one bucket array).
template <class C, bool kMontgomery>
PieceLayout<C> count_batch(const Session& s, Stream st, BatchScalars<C>& in, const std::uint8_t* infinity,
                           ScalarSource source, std::size_t m, const MsmConfig& config,
                           const PieceLayout<C>& bound, bool window_fixed) {
  using S = typename C::Scalar;
  stage_batch<C>(s, st, in, source, m);
  const typename S::Int* const scalars = in.of(source);
  unsigned long long* const counter = in.counters.data();
  count_scalars<S, kMontgomery><<<blocks_for(m, kWordBlock), kWordBlock, 0, st>>>(
      scalars, infinity, static_cast<std::uint32_t>(m), config.skip_ones, counter);
  check_launch("count_scalars");
  unsigned long long counts[kPieceCounters] = {};
  check(ZKF_GPU(MemcpyAsync)(counts, counter, sizeof counts, ZKF_GPU(MemcpyDeviceToHost), st),
        "MemcpyAsync (scalar counts)");
  check(ZKF_GPU(StreamSynchronize)(st), "count_scalars");
  return counted_layout(bound, config, counts[kLarger], counts[kOnes], s.sms, window_fixed);
}

// A batch's digit pairs once sorted: their count (0 when no scalar has a digit), keys and values.
struct SortedBatch {
  std::size_t pairs = 0;
  const std::uint32_t* keys = nullptr;
  const std::uint32_t* values = nullptr;
};

// Phases 1 and 2 on st: the batch's digit pairs written and sorted in `out` (none for a scalar 1 with
// skip_ones). An error names the first scalar >= r, counted from first_index.
template <class C, bool kMontgomery>
SortedBatch sort_batch(Stream st, const BatchScalars<C>& in, ScalarSource source, const std::uint8_t* infinity,
                       std::size_t m, bool skip_ones, const PieceLayout<C>& layout, const Copies& copies,
                       std::size_t first_index, BatchPairs<C>& out) {
  using S = typename C::Scalar;
  const typename S::Int* const scalars = in.of(source);
  unsigned long long* const counter = in.counters.data();
  const auto offset = msm_detail::digit_offset<S::kLimbs>(layout.plan.window_bits, layout.digit_windows);
  make_digits<S, kMontgomery><<<blocks_for(m, kWordBlock), kWordBlock, 0, st>>>(
      scalars, infinity, static_cast<std::uint32_t>(m), skip_ones, offset, layout.plan.window_bits, layout.digit_windows,
      layout.plan.windows, static_cast<std::uint32_t>(copies.stride), out.keys0.data(), out.values0.data(),
      counter + kFirstBad, counter + kWritten);
  check_launch("make_digits");
  unsigned long long counts[kPieceCounters] = {};
  check(ZKF_GPU(MemcpyAsync)(counts, counter, sizeof counts, ZKF_GPU(MemcpyDeviceToHost), st),
        "MemcpyAsync (digit count)");
  check(ZKF_GPU(StreamSynchronize)(st), "make_digits");
  if (counts[kFirstBad] != ~0ull)
    throw Error(Errc::not_canonical, "MSM scalar " + std::to_string(first_index + counts[kFirstBad]) + " is not below r");
  const std::size_t pairs = counts[kWritten];
  if (pairs == 0) return {};
  DoubleBuffer<std::uint32_t> keys(out.keys0.data(), out.keys1.data()), values(out.values0.data(), out.values1.data());
  std::size_t sort_bytes = layout.sort_bytes;
  check(radix_sort_pairs(out.sort_space.data(), sort_bytes, keys, values, static_cast<int>(pairs), 0,
                         static_cast<int>(layout.key_bits), st),
        "DeviceRadixSort::SortPairs");
  return {pairs, keys.Current(), values.Current()};
}

// Phase 3 on st: level 1 over the sorted pairs, then the tree levels of its slots, into buckets;
// with `carried`, onto the sums the buckets hold (an earlier batch's).
template <class C>
void accumulate_batch(const Session& s, Stream st, const PieceLayout<C>& layout, const SortedBatch& sorted,
                      const DevicePoint<C>* points, BatchPairs<C>& b, bool carried, Xyzz<C>* buckets) {
  const std::size_t pairs = sorted.pairs;
  const std::uint32_t *keys = sorted.keys, *values = sorted.values;
  const std::size_t chunks = layout.chunks(pairs);
  if (layout.affine_rounds > 0) {
    Buffer<std::uint32_t> scratch_keys(s.pool, layout.affine_entries(), st);
    Buffer<DevicePoint<C>> scratch_points(s.pool, layout.affine_entries(), st);
    Buffer<typename C::Field> prefixes(s.pool, layout.affine_prefixes(), st);
    for (std::size_t first = 0; first < chunks; first += layout.affine_tile) {
      const std::size_t count = std::min(layout.affine_tile, chunks - first);
      accumulate_affine<C><<<blocks_for(count, kPointBlock), kPointBlock, 0, st>>>(
          keys, values, points, pairs, layout.chunk, first, count, layout.affine_rounds, scratch_keys.data(),
          scratch_points.data(), prefixes.data(), b.slot_keys_a.data(), b.slots_a.data(), buckets);
      check_launch("accumulate_affine (level 1)");
    }
  } else {
    accumulate<C, true><<<blocks_for(kPointLanes<C> * chunks, kPointBlock), kPointBlock, 0, st>>>(
        keys, values, points, nullptr, pairs, layout.chunk, carried, b.slot_keys_a.data(), b.slots_a.data(),
        buckets);
    check_launch("accumulate (level 1)");
  }
  std::uint32_t *in_keys = b.slot_keys_a.data(), *out_keys = b.slot_keys_b.data();
  Xyzz<C>* in_slots = b.slots_a.data();
  Xyzz<C>* out_slots = b.slots_b.data();
  for (std::size_t threads = chunks; threads > 1;) {
    const std::size_t len = 2 * threads;
    threads = (len + kTreeChunk - 1) / kTreeChunk;
    accumulate<C, false><<<blocks_for(threads, kPointBlock), kPointBlock, 0, st>>>(
        in_keys, nullptr, nullptr, in_slots, len, kTreeChunk, false, out_keys, out_slots, buckets);
    check_launch("accumulate (tree level)");
    std::swap(in_keys, out_keys);
    std::swap(in_slots, out_slots);
  }
}

// Phase 4 on s.stream: the buckets reduced to the windows' sums, which the host combines.
template <class C>
Xyzz<C> reduce_buckets(const Session& s, const PieceLayout<C>& layout, const Xyzz<C>* buckets) {
  const std::size_t segments = layout.segments();
  Buffer<Xyzz<C>> sums_a(s.pool, segments, s.stream),
      sums_b(s.pool, sum_tree_scratch(layout.plan.windows, layout.groups), s.stream);
  reduce_segments<C><<<blocks_for(kPointLanes<C> * segments, kPointBlock), kPointBlock, 0, s.stream>>>(
      buckets, static_cast<std::uint32_t>(layout.plan.buckets), layout.segment, layout.groups, segments,
      sums_a.data());
  check_launch("reduce_segments");
  const auto [window_sums, count] =
      sum_tree<C>(s, sums_a.data(), sums_b.data(), segments, layout.plan.windows, layout.groups);
  std::vector<Xyzz<C>> host_sums(count);
  check(ZKF_GPU(MemcpyAsync)(host_sums.data(), window_sums, count * sizeof(Xyzz<C>), ZKF_GPU(MemcpyDeviceToHost),
                             s.stream),
        "MemcpyAsync (window sums)");
  check(ZKF_GPU(StreamSynchronize)(s.stream), "MSM kernels");
  return combine_windows(host_sums, layout.plan.window_bits);
}

// One whole Pippenger over n resident points (with their copies, if any, `copies.stride` apart) and n
// scalars; `piece` is the layout of any n scalars (PieceLayout's bound). With the bases' copies the
// window is fixed, and counting the scalars would only size the digit pairs, which make_digits counts
// as it writes them. So a piece with copies planned for uniform scalars (dense_share 1: H's in a proof,
// whose count and the host's wait after it took ~2 ms of a 2^26 proof in run S5's trace) is not
// counted: its pair buffers take the bound, which uniform scalars fill, and level 1 the pairs written.
// A sparser mix is counted, in the copies' window, so that its buffers stay the size it needs.
template <class C, bool kMontgomery>
Xyzz<C> run_piece(const Session& s, const DevicePoint<C>* points, const std::uint8_t* infinity,
                  ScalarSource source, std::size_t n, const MsmConfig& config, std::size_t first_index,
                  const Copies& copies, const PieceLayout<C>& piece) {
  const Stream st = s.stream;
  BatchScalars<C> in(s, n, !source.on_device, st);
  const bool counted = copies.count == 1 || config.dense_share < 1;
  if (!counted) stage_batch<C>(s, st, in, source, n);
  const PieceLayout<C> sized = counted ? count_batch<C, kMontgomery>(s, st, in, infinity, source, n, config, piece,
                                                                     copies.count > 1)
                                       : piece;
  BatchPairs<C> pairs(s, sized, st);
  const SortedBatch sorted =
      sort_batch<C, kMontgomery>(st, in, source, infinity, n, config.skip_ones, sized, copies, first_index, pairs);
  if (sorted.pairs == 0) return Xyzz<C>::identity();
  PieceLayout<C> layout = counted ? sized : counted_layout(piece, config, 0, sorted.pairs, s.sms, true);
  if (!pairs.holds(layout)) layout = sized;  // fewer pairs, in the bound's geometry
  Buffer<Xyzz<C>> buckets(s.pool, layout.buckets, st);
  check(ZKF_GPU(MemsetAsync)(buckets.data(), 0, layout.buckets * sizeof(Xyzz<C>), st), "MemsetAsync (buckets)");
  accumulate_batch<C>(s, st, layout, sorted, points, pairs, false, buckets.data());
  return reduce_buckets<C>(s, layout, buckets.data());
}

// How much larger each batch of host scalars may be than the one before (run_batches): its transfer
// and sort run beside the level 1 of the batch before, W mixed additions per scalar. On an H200, with
// 2 GB of scalars crossing at ~27 GB/s through the staging buffers, they take as long as about W/2 of
// BN254 G1's madds per scalar, W/3 of BLS12-381 G1's (products (6/4)^2 longer) and less than W/6 of
// either G2's (docs/perf.md, issue #24's batches: BLS12-381 at 2^26 points was 2% slower with 4).
template <class C>
inline constexpr std::size_t kBatchGrowth = sizeof(typename C::Field) <= 32 ? 2 : sizeof(typename C::Field) <= 48 ? 3 : 6;

// Batch j's units: growth^j up to growth^3, then growth^3.
inline std::size_t batch_units(std::size_t j, std::size_t growth) {
  std::size_t u = 1;
  for (std::size_t k = 0; k < std::min<std::size_t>(j, 3); ++k) u *= growth;
  return u;
}

// The units of the first `batches` batches together.
inline std::size_t batch_weights(std::size_t batches, std::size_t growth) {
  std::size_t weights = 0;
  for (std::size_t j = 0; j < batches; ++j) weights += batch_units(j, growth);
  return weights;
}

// The sizes of the batches of n scalars (batch_units), the first, whose transfer nothing hides, the
// smallest; fewer batches when n runs out.
inline std::vector<std::size_t> batch_sizes(std::size_t n, std::size_t batches, std::size_t growth) {
  const std::size_t weights = batch_weights(batches, growth);
  const std::size_t unit = (n + weights - 1) / weights;
  std::vector<std::size_t> sizes;
  for (std::size_t j = 0, left = n; left > 0; ++j) {
    sizes.push_back(std::min(left, unit * batch_units(j, growth)));
    left -= sizes.back();
  }
  return sizes;
}

// One Pippenger over resident points in batches of consecutive scalars (`sizes`) that share one bucket
// array: batch j + 1's transfer (host scalars), count and sort run on a stream of their own (`prep`)
// beside batch j's level 1 on s.stream, whose next level 1 starts its runs from the sums the buckets
// hold. before(j) runs on the host before batch j's transfer. The bucket window is the piece's for
// every batch. The batches' scalars and pairs take two sets of buffers in turn, each sized for its
// largest batch: a set is refilled once the level 1 that read it is done.
template <class C, bool kMontgomery, class Before>
Xyzz<C> run_batches(const Session& s, const DevicePoint<C>* points, const std::uint8_t* infinity,
                    ScalarSource source, const MsmConfig& config, std::size_t first_index, const Copies& copies,
                    const PieceLayout<C>& piece, const std::vector<std::size_t>& sizes, const Before& before) {
  std::size_t largest[2] = {0, 0};
  for (std::size_t j = 0; j < sizes.size(); ++j) largest[j % 2] = std::max(largest[j % 2], sizes[j]);
  auto bound = [&](std::size_t m) { return PieceLayout<C>(m, piece.plan, piece.digit_windows, m, 0, config, s.sms); };
  Buffer<Xyzz<C>> buckets(s.pool, piece.buckets, s.stream);
  check(ZKF_GPU(MemsetAsync)(buckets.data(), 0, piece.buckets * sizeof(Xyzz<C>), s.stream), "MemsetAsync (buckets)");
  BatchScalars<C> in[2] = {{s, largest[0], !source.on_device, s.stream}, {s, largest[1], !source.on_device, s.stream}};
  BatchPairs<C> sets[2] = {{s, bound(largest[0]), s.stream}, {s, bound(largest[1]), s.stream}};
  OwnedEvent made, sorted[2], accumulated[2];
  OwnedStream prep;  // after the buffers: its work is waited for before they are released
  made.record(s.stream);
  made.await_on(prep.get());
  const auto* bytes = static_cast<const unsigned char*>(source.data);
  bool carried = false;
  for (std::size_t j = 0, b = 0; j < sizes.size(); b += sizes[j], ++j) {
    const std::size_t m = sizes[j], set = j % 2;
    before(j);
    if (j >= 2) accumulated[set].await_on(prep.get());
    const ScalarSource part{bytes + b * sizeof(typename C::Scalar), source.on_device};
    PieceLayout<C> layout =
        count_batch<C, kMontgomery>(s, prep.get(), in[set], infinity + b, part, m, config, sets[set].capacity, true);
    if (!sets[set].holds(layout)) layout = sets[set].capacity;  // fewer pairs, in the set's geometry
    const SortedBatch batch = sort_batch<C, kMontgomery>(prep.get(), in[set], part, infinity + b, m, config.skip_ones,
                                                         layout, copies, first_index + b, sets[set]);
    if (batch.pairs == 0) continue;
    sorted[set].record(prep.get());
    sorted[set].await_on(s.stream);
    accumulate_batch<C>(s, s.stream, layout, batch, points + b, sets[set], carried, buckets.data());
    accumulated[set].record(s.stream);
    carried = true;
  }
  if (!carried) return Xyzz<C>::identity();
  return reduce_buckets<C>(s, piece, buckets.data());
}

inline constexpr std::size_t kBatchPairsPerBucket = 4;  // the piece's pairs per bucket and batch, at the least
inline constexpr std::size_t kMaxAutoBatches = 6;
inline constexpr std::size_t kMinBatchShrink = std::size_t{1} << 19;  // see scalar_batches

// The batches that a piece of n points' host scalars cross the bus in (MsmConfig::scalar_batches):
// by default as many (at most kMaxAutoBatches) as each shrink the first batch, whose transfer and sort
// nothing hides, by kMinBatchShrink points or more — against each later batch's own cost: one more
// level 1 and its tree levels, and one mixed addition per bucket that an earlier batch filled — and
// fewer where those additions would pass a quarter of the piece's pairs per batch. Measured on an
// H200 (docs/perf.md, issue #24's batches): 4 batches at 2^24 points of BLS12-381 and of BN254, 6 at
// BN254's 2^26. Scalars on the device and batch-affine rounds take one.
template <class C>
std::size_t scalar_batches(const PieceLayout<C>& piece, const MsmConfig& config, bool on_device) {
  const std::size_t n = piece.n;
  if (config.scalar_batches > kMaxScalarBatches)
    throw Error(Errc::invalid_argument, "MSM of " + std::to_string(config.scalar_batches) +
                                            " scalar batches (at most " + std::to_string(kMaxScalarBatches) + ")");
  if (on_device || n < 2 || piece.affine_rounds > 0) return 1;
  if (config.scalar_batches != kScalarBatchesAuto) return std::min<std::size_t>(config.scalar_batches, n);
  auto first = [&](std::size_t batches) { return n / batch_weights(batches, kBatchGrowth<C>); };
  std::size_t batches = 1;
  while (batches < kMaxAutoBatches && first(batches) - first(batches + 1) >= kMinBatchShrink) ++batches;
  const std::size_t by_cost = piece.entries / (kBatchPairsPerBucket * std::size_t{piece.buckets});
  return std::max<std::size_t>(1, std::min(batches, by_cost));
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
    const PieceLayout<C> layout(m, config, s.sms, copies);
    const std::size_t batches = scalar_batches<C>(layout, config, scalars.on_device);
    sum = sum.add(batches > 1 ? run_batches<C, kMontgomery>(s, points + b, infinity + b, part, config, b, copies,
                                                            layout, batch_sizes(m, batches, kBatchGrowth<C>),
                                                            [](std::size_t) {})
                              : run_piece<C, kMontgomery>(s, points + b, infinity + b, part, m, config, b, copies,
                                                          layout));
  }
  return sum.to_jacobian();
}

// MSM over resident points and n scalars on the device of which the first `head` are there and the
// rest once rest() returns (MsmContext::run of arriving scalars): when one piece holds all n, the
// head's count, sort and level 1 run while the rest crosses the bus, and the rest then as a second
// batch onto the same buckets, whose window is planned for the expected share of larger scalars
// (expected_layout: there is no count of them all before the head runs). Otherwise (head 0 or n,
// batch-affine rounds, which take no batches) rest() is waited for before a plain run.
template <class C, bool kMontgomery, class Rest>
Jacobian<C> msm_arriving(const Session& s, const DevicePoint<C>* points, const std::uint8_t* infinity,
                         const void* scalars, std::size_t n, std::size_t head, const Rest& rest,
                         const MsmConfig& config, const Copies& copies) {
  if (head == 0 || head >= n) {
    rest();
    return msm_resident<C, kMontgomery>(s, points, infinity, {scalars, true}, n, config, copies);
  }
  const PieceLayout<C> piece = expected_layout<C>(n, config, s.sms, copies);
  auto bytes = [&](std::size_t p) { return expected_layout<C>(p, config, s.sms, copies).bytes(false); };
  if (piece.affine_rounds > 0 || piece.entries > INT32_MAX || fit_piece(s, n, n, bytes, "an MSM piece") < n) {
    rest();
    return msm_resident<C, kMontgomery>(s, points, infinity, {scalars, true}, n, config, copies);
  }
  return run_batches<C, kMontgomery>(s, points, infinity, {scalars, true}, config, 0, copies, piece,
                                     {head, n - head},
                                     [&](std::size_t j) {
                                       if (j == 1) rest();
                                     })
      .to_jacobian();
}

// MSM of host points: each piece's points are uploaded, then run as resident.
// MsmConfig::skip_ones is a context's: a one-shot call sums every scalar.
template <class C, bool kMontgomery>
Jacobian<C> msm_from_host(HostSpan<const Affine<C>> points, const void* host_scalars, const MsmConfig& asked) {
  MsmConfig config = asked;
  config.skip_ones = false;
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
    sum = sum.add(run_piece<C, kMontgomery>(s, device_points.data(), infinity.data(), part, m, config, b, Copies{},
                                            PieceLayout<C>(m, config, s.sms)));
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
  Buffer<Xyzz<C>> sums_a(s.pool, threads, s.stream), sums_b(s.pool, sum_tree_scratch(1, threads), s.stream);
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
