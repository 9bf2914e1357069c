// SPDX-License-Identifier: Apache-2.0
// read_key_file: a snarkjs zkey read with the library's reader, the curve taken from its header.
#include "key_file.hpp"

#include "zkforge/io/zkey.hpp"

namespace zkforge::serve {
namespace {

template <class E>
LoadedKey<E> read_zkey_of(const io::BinFile& zkey, bool check_subgroups) {
  auto key = std::make_shared<const groth16::ProvingKey<E>>(
      snarkjs::read_zkey<E>(zkey, check_subgroups ? snarkjs::SubgroupCheck::verify : snarkjs::SubgroupCheck::skip));
  const groth16::ProvingKeyView<E> view = *key;
  return LoadedKey<E>{std::move(key), view};
}

}  // namespace

AnyLoadedKey read_key_file(const std::string& path, bool check_subgroups) {
  const io::BinFile zkey(path, "zkey", 1);
  if (snarkjs::zkey_curve(zkey) == snarkjs::ZkeyCurve::bn128) return read_zkey_of<bn254::Engine>(zkey, check_subgroups);
  return read_zkey_of<bls12_381::Engine>(zkey, check_subgroups);
}

}  // namespace zkforge::serve
