// SPDX-License-Identifier: Apache-2.0
// `zkforge verify verification_key.json public.json proof.json`: Groth16 verification of snarkjs files.
#pragma once

#include <string>

namespace zkforge::cli {

struct VerifyResult {
  bool valid;
  const char* curve;  // "bn128" or "bls12381", from the verification key
};

// Verifies snarkjs' JSON files; throws zkforge::Error for unreadable or malformed input.
VerifyResult verify_snarkjs_files(const std::string& vk, const std::string& pub, const std::string& proof);

// Exit codes as snarkjs' `groth16 verify`: 0 the proof is valid ("OK" on stdout), 1 it is not;
// bad input (unreadable or malformed file, value out of range, point off the curve or outside the
// subgroup, wrong number of public inputs) throws zkforge::Error, which main turns into exit 3.
int run_verify(const std::string& vk, const std::string& pub, const std::string& proof);

}  // namespace zkforge::cli
