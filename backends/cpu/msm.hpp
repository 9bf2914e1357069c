// SPDX-License-Identifier: Apache-2.0
// The CPU backend's MSM and batch_add: Pippenger with signed digits, windows spread over the pool.
//
// Cost for n points, window c, W windows: W * (n accumulations + 2^(c-1) buckets reduced with
// one mixed and one full addition each) + W * c doublings to combine the windows.
// Accumulation is batch-affine by default: a bucket and a point are added in affine form, and the
// ~1000 additions of a batch share one inversion (Montgomery's trick): slope 1M + 1S + 1M, plus 3M
// for the shared inversion = 5M + 1S per point, against 8M + 2S for an XYZZ mixed addition.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/curve/xyzz.hpp"
#include "zkforge/msm/combine_windows.hpp"
#include "zkforge/msm/msm.hpp"
#include "zkforge/msm/plan.hpp"

namespace zkforge::cpu {

// Affine buckets filled by batched affine additions of points[i] or -points[i]. An empty bucket
// takes its first point without arithmetic. A point whose bucket already waits in the batch is
// deferred to the next batch (a bucket holds one pending addition at a time); a point deferred
// twice, or one that finds the deferral queue full (skewed digits: many points in one bucket),
// goes to the bucket's XYZZ overflow instead, a mixed addition. A bucket's value is its affine
// part plus its overflow. Batches hold a quarter as many additions as there are buckets (at most
// 2048), so the inversion is shared by enough additions to cost < 1M each.
template <class C>
class AffineBuckets {
  using F = typename C::Field;
  using A = Affine<C>;

 public:
  AffineBuckets(std::size_t count, HostSpan<const Affine<C>> points)
      : points_(points),
        batch_limit_(std::min<std::size_t>(2048, std::max<std::size_t>(1, count / 4))),
        buckets_(count),
        overflow_(count, Xyzz<C>::identity()),
        busy_(count, 0) {
    batch_.reserve(batch_limit_);
    deferred_.reserve(batch_limit_);
    retry_.reserve(batch_limit_);
    denominators_.reserve(batch_limit_);
    prefix_.reserve(batch_limit_);
  }

  // bucket += points[index], negated when `negate`.
  void add(std::uint32_t bucket, std::uint32_t index, bool negate) { place({bucket, index, negate}, false); }

  // Completes the pending additions; afterwards the buckets are final.
  void finish() {
    while (!batch_.empty() || !deferred_.empty()) flush();
  }

  std::size_t size() const { return buckets_.size(); }

  // running += bucket k: a mixed addition of the affine part, and the overflow only where there is one.
  void add_to(Xyzz<C>& running, std::size_t k) const {
    running = running.add(buckets_[k]);
    if (!overflow_[k].is_identity()) running = running.add(overflow_[k]);
  }

 private:
  struct Pending {
    std::uint32_t bucket;
    std::uint32_t index;
    bool negate;
  };

  A point(const Pending& e) const { return e.negate ? -points_[e.index] : points_[e.index]; }

  void place(const Pending& e, bool retried) {
    if (busy_[e.bucket]) {
      if (retried || deferred_.size() == batch_limit_)
        overflow_[e.bucket] = overflow_[e.bucket].add(point(e));
      else
        deferred_.push_back(e);
    } else if (buckets_[e.bucket].infinity) {
      buckets_[e.bucket] = point(e);
    } else {
      busy_[e.bucket] = 1;
      batch_.push_back(e);
      if (batch_.size() == batch_limit_) flush();
    }
  }

  // Runs the batch, then offers the deferred points once more.
  void flush() {
    run_batch();
    retry_.swap(deferred_);
    for (const Pending& e : retry_) place(e, true);
    retry_.clear();
  }

