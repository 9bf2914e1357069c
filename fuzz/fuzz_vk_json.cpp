// SPDX-License-Identifier: Apache-2.0
// Fuzz target: verification_key.json as `zkforge verify` reads it: the curve, every point, and the
// key's preparation (its points' subgroup checks and the pairing of alpha and beta).
#include "json_target.hpp"
#include "zkforge/groth16/verifier.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return zkforge::fuzz::json_target(data, size, [](auto engine, const nlohmann::json& json) {
    using E = decltype(engine);
    zkforge::snarkjs::verification_key_curve(json, "fuzz.json");
    const zkforge::groth16::PreparedVerifyingKey<E> key(zkforge::snarkjs::parse_verification_key<E>(json, "fuzz.json"));
  });
}
