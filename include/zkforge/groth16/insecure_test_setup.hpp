// SPDX-License-Identifier: Apache-2.0
// INSECURE: a Groth16 setup from caller-chosen toxic waste, for tests and examples only. Whoever
// knows tau, alpha, beta, gamma, delta can forge proofs for the key; never use such a key for
// anything that matters. It exists so that keys of either H convention can be made for any QAP in
// moments, and proofs checked against the toxic waste itself ("opening the key").
//
// For a QAP of A, B, C over a domain of n = 2^k rows (roots of `roots`), with L_c the Lagrange
// basis of the domain and u_j, v_j, w_j the columns' polynomials (u_j(tau) = sum_c A[c][j] L_c(tau)):
//   A_j = u_j(tau) G1, B1_j = v_j(tau) G1, B2_j = v_j(tau) G2,
//   IC_j = (beta u_j + alpha v_j + w_j)(tau) / gamma G1 for public j, L_j the same over delta for the rest,
//   H: odd_coset_lagrange: H_i = L^(2n)_(2i+1)(tau) / delta G1, i < n (snarkjs);
//      monomial:           H_i = tau^i Z(tau) / delta G1, i < n - 1, Z(x) = x^n - 1 (bellperson).
// Points come from fixed-base tables (32 windows of 8 bits: 32 mixed additions per point), on every
// core: about a minute for 2^20 BN254 wires on two cores.
#pragma once

#include <algorithm>
#include <vector>

#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/curve/batch_affine.hpp"
#include "zkforge/curve/group.hpp"
#include "zkforge/groth16/proving_key.hpp"
#include "zkforge/ntt/domain.hpp"

namespace zkforge::groth16::insecure {

// Every element replaced by its inverse, with one field inversion (Montgomery's trick); none is zero.
template <class F>
void invert_all(std::vector<F>& v) {
  std::vector<F> prefix(v.size());
  F acc = F::one();
  for (std::size_t i = 0; i < v.size(); ++i) {
    prefix[i] = acc;
    acc *= v[i];
  }
  F inv = acc.inverse();
  for (std::size_t i = v.size(); i-- > 0;) {
    const F vi = v[i];
    v[i] = inv * prefix[i];
    inv *= vi;
  }
}

// k * G for many k: table[w][d] = d * 2^(8w) * G, so that k * G is one mixed addition per byte of k.
template <class C>
class FixedBase {
 public:
  FixedBase() : table_(kWindows * 256) {
    std::vector<Jacobian<C>> t(kWindows * 256);
    Jacobian<C> base = Jacobian<C>::from_affine(C::generator());
    for (std::size_t w = 0; w < kWindows; ++w) {
      t[w * 256] = Jacobian<C>::identity();
      for (std::size_t d = 1; d < 256; ++d) t[w * 256 + d] = t[w * 256 + d - 1].add(base);
      base = t[w * 256 + 255].add(base);  // 256 * 2^(8w) G
    }
    table_ = to_affine_batch(t);
  }
  Jacobian<C> mul(const typename C::Scalar& k) const {
    const auto bits = k.to_int();
    Jacobian<C> acc = Jacobian<C>::identity();
    for (std::size_t w = 0; w < kWindows; ++w) {
      const std::size_t d = bits.bits(8 * w, 8);
      if (d != 0) acc = acc.add(table_[w * 256 + d]);
    }
    return acc;
  }
  // The points of all scalars, normalised together, on every core.
  std::vector<Affine<C>> mul_all(const std::vector<typename C::Scalar>& ks) const {
    std::vector<Affine<C>> out(ks.size());
    cpu_pool(0).parallel_for(ks.size(), [&](std::size_t lo, std::size_t hi) {
      std::vector<Jacobian<C>> chunk;
      for (std::size_t i = lo; i < hi; ++i) chunk.push_back(mul(ks[i]));
      const auto affine = to_affine_batch(chunk);
      std::copy(affine.begin(), affine.end(), out.begin() + static_cast<std::ptrdiff_t>(lo));
    }, 256);
    return out;
  }

