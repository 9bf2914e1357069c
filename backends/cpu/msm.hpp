// SPDX-License-Identifier: Apache-2.0
// The CPU backend's MSM and batch_add: Pippenger with signed digits, windows spread over the pool.
//
// Cost for n points, window c, W windows: W * (n accumulations + 2^(c-1) buckets reduced with
// one mixed and one full addition each) + W * c doublings to combine the windows.
// Accumulation is batch-affine by default: a bucket and a point are added in affine form, and the
// additions of a batch share one inversion (Montgomery's trick): slope 1M + 1S + 1M, plus 3M for
// the shared inversion = 5M + 1S per point, against 8M + 2S for an XYZZ mixed addition. The
// batch's products run eight at a time (field_lanes.hpp: AVX-512 IFMA where the CPU has it), and
// so does the bucket reduction (bucket_reduction.hpp). Variable-time: for public inputs only.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "zkforge/backend/thread_pool.hpp"
#include "bucket_reduction.hpp"
#include "field_lanes.hpp"
#include "zkforge/curve/batch_affine.hpp"
#include "zkforge/curve/xyzz.hpp"
#include "zkforge/memory/aligned.hpp"
#include "zkforge/msm/combine_windows.hpp"
#include "zkforge/msm/msm.hpp"
#include "zkforge/msm/plan.hpp"

namespace zkforge::cpu {

// Additions per batch for `count` buckets: a quarter as many as buckets, so that few points find
// their bucket busy, and at most 2048.
inline std::size_t affine_batch_limit(std::size_t count) {
  return std::min<std::size_t>(2048, std::max<std::size_t>(1, count / 4));
}

// Windows that share one set of buckets: as many as bring it to kGroupBuckets buckets (a batch of
// affine additions then holds a quarter as many, so one inversion serves hundreds of them), while
// at least `tasks` groups remain (one window each when there are fewer windows than that).
inline constexpr std::size_t kGroupBuckets = 4096;
inline unsigned window_group(unsigned windows, std::size_t buckets, std::size_t tasks) {
  const std::size_t by_buckets = std::max<std::size_t>(1, kGroupBuckets / buckets);
  const std::size_t by_tasks = std::max<std::size_t>(1, windows / std::max<std::size_t>(1, tasks));
  return static_cast<unsigned>(std::min(by_buckets, by_tasks));
}

// Whether a curve's field is a quadratic extension (G2).
template <class F>
struct is_fp2 : std::false_type {};
template <class F>
struct is_fp2<Fp2<F>> : std::true_type {};

// The CPU's price of one window, in units of one accumulated point, fitted to the 2-core
// development machine at 2^10 .. 2^20 (docs/perf.md): a batch's inversion costs about 60 points,
// reducing a bucket 1.5 on G1 and 3 on G2 (its XYZZ additions on the Fp2 lanes cost more, against
// its batched affine ones, than G1's), and accumulation slows by 15% for each doubling of the
// buckets' memory beyond the L2 cache.
struct CpuMsmCost {
  std::size_t bucket_bytes;
  std::size_t cache_bytes;
  std::size_t tasks;  // the tasks wanted to feed the pool (window_group)
  double bucket;      // kBucketG1 or kBucketG2

  static constexpr double kInversion = 60, kBucketG1 = 1.5, kBucketG2 = 3, kCacheMiss = 0.15;

