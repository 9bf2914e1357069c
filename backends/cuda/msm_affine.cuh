// SPDX-License-Identifier: Apache-2.0
// The GPU MSM's level-1 accumulation with batch-affine rounds (msm_kernels.cuh's phase 3, taken with
// MsmConfig::bucket_method batch_affine, affine_rounds rounds; the planner's PieceLayout::affine_rounds).
// Measured on an H200 it is slower than XYZZ alone at every size (docs/perf.md: 2^24 BLS12-381 G1,
// 138 ms with one round against 115), so BucketMethod::automatic does not take it: each round's two
// passes over its pairs wait on memory (~0.65 TB/s), where the XYZZ loop is bound by its products.
//
// A thread owns a chunk of L sorted entries, as XYZZ level 1 does, and first halves every run of
// equal keys in its chunk, `rounds` times: a round adds the run's entries in pairs with affine
// formulas, lambda = (y_b - y_a) / (x_b - x_a), x = lambda^2 - x_a - x_b, y = lambda (x_a - x) - y_a,
// all the round's denominators inverted at once (Montgomery's trick: one inversion per thread and
// round, 3M per pair): 5M + 1S per pair against the 8M + 2S of an XYZZ mixed addition. What is left
// is then summed with XYZZ mixed additions into buckets and head and tail slots, exactly as
// accumulate<C, true> does, so the later levels do not change.
//
// A round goes over its inputs twice. Downwards, it pairs each run from its end (a run of odd length
// keeps its first entry single), multiplies the pairs' denominators together and stores the product
// before each one; upwards, it recomputes each pair's denominator, takes its inverse from the running
// inverse and the stored product, and writes the pair's sum, or the single, as output q. Output q is
// never above the index of the inputs it is made from, so rounds after the first write over their
// own inputs. The first round reads the sorted pairs' points (gathered, signed); the others, and the
// XYZZ pass, read the thread's scratch, interleaved with its launch's other threads (entry j of
// thread `lane` at j * stride + lane) so that a warp's accesses to one j are coalesced.
//
// Exceptions: a pair of one point twice is a doubling (lambda = 3 x^2 / 2 y); a pair of P and -P
// sums to a hole (x's top word all ones, which no field element has), which later rounds pass over
// and the XYZZ pass skips. Device memory per entry of a launch: a scratch point and key, and half a
// field element of stored products; launches of one wave of chunks (kAffineTileChunksPerSm) bound
// it (msm_layout.cuh).
#pragma once

#include <cstdint>

#include "backends/cuda/msm_kernels.cuh"

