// SPDX-License-Identifier: Apache-2.0
// Fp<Params>: an element of a prime field in Montgomery form over 64-bit words.
//
// Params supplies only `limbs`, `modulus()` and a name; a scalar field (p = 1 mod 4) also supplies
// `generator()` (a multiplicative generator) and `two_adicity` (s with p - 1 = 2^s * t, t odd).
// Every other constant is derived here at compile time and checked by static_assert.
// Arithmetic is variable-time: zkforge computes provers' public work, never secret-key operations.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "zkforge/error.hpp"
#include "zkforge/field/montgomery.hpp"

namespace zkforge {

namespace detail {
// Smallest s with bit s of v set (v != 0): the 2-adic valuation.
template <std::size_t N>
constexpr std::size_t trailing_zeros(const BigInt<N>& v) {
  std::size_t s = 0;
  while (!v.bit(s)) ++s;
  return s;
}
}  // namespace detail

template <class P>
class Fp {
 public:
  using Params = P;
  static constexpr std::size_t kLimbs = P::limbs;
  using Int = BigInt<kLimbs>;
  static constexpr std::size_t kBytes = 8 * kLimbs;  // width of the byte encodings

  static constexpr montgomery::Constants<kLimbs> kMont = montgomery::derive(P::modulus());
  static constexpr Int kModulus = kMont.modulus;
  static constexpr std::size_t kBits = kModulus.num_bits();
  static_assert(kModulus.is_odd() && kModulus.w[kLimbs - 1] < 0x7fffffffffffffffULL,
                "the carry-free Montgomery product needs an odd modulus with a spare top bit");
  static_assert(static_cast<std::uint64_t>(kModulus.w[0] * (~kMont.inv + 1)) == 1,
                "inv must be -p^-1 mod 2^64");

  static constexpr Int kOne = Int::from_u64(1);
  static constexpr Int kPMinus1 = kModulus - kOne;
  static constexpr Int kPMinus2 = kModulus - Int::from_u64(2);
  static constexpr Int kHalfPMinus1 = shr(kPMinus1, 1);  // (p-1)/2: Euler's criterion
  static constexpr std::size_t kTwoAdicity = detail::trailing_zeros(kPMinus1);
  static constexpr Int kOddPart = shr(kPMinus1, kTwoAdicity);  // t in p - 1 = 2^s t
  static constexpr bool kSqrtByPower = (kModulus.w[0] & 3) == 3;  // p = 3 mod 4
  // p < 2^(64N - 2): room in the running value for the GPU square's and sum of products' rows
  // (arch/cuda_mont.hpp's mont_sqr and mont_mul_sum).
  static constexpr bool kTwoSpareBits = kModulus.w[kLimbs - 1] >> 62 == 0;

  // Constants for host and device code: a constexpr local is folded into immediates on the GPU,
  // where static data members of class type cannot be read.
  ZKF_HD static constexpr Int modulus() { constexpr Int v = kModulus; return v; }
  ZKF_HD static constexpr std::uint64_t mont_inv() { return kMont.inv; }
  ZKF_HD static constexpr Int mont_r1() { constexpr Int v = kMont.r1; return v; }
  ZKF_HD static constexpr Int mont_r2() { constexpr Int v = kMont.r2; return v; }
  ZKF_HD static constexpr Int mont_r3() { constexpr Int v = kMont.r3; return v; }

#if defined(ZKF_HAVE_CUDA_MONT)
  // The modulus and -p^-1 in the GPU's constant memory (montgomery::kDeviceModulus, kDeviceMontInv),
  // for the product and sums.
  template <std::size_t... I>
  __device__ static ZKF_INLINE const std::uint64_t (&device_modulus(std::index_sequence<I...>))[kLimbs] {
    return montgomery::kDeviceModulus<kModulus.w[I]...>;
  }
  __device__ static ZKF_INLINE std::uint64_t device_mont_inv() { return montgomery::kDeviceMontInv<kMont.inv>; }
#endif

  // a*b*R^-1 mod p, every Montgomery product of this field: on NVIDIA GPUs the PTX product of
  // arch/cuda_mont.hpp with the modulus from constant memory, elsewhere montgomery::mul.
  ZKF_HD static constexpr ZKF_INLINE Int product(const Int& a, const Int& b) {
#if defined(ZKF_HAVE_CUDA_MONT)
    if (!__builtin_is_constant_evaluated())
      return montgomery::mul_cuda<kLimbs, arch::cuda::low_limbs_one_minus_one(kModulus.w[0])>(
          a, b, device_modulus(std::make_index_sequence<kLimbs>{}), device_mont_inv());
#endif
    return montgomery::mul(a, b, modulus(), mont_inv());
  }

