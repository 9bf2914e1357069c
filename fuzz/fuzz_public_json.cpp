// SPDX-License-Identifier: Apache-2.0
// Fuzz target: public.json as `zkforge verify` reads it (an array of values below r, either curve).
#include "json_target.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return zkforge::fuzz::json_target(data, size, [](auto engine, const nlohmann::json& json) {
    zkforge::snarkjs::parse_public_inputs<decltype(engine)>(json, "fuzz.json");
  });
}
