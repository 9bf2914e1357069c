// SPDX-License-Identifier: Apache-2.0
// Domain<F>: the multiplicative subgroup of size 2^log_n of a scalar field, with its roots of unity
// in a named convention.
//
// With r - 1 = 2^s * t (t odd, s = F::kTwoAdicity), both conventions take a primitive 2^s-th root
// w[s] = x^t for a non-residue x and derive the smaller ones by squaring, w[i] = w[i+1]^2, so that
// omega of a domain of size 2^k is w[k]. They differ only in x:
//  - snarkjs (ffjavascript, and its wasm FFT): x is the smallest integer >= 2 with
//    x^((r-1)/2) = -1, which is 5 for both BN254 and BLS12-381;
//  - zkcrypto (ff, bellman, bellperson): x is the field's multiplicative generator
//    (F::generator(): 7 for BLS12-381, 5 for BN254), so that w[s] = F::two_adic_root().
// On BN254 the two agree; on BLS12-381 they are different roots, and a prover whose proving key was
// made with one of them computes a wrong H with the other.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "zkforge/error.hpp"

namespace zkforge {

enum class RootConvention {
  snarkjs,   // w[s] = nqr^t, nqr the smallest quadratic non-residue >= 2 (ffjavascript)
  zkcrypto,  // w[s] = g^t, g the field's multiplicative generator (ff / bellperson)
};

inline const char* root_convention_name(RootConvention c) {
  return c == RootConvention::snarkjs ? "snarkjs" : "zkcrypto";
}

template <class F>
class Domain {
 public:
  static constexpr std::size_t kMaxLogSize = F::kTwoAdicity;

  // The smallest x >= 2 with x^((r-1)/2) = -1: ffjavascript's non-residue (one Legendre symbol each).
  static F snarkjs_nqr() {
    static const F nqr = [] {
      std::uint64_t x = 2;
      while (F::from_u64(x).legendre() != -1) ++x;
      return F::from_u64(x);
    }();
    return nqr;
  }

  // w[s]: the primitive 2^s-th root of unity of a convention, s = F::kTwoAdicity.
  static F max_root(RootConvention convention) {
    static const F snarkjs = snarkjs_nqr().pow(F::kOddPart);
    static const F zkcrypto = F::two_adic_root();
    return convention == RootConvention::snarkjs ? snarkjs : zkcrypto;
  }

  // w[log_n] = w[s]^(2^(s - log_n)), a primitive 2^log_n-th root of unity; throws for log_n > s.
  static F root_of_unity(std::size_t log_n, RootConvention convention) {
    check_log_size(log_n);
    F w = max_root(convention);
    for (std::size_t i = kMaxLogSize; i > log_n; --i) w = w.sqr();
    return w;
  }

  // Whether `shift` is psi = w[log_n + 1], the root of 2n (so psi^n = -1): the odd coset of the domain of
  // 2^log_n (1 <= log_n < s), snarkjs' H's, whose powers a GPU forward transform from bit-reversed input
  // takes in its twiddles (backends/cuda/ntt.cuh).
  static bool is_odd_coset(std::size_t log_n, const F& shift, RootConvention convention) {
    return log_n >= 1 && log_n < kMaxLogSize && shift == root_of_unity(log_n + 1, convention);
  }

  // Throws Errc::invalid_argument for log_n > s.
  explicit Domain(std::size_t log_n, RootConvention convention = RootConvention::zkcrypto)
      : log_n_(log_n),
        convention_(convention),
        omega_(root_of_unity(log_n, convention)),
        omega_inv_(omega_.inverse()),
        n_inv_(F::from_u64(std::uint64_t{1} << log_n).inverse()) {}

  std::size_t log_n() const { return log_n_; }
  std::size_t size() const { return std::size_t{1} << log_n_; }
  RootConvention convention() const { return convention_; }
  const F& omega() const { return omega_; }
  const F& omega_inv() const { return omega_inv_; }
  const F& n_inv() const { return n_inv_; }

 private:
  static void check_log_size(std::size_t log_n) {
    if (log_n > kMaxLogSize)
      throw Error(Errc::invalid_argument, std::string(F::Params::name) + " has no domain of size 2^" +
                                              std::to_string(log_n) + " (the largest is 2^" +
                                              std::to_string(kMaxLogSize) + ")");
  }

  std::size_t log_n_;
  RootConvention convention_;
  F omega_, omega_inv_, n_inv_;
};

}  // namespace zkforge
