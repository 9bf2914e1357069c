// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the loader of either key form (io/proving_key_file.hpp) on arbitrary bytes — a compiled
// key's header, section table and (its checksums skipped, so that the fuzzer reaches them) every
// point and entry through the contents' check; a zkey through the image reader. Any zkforge::Error is
// a correct refusal; a crash, a sanitizer report, a hang or any other exception is a bug.
#include <cstddef>
#include <cstdint>

#include "zkforge/io/proving_key_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const zkforge::io::ProvingKeyFile f("fuzz.key", data, size);
    zkforge::io::load_proving_key(f, {zkforge::snarkjs::SubgroupCheck::verify, zkforge::io::ChecksumCheck::skip});
  } catch (const zkforge::Error&) {
  }
  return 0;
}
