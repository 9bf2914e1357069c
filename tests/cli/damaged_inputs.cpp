// SPDX-License-Identifier: Apache-2.0
// Writes the damaged inputs that tests/cli/reliability.sh gives `zkforge`, made from a bn128 key and
// witness (chain1018's):
//   off_subgroup.zkey   B2[0] (wire 0, the constant 1) replaced by a point of the twist that is on the
//                       curve but outside G2: a proof with it verifies nowhere
//   h_hole.zkey         the H section all zero bytes
//   sparse_2p24.zkey    a key of 2^24 wires and a 2^24 domain whose point sections are a hole (a sparse
//                       file of 6 GiB that takes no disk)
//   sparse_2p24.wtns    2^24 values, a hole (512 MiB, sparse)
//   short.wtns          1023 of the 1024 values
//   constant_5.wtns     value 0 (the constant wire) is 5
// usage: damaged_inputs KEY WITNESS OUT_DIR   (OUT_DIR is made if missing)
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "zkforge/io/wtns.hpp"
#include "zkforge/io/zkey.hpp"
#include "zkforge/pairing/bn254.hpp"

using namespace zkforge;

namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return Bytes(std::istreambuf_iterator<char>(in), {});
}

void save(const Bytes& b, const std::string& path) {
  io::write_file(path, std::string_view(reinterpret_cast<const char*>(b.data()), b.size()));
}

void put_le(std::uint8_t* p, std::uint64_t v, unsigned bytes) {
  for (unsigned i = 0; i < bytes; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

// A point of BN254's twist that lies on the curve but outside G2 (its cofactor is about 2^254).
Affine<bn254::G2Curve> point_outside_g2() {
  bn254::Fq2 x{bn254::Fq::from_u64(1), bn254::Fq::zero()}, y;
  while (!(x.sqr() * x + bn254::G2Curve::b()).sqrt(y) || is_in_g2<bn254::Engine>(Affine<bn254::G2Curve>::from_xy(x, y)))
    x += bn254::Fq2::one();
  return Affine<bn254::G2Curve>::from_xy(x, y);
}

// A file of `size` bytes, all zero but for `parts` (offset, bytes), whose zeros take no disk.
void write_sparse(const std::string& path, std::uint64_t size,
                  const std::vector<std::pair<std::uint64_t, Bytes>>& parts) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  bool ok = fd >= 0 && ::ftruncate(fd, static_cast<off_t>(size)) == 0;
  for (const auto& [at, b] : parts)
    ok = ok && ::pwrite(fd, b.data(), b.size(), static_cast<off_t>(at)) == static_cast<ssize_t>(b.size());
  if (fd < 0 || ::close(fd) != 0 || !ok) throw Error(Errc::io_error, path + ": cannot write");
}

// A container's bytes from (id, payload size, payload) triples; a null payload is left to the hole.
struct SparseSection {
  std::uint32_t id;
  std::uint64_t size;
  const Bytes* payload;
};
void write_sparse_container(const std::string& path, const char (&magic)[5], std::uint32_t version,
                            const std::vector<SparseSection>& sections) {
  Bytes head(12);
  std::copy(magic, magic + 4, head.begin());
  put_le(head.data() + 4, version, 4);
  put_le(head.data() + 8, sections.size(), 4);
  std::vector<std::pair<std::uint64_t, Bytes>> parts{{0, head}};
  std::uint64_t at = 12;
  for (const SparseSection& s : sections) {
    Bytes table(12);
    put_le(table.data(), s.id, 4);
    put_le(table.data() + 4, s.size, 8);
    parts.emplace_back(at, table);
    if (s.payload != nullptr) parts.emplace_back(at + 12, *s.payload);
    at += 12 + s.size;
  }
  write_sparse(path, at, parts);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: damaged_inputs KEY WITNESS OUT_DIR\n");
    return 2;
  }
  const std::string key_path = argv[1], witness_path = argv[2], out = std::string(argv[3]) + "/";
  try {
    using Fr = bn254::Fr;
    std::filesystem::create_directories(out);
    const io::BinFile key_file(key_path, "zkey", 1);
    const Bytes key = bytes_of(key_path);
    const io::Section b2 = key_file.section(7, "B2"), h = key_file.section(9, "H");

    Bytes off = key;
    snarkjs::write_point(point_outside_g2(), off.data() + b2.offset);
    save(off, out + "off_subgroup.zkey");

    Bytes hole = key;
    std::fill(hole.begin() + static_cast<std::ptrdiff_t>(h.offset),
              hole.begin() + static_cast<std::ptrdiff_t>(h.offset + h.size), 0);
    save(hole, out + "h_hole.zkey");

    // Sections 1 to 4 of the real key, with nVars = domainSize = 2^24 and no coefficients; 5 to 9 holes.
    constexpr std::uint64_t n = std::uint64_t{1} << 24, g1 = 64, g2 = 128;
    const io::Section s1 = key_file.section(1, "protocol"), s2 = key_file.section(2, "header"),
                      s3 = key_file.section(3, "IC");
    const Bytes protocol(key.begin() + static_cast<std::ptrdiff_t>(s1.offset),
                         key.begin() + static_cast<std::ptrdiff_t>(s1.offset + s1.size));
    Bytes header(key.begin() + static_cast<std::ptrdiff_t>(s2.offset),
                 key.begin() + static_cast<std::ptrdiff_t>(s2.offset + s2.size));
    put_le(header.data() + 72, n, 4);  // nVars
    put_le(header.data() + 80, n, 4);  // domainSize
    const Bytes ic(key.begin() + static_cast<std::ptrdiff_t>(s3.offset),
                   key.begin() + static_cast<std::ptrdiff_t>(s3.offset + s3.size));
    const Bytes no_coefficients(4, 0);
    const std::uint64_t pub = snarkjs::read_zkey_header<bn254::Engine>(key_file).num_public;
    write_sparse_container(out + "sparse_2p24.zkey", "zkey", 1,
                           {{1, protocol.size(), &protocol}, {2, header.size(), &header}, {3, ic.size(), &ic},
                            {4, 4, &no_coefficients}, {5, n * g1, nullptr}, {6, n * g1, nullptr},
                            {7, n * g2, nullptr}, {8, (n - pub - 1) * g1, nullptr}, {9, n * g1, nullptr}});

    Bytes wtns_header(4 + 32 + 4);
    put_le(wtns_header.data(), 32, 4);
    for (std::size_t i = 0; i < 32; ++i)
      wtns_header[4 + i] = static_cast<std::uint8_t>(Fr::kModulus.w[i / 8] >> (8 * (i % 8)));
    put_le(wtns_header.data() + 36, n, 4);
    write_sparse_container(out + "sparse_2p24.wtns", "wtns", 2,
                           {{1, wtns_header.size(), &wtns_header}, {2, n * 32, nullptr}});

    std::vector<Fr::Int> witness = snarkjs::read_wtns<Fr>(witness_path);
    std::vector<Fr::Int> short_witness(witness.begin(), witness.end() - 1);
    snarkjs::write_wtns<Fr>(short_witness, out + "short.wtns");
    witness[0] = Fr::Int::from_u64(5);
    snarkjs::write_wtns<Fr>(witness, out + "constant_5.wtns");
  } catch (const Error& e) {
    std::fprintf(stderr, "damaged_inputs: %s\n", e.what());
    return 1;
  }
  return 0;
}
