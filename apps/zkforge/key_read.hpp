// SPDX-License-Identifier: Apache-2.0
// `zkforge key read circuit.zkey|circuit.zkf`: a key loaded as `zkforge prove` loads it, timed, to
// measure the read on a machine.
#pragma once

#include <string>

namespace zkforge::cli {

struct KeyReadOptions {
  std::string path;
  int repeat = 3;
  bool check_key = false;      // every point's subgroup too, as prove --check-key
  bool skip_checksum = false;  // a compiled key's sections not checked against their checksums
};

// Loads the key `repeat` times (either form, with prove's checks) and prints each load's time, rate
// (the file's bytes per second) and CPU time (all threads: what a busy machine does not hide), and the
// best. Returns 0; throws zkforge::Error for a bad key.
int run_key_read(const KeyReadOptions& options);

}  // namespace zkforge::cli
