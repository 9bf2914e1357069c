// SPDX-License-Identifier: Apache-2.0
// A window's buckets to its sum, sum_k (k+1) * bucket[k], by running sums from the top: two
// additions per bucket (running += bucket[k]; total += running). A window's buckets may be a range
// of a larger set (windows that share one set of buckets).
//
// For affine buckets the running sums go eight at a time (xyzz_lanes.hpp): the buckets are cut
// into eight equal segments, lane l takes segment l from its top, and then
//   sum = sum_l total_l + m * sum_l l * running_l     (m buckets per segment)
// since bucket l*m + i weighs l*m + i + 1 = (i + 1) + l*m. With m a power of two the last product
// is a few doublings.
#pragma once

#include <cstddef>
#include <cstdint>

#include "xyzz_lanes.hpp"
#include "zkforge/curve/affine.hpp"
#include "zkforge/curve/xyzz.hpp"
#include "zkforge/memory/aligned.hpp"

namespace zkforge::cpu {

// The scalar running sums over buckets [first, first + count); `buckets.add_to(running, k)` adds
// bucket k.
template <class C, class Buckets>
Xyzz<C> reduce_buckets(const Buckets& buckets, std::size_t first, std::size_t count) {
  Xyzz<C> running = Xyzz<C>::identity(), total = Xyzz<C>::identity();
  for (std::size_t k = first + count; k-- > first;) {
    buckets.add_to(running, k);
    total = total.add(running);
  }
  return total;
}

// Segments shorter than this go to the scalar running sums: the lanes' start-up and combination
// would cost more than they save.
inline constexpr std::size_t kMinLaneSegment = 8;

// The lane-parallel running sums over the affine buckets [0, count); the count must be a power of
// two and at least kFieldLanes * kMinLaneSegment.
template <class C, class Lanes>
Xyzz<C> reduce_affine_buckets(const Affine<C>* buckets, std::size_t count) {
  using X = XyzzLanes<C, Lanes>;
  const std::size_t m = count / kFieldLanes;
  Xyzz<C> running[kFieldLanes], total[kFieldLanes];
  for (std::size_t l = 0; l < kFieldLanes; ++l) running[l] = total[l] = Xyzz<C>::identity();
  typename X::Point vr, vt;
  X::load(running, vr);
  X::load(total, vt);
  // Lanes whose running or total sum is at infinity: the formulas do not hold there.
  std::uint8_t at_infinity = 0xff;
  for (std::size_t i = m; i-- > 0;) {
    const Affine<C>* bucket[kFieldLanes];
    const typename C::Field* bx[kFieldLanes];
    const typename C::Field* by[kFieldLanes];
    std::uint8_t scalar_lanes = at_infinity;
    for (std::size_t l = 0; l < kFieldLanes; ++l) {
      bucket[l] = &buckets[l * m + i];
      bx[l] = &bucket[l]->x;
      by[l] = &bucket[l]->y;
      if (bucket[l]->infinity) scalar_lanes |= static_cast<std::uint8_t>(1u << l);
    }
    typename X::AffinePoint q;
    Lanes::load(bx, q.x);
    Lanes::load(by, q.y);
    typename X::Point nr = vr, nt = vt;
    scalar_lanes |= X::madd(nr, q);
    scalar_lanes |= X::add(nt, nr);
    if (scalar_lanes == 0) {
      vr = nr;
      vt = nt;
      continue;
    }
    // Rare: redo the lanes at infinity or with a doubling or cancellation in the scalar code.
    Xyzz<C> new_running[kFieldLanes], new_total[kFieldLanes];
    X::store(vr, running);
    X::store(vt, total);
    X::store(nr, new_running);
    X::store(nt, new_total);
    for (std::size_t l = 0; l < kFieldLanes; ++l) {
      if ((scalar_lanes >> l & 1u) == 0) continue;
      new_running[l] = running[l].add(*bucket[l]);
      new_total[l] = total[l].add(new_running[l]);
      const bool infinite = new_running[l].is_identity() || new_total[l].is_identity();
      at_infinity = static_cast<std::uint8_t>((at_infinity & ~(1u << l)) | (infinite ? 1u << l : 0u));
    }
    X::load(new_running, vr);
    X::load(new_total, vt);
  }
  X::store(vr, running);
  X::store(vt, total);
  // sum_l l * running_l as sum over l >= 1 of the suffix sums running_l + ... + running_7.
  Xyzz<C> suffix = Xyzz<C>::identity(), weighted = Xyzz<C>::identity(), sum = Xyzz<C>::identity();
  for (std::size_t l = kFieldLanes; l-- > 1;) {
    suffix = suffix.add(running[l]);
    weighted = weighted.add(suffix);
  }
  for (std::size_t s = m; s > 1; s >>= 1) weighted = weighted.dbl();
  for (const Xyzz<C>& t : total) sum = sum.add(t);
  return sum.add(weighted);
}

}  // namespace zkforge::cpu
