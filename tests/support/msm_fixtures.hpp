// SPDX-License-Identifier: Apache-2.0
// The MSM tests' inputs and oracles, shared by the CPU's (tests/msm) and the GPU's (tests/gpu): points
// and scalars with the cases users hit placed among random ones, chains P + iQ whose MSM has a closed
// form, bitmaps, the naive sums, and spans over prefixes.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/curve/batch_affine.hpp"
#include "zkforge/curve/group.hpp"
#include "zkforge/error.hpp"
#include "zkforge/memory/span.hpp"

namespace zkforge::test {

// `count` distinct points from a random start and step, with the cases users hit placed among
// them: the point at infinity, P and -P, a point repeated.
template <class C>
std::vector<Affine<C>> test_points(std::mt19937_64& rng, std::size_t count = 1000) {
  const auto step = scalar_mul(C::generator(), C::Scalar::random(rng)).to_affine();
  Jacobian<C> p = scalar_mul(C::generator(), C::Scalar::random(rng));
  std::vector<Jacobian<C>> v;
  for (std::size_t i = 0; i < count; ++i) {
    v.push_back(p);
    p = p.add(step);
  }
  auto a = to_affine_batch(v);
  a[1] = Affine<C>::identity();
  a[2] = -a[0];
  a[3] = a[0];
  a[40] = -a[35];
  a[600] = Affine<C>::identity();
  return a;
}

template <class S>
std::vector<S> test_scalars(std::mt19937_64& rng, std::size_t count = 1000) {
  std::vector<S> v;
  for (std::size_t i = 0; i < count; ++i) v.push_back(S::random(rng));
  v[0] = S::zero();
  v[4] = S::one();
  v[5] = -S::one();  // r - 1
  v[6] = S::from_u64(2).pow(BigInt<1>::from_u64(128));
  v[7] = S::from_u64(2).pow(BigInt<1>::from_u64(252));
  v[33] = -S::one();
  v[300] = v[301] = v[302] = S::from_u64(12345);
  return v;
}

template <class S>
std::vector<typename S::Int> canonical(const std::vector<S>& s) {
  std::vector<typename S::Int> v(s.size());
  cpu_pool().parallel_for(s.size(), [&](std::size_t b, std::size_t e) {
    for (std::size_t i = b; i < e; ++i) v[i] = s[i].to_int();
  });
  return v;
}

template <class T>
HostSpan<const T> first(const std::vector<T>& v, std::size_t n) {
  return HostSpan<const T>(v.data(), n);
}

template <class T>
HostSpan<const T> part(const std::vector<T>& v, std::size_t begin, std::size_t n) {
  return HostSpan<const T>(v.data() + begin, n);
}

// The code of the zkforge::Error that f throws, if any.
template <class F>
std::optional<Errc> error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.code();
  }
  return std::nullopt;
}

// P + i*Q for i < n: one chain of additions per slice on the CPU pool, each slice normalised with
// one inversion. sum_i s_i (P + iQ) = (sum s_i) P + (sum i s_i) Q is then a cheap exact oracle.
template <class C>
std::vector<Affine<C>> chain_points(std::size_t n, const Affine<C>& p, const Affine<C>& q) {
  std::vector<Affine<C>> out(n);
  ThreadPool& pool = cpu_pool();
  const std::size_t slices = std::max<std::size_t>(1, std::min<std::size_t>(n / 1024, 8 * pool.size()));
  const std::size_t step = (n + slices - 1) / slices;
  pool.run(slices, [&](std::size_t s) {
    const std::size_t begin = std::min(n, s * step), end = std::min(n, begin + step);
    Jacobian<C> acc = Jacobian<C>::from_affine(q).mul(BigInt<1>::from_u64(begin)).add(p);
    std::vector<Jacobian<C>> slice;
    slice.reserve(end - begin);
    for (std::size_t i = begin; i < end; ++i) {
      slice.push_back(acc);
      acc = acc.add(q);
    }
    const auto affine = to_affine_batch(slice);
    std::copy(affine.begin(), affine.end(), out.begin() + static_cast<std::ptrdiff_t>(begin));
  });
  return out;
}

// sum_{i < n} s[i] * (P + (offset + i) Q).
template <class C>
Jacobian<C> chain_msm(const Affine<C>& p, const Affine<C>& q, const std::vector<typename C::Scalar>& s,
                      std::size_t begin, std::size_t n, std::size_t offset) {
  using S = typename C::Scalar;
  S sum = S::zero(), weighted = S::zero();
  for (std::size_t i = 0; i < n; ++i) {
    sum += s[begin + i];
    weighted += S::from_u64(offset + i) * s[begin + i];
  }
  return scalar_mul(p, sum).add(scalar_mul(q, weighted));
}

// A witness heavy in boolean signals: 3/8 zeros, 3/8 ones, 1/4 uniform.
template <class S, class Rng>
std::vector<S> witness_mix(std::size_t n, Rng& rng) {
  std::vector<S> out(n);
  for (auto& x : out) {
    const auto kind = rng() % 8;
    x = kind < 3 ? S::zero() : kind < 6 ? S::one() : S::random(rng);
  }
  return out;
}

template <class Rng>
std::vector<std::uint64_t> random_bitmap(std::size_t n, Rng& rng) {
  std::vector<std::uint64_t> words((n + 63) / 64);
  for (auto& w : words) w = rng();
  if (n % 64 != 0) words.back() &= (std::uint64_t{1} << (n % 64)) - 1;
  return words;
}

template <class C>
Jacobian<C> naive_batch_add(const std::vector<Affine<C>>& pts, std::size_t begin,
                            const std::vector<std::uint64_t>& bits, std::size_t n) {
  Jacobian<C> sum = Jacobian<C>::identity();
  for (std::size_t i = 0; i < n; ++i)
    if ((bits[i / 64] >> (i % 64)) & 1) sum = sum.add(pts[begin + i]);
  return sum;
}

template <class F, class Rng>
std::vector<F> random_vector(std::size_t n, Rng& rng) {
  std::vector<F> v(n);
  for (auto& x : v) x = F::random(rng);
  return v;
}

// Prefix sums of the naive terms s_i P_i: naive[n] is the MSM of the first n pairs.
template <class C>
std::vector<Jacobian<C>> naive_prefix_sums(const std::vector<Affine<C>>& pts, const std::vector<typename C::Scalar>& sc) {
  std::vector<Jacobian<C>> sums = {Jacobian<C>::identity()};
  for (std::size_t i = 0; i < pts.size(); ++i) sums.push_back(sums.back().add(scalar_mul(pts[i], sc[i])));
  return sums;
}

}  // namespace zkforge::test
