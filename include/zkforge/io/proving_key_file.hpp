// SPDX-License-Identifier: Apache-2.0
// One loader for a Groth16 proving key in either form: a snarkjs .zkey or a compiled key
// (io/compiled_key.hpp), told apart by their magic bytes, from a file or from bytes in memory.
//
// ProvingKeyFile opens the key and reads only its header: its form, curve and counts (so that a
// witness can be checked against the key's wires before either is read). load<E>() then gives a
// LoadedKey<E>: the memory that holds the key — a zkey read into a key image (io/zkey.hpp), a compiled
// key mapped from its file (or copied from memory), or a ProvingKey's vectors — and the
// ProvingKeyView<E> over it that the prover takes. Every error is zkforge::Error naming the file.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include "zkforge/curve/curve_id.hpp"
#include "zkforge/groth16/proving_key.hpp"
#include "zkforge/io/binfile.hpp"
#include "zkforge/io/compiled_key.hpp"
#include "zkforge/io/input_file.hpp"
#include "zkforge/io/key_image.hpp"
#include "zkforge/io/zkey.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

namespace zkforge::io {

enum class KeyFormat { zkey, compiled };

inline const char* key_format_name(KeyFormat f) { return f == KeyFormat::zkey ? "snarkjs zkey" : "compiled key"; }

// How a key is loaded. subgroups: for a zkey, every point also checked for its subgroup as it is read;
// for a compiled key, every point and entry checked again (check_key_image), subgroups included.
// checksum: whether a compiled key's sections are checked against their checksums (one parallel pass
// over the key; skipping it trusts the file as it was compiled).
struct KeyLoadOptions {
  snarkjs::SubgroupCheck subgroups = snarkjs::SubgroupCheck::skip;
  ChecksumCheck checksum = ChecksumCheck::verify;
};

// A proving key of engine E and the memory its view reads; movable (the view's memory does not move).
template <class E>
class LoadedKey {
 public:
  explicit LoadedKey(KeyImage image) : storage_(std::move(image)) {
    view_ = std::get<KeyImage>(storage_).template view<E>();
  }
  explicit LoadedKey(groth16::ProvingKey<E> key) : storage_(std::move(key)) {
    view_ = groth16::ProvingKeyView<E>(std::get<groth16::ProvingKey<E>>(storage_));
  }

  const groth16::ProvingKeyView<E>& view() const { return view_; }
  static constexpr CurveId curve() { return kEngineCurve<E>; }
  // The image, for a key held as one (to write it as a compiled key); null for a ProvingKey.
  KeyImage* image() { return std::get_if<KeyImage>(&storage_); }

 private:
  std::variant<KeyImage, groth16::ProvingKey<E>> storage_;
  groth16::ProvingKeyView<E> view_;
};

// A key file (or bytes in memory) opened, its form told by its magic and its header read and checked.
class ProvingKeyFile {
 public:
  explicit ProvingKeyFile(const std::string& path) : name_(path) {
    const InputFile file(path);
    std::uint8_t magic[8] = {};
    file.read(0, magic, std::min<std::uint64_t>(8, file.size()), "the magic bytes");
    expect_either_magic(magic, file.size());
    if (has_compiled_key_magic(magic, file.size())) {
      std::uint8_t page[kHeaderBytes] = {};
      file.read(0, page, std::min<std::uint64_t>(kHeaderBytes, file.size()), "the header");
      layout_ = read_header(page, file.size(), path);
    } else {
      zkey_.emplace(path, "zkey", 1);
      read_zkey_counts();
    }
  }
  // `size` bytes at `data`, named `name` in messages, which must outlive this object (not the loaded
  // key: a compiled key is copied when loaded, a zkey decoded).
  ProvingKeyFile(std::string name, const std::uint8_t* data, std::uint64_t size)
      : name_(std::move(name)), data_(data), size_(size) {
    expect_either_magic(data, size);
    if (has_compiled_key_magic(data, size)) {
      std::uint8_t page[kHeaderBytes] = {};
      std::memcpy(page, data, std::min<std::uint64_t>(kHeaderBytes, size));
      layout_ = read_header(page, size, name_);
    } else {
      zkey_.emplace(name_, data, size, "zkey", 1);
      read_zkey_counts();
    }
  }