  // Slope denominators: x2 - x1, or 2y for a doubling; P + (-P) needs none (denominator 1).
  void run_batch() {
    const std::size_t n = batch_.size();
    if (n == 0) return;
    denominators_.resize(n);
    prefix_.resize(n);
    F acc = F::one();
    for (std::size_t k = 0; k < n; ++k) {
      const A& b = buckets_[batch_[k].bucket];
      const A& p = points_[batch_[k].index];
      F d = p.x - b.x;
      if (d.is_zero()) {
        const F py = batch_[k].negate ? -p.y : p.y;
        d = py == b.y && !py.is_zero() ? py.dbl() : F::one();
      }
      denominators_[k] = d;
      prefix_[k] = acc;
      acc *= d;
    }
    F inv = acc.inverse();
    for (std::size_t k = n; k-- > 0;) {
      A& b = buckets_[batch_[k].bucket];
      const A& p = points_[batch_[k].index];
      const F py = batch_[k].negate ? -p.y : p.y;
      const F d_inv = inv * prefix_[k];
      inv *= denominators_[k];
      busy_[batch_[k].bucket] = 0;
      F lambda;
      if (p.x != b.x) {
        lambda = (py - b.y) * d_inv;
      } else if (py == b.y && !py.is_zero()) {
        const F xx = p.x.sqr();
        lambda = (xx.dbl() + xx) * d_inv;
      } else {
        b = A::identity();
        continue;
      }
      const F x3 = lambda.sqr() - b.x - p.x;
      b.y = lambda * (b.x - x3) - b.y;
      b.x = x3;
    }
    batch_.clear();
  }

  HostSpan<const Affine<C>> points_;
  std::size_t batch_limit_;
  std::vector<A> buckets_;
  std::vector<Xyzz<C>> overflow_;
  std::vector<std::uint8_t> busy_;
  std::vector<Pending> batch_, deferred_, retry_;
  std::vector<F> denominators_, prefix_;
};

// XYZZ buckets: one mixed addition per point.
template <class C>
class XyzzBuckets {
 public:
  XyzzBuckets(std::size_t count, HostSpan<const Affine<C>> points) : points_(points), buckets_(count, Xyzz<C>::identity()) {}
  void add(std::uint32_t bucket, std::uint32_t index, bool negate) {
    buckets_[bucket] = buckets_[bucket].add(negate ? -points_[index] : points_[index]);
  }
  void finish() {}
  std::size_t size() const { return buckets_.size(); }
  void add_to(Xyzz<C>& running, std::size_t k) const { running = running.add(buckets_[k]); }