  double operator()(std::size_t n, unsigned c, unsigned windows) const {
    const std::size_t count = std::size_t{1} << (c - 1);
    const double buckets = static_cast<double>(count);
    const double batch = static_cast<double>(affine_batch_limit(window_group(windows, count, tasks) * count));
    const double spill = std::log2(buckets * static_cast<double>(bucket_bytes) / static_cast<double>(cache_bytes));
    const double per_point = (1 + kInversion / batch) * (1 + kCacheMiss * std::max(0.0, spill));
    return windows * (static_cast<double>(n) * per_point + bucket * buckets);
  }
};

// The L2 cache of one core, as the C library reports it (2 MiB if it does not).
inline std::size_t l2_cache_bytes() {
  const long v = sysconf(_SC_LEVEL2_CACHE_SIZE);
  return v > 0 ? static_cast<std::size_t>(v) : std::size_t{2} << 20;
}

inline constexpr unsigned kCpuMaxAutoWindow = 20;

// Affine buckets filled by batched affine additions of points[i] or -points[i]. An empty bucket
// takes its first point without arithmetic. A bucket holds one addition of the batch at a time; a
// point whose bucket is busy is parked beside it, and the next such point is paired with the parked
// one: their sum, an addition of the batch of its own, goes into the bucket once the batch has run.
// Many points in one bucket (skewed digits, repeated scalars) are so summed as a tree of batched
// additions. Batches hold a quarter as many additions as there are buckets (at most 2048), so the
// inversion is shared by enough additions to cost < 1M each.
template <class C, class Lanes>
class AffineBuckets {
  using F = typename C::Field;
  using A = Affine<C>;
  using Vec = typename Lanes::Vec;

 public:
  AffineBuckets(std::size_t count, HostSpan<const Affine<C>> points)
      : points_(points),
        batch_limit_(affine_batch_limit(count)),
        buckets_(count),
        parked_(count),
        busy_(count, 0) {
    // At most batch_limit_ + 1 pairs wait when add() flushes, and placing their sums makes at most
    // half as many new pairs.
    const std::size_t pair_capacity = 2 * batch_limit_ + 2;
    batch_.reserve(pair_capacity);
    for (auto& sums : pair_sums_) sums.resize(pair_capacity);
    pair_buckets_.reserve(pair_capacity);
    done_pairs_.reserve(pair_capacity);
  }

  // bucket += points[index], negated when `negate`.
  void add(std::uint32_t bucket, std::uint32_t index, bool negate) {
    place(bucket, &points_[index], negate);
    if (batch_.size() >= batch_limit_ || pair_buckets_.size() >= batch_limit_) flush();
  }

  // Completes the pending additions, then adds each parked point to its bucket (one last batch);
  // afterwards the buckets are final.
  void finish() {
    while (!batch_.empty()) flush();
    for (std::size_t b = 0; b < parked_.size(); ++b) {
      if (parked_[b].infinity) continue;
      if (buckets_[b].infinity) {
        buckets_[b] = parked_[b];
      } else {
        batch_.push_back({&buckets_[b], &parked_[b], false, static_cast<std::uint32_t>(b)});
      }
    }
    run_batch();
    for (auto& p : parked_) p = A::identity();
  }

  std::size_t size() const { return buckets_.size(); }
  void add_to(Xyzz<C>& running, std::size_t k) const { running = running.add(buckets_[k]); }

  // The sum of the window whose buckets are [first, first + count) (bucket_reduction.hpp), after finish().
  Xyzz<C> reduce(std::size_t first, std::size_t count) const {
    if (count < kFieldLanes * kMinLaneSegment) return reduce_buckets<C>(*this, first, count);
    return reduce_affine_buckets<C, Lanes>(buckets_.data() + first, count);
  }

 private:
  static constexpr std::uint32_t kPairSum = ~std::uint32_t{0};

  // One addition of the batch: *left += (negate ? -*right : *right); bucket is left's bucket, or
  // kPairSum where left is a pair's sum.
  struct Pending {
    A* left;
    const A* right;
    bool negate;
    std::uint32_t bucket;
  };

  // bucket += (negate ? -*p : *p): taken by the empty bucket, into the batch, parked beside the busy
  // bucket, or paired with the point parked there (their sum in a slot of this side); never flushes.
  void place(std::uint32_t bucket, const A* p, bool negate) {
    if (p->infinity) return;
    if (buckets_[bucket].infinity) {
      buckets_[bucket] = negate ? -*p : *p;
    } else if (!busy_[bucket]) {
      busy_[bucket] = 1;
      batch_.push_back({&buckets_[bucket], p, negate, bucket});
    } else if (parked_[bucket].infinity) {
      parked_[bucket] = negate ? -*p : *p;
    } else {
      A& sum = pair_sums_[side_][pair_buckets_.size()];
      sum = parked_[bucket];
      parked_[bucket] = A::identity();
      pair_buckets_.push_back(bucket);
      batch_.push_back({&sum, p, negate, kPairSum});
    }
  }