  const std::string& name() const { return name_; }
  KeyFormat format() const { return zkey_ ? KeyFormat::zkey : KeyFormat::compiled; }
  CurveId curve() const { return layout_.curve; }
  std::size_t num_vars() const { return layout_.num_vars; }
  std::size_t num_public() const { return layout_.num_public; }
  std::size_t log_domain() const { return layout_.log_domain; }
  groth16::HConvention h_convention() const { return layout_.h_convention; }
  RootConvention roots() const { return layout_.roots; }
  // The opened zkey, for a key of that form.
  const BinFile* zkey() const { return zkey_ ? &*zkey_ : nullptr; }

  // The whole key, read as `options` say; a key of another curve than E's is Error(malformed_file)
  // naming the offset of the field that says so.
  template <class E>
  LoadedKey<E> load(const KeyLoadOptions& options = {}) const {
    if (zkey_) return LoadedKey<E>(snarkjs::read_zkey_image<E>(*zkey_, options.subgroups));
    const CurveId expected = kEngineCurve<E>;
    KeyImage image = data_ != nullptr ? copy_compiled_key(name_, data_, size_, options.checksum, &expected)
                                      : map_compiled_key(name_, options.checksum, &expected);
    if (options.subgroups == snarkjs::SubgroupCheck::verify) check_key_image<E>(image, options.subgroups, name_);
    return LoadedKey<E>(std::move(image));
  }

 private:
  // Error(malformed_file) unless the bytes start with either form's magic.
  void expect_either_magic(const std::uint8_t* p, std::uint64_t size) const {
    if (has_compiled_key_magic(p, size) || (size >= 4 && std::memcmp(p, "zkey", 4) == 0)) return;
    throw Error(Errc::malformed_file, name_ + " at byte 0: expected the magic \"zkey\" of a snarkjs key or "
                                              "\"zkf-key\\n\" of a compiled key, found \"" +
                                              compiled_detail::printable(p, std::min<std::uint64_t>(8, size)) + "\"");
  }

  // The curve and counts of the opened zkey, into layout_ (which a zkey uses for nothing else).
  void read_zkey_counts() {
    const bool bn = snarkjs::zkey_curve(*zkey_) == snarkjs::ZkeyCurve::bn128;
    const snarkjs::ZkeyHeader h = bn ? snarkjs::read_zkey_header<bn254::Engine>(*zkey_)
                                     : snarkjs::read_zkey_header<bls12_381::Engine>(*zkey_);
    layout_.curve = bn ? CurveId::bn254 : CurveId::bls12_381;
    layout_.num_vars = h.num_vars;
    layout_.num_public = h.num_public;
    layout_.log_domain = h.log_domain;
  }

  std::string name_;
  const std::uint8_t* data_ = nullptr;
  std::uint64_t size_ = 0;
  std::optional<BinFile> zkey_;
  KeyLayout layout_;  // a compiled key's header; a zkey's curve and counts
};

// A key of either curve.
using AnyLoadedKey = std::variant<LoadedKey<bn254::Engine>, LoadedKey<bls12_381::Engine>>;

// The key of the file (either form, either curve), loaded as `options` say.
inline AnyLoadedKey load_proving_key(const ProvingKeyFile& file, const KeyLoadOptions& options = {}) {
  if (file.curve() == CurveId::bn254) return file.load<bn254::Engine>(options);
  return file.load<bls12_381::Engine>(options);
}
inline AnyLoadedKey load_proving_key(const std::string& path, const KeyLoadOptions& options = {}) {
  return load_proving_key(ProvingKeyFile(path), options);
}

}  // namespace zkforge::io
