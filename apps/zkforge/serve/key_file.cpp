// SPDX-License-Identifier: Apache-2.0
// read_key_file: a key of either form (snarkjs zkey or compiled key) through the library's one loader
// (io/proving_key_file.hpp), the curve taken from its header.
#include "key_file.hpp"

#include "zkforge/io/proving_key_file.hpp"

namespace zkforge::serve {
namespace {

template <class E>
LoadedKey<E> load_of(const io::ProvingKeyFile& file, bool check_subgroups) {
  auto key = std::make_shared<const io::LoadedKey<E>>(
      file.load<E>({check_subgroups ? snarkjs::SubgroupCheck::verify : snarkjs::SubgroupCheck::skip}));
  const groth16::ProvingKeyView<E> view = key->view();
  return LoadedKey<E>{std::move(key), view};
}

}  // namespace

AnyLoadedKey read_key_file(const std::string& path, bool check_subgroups) {
  const io::ProvingKeyFile file(path);
  if (file.curve() == CurveId::bn254) return load_of<bn254::Engine>(file, check_subgroups);
  return load_of<bls12_381::Engine>(file, check_subgroups);
}

}  // namespace zkforge::serve