 private:
  static constexpr std::size_t kWindows = 32;  // 256-bit scalars
  std::vector<Affine<C>> table_;
};

// A QAP: matrices over the rows of a 2^log_domain domain, wire 0 the constant 1, wires 1..num_public public.
template <class Fr>
struct Qap {
  std::size_t num_vars = 0, num_public = 0, log_domain = 0;
  std::vector<MatrixEntry<Fr>> a, b, c;
};

template <class Fr>
struct ToxicWaste {
  Fr tau, alpha, beta, gamma, delta;
};

// A test circuit: public x_1..x_P; private bits b_i with b_i * b_i = b_i, and y_i with
// b_i * x_(i mod P + 1) = y_i (i < B); then one row per public wire and wire 0 (A[row][j] = 1), which
// makes the public inputs independent. Witnesses: see witness().
template <class Fr>
Qap<Fr> bits_circuit(std::size_t public_inputs, std::size_t bits) {
  Qap<Fr> q;
  q.num_public = public_inputs;
  q.num_vars = 1 + public_inputs + 2 * bits;
  const std::size_t rows = 2 * bits + public_inputs + 1;
  while ((std::size_t{1} << q.log_domain) < rows) ++q.log_domain;
  const Fr one = Fr::one();
  auto bit = [&](std::size_t i) { return static_cast<std::uint32_t>(1 + public_inputs + i); };
  auto product = [&](std::size_t i) { return static_cast<std::uint32_t>(1 + public_inputs + bits + i); };
  std::uint32_t row = 0;
  for (std::size_t i = 0; i < bits; ++i, row += 2) {
    q.a.push_back({row, bit(i), one});
    q.b.push_back({row, bit(i), one});
    q.c.push_back({row, bit(i), one});
    q.a.push_back({row + 1, bit(i), one});
    q.b.push_back({row + 1, static_cast<std::uint32_t>(1 + i % public_inputs), one});
    q.c.push_back({row + 1, product(i), one});
  }
  for (std::uint32_t j = 0; j <= public_inputs; ++j, ++row) q.a.push_back({row, j, one});
  return q;
}

// A witness of bits_circuit: the public inputs, and each bit from `bit_of(i)` (0 or 1).
template <class Fr, class BitOf>
std::vector<typename Fr::Int> witness(std::size_t bits, const std::vector<Fr>& public_values, BitOf bit_of) {
  const std::size_t p = public_values.size();
  std::vector<typename Fr::Int> w(1 + p + 2 * bits);
  w[0] = Fr::Int::from_u64(1);
  for (std::size_t j = 0; j < p; ++j) w[1 + j] = public_values[j].to_int();
  for (std::size_t i = 0; i < bits; ++i) {
    const bool b = bit_of(i);
    w[1 + p + i] = Fr::Int::from_u64(b ? 1 : 0);
    w[1 + p + bits + i] = b ? public_values[i % p].to_int() : Fr::Int::from_u64(0);
  }
  return w;
}

// The evaluations a synthesizer hands to entry (b): matrix · w on each row of the 2^log_domain domain.
template <class Fr>
std::vector<Fr> evaluate(const std::vector<MatrixEntry<Fr>>& matrix, const std::vector<typename Fr::Int>& w,
                         std::size_t log_domain) {
  std::vector<Fr> out(std::size_t{1} << log_domain, Fr::zero());
  for (const auto& e : matrix) {
    Fr x;
    Fr::from_int(w[e.signal], x);
    out[e.constraint] += e.value * x;
  }
  return out;
}

// All three evaluations of entry (b) for witness w: a = A·w, b = B·w and c = a ∘ b.
template <class Fr>
struct Evaluations {
  std::vector<Fr> a, b, c;
};

template <class Fr>
Evaluations<Fr> evaluations(const Qap<Fr>& q, const std::vector<typename Fr::Int>& w) {
  Evaluations<Fr> e{evaluate(q.a, w, q.log_domain), evaluate(q.b, w, q.log_domain), {}};
  e.c.resize(e.a.size());
  for (std::size_t i = 0; i < e.c.size(); ++i) e.c[i] = e.a[i] * e.b[i];
  return e;
}

// The densities of the QAP's A and B matrices (QueryDensity), as a synthesizer records them.
template <class Fr>
QueryDensity densities(const Qap<Fr>& q) {
  QueryDensity d;
  d.num_inputs = q.num_public + 1;
  d.num_aux = q.num_vars - d.num_inputs;
  d.a_aux.assign((d.num_aux + 63) / 64, 0);
  d.b_input.assign((d.num_inputs + 63) / 64, 0);
  d.b_aux.assign((d.num_aux + 63) / 64, 0);
  auto mark = [](std::vector<std::uint64_t>& bitmap, std::size_t i) { bitmap[i / 64] |= std::uint64_t{1} << (i % 64); };
  for (const auto& e : q.a)
    if (e.signal >= d.num_inputs) mark(d.a_aux, e.signal - d.num_inputs);
  for (const auto& e : q.b) {
    if (e.signal < d.num_inputs) {
      mark(d.b_input, e.signal);
    } else {
      mark(d.b_aux, e.signal - d.num_inputs);
    }
  }
  return d;
}

template <class E>
ProvingKey<E> setup(const Qap<typename E::Fr>& qap, HConvention convention, RootConvention roots,
                    const ToxicWaste<typename E::Fr>& t) {
  using Fr = typename E::Fr;
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  const std::size_t n = std::size_t{1} << qap.log_domain;
  const Fr omega = Domain<Fr>::root_of_unity(qap.log_domain, roots);
  const Fr n_inv = Fr::from_u64(n).inverse();
  const Fr z = t.tau.pow(Fr::Int::from_u64(n)) - Fr::one();

  // L_c(tau) = z / n * omega^c / (tau - omega^c)
  std::vector<Fr> lagrange(n), powers(n);
  Fr w = Fr::one();
  for (std::size_t c = 0; c < n; ++c, w *= omega) {
    powers[c] = w;
    lagrange[c] = t.tau - w;
  }
  invert_all(lagrange);
  for (std::size_t c = 0; c < n; ++c) lagrange[c] *= z * n_inv * powers[c];
  std::vector<Fr> u(qap.num_vars, Fr::zero()), v(qap.num_vars, Fr::zero()), x(qap.num_vars, Fr::zero());
  for (const auto& e : qap.a) u[e.signal] += e.value * lagrange[e.constraint];
  for (const auto& e : qap.b) v[e.signal] += e.value * lagrange[e.constraint];
  for (const auto& e : qap.c) x[e.signal] += e.value * lagrange[e.constraint];

  const FixedBase<G1> g1;
  const FixedBase<G2> g2;
  ProvingKey<E> key;
  key.num_vars = qap.num_vars;
  key.num_public = qap.num_public;
  key.log_domain = qap.log_domain;
  key.h_convention = convention;
  key.roots = roots;
  const auto fixed = g1.mul_all({t.alpha, t.beta, t.delta});
  key.alpha_1 = fixed[0];
  key.beta_1 = fixed[1];
  key.delta_1 = fixed[2];
  const auto fixed2 = g2.mul_all({t.beta, t.gamma, t.delta});
  key.beta_2 = fixed2[0];
  key.gamma_2 = fixed2[1];
  key.delta_2 = fixed2[2];
  const Fr gamma_inv = t.gamma.inverse(), delta_inv = t.delta.inverse();
  std::vector<Fr> ic, l;
  for (std::size_t j = 0; j < qap.num_vars; ++j) {
    const Fr k = t.beta * u[j] + t.alpha * v[j] + x[j];
    if (j <= qap.num_public) ic.push_back(k * gamma_inv);
    else l.push_back(k * delta_inv);
  }
  key.a = g1.mul_all(u);
  key.b_1 = g1.mul_all(v);
  key.b_2 = g2.mul_all(v);
  key.ic = g1.mul_all(ic);
  key.l = g1.mul_all(l);
  std::vector<Fr> h;
  if (convention == HConvention::odd_coset_lagrange) {
    const Fr g = Domain<Fr>::root_of_unity(qap.log_domain + 1, roots);  // a primitive 2n-th root
    const Fr z2 = t.tau.pow(Fr::Int::from_u64(2 * n)) - Fr::one();
    const Fr two_n_inv = Fr::from_u64(2 * n).inverse();
    std::vector<Fr> odd(n), denominators(n);
    Fr point = g;
    for (std::size_t i = 0; i < n; ++i, point *= g.sqr()) {
      odd[i] = point;
      denominators[i] = t.tau - point;
    }
    invert_all(denominators);
    for (std::size_t i = 0; i < n; ++i) h.push_back(z2 * two_n_inv * odd[i] * denominators[i] * delta_inv);
  } else {
    Fr power = Fr::one();
    for (std::size_t i = 0; i + 1 < n; ++i, power *= t.tau) h.push_back(power * z * delta_inv);
  }
  key.h = g1.mul_all(h);
  key.a_matrix = qap.a;
  key.b_matrix = qap.b;
  return key;
}

}  // namespace zkforge::groth16::insecure
