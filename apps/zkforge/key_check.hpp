// SPDX-License-Identifier: Apache-2.0
// `zkforge key check circuit.zkey|circuit.zkf`: every check a proving key can be given, timed.
#pragma once

#include <string>

namespace zkforge::cli {

// Reads the key (a snarkjs zkey or a compiled key) with every check of its reader (io/zkey.hpp: sizes,
// curves, the point at infinity where a key never has it, every matrix entry's signal, constraint and
// coefficient; io/compiled_key.hpp: the header, the section table and every checksum, then the same
// checks of every point and entry) and every point's subgroup, in parallel on the CPU pool; prints what
// was checked and the time. Returns 0 for a valid key; a key that fails a check throws zkforge::Error
// naming the section, the point and the byte offset.
int run_key_check(const std::string& path);

}  // namespace zkforge::cli
