// SPDX-License-Identifier: Apache-2.0
// What the prover checks of its inputs before any phase: the key's query sizes against its counts and
// its matrix entries against its shape, the witness (length, the constant wire, every value below r:
// on a GPU as it is uploaded) and the evaluations' lengths.
#pragma once

#include <string>
#include <vector>

#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/error.hpp"
#include "zkforge/groth16/proving_key.hpp"

namespace zkforge::groth16 {

template <class E>
void check_key(const ProvingKeyView<E>& key) {
  const std::size_t n = key.num_vars;
  auto expect = [](std::size_t got, std::size_t want, const char* what) {
    if (got != want)
      throw Error(Errc::size_mismatch, std::string("proving key: ") + what + " has " + std::to_string(got) +
                                           " points, expected " + std::to_string(want));
  };
  if (key.num_public + 1 > n) throw Error(Errc::size_mismatch, "proving key: more public inputs than wires");
  expect(key.a.size, n, "A");
  expect(key.b_1.size, n, "B1");
  expect(key.b_2.size, n, "B2");
  expect(key.l.size, n - key.num_public - 1, "L");
  expect(key.ic.size, key.num_public + 1, "IC");
  const std::size_t h_points =
      key.h_convention == HConvention::odd_coset_lagrange ? key.domain_size() : key.domain_size() - 1;
  expect(key.h.size, h_points, "H");
  // Every matrix entry inside the domain and the witness (a key of the library's caller is not read
  // through the zkey reader's checks), in parallel: the first bad entry of each matrix is named.
  auto check_matrix = [&](HostSpan<const MatrixEntry<typename E::Fr>> m, const char* name) {
    const std::size_t bad = first_where(m.size, [&](std::size_t i) {
      return m[i].constraint >= key.domain_size() || m[i].signal >= n;
    });
    if (bad < m.size)
      throw Error(Errc::invalid_argument, std::string("proving key: ") + name + " matrix entry " +
                                              std::to_string(bad) + " (constraint " +
                                              std::to_string(m[bad].constraint) + ", signal " +
                                              std::to_string(m[bad].signal) + ") is outside the domain of " +
                                              std::to_string(key.domain_size()) + " rows and " + std::to_string(n) +
                                              " wires");
  };
  check_matrix(key.a_matrix, "A");
  check_matrix(key.b_matrix, "B");
}

// A share of the prover's config (ProverConfig::key_memory_share, witness_dense_share) lies in (0, 1].
inline void check_share(double share, const char* name) {
  if (!(share > 0 && share <= 1))
    throw Error(Errc::invalid_argument, std::string("ProverConfig::") + name + " must lie in (0, 1], got " +
                                            std::to_string(share));
}

// A witness of `count` values for the key: one per wire (checked before any value is read).
template <class E>
void check_witness_count(const ProvingKeyView<E>& key, std::size_t count) {
  if (count != key.num_vars)
    throw Error(Errc::size_mismatch, "the witness has " + std::to_string(count) + " values, the key " +
                                         std::to_string(key.num_vars) + " wires");
}

// The witness's length and its constant wire. Its values below r: check_witness on the host, or a GPU
// prover's upload as it stages them (ResidentKey::upload_witness_part), which then needs no pass of its own.
template <class E>
void check_witness_shape(const ProvingKeyView<E>& key, HostSpan<const typename E::Fr::Int> witness) {
  check_witness_count(key, witness.size);
  if (witness.size == 0 || witness[0] != E::Fr::Int::from_u64(1))
    throw Error(Errc::invalid_argument, "witness value 0 (the constant wire) must be 1");
}

// The error of witness value i, the first not below r.
inline Error witness_not_canonical(std::size_t i) {
  return Error(Errc::not_canonical, "witness value " + std::to_string(i) + " is not below r");
}

template <class E>
void check_witness(const ProvingKeyView<E>& key, HostSpan<const typename E::Fr::Int> witness) {
  check_witness_shape(key, witness);
  // In parallel: a Filecoin partition has 12.8M values.
  const std::size_t bad = first_where(witness.size, [&](std::size_t i) { return witness[i] >= E::Fr::kModulus; });
  if (bad < witness.size) throw witness_not_canonical(bad);
}

template <class E>
void check_evaluations(const ProvingKeyView<E>& key, const std::vector<typename E::Fr>& a,
                       const std::vector<typename E::Fr>& b, const std::vector<typename E::Fr>& c) {
  const std::size_t n = key.domain_size();
  if (a.size() != n || b.size() != n || c.size() != n)
    throw Error(Errc::size_mismatch, "a, b and c must each hold the domain's " + std::to_string(n) + " evaluations");
}

}  // namespace zkforge::groth16
