// SPDX-License-Identifier: Apache-2.0
// The one place `zkforge serve` reads a proving key from its path: a key of either curve, and the
// memory its view lies in.
#pragma once

#include <memory>
#include <string>
#include <variant>

#include "zkforge/groth16/proving_key.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

namespace zkforge::serve {

// A key of engine E as the prover reads it: `view` lies in memory that `storage` keeps alive.
template <class E>
struct LoadedKey {
  std::shared_ptr<const void> storage;
  groth16::ProvingKeyView<E> view;
};

using AnyLoadedKey = std::variant<LoadedKey<bn254::Engine>, LoadedKey<bls12_381::Engine>>;

// Reads the key at `path` (a snarkjs zkey or a compiled key, either curve; with `check_subgroups`, every point's
// subgroup too, as `zkforge key check`); throws zkforge::Error naming the file and the cause.
AnyLoadedKey read_key_file(const std::string& path, bool check_subgroups);

}  // namespace zkforge::serve