  // Runs the batch, then places the pairs' sums into their buckets, none of which is busy now: at
  // most one addition each, or a new pair where several sums share a bucket. The sums stay in this
  // side's slots until the next batch has run; that batch's pairs take the other side's.
  void flush() {
    run_batch();
    done_pairs_.swap(pair_buckets_);
    pair_buckets_.clear();
    const std::size_t side = side_;
    side_ ^= 1;
    for (std::size_t k = 0; k < done_pairs_.size(); ++k) place(done_pairs_[k], &pair_sums_[side][k], false);
    done_pairs_.clear();
  }

  void run_batch() {
    if (batch_.empty()) return;
    run_lanes();
    batch_.clear();
  }

  // The batch's additions eight at a time, addition k in lane k mod 8 of group k / 8. Per addition
  // the slope is num / den: (y2 - y1) / (x2 - x1), or 3x^2 / 2y for a doubling; P + (-P) takes
  // num = 0, den = 1 and empties the left point. Each lane keeps its own running product of the
  // denominators, one inversion serves all, and the lanes compute side by side. A group's
  // coordinates are loaded into the lanes once, in the forward pass, and kept for the backward one;
  // only a group with a lane of equal x (a doubling or a cancellation, rare) computes its slopes'
  // parts one lane at a time.
  void run_lanes() {
    const std::size_t n = batch_.size(), groups = (n + kFieldLanes - 1) / kFieldLanes;
    cancels_.assign(groups * kFieldLanes, 0);
    for (auto* v : {&lane_bx_, &lane_px_, &lane_by_, &lane_num_, &lane_den_, &lane_prefix_}) v->resize(groups);

    const F zero = F::zero(), one = F::one();
    Vec acc;
    load_broadcast<Lanes>(one, acc);
    for (std::size_t g = 0; g < groups; ++g) {
      // A lane past the batch's end adds (1, 0) to (0, 0): den = 1, num = 0, and nothing is stored.
      const F* bx[kFieldLanes];
      const F* px[kFieldLanes];
      const F* by[kFieldLanes];
      const F* py[kFieldLanes];
      F negated[kFieldLanes];
      bool equal_x = false;
      for (std::size_t l = 0; l < kFieldLanes; ++l) {
        const std::size_t k = g * kFieldLanes + l;
        if (k >= n) {
          bx[l] = by[l] = py[l] = &zero;
          px[l] = &one;
          continue;
        }
        const A& b = *batch_[k].left;
        const A& p = *batch_[k].right;
        bx[l] = &b.x;
        px[l] = &p.x;
        by[l] = &b.y;
        if (batch_[k].negate) {
          negated[l] = -p.y;
          py[l] = &negated[l];
        } else {
          py[l] = &p.y;
        }
        equal_x = equal_x || p.x == b.x;
      }
      Lanes::load(bx, lane_bx_[g]);
      Lanes::load(px, lane_px_[g]);
      Lanes::load(by, lane_by_[g]);
      if (!equal_x) {
        Vec vpy;
        Lanes::load(py, vpy);
        Lanes::sub(lane_px_[g], lane_bx_[g], lane_den_[g]);
        Lanes::sub(vpy, lane_by_[g], lane_num_[g]);
      } else {
        F num[kFieldLanes], den[kFieldLanes];
        for (std::size_t l = 0; l < kFieldLanes; ++l) {
          den[l] = *px[l] - *bx[l];
          num[l] = *py[l] - *by[l];
          if (!den[l].is_zero()) continue;
          if (*py[l] == *by[l] && !py[l]->is_zero()) {
            const F xx = px[l]->sqr();
            num[l] = xx.dbl() + xx;
            den[l] = py[l]->dbl();
          } else {
            num[l] = F::zero();
            den[l] = F::one();
            cancels_[g * kFieldLanes + l] = 1;
          }
        }
        Lanes::load_run(den, lane_den_[g]);
        Lanes::load_run(num, lane_num_[g]);
      }
      lane_prefix_[g] = acc;
      Lanes::mul(acc, lane_den_[g], acc);
    }
    F products[kFieldLanes], inverses[kFieldLanes];
    Lanes::store(acc, products);
    invert_lanes(products, inverses);
    Vec inv;
    Lanes::load_run(inverses, inv);

    for (std::size_t g = groups; g-- > 0;) {
      Vec d_inv, lambda, x3, y3;
      Lanes::mul(inv, lane_prefix_[g], d_inv);
      Lanes::mul(inv, lane_den_[g], inv);
      Lanes::mul(lane_num_[g], d_inv, lambda);
      Lanes::mul(lambda, lambda, x3);
      Lanes::sub(x3, lane_bx_[g], x3);
      Lanes::sub(x3, lane_px_[g], x3);
      Lanes::sub(lane_bx_[g], x3, y3);
      Lanes::mul(lambda, y3, y3);
      Lanes::sub(y3, lane_by_[g], y3);
      F xs[kFieldLanes], ys[kFieldLanes];
      Lanes::store(x3, xs);
      Lanes::store(y3, ys);
      for (std::size_t l = 0; l < kFieldLanes && g * kFieldLanes + l < n; ++l) {
        const Pending& e = batch_[g * kFieldLanes + l];
        if (e.bucket != kPairSum) busy_[e.bucket] = 0;
        *e.left = cancels_[g * kFieldLanes + l] ? A::identity() : A::from_xy(xs[l], ys[l]);
      }
    }
  }

