// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the bellperson / supra_seal parameter reader on arbitrary bytes. Any zkforge::Error
// is a correct refusal; anything else is a bug.
#include <cstddef>
#include <cstdint>

#include "zkforge/io/supra_srs.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    (void)zkforge::supra::read_srs(data, size, "fuzz.params");
  } catch (const zkforge::Error&) {
  }
  return 0;
}