  constexpr Fp() = default;

  ZKF_HD static constexpr Fp zero() { return Fp{}; }
  ZKF_HD static constexpr Fp one() { return from_montgomery_unchecked(mont_r1()); }
  ZKF_HD static constexpr Fp from_montgomery_unchecked(const Int& m) {
    Fp r;
    r.m_ = m;
    return r;
  }
  // Canonical integer v < p into Montgomery form; false (and out untouched) if v >= p.
  ZKF_HD static constexpr bool from_int(const Int& v, Fp& out) {
    if (v >= modulus()) return false;
    out.m_ = product(v, mont_r2());
    return true;
  }
  // Montgomery words m < p as stored by snarkjs and GPU buffers; false if m >= p.
  ZKF_HD static constexpr bool from_montgomery(const Int& m, Fp& out) {
    if (m >= modulus()) return false;
    out.m_ = m;
    return true;
  }
  ZKF_HD static constexpr Fp from_u64(std::uint64_t v) {
    Int x = Int::from_u64(v);
    while (x >= modulus()) x.sub_in_place(modulus());
    Fp r;
    r.m_ = product(x, mont_r2());
    return r;
  }
  // Parses hexadecimal (BigInt::from_hex); a value not below p is Error(not_canonical), a compile-time
  // error in constexpr use.
  static constexpr Fp from_hex(const char* s) {
    Fp r;
    if (!from_int(Int::from_hex(s), r))
      throw Error(Errc::not_canonical, std::string("Fp::from_hex: ") + s + " is not below the modulus of " + Params::name);
    return r;
  }

  ZKF_HD constexpr Int to_int() const { return product(m_, Int::from_u64(1)); }
  ZKF_HD constexpr const Int& montgomery_words() const { return m_; }

  // Canonical value as kBytes bytes, little- or big-endian.
  ZKF_HD constexpr void to_bytes_le(std::uint8_t* out) const {
    const Int v = to_int();
    for (std::size_t i = 0; i < kBytes; ++i) out[i] = static_cast<std::uint8_t>(v.w[i / 8] >> (8 * (i % 8)));
  }
  ZKF_HD constexpr void to_bytes_be(std::uint8_t* out) const {
    const Int v = to_int();
    for (std::size_t i = 0; i < kBytes; ++i) out[kBytes - 1 - i] = static_cast<std::uint8_t>(v.w[i / 8] >> (8 * (i % 8)));
  }
  // False if the encoded integer is >= p.
  ZKF_HD static constexpr bool from_bytes_le(const std::uint8_t* in, Fp& out) {
    Int v{};
    for (std::size_t i = 0; i < kBytes; ++i) v.w[i / 8] |= static_cast<std::uint64_t>(in[i]) << (8 * (i % 8));
    return from_int(v, out);
  }
  ZKF_HD static constexpr bool from_bytes_be(const std::uint8_t* in, Fp& out) {
    Int v{};
    for (std::size_t i = 0; i < kBytes; ++i)
      v.w[i / 8] |= static_cast<std::uint64_t>(in[kBytes - 1 - i]) << (8 * (i % 8));
    return from_int(v, out);
  }

  // Uniform in [0, p) from a 64-bit uniform random bit generator (rejection sampling).
  template <class Rng>
  static Fp random(Rng& rng) {
    for (;;) {
      Int v{};
      for (std::size_t i = 0; i < kLimbs; ++i) v.w[i] = static_cast<std::uint64_t>(rng());
      const std::size_t top_bits = kBits - 64 * (kLimbs - 1);
      if (top_bits < 64) v.w[kLimbs - 1] &= (std::uint64_t{1} << top_bits) - 1;
      Fp r;
      if (from_montgomery(v, r)) return r;
    }
  }

  ZKF_HD constexpr bool is_zero() const { return m_.is_zero(); }
  ZKF_HD constexpr bool is_one() const { return m_ == mont_r1(); }

