// SPDX-License-Identifier: Apache-2.0
// `zkforge key check circuit.zkey`: every check a snarkjs proving key can be given, timed.
#pragma once

#include <string>

namespace zkforge::cli {

// Reads the key with every check of its reader (io/zkey.hpp: sizes, curves, the point at infinity where
// a key never has it, every matrix entry's signal, constraint and coefficient) and every point's
// subgroup, in parallel on the CPU pool; prints what was checked and the time. Returns 0 for a valid
// key; a key that fails a check throws zkforge::Error naming the section, the point and the byte offset.
int run_key_check(const std::string& zkey);

}  // namespace zkforge::cli