 private:
  HostSpan<const Affine<C>> points_;
  std::vector<Xyzz<C>> buckets_;
};

// sum_k (k+1) * bucket[k] by running sums from the top: two additions per bucket.
template <class C, class Buckets>
Xyzz<C> reduce_buckets(const Buckets& buckets) {
  Xyzz<C> running = Xyzz<C>::identity(), total = Xyzz<C>::identity();
  for (std::size_t k = buckets.size(); k-- > 0;) {
    buckets.add_to(running, k);
    total = total.add(running);
  }
  return total;
}

// One window's sum over points [begin, end) (fewer than 2^32: the buckets index them in 32 bits):
// digits read from the offset scalars.
template <class C, class Buckets, std::size_t M>
Xyzz<C> window_sum(HostSpan<const Affine<C>> points, const std::vector<BigInt<M>>& offsets, const MsmPlan& plan,
                   unsigned window, std::size_t begin, std::size_t end) {
  const HostSpan<const Affine<C>> part = points.subspan(begin, end - begin);
  Buckets buckets(plan.buckets, part);
  for (std::size_t i = 0; i < part.size; ++i) {
    const int d = signed_digit(offsets[begin + i], window, plan.window_bits);
    if (d == 0 || part[i].infinity) continue;
    buckets.add(static_cast<std::uint32_t>(d > 0 ? d - 1 : -d - 1), static_cast<std::uint32_t>(i), d < 0);
  }
  buckets.finish();
  return reduce_buckets<C>(buckets);
}

// The MSM with scalar i given canonically by scalar_of(i).
template <class C, class ScalarOf>
Jacobian<C> pippenger(HostSpan<const Affine<C>> points, ScalarOf scalar_of, const MsmConfig& config) {
  using Int = typename C::Scalar::Int;
  constexpr std::size_t N = Int::kWords;
  const std::size_t n = points.size;
  if (n == 0) return Jacobian<C>::identity();
  const MsmPlan plan = make_msm_plan(n, C::Scalar::kModulus, config.window_bits);
  ThreadPool& pool = cpu_pool(config.threads);

  const BigInt<N + 1> h = msm_detail::digit_offset<N>(plan.window_bits, plan.windows);
  std::vector<BigInt<N + 1>> offsets(n);
  pool.parallel_for(n, [&](std::size_t b, std::size_t e) {
    for (std::size_t i = b; i < e; ++i) offsets[i] = msm_detail::widen(scalar_of(i)) + h;
  }, 4096);

  // Tasks are (window, part) pairs: parts split the points when windows alone cannot feed the pool.
  const std::size_t want = 4 * static_cast<std::size_t>(pool.size());
  std::size_t parts = std::max<std::size_t>(1, (want + plan.windows - 1) / plan.windows);
  parts = std::min(parts, std::max<std::size_t>(1, n / (8 * plan.buckets)));
  parts = std::max<std::size_t>(parts, (n >> 31) + 1);  // parts below 2^31 points
  const std::size_t step = (n + parts - 1) / parts;
  std::vector<Xyzz<C>> sums(static_cast<std::size_t>(plan.windows) * parts, Xyzz<C>::identity());
  pool.run(sums.size(), [&](std::size_t task) {
    const unsigned window = static_cast<unsigned>(task / parts);
    const std::size_t begin = (task % parts) * step, end = std::min(n, begin + step);
    sums[task] = config.bucket_method == BucketMethod::batch_affine
                     ? window_sum<C, AffineBuckets<C>>(points, offsets, plan, window, begin, end)
                     : window_sum<C, XyzzBuckets<C>>(points, offsets, plan, window, begin, end);
  });

  std::vector<Xyzz<C>> windows(plan.windows, Xyzz<C>::identity());
  for (std::size_t task = 0; task < sums.size(); ++task) windows[task / parts] = windows[task / parts].add(sums[task]);
  return combine_windows(windows, plan.window_bits).to_jacobian();
}

}  // namespace zkforge::cpu

namespace zkforge {

template <class C>
Jacobian<C> MsmBackend<Cpu, C>::run_canonical(HostSpan<const Affine<C>> points,
                                              HostSpan<const typename Scalar::Int> scalars, const MsmConfig& config) {
  return cpu::pippenger(points, [&](std::size_t i) { return scalars[i]; }, config);
}

template <class C>
Jacobian<C> MsmBackend<Cpu, C>::run_montgomery(HostSpan<const Affine<C>> points, HostSpan<const Scalar> scalars,
                                               const MsmConfig& config) {
  return cpu::pippenger(points, [&](std::size_t i) { return scalars[i].to_int(); }, config);
}

// The sum of the selected points: each thread accumulates a slice with XYZZ mixed additions.
template <class C>
Jacobian<C> MsmBackend<Cpu, C>::batch_add(HostSpan<const Affine<C>> points, HostSpan<const std::uint64_t> bitmap,
                                          const MsmConfig& config) {
  ThreadPool& pool = cpu_pool(config.threads);
  const std::size_t words = bitmap.size;
  std::vector<Xyzz<C>> partial(std::max<std::size_t>(1, std::min<std::size_t>(words, 4 * pool.size())),
                               Xyzz<C>::identity());
  const std::size_t step = (words + partial.size() - 1) / std::max<std::size_t>(1, partial.size());
  pool.run(words == 0 ? 0 : (words + step - 1) / step, [&](std::size_t t) {
    Xyzz<C> acc = Xyzz<C>::identity();
    for (std::size_t w = t * step; w < std::min(words, (t + 1) * step); ++w) {
      for (std::uint64_t bits = bitmap[w]; bits != 0; bits &= bits - 1) {
        const std::size_t i = 64 * w + static_cast<std::size_t>(__builtin_ctzll(bits));
        if (i < points.size) acc = acc.add(points[i]);
      }
    }
    partial[t] = acc;
  });
  Xyzz<C> sum = Xyzz<C>::identity();
  for (const auto& p : partial) sum = sum.add(p);
  return sum.to_jacobian();
}

}  // namespace zkforge
