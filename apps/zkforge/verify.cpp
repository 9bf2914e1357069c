// SPDX-License-Identifier: Apache-2.0
// `zkforge verify verification_key.json public.json proof.json`: Groth16 verification of snarkjs files.
#include "verify.hpp"

#include <fmt/core.h>

#include "zkforge/error.hpp"
#include "zkforge/groth16/verifier.hpp"
#include "zkforge/io/snarkjs_json.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

namespace zkforge::cli {
namespace {

template <class E>
bool verify_files(const nlohmann::json& vk_json, const std::string& vk, const std::string& pub, const std::string& proof) {
  const groth16::VerifyingKey<E> key = snarkjs::parse_verification_key<E>(vk_json, vk);
  const auto inputs = snarkjs::parse_public_inputs<E>(snarkjs::read_json_file(pub), pub);
  if (inputs.size() + 1 != key.ic.size())
    throw Error(Errc::size_mismatch, pub + ": " + std::to_string(inputs.size()) + " public inputs, but " + vk +
                                         " has IC for " + std::to_string(key.ic.size() - 1));
  const groth16::Proof<E> p = snarkjs::parse_proof<E>(snarkjs::read_json_file(proof), proof);
  return groth16::verify(key, inputs, p);
}

}  // namespace

VerifyResult verify_snarkjs_files(const std::string& vk, const std::string& pub, const std::string& proof) {
  const nlohmann::json vk_json = snarkjs::read_json_file(vk);
  const snarkjs::JsonCurve curve = snarkjs::verification_key_curve(vk_json, vk);
  if (curve == snarkjs::JsonCurve::bn128) return {verify_files<bn254::Engine>(vk_json, vk, pub, proof), "bn128"};
  return {verify_files<bls12_381::Engine>(vk_json, vk, pub, proof), "bls12381"};
}

int run_verify(const std::string& vk, const std::string& pub, const std::string& proof) {
  const auto [ok, name] = verify_snarkjs_files(vk, pub, proof);
  if (ok) {
    fmt::print("OK: the Groth16 proof is valid ({})\n", name);
    return 0;
  }
  fmt::print("INVALID: the Groth16 proof does not verify ({})\n", name);
  return 1;
}

}  // namespace zkforge::cli
