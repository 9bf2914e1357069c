// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the .zkey reader on arbitrary bytes. Any zkforge::Error is a correct refusal; a
// crash, a sanitizer report, a hang or any other exception (bad_alloc from a size field) is a bug.
#include <cstddef>
#include <cstdint>

#include "zkforge/io/zkey.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const zkforge::io::BinFile f("fuzz.zkey", data, size, "zkey", 1);
    if (zkforge::snarkjs::zkey_curve(f) == zkforge::snarkjs::ZkeyCurve::bn128)
      zkforge::snarkjs::read_zkey<zkforge::bn254::Engine>(f);
    else
      zkforge::snarkjs::read_zkey<zkforge::bls12_381::Engine>(f);
  } catch (const zkforge::Error&) {
  }
  return 0;
}