namespace zkforge::gpu {
inline namespace ZKF_GPU_NS {

inline constexpr unsigned kAffineRounds = 3;                // rounds when MsmConfig::affine_rounds is 0
inline constexpr std::size_t kAffineChunksPerSm = 512;      // chunks wanted per multiprocessor
inline constexpr unsigned kMinAffineChunk = 64, kMaxAffineChunk = 1024;  // L
// Chunks per launch and multiprocessor: one wave of the kernel's blocks (its threads all take the
// same work, so a wave ends together), which bounds the scratch.
template <class C>
inline constexpr std::size_t kAffineTileChunksPerSm = std::size_t{kMaddBlocks<C>} * kPointBlock;

// A hole: the sum of P and -P, marked by the top word of x.
template <class F>
__device__ ZKF_INLINE bool is_hole(const F& x) {
  return reinterpret_cast<const std::uint64_t*>(&x)[sizeof(F) / 8 - 1] == ~std::uint64_t{0};
}

template <class C>
__device__ ZKF_INLINE DevicePoint<C> hole_point() {
  DevicePoint<C> p{};
  reinterpret_cast<std::uint64_t*>(&p.x)[sizeof(p.x) / 8 - 1] = ~std::uint64_t{0};
  return p;
}

// One thread's scratch: the inputs of rounds after the first, every round's outputs, the stored
// products (`prefixes`), and the entries of the XYZZ pass (sum_runs).
template <class C>
struct AffineScratch {
  using F = typename C::Field;
  std::uint32_t* keys;
  DevicePoint<C>* points;
  F* prefixes;
  std::size_t stride, lane;
  __device__ ZKF_INLINE std::size_t at(std::size_t j) const { return j * stride + lane; }
  __device__ ZKF_INLINE std::uint32_t key(std::size_t j) const { return keys[at(j)]; }
  __device__ ZKF_INLINE F x(std::size_t j) const { return load16(&points[at(j)].x); }
  __device__ ZKF_INLINE F y(std::size_t j) const { return load16(&points[at(j)].y); }
  __device__ ZKF_INLINE DevicePoint<C> point(std::size_t j) const { return load16(points + at(j)); }
  __device__ ZKF_INLINE void store(std::size_t j, std::uint32_t key, const DevicePoint<C>& p) const {
    keys[at(j)] = key;
    store16(points + at(j), p);
  }
  __device__ ZKF_INLINE F prefix(std::size_t k) const { return load16(prefixes + at(k)); }
  __device__ ZKF_INLINE void set_prefix(std::size_t k, const F& v) const { store16(prefixes + at(k), v); }
  __device__ ZKF_INLINE void add_to(Xyzz<C>& acc, std::size_t j) const {
    const DevicePoint<C> p = point(j);
    if (!is_hole(p.x)) acc = acc.add(Affine<C>::from_xy(p.x, p.y));
  }
};

// The denominator of entries a + b of one bucket, x_b - x_a, or 2 y_a when they are one point; false
// when their sum needs none (a hole on either side, or b = -a).
template <class C, class In>
__device__ ZKF_INLINE bool pair_denominator(const In& in, std::size_t a, std::size_t b, typename C::Field& den) {
  const auto xa = in.x(a), xb = in.x(b);
  if (is_hole(xa) || is_hole(xb)) return false;
  if (xa != xb) {
    den = xb - xa;
    return true;
  }
  const auto ya = in.y(a);
  if (ya != in.y(b) || ya.is_zero()) return false;
  den = ya.dbl();
  return true;
}

// One round over entries [0, m) of `in` (see the file's head); returns the outputs' count.
template <class C, class In>
__device__ std::size_t affine_round(const In& in, std::size_t m, const AffineScratch<C>& out) {
  using F = typename C::Field;
  F product = F::one();
  std::size_t pairs = 0;
  for (std::size_t i = m; i >= 2;) {
    if (in.key(i - 1) != in.key(i - 2)) {
      --i;
      continue;
    }
    F den;
    if (pair_denominator<C>(in, i - 2, i - 1, den)) {
      out.set_prefix(pairs, product);
      product = product * den;
    }
    ++pairs;
    i -= 2;
  }
  F inverse = product.inverse();
  std::size_t q = 0;
  for (std::size_t i = 0; i < m;) {
    const std::uint32_t key = in.key(i);
    std::size_t e = i + 1;
    while (e < m && in.key(e) == key) ++e;
    if ((e - i) % 2 == 1) out.store(q++, key, in.point(i++));
    for (; i < e; i += 2) {
      --pairs;
      const DevicePoint<C> a = in.point(i), b = in.point(i + 1);
      DevicePoint<C> sum;
      if (is_hole(a.x)) {
        sum = b;
      } else if (is_hole(b.x)) {
        sum = a;
      } else if (a.x != b.x || (a.y == b.y && !a.y.is_zero())) {
        const bool same = a.x == b.x;
        const F den_inverse = inverse * out.prefix(pairs);
        inverse = inverse * (same ? a.y.dbl() : b.x - a.x);
        F numerator = b.y - a.y;
        if (same) {
          const F xx = a.x.sqr();
          numerator = xx.dbl() + xx;
        }
        const F lambda = numerator * den_inverse;
        sum.x = lambda.sqr() - a.x - b.x;
        sum.y = lambda * (a.x - sum.x) - a.y;
      } else {
        sum = hole_point<C>();
      }
      out.store(q++, key, sum);
    }
  }
  return q;
}

// Level 1 with `rounds` (>= 1) batch-affine rounds: thread `lane` of this launch takes chunk t =
// first_chunk + lane, entries [t*chunk, (t+1)*chunk) of the sorted pairs, with head and tail slots 2t
// and 2t + 1 as accumulate<C, true>'s; `chunks` threads share the scratch.
template <class C>
__global__ void __launch_bounds__(kPointBlock, kMaddBlocks<C>)
    accumulate_affine(const std::uint32_t* keys, const std::uint32_t* indices, const DevicePoint<C>* points,
                      std::size_t len, unsigned chunk, std::size_t first_chunk, std::size_t chunks, unsigned rounds,
                      std::uint32_t* scratch_keys, DevicePoint<C>* scratch_points, typename C::Field* prefixes,
                      std::uint32_t* out_keys, Xyzz<C>* out_partials, Xyzz<C>* buckets) {
  const std::size_t lane = thread_index();
  if (lane >= chunks) return;
  const std::size_t t = first_chunk + lane;
  const std::size_t begin = t * chunk;
  const std::size_t end = begin + chunk < len ? begin + chunk : len;
  const bool open_left = begin > 0 && keys[begin - 1] == keys[begin];
  const bool open_right = end < len && keys[end] == keys[end - 1];
  const AffineScratch<C> scratch{scratch_keys, scratch_points, prefixes, chunks, lane};
  std::size_t m = affine_round<C>(SortedPoints<C>{keys + begin, indices + begin, points}, end - begin, scratch);
  for (unsigned r = 1; r < rounds; ++r) m = affine_round<C>(scratch, m, scratch);
  sum_runs<C>(scratch, m, t, open_left, open_right, false, out_keys, out_partials, buckets);
}

}  // namespace ZKF_GPU_NS
}  // namespace zkforge::gpu