  // Addition and subtraction select the reduced value with a mask, not a branch: in bucket
  // accumulation the branch would be a coin toss, mispredicted half the time. On NVIDIA GPUs they
  // are arch/cuda_mont.hpp's carry chains.
  friend ZKF_HD constexpr ZKF_INLINE Fp operator+(const Fp& a, const Fp& b) {
#if defined(ZKF_HAVE_CUDA_MONT)
    if (!__builtin_is_constant_evaluated()) {
      Fp r;
      arch::cuda::mod_add<kLimbs>(r.m_.w, a.m_.w, b.m_.w, device_modulus(std::make_index_sequence<kLimbs>{}));
      return r;
    }
#endif
    Int sum = a.m_;
    sum.add_in_place(b.m_);  // no carry out: p < 2^(64N - 1)
    Int reduced = sum;
    const std::uint64_t keep_sum = 0 - reduced.sub_in_place(modulus());  // all ones when sum < p
    Fp r;
    for (std::size_t i = 0; i < kLimbs; ++i) r.m_.w[i] = (sum.w[i] & keep_sum) | (reduced.w[i] & ~keep_sum);
    return r;
  }
  friend ZKF_HD constexpr ZKF_INLINE Fp operator-(const Fp& a, const Fp& b) {
    Fp r;
#if defined(ZKF_HAVE_CUDA_MONT)
    if (!__builtin_is_constant_evaluated()) {
      arch::cuda::mod_sub<kLimbs>(r.m_.w, a.m_.w, b.m_.w, device_modulus(std::make_index_sequence<kLimbs>{}));
      return r;
    }
#endif
    r.m_ = a.m_;
    const std::uint64_t wrapped = 0 - r.m_.sub_in_place(b.m_);  // all ones when a < b
    Int p_or_zero{};
    for (std::size_t i = 0; i < kLimbs; ++i) p_or_zero.w[i] = modulus().w[i] & wrapped;
    r.m_.add_in_place(p_or_zero);
    return r;
  }
  friend ZKF_HD constexpr ZKF_INLINE Fp operator-(const Fp& a) { return zero() - a; }
  friend ZKF_HD constexpr ZKF_INLINE Fp operator*(const Fp& a, const Fp& b) {
    Fp r;
    r.m_ = product(a.m_, b.m_);
    return r;
  }
  // a*b + c*d: on NVIDIA GPUs both products' rows under one Montgomery reduction (arch/cuda_mont.hpp's
  // mont_mul_sum, 3/4 of two products' multiply-adds) where the modulus leaves it room
  // (kTwoSpareBits); elsewhere two products and a sum.
  ZKF_HD static constexpr ZKF_INLINE Fp sum_of_products(const Fp& a, const Fp& b, const Fp& c, const Fp& d) {
#if defined(ZKF_HAVE_CUDA_MONT)
    if constexpr (kTwoSpareBits) {
      if (!__builtin_is_constant_evaluated()) {
        Fp r;
        r.m_ = montgomery::mul_sum_cuda(a.m_, b.m_, c.m_, d.m_, device_modulus(std::make_index_sequence<kLimbs>{}),
                                        device_mont_inv());
        return r;
      }
    }
#endif
    return a * b + c * d;
  }
  ZKF_HD constexpr Fp& operator+=(const Fp& b) { return *this = *this + b; }
  ZKF_HD constexpr Fp& operator-=(const Fp& b) { return *this = *this - b; }
  ZKF_HD constexpr Fp& operator*=(const Fp& b) { return *this = *this * b; }
  friend ZKF_HD constexpr bool operator==(const Fp& a, const Fp& b) { return a.m_ == b.m_; }
  friend ZKF_HD constexpr bool operator!=(const Fp& a, const Fp& b) { return !(a.m_ == b.m_); }

  ZKF_HD constexpr Fp dbl() const { return *this + *this; }
  // this^2: on NVIDIA GPUs the PTX square of arch/cuda_mont.hpp (~22% fewer multiply-adds than the
  // product) where the modulus leaves it room (kTwoSpareBits); elsewhere the product.
  ZKF_HD constexpr Fp sqr() const {
#if defined(ZKF_HAVE_CUDA_MONT)
    if constexpr (kTwoSpareBits) {
      if (!__builtin_is_constant_evaluated()) {
        Fp r;
        r.m_ = montgomery::sqr_cuda(m_, device_modulus(std::make_index_sequence<kLimbs>{}), device_mont_inv());
        return r;
      }
    }
#endif
    return *this * *this;
  }

