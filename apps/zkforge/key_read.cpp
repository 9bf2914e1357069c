// SPDX-License-Identifier: Apache-2.0
// `zkforge key read circuit.zkey|circuit.zkf`: a key loaded as `zkforge prove` loads it, timed.
#include "key_read.hpp"

#include <fmt/core.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>

#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/io/input_file.hpp"
#include "zkforge/io/proving_key_file.hpp"

namespace zkforge::cli {
namespace {

// The process's CPU time so far (user and system, every thread), in milliseconds.
double cpu_ms() {
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  return 1e3 * static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-3 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

}  // namespace

int run_key_read(const KeyReadOptions& o) {
  const io::KeyLoadOptions options{o.check_key ? snarkjs::SubgroupCheck::verify : snarkjs::SubgroupCheck::skip,
                                   o.skip_checksum ? io::ChecksumCheck::skip : io::ChecksumCheck::verify};
  const double gb = static_cast<double>(io::InputFile(o.path).size()) / 1e9;
  double best = 0;
  for (int run = 0; run < o.repeat; ++run) {
    const double cpu0 = cpu_ms();
    const auto t0 = std::chrono::steady_clock::now();
    const io::ProvingKeyFile f(o.path);
    const io::AnyLoadedKey key = io::load_proving_key(f, options);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = cpu_ms() - cpu0;
    best = run == 0 ? ms : std::min(best, ms);
    if (run == 0)
      fmt::print("{}: a {} {}, {:.1f} MB, loaded as zkforge prove loads it{}, on {} threads\n", o.path,
                 io::curve_name(f.curve()), io::key_format_name(f.format()), gb * 1e3,
                 o.check_key ? " (subgroups checked)"
                 : f.format() == io::KeyFormat::compiled && o.skip_checksum ? " (checksums skipped)"
                                                                             : "",
                 cpu_pool(0).size());
    fmt::print("  read {}: {:.1f} ms, {:.2f} GB/s ({:.1f} ms of CPU time)\n", run + 1, ms, gb / (ms / 1e3), cpu);
  }
  fmt::print("  best: {:.1f} ms, {:.2f} GB/s\n", best, gb / (best / 1e3));
  return 0;
}

}  // namespace zkforge::cli
