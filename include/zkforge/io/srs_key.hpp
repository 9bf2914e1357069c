// SPDX-License-Identifier: Apache-2.0
// A BLS12-381 proving key (groth16/proving_key.hpp) from bellperson / supra_seal parameters
// (io/supra_srs.hpp) and the circuit's query densities, and back: the parameter file's side of io/.
//
// A parameter file holds A, B1 and B2 only for the wires that appear in those queries. Which ones,
// the circuit's synthesizer says (bellperson's ProvingAssignment): A covers every input wire and the
// aux wires of `a_aux`; B1 and B2 the input wires of `b_input` and the aux wires of `b_aux`. The key
// made here has one point per wire, the identity where a wire is absent from a query, so that
// every prover entry and backend takes it as it takes any other key; prep_msm drops those points
// with their scalars' terms (an identity base adds nothing). L covers the aux wires and H (n - 1
// points) is in the coefficient basis (HConvention::monomial) over zkcrypto's roots.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "zkforge/error.hpp"
#include "zkforge/groth16/proving_key.hpp"
#include "zkforge/io/supra_srs.hpp"
#include "zkforge/pairing/bls12_381.hpp"

namespace zkforge::supra {

namespace srs_key_detail {

inline bool bit(const std::vector<std::uint64_t>& bitmap, std::size_t i) { return ((bitmap[i / 64] >> (i % 64)) & 1) != 0; }

inline std::size_t ones(const std::vector<std::uint64_t>& bitmap) {
  std::size_t n = 0;
  for (const std::uint64_t w : bitmap) n += static_cast<std::size_t>(__builtin_popcountll(w));
  return n;
}

// A bitmap over `count` wires: its word count right and no bit set past the last wire.
inline void check_bitmap(const std::vector<std::uint64_t>& bitmap, std::size_t count, const char* name) {
  if (bitmap.size() != (count + 63) / 64)
    throw Error(Errc::size_mismatch, std::string("density ") + name + " over " + std::to_string(count) + " wires needs " +
                                         std::to_string((count + 63) / 64) + " words, got " +
                                         std::to_string(bitmap.size()));
  if (count % 64 != 0 && (bitmap.back() >> (count % 64)) != 0)
    throw Error(Errc::invalid_argument, std::string("density ") + name + " marks wires past the last of " +
                                            std::to_string(count));
}

inline void expect_count(std::size_t got, std::size_t want, const char* section, const std::string& why) {
  if (got != want)
    throw Error(Errc::size_mismatch, std::string("SRS section ") + section + " holds " + std::to_string(got) +
                                         " points; the densities want " + std::to_string(want) + " (" + why + ")");
}

// Points of the present wires in order, the identity for the absent ones: `inputs` wires under
// `in_density` (all present when null), then the aux wires under `aux_density`.
template <class P>
std::vector<P> expand(const std::vector<P>& dense, const groth16::QueryDensity& d,
                      const std::vector<std::uint64_t>* in_density, const std::vector<std::uint64_t>& aux_density) {
  std::vector<P> out(d.num_inputs + d.num_aux, P::identity());
  std::size_t next = 0;
  for (std::size_t i = 0; i < d.num_inputs; ++i)
    if (in_density == nullptr || bit(*in_density, i)) out[i] = dense[next++];
  for (std::size_t i = 0; i < d.num_aux; ++i)
    if (bit(aux_density, i)) out[d.num_inputs + i] = dense[next++];
  return out;
}

// The inverse of expand: the points of the present wires; an absent wire's point must be the identity.
template <class P>
std::vector<P> compress(const std::vector<P>& full, const groth16::QueryDensity& d,
                        const std::vector<std::uint64_t>* in_density, const std::vector<std::uint64_t>& aux_density,
                        const char* query) {
  std::vector<P> out;
  for (std::size_t w = 0; w < full.size(); ++w) {
    const bool present = w < d.num_inputs ? in_density == nullptr || bit(*in_density, w)
                                          : bit(aux_density, w - d.num_inputs);
    if (present) {
      out.push_back(full[w]);
    } else if (!full[w].infinity) {
      throw Error(Errc::invalid_argument, std::string("the key's ") + query + " point of wire " + std::to_string(w) +
                                              " is not the identity, but the densities leave the wire out");
    }
  }
  return out;
}

// The parts a parameter file and a key hold alike: the fixed points, IC, L and H.
template <class From, class To>
void copy_common(const From& from, To& to) {
  to.alpha_1 = from.alpha_1;
  to.beta_1 = from.beta_1;
  to.delta_1 = from.delta_1;
  to.beta_2 = from.beta_2;
  to.gamma_2 = from.gamma_2;
  to.delta_2 = from.delta_2;
  to.ic = from.ic;
  to.l = from.l;
  to.h = from.h;
}

inline void check_densities(const groth16::QueryDensity& d) {
  if (d.num_inputs == 0) throw Error(Errc::invalid_argument, "densities without input wires (wire 0 is the constant 1)");
  check_bitmap(d.a_aux, d.num_aux, "a_aux");
  check_bitmap(d.b_input, d.num_inputs, "b_input");
  check_bitmap(d.b_aux, d.num_aux, "b_aux");
}

}  // namespace srs_key_detail

// The proving key of parameters `srs` for a circuit of densities `d`; every section's length is
// checked against the densities (Error size_mismatch naming the section).
inline groth16::ProvingKey<bls12_381::Engine> proving_key_from_srs(const Srs& srs, const groth16::QueryDensity& d) {
  using namespace srs_key_detail;
  check_densities(d);
  const std::size_t b_points = ones(d.b_input) + ones(d.b_aux);
  expect_count(srs.ic.size(), d.num_inputs, "ic", "one per input wire");
  expect_count(srs.l.size(), d.num_aux, "l", "one per aux wire");
  expect_count(srs.a.size(), d.num_inputs + ones(d.a_aux), "a", "every input wire and the aux wires of a_aux");
  expect_count(srs.b_1.size(), b_points, "b_g1", "the wires of b_input and b_aux");
  expect_count(srs.b_2.size(), b_points, "b_g2", "the wires of b_input and b_aux");
  const std::size_t n = srs.h.size() + 1;
  if (srs.h.empty() || (n & (n - 1)) != 0)
    throw Error(Errc::size_mismatch, "SRS section h holds " + std::to_string(srs.h.size()) +
                                         " points; a domain of 2^k points needs 2^k - 1");
  groth16::ProvingKey<bls12_381::Engine> key;
  key.num_vars = d.num_inputs + d.num_aux;
  key.num_public = d.num_inputs - 1;
  while ((std::size_t{1} << key.log_domain) < n) ++key.log_domain;
  key.h_convention = groth16::HConvention::monomial;
  key.roots = RootConvention::zkcrypto;
  copy_common(srs, key);
  key.a = expand(srs.a, d, nullptr, d.a_aux);
  key.b_1 = expand(srs.b_1, d, &d.b_input, d.b_aux);
  key.b_2 = expand(srs.b_2, d, &d.b_input, d.b_aux);
  return key;
}

// The parameters of `key` for densities `d`: the inverse of proving_key_from_srs. The key must be
// monomial over zkcrypto's roots and have the identity wherever the densities leave a wire out.
inline Srs srs_from_proving_key(const groth16::ProvingKey<bls12_381::Engine>& key, const groth16::QueryDensity& d) {
  using namespace srs_key_detail;
  check_densities(d);
  if (key.h_convention != groth16::HConvention::monomial || key.roots != RootConvention::zkcrypto)
    throw Error(Errc::invalid_argument, "a parameter file holds monomial H over zkcrypto's roots only");
  if (key.num_vars != d.num_inputs + d.num_aux || key.num_public + 1 != d.num_inputs)
    throw Error(Errc::size_mismatch, "the key has " + std::to_string(key.num_vars) + " wires and " +
                                         std::to_string(key.num_public + 1) + " inputs; the densities " +
                                         std::to_string(d.num_inputs + d.num_aux) + " and " +
                                         std::to_string(d.num_inputs));
  Srs s;
  copy_common(key, s);
  s.a = compress(key.a, d, nullptr, d.a_aux, "A");
  s.b_1 = compress(key.b_1, d, &d.b_input, d.b_aux, "B1");
  s.b_2 = compress(key.b_2, d, &d.b_input, d.b_aux, "B2");
  return s;
}

}  // namespace zkforge::supra
