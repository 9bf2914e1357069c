// SPDX-License-Identifier: Apache-2.0
// The shape of the fuzz targets of `zkforge verify`'s JSON readers: the bytes parsed as the program
// parses a file (snarkjs::parse_json), then one reader on the value for each engine. A
// zkforge::Error is a correct refusal; a crash, a sanitizer report, a hang or any other exception is a bug.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "zkforge/io/snarkjs_json.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

namespace zkforge::fuzz {

// read(engine, json) for bn254::Engine{} and bls12_381::Engine{}.
template <class Read>
int json_target(const std::uint8_t* data, std::size_t size, Read read) {
  nlohmann::json json;
  try {
    json = snarkjs::parse_json(std::string(reinterpret_cast<const char*>(data), size), "fuzz.json");
  } catch (const Error&) {
    return 0;
  }
  try {
    read(bn254::Engine{}, json);
  } catch (const Error&) {
  }
  try {
    read(bls12_381::Engine{}, json);
  } catch (const Error&) {
  }
  return 0;
}

}  // namespace zkforge::fuzz