  // inv[l] = 1 / v[l] for nonzero values, with one inversion.
  static void invert_lanes(const F (&v)[kFieldLanes], F (&inv)[kFieldLanes]) {
    F prefix[kFieldLanes];
    F all = F::one();
    for (std::size_t l = 0; l < kFieldLanes; ++l) {
      prefix[l] = all;
      all *= v[l];
    }
    F t = all.inverse();
    for (std::size_t l = kFieldLanes; l-- > 0;) {
      inv[l] = t * prefix[l];
      t *= v[l];
    }
  }

  HostSpan<const Affine<C>> points_;
  std::size_t batch_limit_;
  AlignedVector<A> buckets_;
  AlignedVector<A> parked_;                // a point waiting beside its busy bucket, one per bucket
  std::vector<std::uint8_t> busy_;
  std::vector<Pending> batch_;
  AlignedVector<A> pair_sums_[2];          // the pairs' sums, alternating sides from batch to batch
  std::size_t side_ = 0;
  std::vector<std::uint32_t> pair_buckets_, done_pairs_;  // each pair's bucket, in slot order
  std::vector<std::uint8_t> cancels_;
  // Per group of eight additions: the left points' x and y, the right points' x, the slopes' parts,
  // and the product of the denominators of the groups before it.
  AlignedVector<Vec> lane_bx_, lane_px_, lane_by_, lane_num_, lane_den_, lane_prefix_;
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
  Xyzz<C> reduce(std::size_t first, std::size_t count) const { return reduce_buckets<C>(*this, first, count); }

