// SPDX-License-Identifier: Apache-2.0
// Compiled keys (io/compiled_key.hpp) and the one loader of either form (io/proving_key_file.hpp): a key
// compiled from each bundled zkey, and from keys made in memory, loads back (mapped, or copied from
// memory) with every field equal to the zkey's reading; its proofs equal the zkey's under the same
// blinding and verify; every damaged or foreign file is refused naming the file and the offset; the
// checksum is XXH64's reference.
#include <catch2/catch.hpp>

#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "support/errors.hpp"
#include "support/files.hpp"
#include "support/insecure_batch.hpp"
#include "zkforge/groth16/insecure_test_setup.hpp"
#include "zkforge/groth16/prover.hpp"
#include "zkforge/groth16/verifier.hpp"
#include "zkforge/io/compiled_key.hpp"
#include "zkforge/io/proving_key_file.hpp"
#include "zkforge/io/wtns.hpp"
#include "zkforge/io/zkey.hpp"
#include "zkforge/io/xxhash64.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

using namespace zkforge;
using test::mentions;

namespace {

template <class E>
std::string curve_folder() {
  return E::kFamily == PairingFamily::bn ? "bn128" : "bls12381";
}

// The bundled zkeys of engine E: snarkjs' own (groth16/) and the CLI's (chain1018/).
template <class E>
std::vector<std::string> bundled_keys() {
  const std::string data = std::string(ZKFORGE_TESTS_DIR) + "/data/";
  return {data + "groth16/" + curve_folder<E>() + "/chain.zkey", data + "chain1018/" + curve_folder<E>() + "/chain.zkey"};
}

template <class C>
bool same(const Affine<C>& p, const Affine<C>& q) {
  return p.infinity == q.infinity && (p.infinity || (p.x == q.x && p.y == q.y));
}

template <class C>
bool same(HostSpan<const Affine<C>> a, HostSpan<const Affine<C>> b) {
  if (a.size != b.size) return false;
  for (std::size_t i = 0; i < a.size; ++i)
    if (!same(a[i], b[i])) return false;
  return true;
}

template <class Fr>
bool same(HostSpan<const groth16::MatrixEntry<Fr>> a, const std::vector<groth16::MatrixEntry<Fr>>& b) {
  if (a.size != b.size()) return false;
  for (std::size_t i = 0; i < a.size; ++i)
    if (a[i].constraint != b[i].constraint || a[i].signal != b[i].signal || a[i].value != b[i].value) return false;
  return true;
}

// A matrix in the compiled key's order: by constraint, then signal, equal pairs as they came.
template <class Fr>
std::vector<groth16::MatrixEntry<Fr>> by_row(std::vector<groth16::MatrixEntry<Fr>> m) {
  std::stable_sort(m.begin(), m.end(), [](const auto& x, const auto& y) {
    return x.constraint != y.constraint ? x.constraint < y.constraint : x.signal < y.signal;
  });
  return m;
}

// Every field of `v` against the key it was made from.
template <class E>
void check_same_key(const groth16::ProvingKeyView<E>& v, const groth16::ProvingKey<E>& k) {
  CHECK(v.num_vars == k.num_vars);
  CHECK(v.num_public == k.num_public);
  CHECK(v.log_domain == k.log_domain);
  CHECK(v.h_convention == k.h_convention);
  CHECK(v.roots == k.roots);
  CHECK(same(v.alpha_1, k.alpha_1));
  CHECK(same(v.beta_1, k.beta_1));
  CHECK(same(v.delta_1, k.delta_1));
  CHECK(same(v.beta_2, k.beta_2));
  CHECK(same(v.gamma_2, k.gamma_2));
  CHECK(same(v.delta_2, k.delta_2));
  using G1 = Affine<typename E::G1>;
  using G2 = Affine<typename E::G2>;
  CHECK(same(v.ic, HostSpan<const G1>(k.ic)));
  CHECK(same(v.a, HostSpan<const G1>(k.a)));
  CHECK(same(v.b_1, HostSpan<const G1>(k.b_1)));
  CHECK(same(v.b_2, HostSpan<const G2>(k.b_2)));
  CHECK(same(v.l, HostSpan<const G1>(k.l)));
  CHECK(same(v.h, HostSpan<const G1>(k.h)));
  CHECK(same(v.a_matrix, by_row(k.a_matrix)));
  CHECK(same(v.b_matrix, by_row(k.b_matrix)));
}

// A compiled key of `zkey`, written to a temporary file that goes with the object.
struct Compiled {
  std::string path = test::temp_name(".zkf");
  template <class E>
  static Compiled of_zkey(const std::string& zkey) {
    Compiled c;
    io::KeyImage image = snarkjs::read_zkey_image<E>(zkey, snarkjs::SubgroupCheck::verify);
    io::write_compiled_key(image, c.path);
    return c;
  }
  Compiled() = default;
  Compiled(Compiled&& o) noexcept : path(std::move(o.path)) { o.path.clear(); }
  Compiled(const Compiled&) = delete;
  ~Compiled() {
    if (!path.empty()) ::unlink(path.c_str());
  }
};

template <class E>
Compiled compiled_bundled_key() {
  return Compiled::of_zkey<E>(bundled_keys<E>()[0]);
}

// The error that loading the compiled key of these bytes throws, which must name the file and a byte offset.
Error load_error(const std::vector<std::uint8_t>& bytes, const CurveId* expected = nullptr) {
  const test::TempFile f(bytes);
  const Error e = test::error_thrown_by([&] { io::map_compiled_key(f.path, io::ChecksumCheck::verify, expected); });
  CHECK(mentions(e, f.path + " at byte "));
  return e;
}

std::uint64_t get_le(const std::vector<std::uint8_t>& b, std::uint64_t at, unsigned n) {
  std::uint64_t v = 0;
  for (unsigned i = 0; i < n; ++i) v |= static_cast<std::uint64_t>(b[at + i]) << (8 * i);
  return v;
}
void put_le(std::vector<std::uint8_t>& b, std::uint64_t at, std::uint64_t v, unsigned n) {
  for (unsigned i = 0; i < n; ++i) b[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
}

// The header's checksum made right again after a deliberate change, so that the field's own check is reached.
void reseal_header(std::vector<std::uint8_t>& b) {
  put_le(b, io::compiled_detail::kHeaderChecksum, io::compiled_detail::header_checksum(b.data()), 8);
}
// A section's checksum made right again after a deliberate change of its bytes, and then the header's.
void reseal_section(std::vector<std::uint8_t>& b, std::size_t index) {
  using namespace io::compiled_detail;
  const std::uint64_t entry = kTable + index * kEntrySize;
  const std::uint64_t offset = get_le(b, entry + kEntryOffset, 8), size = get_le(b, entry + kEntrySizeAt, 8);
  put_le(b, entry + kEntryChecksum, io::block_checksum(b.data() + offset, size), 8);
  reseal_header(b);
}

}  // namespace

TEST_CASE("XXH64 gives the reference library's values; the block checksum does not depend on the threads",
          "[io][compiled]") {
  std::vector<std::uint8_t> long_input;
  for (int r = 0; r < 3; ++r)
    for (int i = 0; i < 256; ++i) long_input.push_back(static_cast<std::uint8_t>(i));
  for (const char c : std::string("xyz")) long_input.push_back(static_cast<std::uint8_t>(c));
  // From libxxhash 0.8.1: XXH64(input, size, seed).
  CHECK(io::xxh64("", 0) == 0xef46db3751d8e999ULL);
  CHECK(io::xxh64("", 0, 12345) == 0x95584af7701f808dULL);
  CHECK(io::xxh64("a", 1) == 0xd24ec4f1a98c6e5bULL);
  CHECK(io::xxh64("a", 1, 12345) == 0x747b860523d69ab6ULL);
  CHECK(io::xxh64("abc", 3) == 0x44bc2cf5ad770999ULL);
  CHECK(io::xxh64("abc", 3, 12345) == 0x01700e64f6f23509ULL);
  CHECK(io::xxh64(long_input.data(), long_input.size()) == 0xe921a1b45bd779f8ULL);
  CHECK(io::xxh64(long_input.data(), long_input.size(), 12345) == 0x6b1b5d671fb93b43ULL);

  // Three blocks and a bit: the hashes of the blocks, hashed.
  std::vector<std::uint8_t> big(3 * io::kChecksumBlock + 17);
  std::mt19937_64 rng(7);
  for (auto& b : big) b = static_cast<std::uint8_t>(rng());
  std::vector<std::uint8_t> hashes;
  for (std::size_t at = 0; at < big.size(); at += io::kChecksumBlock) {
    const std::uint64_t h = io::xxh64(big.data() + at, std::min(io::kChecksumBlock, big.size() - at));
    for (int i = 0; i < 8; ++i) hashes.push_back(static_cast<std::uint8_t>(h >> (8 * i)));
  }
  CHECK(io::block_checksum(big.data(), big.size()) == io::xxh64(hashes.data(), hashes.size()));
  CHECK(io::block_checksum(big.data(), 0) == io::xxh64("", 0));
}

TEST_CASE("matrices sort by constraint, then signal, equal pairs in their order, from any order", "[io][compiled]") {
  using Fr = bn254::Fr;
  using Entry = groth16::MatrixEntry<Fr>;
  std::mt19937_64 rng(test::seed());
  for (const int shape : {0, 1, 2}) {  // in order; rows in order, signals not; neither
    std::vector<Entry> entries;
    for (std::uint32_t row = 0; row < 3000; ++row) {
      const std::size_t terms = rng() % (row % 100 == 0 ? 80 : 5);  // a few rows longer than 32 terms
      for (std::size_t t = 0; t < terms; ++t)
        entries.push_back({row, static_cast<std::uint32_t>(rng() % 20), Fr::from_u64(entries.size())});
    }
    if (shape == 0) entries = by_row(entries);
    if (shape == 2) std::shuffle(entries.begin(), entries.end(), rng);
    const auto expected = by_row(entries);
    io::sort_matrix(entries.data(), entries.size(), 3000);
    INFO("shape " << shape);
    CHECK(same(HostSpan<const Entry>(entries), expected));
  }
}

TEMPLATE_TEST_CASE("a compiled key of each bundled zkey loads back with every field of the zkey", "[io][compiled]",
                   bn254::Engine, bls12_381::Engine) {
  using E = TestType;
  for (const std::string& zkey : bundled_keys<E>()) {
    INFO(zkey);
    const groth16::ProvingKey<E> key = snarkjs::read_zkey<E>(zkey);
    const io::KeyImage in_memory = snarkjs::read_zkey_image<E>(zkey);
    check_same_key(in_memory.view<E>(), key);

    const Compiled compiled = Compiled::of_zkey<E>(zkey);
    const io::KeyImage mapped = io::map_compiled_key(compiled.path);
    CHECK(mapped.is_mapped_file());
    check_same_key(mapped.view<E>(), key);
    io::check_key_image<E>(mapped, snarkjs::SubgroupCheck::verify, compiled.path);

    // The one loader, from the file and from its bytes in memory, for both forms.
    const auto bytes = test::bytes_of(compiled.path);
    const io::ProvingKeyFile from_file(compiled.path), from_memory("key bytes", bytes.data(), bytes.size());
    CHECK(from_file.format() == io::KeyFormat::compiled);
    CHECK(from_file.curve() == io::kEngineCurve<E>);
    CHECK(from_file.num_vars() == key.num_vars);
    CHECK(from_file.num_public() == key.num_public);
    check_same_key(from_file.load<E>().view(), key);
    check_same_key(from_memory.load<E>({snarkjs::SubgroupCheck::verify, io::ChecksumCheck::verify}).view(), key);
    const io::ProvingKeyFile zkey_file(zkey);
    CHECK(zkey_file.format() == io::KeyFormat::zkey);
    CHECK(zkey_file.num_vars() == key.num_vars);
    check_same_key(std::get<io::LoadedKey<E>>(io::load_proving_key(zkey)).view(), key);

    // Compiling the zkey again gives the same bytes: the matrices' order, the padding and the checksums
    // do not change from run to run.
    CHECK(test::bytes_of(Compiled::of_zkey<E>(zkey).path) == bytes);
    // A mapped compiled key is written as it is (write_compiled_key copies it), and the copy loads.
    Compiled copy;
    io::LoadedKey<E> loaded = from_file.load<E>();
    io::write_compiled_key(*loaded.image(), copy.path);
    check_same_key(io::map_compiled_key(copy.path).view<E>(), key);
  }
}

TEMPLATE_TEST_CASE("keys made in memory, of both H and root conventions, compile and load back", "[io][compiled]",
                   bn254::Engine, bls12_381::Engine) {
  using E = TestType;
  using Fr = typename E::Fr;
  auto rng = test::rng_for(31);
  const auto qap = groth16::insecure::bits_circuit<Fr>(3, 20);
  for (const auto h : {groth16::HConvention::odd_coset_lagrange, groth16::HConvention::monomial}) {
    for (const auto roots : {RootConvention::snarkjs, RootConvention::zkcrypto}) {
      const groth16::ProvingKey<E> key = groth16::insecure::setup<E>(qap, h, roots, test::random_waste<Fr>(rng));
      io::KeyImage image = io::image_of<E>(key);
      check_same_key(image.view<E>(), key);
      Compiled compiled;
      io::write_compiled_key(image, compiled.path);
      const io::KeyImage mapped = io::map_compiled_key(compiled.path);
      check_same_key(mapped.view<E>(), key);
      io::check_key_image<E>(mapped, snarkjs::SubgroupCheck::verify, compiled.path);
    }
  }
}

// A circuit whose constraints are all linear has no B entries, and snarkjs then writes B1 and B2 all at
// infinity: such a key is read and checked as any other. With B entries, B1 all at infinity is a hole.
TEMPLATE_TEST_CASE("B1 and B2 all at infinity are read and checked when the B matrix is empty, refused otherwise",
                   "[io][compiled]", bn254::Engine, bls12_381::Engine) {
  using E = TestType;
  using Fr = typename E::Fr;
  auto rng = test::rng_for(32);
  const auto setup = [&](const groth16::insecure::Qap<Fr>& qap) {
    return groth16::insecure::setup<E>(qap, groth16::HConvention::odd_coset_lagrange, RootConvention::snarkjs,
                                       test::random_waste<Fr>(rng));
  };
  auto qap = groth16::insecure::bits_circuit<Fr>(3, 20);
  const test::TempFile zkey(std::vector<std::uint8_t>{});

  SECTION("no B entries") {
    qap.b.clear();
    const groth16::ProvingKey<E> key = setup(qap);
    REQUIRE(std::all_of(key.b_1.begin(), key.b_1.end(), [](const auto& p) { return p.infinity; }));
    REQUIRE(std::all_of(key.b_2.begin(), key.b_2.end(), [](const auto& p) { return p.infinity; }));
    snarkjs::write_zkey(key, zkey.path);
    check_same_key(snarkjs::read_zkey_image<E>(zkey.path, snarkjs::SubgroupCheck::verify).template view<E>(), key);
    const groth16::ProvingKey<E> read = snarkjs::read_zkey<E>(zkey.path, snarkjs::SubgroupCheck::verify);
    CHECK(read.b_matrix.empty());
    CHECK(read.b_1 == key.b_1);
    const Compiled compiled = Compiled::of_zkey<E>(zkey.path);
    const io::KeyImage mapped = io::map_compiled_key(compiled.path);
    check_same_key(mapped.view<E>(), key);
    CHECK_NOTHROW(io::check_key_image<E>(mapped, snarkjs::SubgroupCheck::verify, compiled.path));
  }
  SECTION("B entries, and B1 all at infinity") {
    groth16::ProvingKey<E> key = setup(qap);
    std::fill(key.b_1.begin(), key.b_1.end(), Affine<typename E::G1>::identity());
    snarkjs::write_zkey(key, zkey.path);
    const std::uint64_t b1 = io::BinFile(zkey.path, "zkey", 1).section(6, "B1").offset;
    const std::string hole = "section 6 (B1) at byte " + std::to_string(b1) + ": all " + std::to_string(key.num_vars) +
                             " points are the point at infinity";
    CHECK(mentions(test::error_thrown_by([&] { snarkjs::read_zkey<E>(zkey.path); }), hole));
    CHECK(mentions(test::error_thrown_by([&] { snarkjs::read_zkey_image<E>(zkey.path); }), hole));
    const io::KeyImage image = io::image_of<E>(key);
    const Error e = test::error_thrown_by([&] { io::check_key_image<E>(image, snarkjs::SubgroupCheck::skip, "key"); });
    CHECK(e.code() == Errc::malformed_file);
    CHECK(mentions(e, "key: section 4 (B1) at byte " + std::to_string(image.layout()[io::KeySection::b_1].offset) +
                          ": all " + std::to_string(key.num_vars) + " points are the point at infinity"));
  }
}

TEMPLATE_TEST_CASE("a proof from the compiled key equals the zkey's under the same blinding and verifies",
                   "[io][compiled]", bn254::Engine, bls12_381::Engine) {
  using E = TestType;
  using Fr = typename E::Fr;
  const std::string zkey = bundled_keys<E>()[0];
  const auto witness = snarkjs::read_wtns<Fr>(std::string(ZKFORGE_TESTS_DIR) + "/data/groth16/" + curve_folder<E>() +
                                              "/witness.wtns");
  const groth16::ProvingKey<E> key = snarkjs::read_zkey<E>(zkey);
  const Compiled compiled = compiled_bundled_key<E>();
  const io::LoadedKey<E> loaded = io::ProvingKeyFile(compiled.path).load<E>();
  auto rng = test::rng_for(41);
  const groth16::Blinding<Fr> blinding{Fr::random(rng), Fr::random(rng)};
  const groth16::Prover<E, Cpu> from_zkey(key), from_compiled(loaded.view());
  const groth16::Proof<E> p = from_zkey.prove(host_span(witness), blinding);
  const groth16::Proof<E> q = from_compiled.prove(host_span(witness), blinding);
  CHECK(same(p.a, q.a));
  CHECK(same(p.b, q.b));
  CHECK(same(p.c, q.c));
  CHECK(groth16::verify(loaded.view().verifying_key(), from_compiled.public_inputs(host_span(witness)), q));
}

TEST_CASE("a damaged compiled key is refused naming the file, the offset and the fault", "[io][compiled]") {
  using namespace io::compiled_detail;
  const Compiled compiled = compiled_bundled_key<bn254::Engine>();
  const auto good = test::bytes_of(compiled.path);
  const std::string header_damaged = "at byte 72: the header's checksum is ";

  SECTION("each field of the header, and of the section table, changed: the header's checksum") {
    for (const std::uint64_t at : {kCurve, kG1Bytes, kG2Bytes, kEntryBytes, kSectionCount, kNumVars, kNumPublic,
                                   kLogDomain, kHConvention, kRoots, kFileSize, kHeaderChecksum, std::uint64_t{100},
                                   kTable, kTable + kEntryOffset, kTable + 5 * kEntrySize + kEntrySizeAt,
                                   kTable + 8 * kEntrySize + kEntryCount, kTable + 3 * kEntrySize + kEntryChecksum,
                                   std::uint64_t{4000}}) {
      auto b = good;
      b[at] ^= 0x10;
      const Error e = load_error(b);
      INFO("byte " << at << ": " << e.what());
      CHECK(e.code() == Errc::malformed_file);
      CHECK(mentions(e, header_damaged));
      CHECK(mentions(e, "the header or the section table is damaged"));
    }
  }
  SECTION("each field's own check, behind a checksum made right") {
    struct Case {
      std::uint64_t at;
      unsigned bytes;
      std::uint64_t value;
      std::string message;
    };
    const std::uint64_t a_entry = kTable + 2 * kEntrySize;  // section 3 (A)
    const std::uint64_t file_size = good.size();
    const std::vector<Case> cases = {
        {kCurve, 4, 3, "at byte 12: curve 3 is neither 1 (bn254) nor 2 (bls12_381)"},
        {kG1Bytes, 4, 64, "at byte 16: expected G1 points (this build's layout) of 72, found 64"},
        {kG2Bytes, 4, 128, "at byte 20: expected G2 points (this build's layout) of 136, found 128"},
        {kEntryBytes, 4, 44, "at byte 24: expected matrix entries (this build's layout) of 40, found 44"},
        {kSectionCount, 4, 10, "at byte 28: expected the section count 9, found 10"},
        {kNumPublic, 8, 1u << 20, "at byte 40: num_public 1048576 leaves no room for wire 0"},
        {kLogDomain, 4, 28, "at byte 48: log_domain 28 is not below the 2-adicity 28"},
        {kHConvention, 4, 2, "at byte 52: H convention 2 is neither 0 (odd coset) nor 1 (monomial)"},
        {kRoots, 4, 7, "at byte 56: root convention 7 is neither 0 (snarkjs) nor 1 (zkcrypto)"},
        {kFileSize, 8, file_size + 4096, "at byte 64: the header says the file holds " + std::to_string(file_size + 4096) +
                                             " bytes, it holds " + std::to_string(file_size) + " (truncated?)"},
        {kNumVars, 8, 1000, "at byte " + std::to_string(a_entry + kEntryCount) + ": section 3 (A) holds "},
        {a_entry, 4, 4, "at byte " + std::to_string(a_entry) + ": expected the table entry of section 3 (A) here, "
                                                                 "found one of section 4"},
        {a_entry + kEntryOffset, 8, get_le(good, a_entry + kEntryOffset, 8) + 8,
         "at byte " + std::to_string(a_entry + kEntryOffset) + ": section 3 (A) starts at byte "},
        {a_entry + kEntryOffset, 8, 4096, "at byte " + std::to_string(a_entry + kEntryOffset) +
                                              ": section 3 (A) starts at byte 4096, expected a multiple of 4096 from byte "},
        {a_entry + kEntrySizeAt, 8, get_le(good, a_entry + kEntrySizeAt, 8) - 72,
         "at byte " + std::to_string(a_entry + kEntrySizeAt) + ": section 3 (A) has "},
        {kTable + 8 * kEntrySize + kEntryOffset, 8, file_size / 4096 * 4096 + 4096,
         "section 9 (B matrix) at bytes "},
    };
    for (const Case& c : cases) {
      auto b = good;
      put_le(b, c.at, c.value, c.bytes);
      reseal_header(b);
      const Error e = load_error(b);
      INFO(e.what());
      CHECK(e.code() == Errc::malformed_file);
      CHECK(mentions(e, c.message));
    }
  }
  SECTION("one byte flipped in each section: that section's checksum") {
    for (std::size_t i = 0; i < io::kKeySections; ++i) {
      const std::uint64_t entry = kTable + i * kEntrySize;
      const std::uint64_t offset = get_le(good, entry + kEntryOffset, 8), size = get_le(good, entry + kEntrySizeAt, 8);
      if (size == 0) continue;
      auto b = good;
      b[offset + size / 2] ^= 0x01;
      const Error e = load_error(b);
      INFO(e.what());
      CHECK(e.code() == Errc::malformed_file);
      const std::string name = io::key_section_name(static_cast<io::KeySection>(i + 1));
      CHECK(mentions(e, " at byte " + std::to_string(offset) + ": section " + std::to_string(i + 1) + " (" + name +
                            ", bytes " + std::to_string(offset) + " to " + std::to_string(offset + size) +
                            "): the checksum recorded at byte " + std::to_string(entry + kEntryChecksum)));
      CHECK(mentions(e, "the section is damaged"));
      // Skipping the checksums is asked for, and then the damage is not seen.
      const test::TempFile f(b);
      CHECK_NOTHROW(io::map_compiled_key(f.path, io::ChecksumCheck::skip));
    }
  }
  SECTION("truncated: inside the magic, inside the header, inside a section") {
    for (const std::uint64_t size : {std::uint64_t{5}, std::uint64_t{10}, std::uint64_t{100},
                                     std::uint64_t{good.size() - 1000}}) {
      const std::vector<std::uint8_t> b(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(size));
      const Error e = load_error(b);
      INFO(size << ": " << e.what());
      CHECK(e.code() == Errc::malformed_file);
      if (size < 8) CHECK(mentions(e, "at byte 0: expected the magic \"zkf-key\\n\" of a compiled key, found \"zkf-k\""));
      else if (size < 12) CHECK(mentions(e, "at byte 8: the file ends inside the header (truncated?)"));
      else if (size < 4096) CHECK(mentions(e, "at byte 100: the file ends inside the 4096-byte header (truncated?)"));
      else CHECK(mentions(e, "at byte 64: the header says the file holds " + std::to_string(good.size()) +
                                 " bytes, it holds " + std::to_string(size) + " (truncated?)"));
    }
  }
  SECTION("another version, another curve, not a compiled key") {
    auto b = good;
    put_le(b, kVersion, 2, 4);
    Error e = load_error(b);
    CHECK(mentions(e, "at byte 8: expected version 1 of the compiled key format, found 2"));
    const CurveId bls = CurveId::bls12_381;
    e = load_error(good, &bls);
    CHECK(e.code() == Errc::malformed_file);
    CHECK(mentions(e, "at byte 12: expected a key of bls12_381, found one of bn254"));
    e = test::error_thrown_by([&] { io::ProvingKeyFile(compiled.path).load<bls12_381::Engine>(); });
    CHECK(e.code() == Errc::malformed_file);
    CHECK(mentions(e, compiled.path + " at byte 12: expected a key of bls12_381, found one of bn254"));
    const std::string bls_zkey = bundled_keys<bls12_381::Engine>()[0];
    e = test::error_thrown_by([&] { io::ProvingKeyFile(bls_zkey).load<bn254::Engine>(); });
    CHECK(e.code() == Errc::malformed_file);
    CHECK(mentions(e, bls_zkey + ": section 2 (header) at byte "));
    const std::string zkey = bundled_keys<bn254::Engine>()[0];
    e = test::error_thrown_by([&] { io::map_compiled_key(zkey); });
    CHECK(mentions(e, zkey + " at byte 0: expected the magic \"zkf-key\\n\" of a compiled key, found \"zkey"));
    const std::string wtns = std::string(ZKFORGE_TESTS_DIR) + "/data/groth16/bn128/witness.wtns";
    e = test::error_thrown_by([&] { io::ProvingKeyFile{wtns}; });
    CHECK(e.code() == Errc::malformed_file);
    CHECK(mentions(e, wtns + " at byte 0: expected the magic \"zkey\" of a snarkjs key or \"zkf-key\\n\" of a "
                             "compiled key, found \"wtns"));
  }
}

TEST_CASE("the contents' check names a bad point or entry of a compiled key whose checksums hold", "[io][compiled]") {
  using E = bn254::Engine;
  using namespace io::compiled_detail;
  const Compiled compiled = compiled_bundled_key<E>();
  const auto good = test::bytes_of(compiled.path);
  const io::KeyLayout layout = io::map_compiled_key(compiled.path).layout();
  const auto check = [](const std::vector<std::uint8_t>& b, snarkjs::SubgroupCheck subgroups) {
    const test::TempFile f(b);
    return test::error_thrown_by([&] {
      const io::KeyImage image = io::map_compiled_key(f.path);
      io::check_key_image<E>(image, subgroups, f.path);
    });
  };
  const auto section_index = [](io::KeySection s) { return static_cast<std::size_t>(s) - 1; };
  // B1's first point past wire 0 that is not the point at infinity.
  std::size_t finite = 1;
  const auto b_1 = snarkjs::read_zkey<E>(bundled_keys<E>()[0]).b_1;
  while (b_1[finite].infinity) ++finite;
  const std::uint64_t point = layout[io::KeySection::b_1].offset + finite * layout.g1_bytes;
  const std::string b1_point = "section 4 (B1) point " + std::to_string(finite) + " at byte " + std::to_string(point);

  SECTION("a point moved off its curve") {
    auto b = good;
    b[point] ^= 0x01;
    reseal_section(b, section_index(io::KeySection::b_1));
    const Error e = check(b, snarkjs::SubgroupCheck::skip);
    CHECK(e.code() == Errc::not_on_curve);
    CHECK(mentions(e, ": " + b1_point + ": point not on the curve"));
  }
  SECTION("an infinity flag that is neither 0 nor 1") {
    auto b = good;
    b[point + 64] = 2;
    reseal_section(b, section_index(io::KeySection::b_1));
    const Error e = check(b, snarkjs::SubgroupCheck::skip);
    CHECK(mentions(e, b1_point + ": the infinity flag is 2, neither 0 nor 1"));
  }
  SECTION("an H point at infinity") {
    auto b = good;
    const std::uint64_t h = layout[io::KeySection::h].offset + 3 * layout.g1_bytes;
    std::fill(b.begin() + static_cast<std::ptrdiff_t>(h), b.begin() + static_cast<std::ptrdiff_t>(h + 64), 0);
    b[h + 64] = 1;
    reseal_section(b, section_index(io::KeySection::h));
    const Error e = check(b, snarkjs::SubgroupCheck::skip);
    CHECK(mentions(e, "section 7 (H) point 3 at byte " + std::to_string(h) + ": the point at infinity, which no H point is"));
  }
  SECTION("a matrix entry with a signal past the wires, and one out of order") {
    const std::uint64_t entries = layout[io::KeySection::a_matrix].offset, entry = entries + 2 * layout.entry_bytes;
    auto b = good;
    put_le(b, entry + 4, layout.num_vars, 4);
    reseal_section(b, section_index(io::KeySection::a_matrix));
    Error e = check(b, snarkjs::SubgroupCheck::skip);
    CHECK(mentions(e, "section 8 (A matrix) entry 2 at byte " + std::to_string(entry + 4) + ": signal " +
                          std::to_string(layout.num_vars) + " is not below num_vars"));
    b = good;
    put_le(b, entry, get_le(good, entry + layout.entry_bytes, 4) + 1, 4);
    reseal_section(b, section_index(io::KeySection::a_matrix));
    e = check(b, snarkjs::SubgroupCheck::skip);
    CHECK(mentions(e, "section 8 (A matrix) entry 3 at byte " + std::to_string(entry + layout.entry_bytes) +
                          ": out of order"));
  }
}
