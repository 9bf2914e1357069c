// SPDX-License-Identifier: Apache-2.0
// A Groth16 proving key of an engine E, in the shape both key formats share.
//
// Names follow bellperson / supra_seal: `l` is the query of the private wires (snarkjs' C), `h` the
// quotient query. How `h` is to be combined is the key's HConvention:
//   - odd_coset_lagrange (snarkjs): h[i] = L^(2n)_(2i+1)(tau) / delta, the Lagrange basis of the
//     2n-th roots at odd indices; the prover evaluates a, b, c there and uses ab - c directly;
//   - monomial (bellperson, supra_seal): h[i] = tau^i Z(tau) / delta; the prover needs the
//     coefficients of (ab - c) / Z.
// The roots of unity of the domain follow `roots` (SNARKJS-FORMATS.md: snarkjs' BLS12-381 roots
// differ from zkcrypto's). A snarkjs key also carries the A and B matrices of its QAP, so that a
// full witness is enough to prove; a key without them needs the a, b, c evaluations from the caller.
// ProvingKeyView is the prover's copy-free view of a key (below).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "zkforge/curve/affine.hpp"
#include "zkforge/groth16/verifying_key.hpp"
#include "zkforge/memory/span.hpp"
#include "zkforge/ntt/domain.hpp"

namespace zkforge::groth16 {

enum class HConvention { odd_coset_lagrange, monomial };

// One nonzero entry of the A or B matrix: row `constraint`, column `signal` (a witness index).
template <class Fr>
struct MatrixEntry {
  std::uint32_t constraint;
  std::uint32_t signal;
  Fr value;
};

// Which wires appear in the A and B queries, as bellperson's synthesizer records them (the densities
// of C2's interface): bit i of a bitmap (word i / 64, bit i % 64) for wire i of its kind; input
// wires count the constant 1 as wire 0, aux wires follow them. A covers every input wire.
struct QueryDensity {
  std::size_t num_inputs = 0, num_aux = 0;
  std::vector<std::uint64_t> a_aux, b_input, b_aux;
};

template <class E>
struct ProvingKey {
  using G1 = Affine<typename E::G1>;
  using G2 = Affine<typename E::G2>;
  using Fr = typename E::Fr;

  std::size_t num_vars = 0;    // witness length, the constant 1 included (wire 0)
  std::size_t num_public = 0;  // public inputs (outputs first), wires 1 .. num_public
  std::size_t log_domain = 0;  // the QAP domain has 2^log_domain points
  HConvention h_convention = HConvention::odd_coset_lagrange;
  RootConvention roots = RootConvention::snarkjs;

  G1 alpha_1, beta_1, delta_1;
  G2 beta_2, gamma_2, delta_2;
  std::vector<G1> ic;      // verifying key: IC[0 .. num_public]
  std::vector<G1> a, b_1;  // one per wire
  std::vector<G2> b_2;     // one per wire
  std::vector<G1> l;       // one per private wire: wire num_public + 1 + i
  std::vector<G1> h;       // the quotient query, as h_convention says

  // The QAP's A and B matrices (rows of the domain), when the key carries them.
  std::vector<MatrixEntry<Fr>> a_matrix, b_matrix;

  std::size_t domain_size() const { return std::size_t{1} << log_domain; }
  bool has_matrices() const { return !a_matrix.empty() || !b_matrix.empty(); }

  VerifyingKey<E> verifying_key() const { return VerifyingKey<E>{alpha_1, beta_2, gamma_2, delta_2, ic}; }
};

// The same key as the prover reads it: the counts, conventions and single points by value, every query
// and matrix a span over memory that the caller owns and keeps alive — a ProvingKey's vectors (the
// implicit conversion), or pinned or mapped memory of the caller's laid out as the element types
// (Affine points, MatrixEntry), so that a key of tens of gigabytes is never copied to be proved with.
// The witness past wire 0 and the public inputs: L's scalars, on the host or a device.
template <class Span>
Span private_wires(Span witness, std::size_t num_public) {
  return witness.subspan(num_public + 1, witness.size - num_public - 1);
}

template <class E>
struct ProvingKeyView {
  using G1 = Affine<typename E::G1>;
  using G2 = Affine<typename E::G2>;
  using Fr = typename E::Fr;

  std::size_t num_vars = 0, num_public = 0, log_domain = 0;
  HConvention h_convention = HConvention::odd_coset_lagrange;
  RootConvention roots = RootConvention::snarkjs;
  G1 alpha_1, beta_1, delta_1;
  G2 beta_2, gamma_2, delta_2;
  HostSpan<const G1> ic, a, b_1, l, h;
  HostSpan<const G2> b_2;
  HostSpan<const MatrixEntry<Fr>> a_matrix, b_matrix;

  ProvingKeyView() = default;
  ProvingKeyView(const ProvingKey<E>& k)  // implicit: wherever a view is asked for, a key will do
      : num_vars(k.num_vars),
        num_public(k.num_public),
        log_domain(k.log_domain),
        h_convention(k.h_convention),
        roots(k.roots),
        alpha_1(k.alpha_1),
        beta_1(k.beta_1),
        delta_1(k.delta_1),
        beta_2(k.beta_2),
        gamma_2(k.gamma_2),
        delta_2(k.delta_2),
        ic(k.ic),
        a(k.a),
        b_1(k.b_1),
        l(k.l),
        h(k.h),
        b_2(k.b_2),
        a_matrix(k.a_matrix),
        b_matrix(k.b_matrix) {}
  ProvingKeyView(const ProvingKey<E>&&) = delete;  // a view of a temporary would dangle

  std::size_t domain_size() const { return std::size_t{1} << log_domain; }
  bool has_matrices() const { return !a_matrix.empty() || !b_matrix.empty(); }

  VerifyingKey<E> verifying_key() const {
    return VerifyingKey<E>{alpha_1, beta_2, gamma_2, delta_2, std::vector<G1>(ic.begin(), ic.end())};
  }
};

}  // namespace zkforge::groth16
