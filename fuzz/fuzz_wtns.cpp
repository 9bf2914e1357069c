// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the .wtns reader on arbitrary bytes, for both scalar fields (their r differ, their
// width does not). Any zkforge::Error is a correct refusal; anything else is a bug.
#include <cstddef>
#include <cstdint>

#include "zkforge/field/bls12_381.hpp"
#include "zkforge/field/bn254.hpp"
#include "zkforge/io/wtns.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  for (int field = 0; field < 2; ++field) {
    try {
      const zkforge::io::BinFile f("fuzz.wtns", data, size, "wtns", 2);
      if (field == 0)
        zkforge::snarkjs::read_wtns<zkforge::bn254::Fr>(f);
      else
        zkforge::snarkjs::read_wtns<zkforge::bls12_381::Fr>(f);
    } catch (const zkforge::Error&) {
    }
  }
  return 0;
}
