// SPDX-License-Identifier: Apache-2.0
// The C prover handle (zkforge_prover) and proof (zkforge_proof) behind zkforge/c/groth16.h, shared by
// zkforge's own calls (groth16_api.cpp) and rapidsnark's (rapidsnark_api.cpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <variant>

#include "provers.hpp"
#include "zkforge/c/groth16.h"
#include "zkforge/io/binfile.hpp"
#include "zkforge/io/proving_key_file.hpp"
#include "zkforge/io/snarkjs_json.hpp"

struct zkforge_proof {
  std::string proof_json, public_json;  // snarkjs' proof.json and public.json
};

namespace zkforge::capi {

// snarkjs' name of engine E's curve in JSON.
template <class E>
constexpr snarkjs::JsonCurve kJsonCurve = std::is_same_v<E, bn254::Engine> ? snarkjs::JsonCurve::bn128
                                                                           : snarkjs::JsonCurve::bls12381;

// A proving key of engine E (a snarkjs zkey or a compiled key), read once, and its prover.
template <class E>
struct KeyProver {
  using Engine = E;
  SharedKey<E> key;
  std::unique_ptr<ProverImpl<E>> impl;
};

}  // namespace zkforge::capi

struct zkforge_prover {
  std::variant<zkforge::capi::KeyProver<zkforge::bn254::Engine>, zkforge::capi::KeyProver<zkforge::bls12_381::Engine>>
      engine;
};

namespace zkforge::capi {

// The options given, or the defaults for NULL, with their device checked (before a key is read).
zkforge_prover_options checked_options(const zkforge_prover_options* options);

// A prover of the opened key (either form, either curve).
std::unique_ptr<zkforge_prover> make_key_prover(const io::ProvingKeyFile& key, const zkforge_prover_options& options);

// A proof of the opened .wtns; size_mismatch when its length is not the key's wires.
std::unique_ptr<zkforge_proof> prove_wtns(const zkforge_prover& prover, const io::BinFile& wtns);

}  // namespace zkforge::capi
