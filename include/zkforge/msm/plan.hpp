// SPDX-License-Identifier: Apache-2.0
// The Pippenger plan shared by every backend: window width, signed digits and bucket layout.
//
// Signed digits without a carry chain: with H = sum_j 2^(c-1) 2^(jc) over the W windows, the
// scalar k is written k + H = sum_j e_j 2^(jc) with 0 <= e_j < 2^c, and d_j = e_j - 2^(c-1) lies in
// [-2^(c-1), 2^(c-1)). Each window then needs only 2^(c-1) buckets (for |d| = 1 .. 2^(c-1)), and
// every digit can be read independently of the others. W is the least count with
// (r - 1) + H < 2^(Wc), so that no digit overflows.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "zkforge/error.hpp"
#include "zkforge/field/bigint.hpp"

namespace zkforge {

struct MsmPlan {
  unsigned window_bits = 1;  // c
  unsigned windows = 1;      // W
  std::size_t buckets = 1;   // 2^(c-1) buckets per window
};

namespace msm_detail {

// H = sum_{j < W} 2^(c-1) 2^(jc), as an integer one word wider than the scalars.
template <std::size_t N>
BigInt<N + 1> digit_offset(unsigned c, unsigned windows) {
  BigInt<N + 1> h{};
  for (unsigned j = 0; j < windows; ++j) {
    const std::size_t bit = static_cast<std::size_t>(j) * c + c - 1;
    if (bit < 64 * (N + 1)) h.w[bit / 64] |= std::uint64_t{1} << (bit % 64);
  }
  return h;
}

template <std::size_t N>
BigInt<N + 1> widen(const BigInt<N>& v) {
  BigInt<N + 1> r{};
  for (std::size_t i = 0; i < N; ++i) r.w[i] = v.w[i];
  return r;
}

// The least W with (modulus - 1) + H < 2^(Wc).
template <std::size_t N>
unsigned windows_for(const BigInt<N>& modulus, unsigned c) {
  for (unsigned w = 1; static_cast<std::size_t>(w) * c <= 64 * N + 63; ++w) {
    BigInt<N + 1> top = widen(modulus) - BigInt<N + 1>::from_u64(1);
    top.add_in_place(digit_offset<N>(c, w));
    if (top.num_bits() <= static_cast<std::size_t>(w) * c) return w;
  }
  throw Error(Errc::invalid_argument, "no signed-digit window count for a window of " + std::to_string(c) + " bits");
}

}  // namespace msm_detail

// The plan for n points over scalars below `modulus`: c is forced when window_bits != 0, else the
// c in [2, max_window] of least cost(n, c, W(c)), each backend pricing a window its own way.
template <std::size_t N, class Cost>
MsmPlan make_msm_plan(std::size_t n, const BigInt<N>& modulus, unsigned window_bits, unsigned max_window,
                      const Cost& cost) {
  if (window_bits == 1 || window_bits > 24)
    throw Error(Errc::invalid_argument, "MSM window of " + std::to_string(window_bits) + " bits (signed digits need 2 to 24)");
  unsigned best = window_bits;
  if (best == 0) {
    double best_cost = 0;
    for (unsigned c = 2; c <= max_window; ++c) {
      const double v = cost(n, c, msm_detail::windows_for(modulus, c));
      if (best == 0 || v < best_cost) {
        best = c;
        best_cost = v;
      }
    }
  }
  return MsmPlan{best, msm_detail::windows_for(modulus, best), std::size_t{1} << (best - 1)};
}

// The plain window model: W(c) * (n + bucket_cost * 2^(c-1)), with bucket_cost the price of
// reducing one bucket (a mixed and a full addition) against accumulating one point.
struct MsmCostModel {
  double bucket_cost;
  unsigned max_window;
};

template <std::size_t N>
MsmPlan make_msm_plan(std::size_t n, const BigInt<N>& modulus, unsigned window_bits, const MsmCostModel& model) {
  return make_msm_plan(n, modulus, window_bits, model.max_window, [&](std::size_t points, unsigned c, unsigned windows) {
    return windows * (static_cast<double>(points) + model.bucket_cost * static_cast<double>(std::size_t{1} << (c - 1)));
  });
}

// Signed digit of window j of a scalar already offset by H: in [-2^(c-1), 2^(c-1)).
template <std::size_t M>
ZKF_HD inline int signed_digit(const BigInt<M>& offset_scalar, unsigned j, unsigned c) {
  return static_cast<int>(offset_scalar.bits(static_cast<std::size_t>(j) * c, c)) - (1 << (c - 1));
}

}  // namespace zkforge
