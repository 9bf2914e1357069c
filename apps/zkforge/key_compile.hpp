// SPDX-License-Identifier: Apache-2.0
// `zkforge key compile circuit.zkey circuit.zkf`: a proving key checked once and written in the layout
// the prover reads (io/compiled_key.hpp), for loading by a memory map.
#pragma once

#include <string>

namespace zkforge::cli {

// Reads the key (either form) with every check of `zkforge key check`, subgroups included, and writes it
// as a compiled key, whole or not at all; prints what was written and, with `timings`, the time of the
// read and of the write. Returns 0; throws zkforge::Error naming the file and the fault.
int run_key_compile(const std::string& input, const std::string& output, bool timings);

}  // namespace zkforge::cli
