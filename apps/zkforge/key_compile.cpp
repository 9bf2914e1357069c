// SPDX-License-Identifier: Apache-2.0
// `zkforge key compile circuit.zkey circuit.zkf`: a proving key checked once and written in the layout
// the prover reads.
#include "key_compile.hpp"

#include <fmt/core.h>

#include <chrono>

#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/io/output_files.hpp"
#include "zkforge/io/proving_key_file.hpp"

namespace zkforge::cli {
namespace {

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

template <class E>
void compile(const io::ProvingKeyFile& f, const std::string& output, bool timings) {
  auto t0 = std::chrono::steady_clock::now();
  io::LoadedKey<E> loaded = f.load<E>({snarkjs::SubgroupCheck::verify, io::ChecksumCheck::verify});
  const double read_ms = ms_since(t0);
  t0 = std::chrono::steady_clock::now();
  io::KeyImage& image = *loaded.image();
  io::write_compiled_key(image, output);
  const double write_ms = ms_since(t0);
  const groth16::ProvingKeyView<E>& key = loaded.view();
  const double mb = static_cast<double>(image.layout().size) / 1e6;
  fmt::print("{}: a compiled {} key of {} (domain 2^{}, {} wires, {} public), {} bytes, checked as zkforge key "
             "check does\n",
             output, io::curve_name(f.curve()), f.name(), key.log_domain, key.num_vars, key.num_public,
             image.layout().size);
  if (timings)
    fmt::print("  read and checked (subgroups included) in {:.1f} ms, written in {:.1f} ms ({:.2f} GB/s), on {} "
               "threads\n",
               read_ms, write_ms, mb / write_ms, cpu_pool(0).size());
}

}  // namespace

int run_key_compile(const std::string& input, const std::string& output, bool timings) {
  io::refuse_overlap({output}, {input});
  const io::ProvingKeyFile f(input);
  if (f.curve() == CurveId::bn254) compile<bn254::Engine>(f, output, timings);
  else compile<bls12_381::Engine>(f, output, timings);
  return 0;
}

}  // namespace zkforge::cli
