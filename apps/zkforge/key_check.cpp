// SPDX-License-Identifier: Apache-2.0
// `zkforge key check circuit.zkey`: every check a snarkjs proving key can be given, timed.
#include "key_check.hpp"

#include <fmt/core.h>

#include <chrono>

#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/io/zkey.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

namespace zkforge::cli {
namespace {

template <class E>
void check(const io::BinFile& f, const char* curve) {
  const auto t0 = std::chrono::steady_clock::now();
  const groth16::ProvingKey<E> key = snarkjs::read_zkey<E>(f, snarkjs::SubgroupCheck::verify);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  const std::size_t points = 6 + key.ic.size() + key.a.size() + key.b_1.size() + key.b_2.size() + key.l.size() +
                             key.h.size();
  fmt::print("{}: a valid {} Groth16 key (domain 2^{}, {} wires, {} public)\n", f.path(), curve, key.log_domain,
             key.num_vars, key.num_public);
  fmt::print("  {} points on their curves and in their prime-order subgroups, none at infinity where a key has none\n",
             points);
  fmt::print("  {} matrix entries with signal < {}, constraint < {} and coefficient < r\n",
             key.a_matrix.size() + key.b_matrix.size(), key.num_vars, key.domain_size());
  fmt::print("  checked in {:.1f} ms on {} threads\n", ms, cpu_pool(0).size());
}

}  // namespace

int run_key_check(const std::string& zkey) {
  const io::BinFile f(zkey, "zkey", 1);
  if (snarkjs::zkey_curve(f) == snarkjs::ZkeyCurve::bn128) check<bn254::Engine>(f, "bn128");
  else check<bls12_381::Engine>(f, "bls12381");
  return 0;
}

}  // namespace zkforge::cli
