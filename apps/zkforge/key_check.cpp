// SPDX-License-Identifier: Apache-2.0
// `zkforge key check circuit.zkey|circuit.zkf`: every check a proving key can be given, timed.
#include "key_check.hpp"

#include <fmt/core.h>

#include <chrono>

#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/io/proving_key_file.hpp"

namespace zkforge::cli {
namespace {

template <class E>
void check(const io::ProvingKeyFile& f) {
  const auto t0 = std::chrono::steady_clock::now();
  const io::LoadedKey<E> loaded = f.load<E>({snarkjs::SubgroupCheck::verify, io::ChecksumCheck::verify});
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  const groth16::ProvingKeyView<E>& key = loaded.view();
  const std::size_t points = 6 + key.ic.size + key.a.size + key.b_1.size + key.b_2.size + key.l.size + key.h.size;
  fmt::print("{}: a valid {} Groth16 key, {} (domain 2^{}, {} wires, {} public)\n", f.name(),
             io::curve_name(f.curve()), io::key_format_name(f.format()), key.log_domain, key.num_vars, key.num_public);
  if (f.format() == io::KeyFormat::compiled) fmt::print("  the header and every section match their checksums\n");
  fmt::print("  {} points on their curves and in their prime-order subgroups, none at infinity where a key has none\n",
             points);
  fmt::print("  {} matrix entries with signal < {}, constraint < {} and coefficient < r\n",
             key.a_matrix.size + key.b_matrix.size, key.num_vars, key.domain_size());
  fmt::print("  checked in {:.1f} ms on {} threads\n", ms, cpu_pool(0).size());
}

}  // namespace

int run_key_check(const std::string& path) {
  const io::ProvingKeyFile f(path);
  if (f.curve() == CurveId::bn254) check<bn254::Engine>(f);
  else check<bls12_381::Engine>(f);
  return 0;
}

}  // namespace zkforge::cli