  // this^e for a canonical, public exponent. On the host at run time 4 bits at a time from the top
  // (a table of this^0 .. this^15: ~1.25 products per bit on the assembly product); on a GPU and in
  // constant evaluation square-and-multiply from the top bit.
  template <std::size_t M>
  ZKF_HD constexpr Fp pow(const BigInt<M>& e) const {
#if !defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)
    if (!__builtin_is_constant_evaluated()) {
      Fp table[16];
      table[0] = one();
      for (std::size_t d = 1; d < 16; ++d) table[d] = table[d - 1] * *this;
      Fp r = one();
      for (std::size_t i = (e.num_bits() + 3) / 4; i-- > 0;) {
        r = r.sqr().sqr().sqr().sqr();
        r = r * table[(e.w[i / 16] >> (4 * (i % 16))) & 15];
      }
      return r;
    }
#endif
    Fp r = one();
    for (std::size_t i = e.num_bits(); i-- > 0;) {
      r = r.sqr();
      if (e.bit(i)) r = r * *this;
    }
    return r;
  }

  // 1/this; 0 maps to 0. On the host at run time by Fermat, this^(p-2) (pow's 4-bit windows:
  // several times faster than the binary algorithm's word shifts; the CPU MSM's batch-affine buckets
  // invert once per batch). On a GPU and in constant evaluation by binary_inverse.
  ZKF_HD constexpr Fp inverse() const {
    if (is_zero()) return *this;
#if !defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)
    if (!__builtin_is_constant_evaluated()) return pow(kPMinus2);
#endif
    return binary_inverse();
  }

  // 1/this (nonzero) by the binary extended Euclidean algorithm on the canonical words. Run on the
  // Montgomery value x = aR, it yields (aR)^-1; one product with R^3 gives a^-1 R.
  ZKF_HD constexpr Fp binary_inverse() const {
    Int u = m_, v = modulus();
    Int x1 = Int::from_u64(1), x2 = Int::zero();
    // Invariants: x1 * m = u, x2 * m = v (mod p); halving x keeps them when x is made even by + p.
    auto halve = [](Int& x) {
      std::uint64_t carry = 0;
      if (x.is_odd()) carry = x.add_in_place(modulus());
      x.shr1(carry);
    };
    const Int one_int = Int::from_u64(1);
    while (u != one_int && v != one_int) {
      while (!u.is_odd()) {
        u.shr1();
        halve(x1);
      }
      while (!v.is_odd()) {
        v.shr1();
        halve(x2);
      }
      if (u >= v) {
        u.sub_in_place(v);
        if (x1.sub_in_place(x2) != 0) x1.add_in_place(modulus());
      } else {
        v.sub_in_place(u);
        if (x2.sub_in_place(x1) != 0) x2.add_in_place(modulus());
      }
    }
    Fp r;
    r.m_ = product(u == one_int ? x1 : x2, mont_r3());
    return r;
  }

  // Legendre symbol: 0 for zero, 1 for a nonzero square, -1 otherwise (Euler's criterion).
  ZKF_HD constexpr int legendre() const {
    if (is_zero()) return 0;
    return pow(kHalfPMinus1).is_one() ? 1 : -1;
  }

  // A square root into out if one exists. p = 3 mod 4: a^((p+1)/4); otherwise Tonelli-Shanks with
  // the 2^s-th root of unity g^t from the parameters' generator g.
  ZKF_HD constexpr bool sqrt(Fp& out) const {
    if (is_zero()) {
      out = *this;
      return true;
    }
    if constexpr (kSqrtByPower) {
      constexpr Int e = shr(kModulus + kOne, 2);
      const Fp c = pow(e);
      if (c.sqr() != *this) return false;
      out = c;
      return true;
    } else {
      constexpr Int half_t_minus1 = shr(kOddPart - kOne, 1);
      const Fp w = pow(half_t_minus1);       // a^((t-1)/2)
      Fp x = *this * w;                      // a^((t+1)/2)
      Fp b = x * w;                          // a^t
      Fp z = two_adic_root();                // order exactly 2^s
      std::size_t m = kTwoAdicity;
      while (!b.is_one()) {
        std::size_t k = 0;
        Fp b2k = b;
        while (!b2k.is_one()) {
          b2k = b2k.sqr();
          ++k;
          if (k == m) return false;  // a is not a square
        }
        Fp c = z;
        for (std::size_t i = 0; i + 1 < m - k; ++i) c = c.sqr();
        z = c.sqr();
        x = x * c;
        b = b * z;
        m = k;
      }
      out = x;
      return true;
    }
  }

  // Multiplicative generator and the primitive 2^s-th root of unity g^t (scalar fields only).
  ZKF_HD static constexpr Fp generator() { return from_u64(P::generator()); }
  ZKF_HD static constexpr Fp two_adic_root() { return generator().pow(kOddPart); }

 private:
  Int m_{};
};

}  // namespace zkforge
