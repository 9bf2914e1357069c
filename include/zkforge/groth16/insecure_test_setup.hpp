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
// Point by point with double-and-add: fine for the small circuits of tests.
#pragma once

#include <vector>

#include "zkforge/curve/group.hpp"
#include "zkforge/groth16/proving_key.hpp"
#include "zkforge/ntt/domain.hpp"

namespace zkforge::groth16::insecure {

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
  std::vector<Fr> lagrange(n);
  Fr w = Fr::one();
  for (std::size_t c = 0; c < n; ++c, w *= omega) lagrange[c] = z * n_inv * w * (t.tau - w).inverse();
  std::vector<Fr> u(qap.num_vars, Fr::zero()), v(qap.num_vars, Fr::zero()), x(qap.num_vars, Fr::zero());
  for (const auto& e : qap.a) u[e.signal] += e.value * lagrange[e.constraint];
  for (const auto& e : qap.b) v[e.signal] += e.value * lagrange[e.constraint];
  for (const auto& e : qap.c) x[e.signal] += e.value * lagrange[e.constraint];

  auto g1 = [](const Fr& s) { return scalar_mul(G1::generator(), s).to_affine(); };
  auto g2 = [](const Fr& s) { return scalar_mul(G2::generator(), s).to_affine(); };
  ProvingKey<E> key;
  key.num_vars = qap.num_vars;
  key.num_public = qap.num_public;
  key.log_domain = qap.log_domain;
  key.h_convention = convention;
  key.roots = roots;
  key.alpha_1 = g1(t.alpha);
  key.beta_1 = g1(t.beta);
  key.delta_1 = g1(t.delta);
  key.beta_2 = g2(t.beta);
  key.gamma_2 = g2(t.gamma);
  key.delta_2 = g2(t.delta);
  const Fr gamma_inv = t.gamma.inverse(), delta_inv = t.delta.inverse();
  for (std::size_t j = 0; j < qap.num_vars; ++j) {
    key.a.push_back(g1(u[j]));
    key.b_1.push_back(g1(v[j]));
    key.b_2.push_back(g2(v[j]));
    const Fr k = t.beta * u[j] + t.alpha * v[j] + x[j];
    if (j <= qap.num_public) key.ic.push_back(g1(k * gamma_inv));
    else key.l.push_back(g1(k * delta_inv));
  }
  if (convention == HConvention::odd_coset_lagrange) {
    const Fr g = Domain<Fr>::root_of_unity(qap.log_domain + 1, roots);  // a primitive 2n-th root
    const Fr z2 = t.tau.pow(Fr::Int::from_u64(2 * n)) - Fr::one();
    const Fr two_n_inv = Fr::from_u64(2 * n).inverse();
    Fr odd = g;
    for (std::size_t i = 0; i < n; ++i, odd *= g.sqr())
      key.h.push_back(g1(z2 * two_n_inv * odd * (t.tau - odd).inverse() * delta_inv));
  } else {
    Fr power = Fr::one();
    for (std::size_t i = 0; i + 1 < n; ++i, power *= t.tau) key.h.push_back(g1(power * z * delta_inv));
  }
  key.a_matrix = qap.a;
  key.b_matrix = qap.b;
  return key;
}

}  // namespace zkforge::groth16::insecure
