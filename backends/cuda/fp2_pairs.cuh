// SPDX-License-Identifier: Apache-2.0
// An element of Fp2 held by two lanes of a warp, c0 by the even lane and c1 by the odd one (PairFp2),
// and a curve over it (PairCurve) for Xyzz's formulas: G2's level 1 and bucket reduction
// (msm_kernels.cuh) give each chunk or segment a lane pair rather than one thread, so that a lane holds
// half a G2 point. A whole G2 addition takes more registers than a thread has (it spilled at 255, with
// 8 warps a multiprocessor); half of one runs at the 168 of three blocks, as G1's does.
//
// Sums and differences are each lane's own. A product swaps the halves of both factors with the
// partner lane (from_partner) and each lane makes its half by two products under one reduction
// (Fp::sum_of_products): c0 = a0 b0 - a1 b1 on the even lane, c1 = a1 b0 + a0 b1 on the odd one, about
// the multiply-adds of Karatsuba's three products between the two lanes. A test (is_zero, ==) is both
// lanes'. Both lanes of a pair always run the same code, so every exchange is between lanes that are
// there.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "backends/cuda/runtime.cuh"
#include "zkforge/field/fp2.hpp"

namespace zkforge::gpu {
inline namespace ZKF_GPU_NS {

// Whether a field is Fp2 over some base field: its curve's level 1 runs on lane pairs.
template <class F>
struct IsFp2 : std::false_type {};
template <class F>
struct IsFp2<Fp2<F>> : std::true_type {};

// 1 on the odd lane of a pair (the one holding c1), 0 on the even one.
ZKF_HD ZKF_INLINE unsigned pair_lane() {
#if ZKF_DEVICE_PASS
  return threadIdx.x & 1u;
#else
  return 0;
#endif
}

// The partner lane's v: lanes 2k and 2k + 1 swap their values, 32 bits at a time.
template <class T>
ZKF_HD ZKF_INLINE T from_partner(const T& v) {
  static_assert(sizeof(T) % 4 == 0, "the exchange moves 32-bit words");
  constexpr std::size_t kWords = sizeof(T) / 4;
  std::uint32_t w[kWords];
  memcpy(w, &v, sizeof(T));
#if ZKF_DEVICE_PASS
#if defined(__HIP_PLATFORM_AMD__)
  ZKF_UNROLL
  for (std::size_t i = 0; i < kWords; ++i) w[i] = __shfl_xor(w[i], 1);
#else
  const unsigned pair = 3u << (threadIdx.x & 30u);  // the pair's two lanes of the warp
  ZKF_UNROLL
  for (std::size_t i = 0; i < kWords; ++i) w[i] = __shfl_xor_sync(pair, w[i], 1);
#endif
#endif
  T r;
  memcpy(&r, w, sizeof(T));
  return r;
}

// Whether b holds on both lanes of the pair (both lanes exchange, whatever their b).
ZKF_HD ZKF_INLINE bool on_both(bool b) {
  const std::uint32_t partner = from_partner(static_cast<std::uint32_t>(b));
  return b && partner != 0;
}

// odd ? if_odd : if_even, word by word (a select, not a branch between the pair's lanes).
template <class F>
ZKF_HD ZKF_INLINE F pick(bool odd, const F& if_odd, const F& if_even) {
  typename F::Int w{};
  ZKF_UNROLL
  for (std::size_t i = 0; i < F::kLimbs; ++i)
    w.w[i] = odd ? if_odd.montgomery_words().w[i] : if_even.montgomery_words().w[i];
  return F::from_montgomery_unchecked(w);
}

template <class F>
struct PairFp2 {
  using Base = F;
  F v;  // c0 on the even lane, c1 on the odd one

  ZKF_HD static PairFp2 zero() { return {F::zero()}; }
  ZKF_HD static PairFp2 one() { return {pair_lane() == 0 ? F::one() : F::zero()}; }
  ZKF_HD bool is_zero() const { return on_both(v.is_zero()); }

  friend ZKF_HD ZKF_INLINE PairFp2 operator+(const PairFp2& a, const PairFp2& b) { return {a.v + b.v}; }
  friend ZKF_HD ZKF_INLINE PairFp2 operator-(const PairFp2& a, const PairFp2& b) { return {a.v - b.v}; }
  friend ZKF_HD ZKF_INLINE PairFp2 operator-(const PairFp2& a) { return {-a.v}; }
  ZKF_HD ZKF_INLINE PairFp2 dbl() const { return {v.dbl()}; }

  // Even lane: a0 b0 + (-a1) b1; odd lane: a1 b0 + a0 b1.
  friend ZKF_HD ZKF_INLINE PairFp2 operator*(const PairFp2& a, const PairFp2& b) {
    const F ao = from_partner(a.v), bo = from_partner(b.v);
    const bool odd = pair_lane() != 0;
    return {F::sum_of_products(a.v, pick(odd, bo, b.v), pick(odd, ao, -ao), pick(odd, b.v, bo))};
  }
  // Even lane: (a0 + a1)(a0 - a1); odd lane: a1 (2 a0).
  ZKF_HD ZKF_INLINE PairFp2 sqr() const {
    const F o = from_partner(v);
    const bool odd = pair_lane() != 0;
    return {pick(odd, v, v + o) * pick(odd, o.dbl(), v - o)};
  }
  ZKF_HD static ZKF_INLINE PairFp2 sum_of_products(const PairFp2& a, const PairFp2& b, const PairFp2& c,
                                                   const PairFp2& d) {
    return a * b + c * d;
  }
  friend ZKF_HD bool operator==(const PairFp2& a, const PairFp2& b) { return on_both(a.v == b.v); }
  friend ZKF_HD bool operator!=(const PairFp2& a, const PairFp2& b) { return !(a == b); }
};

// C (a curve over Fp2) as a lane pair holds it: Xyzz<PairCurve<C>> is half an XYZZ point a lane.
template <class C>
struct PairCurve {
  using Field = PairFp2<typename C::Field::Base>;
  using Scalar = typename C::Scalar;
};

// The calling lane's half of an Fp2 value in memory.
template <class F>
__device__ ZKF_INLINE const F* half_of(const Fp2<F>* x) {
  return reinterpret_cast<const F*>(x) + pair_lane();
}
template <class F>
__device__ ZKF_INLINE F* half_of(Fp2<F>* x) {
  return reinterpret_cast<F*>(x) + pair_lane();
}

}  // namespace ZKF_GPU_NS
}  // namespace zkforge::gpu