 private:
  HostSpan<const Affine<C>> points_;
  AlignedVector<Xyzz<C>> buckets_;
};

// The sums of windows [first, first + count) over points [begin, end) (fewer than 2^32: the buckets
// index them in 32 bits), into sums[0 .. count): one set of buckets, window first + w's digit d in
// bucket w * plan.buckets + |d| - 1; digits read from the offset scalars.
template <class C, class Buckets, std::size_t M>
void window_sums(HostSpan<const Affine<C>> points, const std::vector<BigInt<M>>& offsets, const MsmPlan& plan,
                 unsigned first, unsigned count, std::size_t begin, std::size_t end, Xyzz<C>* sums) {
  const HostSpan<const Affine<C>> part = points.subspan(begin, end - begin);
  Buckets buckets(std::size_t{count} * plan.buckets, part);
  for (std::size_t i = 0; i < part.size; ++i) {
    if (part[i].infinity) continue;
    for (unsigned w = 0; w < count; ++w) {
      const int d = signed_digit(offsets[begin + i], first + w, plan.window_bits);
      if (d == 0) continue;
      buckets.add(static_cast<std::uint32_t>(w * plan.buckets + static_cast<std::size_t>(d > 0 ? d - 1 : -d - 1)),
                  static_cast<std::uint32_t>(i), d < 0);
    }
  }
  buckets.finish();
  for (unsigned w = 0; w < count; ++w) sums[w] = buckets.reduce(w * plan.buckets, plan.buckets);
}

// The points whose bit is set in bitmap words [first_word, last_word): f(i) for each, i counted from
// the slice's first point, 64 * first_word.
template <class C, class F>
void for_each_selected(HostSpan<const Affine<C>> points, HostSpan<const std::uint64_t> bitmap, std::size_t first_word,
                       std::size_t last_word, F&& f) {
  for (std::size_t w = first_word; w < last_word; ++w)
    for (std::uint64_t bits = bitmap[w]; bits != 0; bits &= bits - 1) {
      const std::size_t i = 64 * w + static_cast<std::size_t>(__builtin_ctzll(bits));
      if (i < points.size) f(i - 64 * first_word);
    }
}

// Their sum by XYZZ mixed additions, one per point.
template <class C>
Xyzz<C> xyzz_sum(HostSpan<const Affine<C>> points, HostSpan<const std::uint64_t> bitmap, std::size_t first_word,
                 std::size_t last_word) {
  const Affine<C>* slice = points.data + 64 * first_word;
  Xyzz<C> sum = Xyzz<C>::identity();
  for_each_selected(points, bitmap, first_word, last_word, [&](std::size_t i) { sum = sum.add(slice[i]); });
  return sum;
}

// Their sum by batched affine additions: S points dealt in turn to B buckets, which AffineBuckets
// fills as an MSM's (B / 4 additions to an inversion, a bucket's collisions summed as its trees of
// pairs), then summed with B XYZZ additions. B = sqrt(128 S) balances those additions (10 products
// each) against the inversions' share (~300 products per batch, 1200 S / B in all); below
// kMinAffineSum points neither saves enough over S XYZZ additions, which they take instead.
inline constexpr std::size_t kMinAffineSum = 2048;
template <class C, class Lanes>
Xyzz<C> affine_sum(HostSpan<const Affine<C>> points, HostSpan<const std::uint64_t> bitmap, std::size_t first_word,
                   std::size_t last_word) {
  std::size_t selected = 0;
  for (std::size_t w = first_word; w < last_word; ++w) selected += static_cast<std::size_t>(__builtin_popcountll(bitmap[w]));
  if (selected < kMinAffineSum) return xyzz_sum(points, bitmap, first_word, last_word);
  const std::size_t begin = 64 * first_word, end = std::min(points.size, 64 * last_word);
  const auto balanced = static_cast<std::size_t>(std::sqrt(128.0 * static_cast<double>(selected)));
  AffineBuckets<C, Lanes> buckets(std::min<std::size_t>(balanced, kGroupBuckets), points.subspan(begin, end - begin));
  std::size_t next = 0;
  for_each_selected(points, bitmap, first_word, last_word, [&](std::size_t i) {
    buckets.add(static_cast<std::uint32_t>(next), static_cast<std::uint32_t>(i), false);
    next = next + 1 == buckets.size() ? 0 : next + 1;
  });
  buckets.finish();
  Xyzz<C> sum = Xyzz<C>::identity();
  for (std::size_t k = 0; k < buckets.size(); ++k) buckets.add_to(sum, k);
  return sum;
}

// The MSM with scalar i given canonically by scalar_of(i).
template <class C, class ScalarOf>
Jacobian<C> pippenger(HostSpan<const Affine<C>> points, ScalarOf scalar_of, const MsmConfig& config) {
  using Int = typename C::Scalar::Int;
  constexpr std::size_t N = Int::kWords;
  const std::size_t n = points.size;
  if (n == 0) return Jacobian<C>::identity();
  ThreadPool& pool = cpu_pool(config.threads);
  const std::size_t want = 4 * static_cast<std::size_t>(pool.size());
  constexpr bool g2 = is_fp2<typename C::Field>::value;
  const MsmPlan plan = make_msm_plan(n, C::Scalar::kModulus, config.window_bits, kCpuMaxAutoWindow,
                                     CpuMsmCost{sizeof(Affine<C>), l2_cache_bytes(), want,
                                                g2 ? CpuMsmCost::kBucketG2 : CpuMsmCost::kBucketG1});

  const BigInt<N + 1> h = msm_detail::digit_offset<N>(plan.window_bits, plan.windows);
  std::vector<BigInt<N + 1>> offsets(n);
  pool.parallel_for(n, [&](std::size_t b, std::size_t e) {
    for (std::size_t i = b; i < e; ++i) offsets[i] = msm_detail::widen(scalar_of(i)) + h;
  }, 4096);

  // Tasks are (group of windows, part) pairs: parts split the points when windows alone cannot feed
  // the pool; small windows share their buckets in groups (window_group).
  std::size_t parts = std::max<std::size_t>(1, (want + plan.windows - 1) / plan.windows);
  parts = std::min(parts, std::max<std::size_t>(1, n / (8 * plan.buckets)));
  parts = std::max<std::size_t>(parts, (n >> 31) + 1);  // parts below 2^31 points
  const std::size_t step = (n + parts - 1) / parts;
  const unsigned group = window_group(plan.windows, plan.buckets, (want + parts - 1) / parts);
  const std::size_t groups = (plan.windows + group - 1) / group;
  std::vector<Xyzz<C>> sums(static_cast<std::size_t>(plan.windows) * parts, Xyzz<C>::identity());
  pool.run(groups * parts, [&](std::size_t task) {
    const unsigned first = static_cast<unsigned>(task / parts) * group;
    const unsigned count = std::min(group, plan.windows - first);
    const std::size_t part = task % parts, begin = part * step, end = std::min(n, begin + step);
    Xyzz<C>* out = sums.data() + part * plan.windows + first;
    if (config.bucket_method == BucketMethod::xyzz) {
      window_sums<C, XyzzBuckets<C>>(points, offsets, plan, first, count, begin, end, out);
    } else {
      with_field_lanes<typename C::Field>([&](auto lanes) {
        window_sums<C, AffineBuckets<C, decltype(lanes)>>(points, offsets, plan, first, count, begin, end, out);
      });
    }
  });

  std::vector<Xyzz<C>> windows(plan.windows, Xyzz<C>::identity());
  for (std::size_t i = 0; i < sums.size(); ++i) windows[i % plan.windows] = windows[i % plan.windows].add(sums[i]);
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

// The sum of the selected points, a slice of the bitmap's words per task: batched affine additions
// (cpu::affine_sum) or, with BucketMethod::xyzz, one XYZZ mixed addition per point.
template <class C>
Jacobian<C> MsmBackend<Cpu, C>::batch_add(HostSpan<const Affine<C>> points, HostSpan<const std::uint64_t> bitmap,
                                          const MsmConfig& config) {
  ThreadPool& pool = cpu_pool(config.threads);
  const std::size_t words = bitmap.size;
  // Up to 4 tasks per thread, of kMinAffineSum points or more where there are enough (affine_sum's
  // batches need them), and below 2^31 points each (the buckets index them in 32 bits).
  const std::size_t tasks = std::max(
      {std::size_t{1}, std::min<std::size_t>(words / (cpu::kMinAffineSum / 64), 4 * pool.size()), (words >> 25) + 1});
  std::vector<Xyzz<C>> partial(tasks, Xyzz<C>::identity());
  const std::size_t step = (words + tasks - 1) / tasks;
  pool.run(words == 0 ? 0 : (words + step - 1) / step, [&](std::size_t t) {
    const std::size_t first = t * step, last = std::min(words, (t + 1) * step);
    if (config.bucket_method == BucketMethod::xyzz) {
      partial[t] = cpu::xyzz_sum(points, bitmap, first, last);
    } else {
      cpu::with_field_lanes<typename C::Field>([&](auto lanes) {
        partial[t] = cpu::affine_sum<C, decltype(lanes)>(points, bitmap, first, last);
      });
    }
  });
  Xyzz<C> sum = Xyzz<C>::identity();
  for (const auto& p : partial) sum = sum.add(p);
  return sum.to_jacobian();
}

}  // namespace zkforge
