// SPDX-License-Identifier: Apache-2.0
// Input files (io/input_file.hpp): what is not a regular file is refused at once, without a byte
// read or a wait on a FIFO, and a file truncated while a reader reads it is an error naming the
// file and the offset (with a memory map it was SIGBUS); so is a zkey's section 4 changed between the
// reader's two passes over it.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/errors.hpp"
#include "support/files.hpp"
#include "zkforge/io/input_file.hpp"
#include "zkforge/io/snarkjs_json.hpp"
#include "zkforge/io/zkey.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

using namespace zkforge;
using test::mentions;
using test::groth16_data;

TEST_CASE("an input that is not a regular file is refused before it is read", "[io][input]") {
  const test::TempFolder folder;
  const std::string fifo = (folder.path / "key.zkey").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  // A plain open of a FIFO waits for a writer forever: these return at once.
  Error e = test::error_thrown_by([&] { io::BinFile(fifo, "zkey", 1); });
  CHECK(e.code() == Errc::io_error);
  CHECK(mentions(e, fifo + ": a FIFO, expected a regular file"));
  e = test::error_thrown_by([&] { snarkjs::read_json_file(fifo); });
  CHECK(mentions(e, fifo + ": a FIFO, expected a regular file"));
  e = test::error_thrown_by([&] { snarkjs::read_json_file(folder.path.string()); });
  CHECK(e.code() == Errc::io_error);
  CHECK(mentions(e, folder.path.string() + ": a folder, expected a regular file"));
  e = test::error_thrown_by([&] { io::InputFile("/dev/null"); });
  CHECK(mentions(e, "/dev/null: a device, expected a regular file"));
  e = test::error_thrown_by([&] { io::InputFile((folder.path / "missing").string()); });
  CHECK(mentions(e, "missing: cannot open (No such file or directory)"));
}

TEST_CASE("a key truncated while it is read is an error that names the file and the offset, not SIGBUS",
          "[io][input]") {
  const test::TempFile copy(test::bytes_of(groth16_data("bls12381/chain.zkey")));
  const io::BinFile file(copy.path, "zkey", 1);  // the section table is read and checked here
  // Cut 100 bytes into the point section that lies last in the file (snarkjs writes them out of order).
  std::uint64_t last = 0;
  for (const std::uint32_t id : {3u, 5u, 6u, 7u, 8u, 9u}) last = std::max(last, file.section(id, "points").offset);
  REQUIRE(::truncate(copy.path.c_str(), static_cast<off_t>(last + 100)) == 0);
  const Error e = test::error_thrown_by([&] { snarkjs::read_zkey<bls12_381::Engine>(file); });
  INFO(e.what());
  CHECK(e.code() == Errc::io_error);
  CHECK(mentions(e, copy.path + " at byte " + std::to_string(last + 100) + ": the file ended while reading points"));
  CHECK(mentions(e, "truncated by another process?"));
}

TEST_CASE("a zkey's matrix entries changed between the two passes over them are an error, not a write past the "
          "matrices", "[io][input]") {
  using E = bn254::Engine;
  using Fr = E::Fr;
  namespace detail = snarkjs::zkey_detail;
  auto bytes = test::bytes_of(groth16_data("bn128/chain.zkey"));
  const io::BinFile f("chain.zkey", bytes.data(), bytes.size(), "zkey", 1);
  const detail::Coefficients c = detail::check_coefficients<Fr>(f, snarkjs::read_zkey_header<E>(f));
  REQUIRE(c.a_count > 0);
  REQUIRE(c.b_count() > 0);
  std::vector<groth16::MatrixEntry<Fr>> a(c.a_count), b(c.b_count());
  const auto convert = [&] { detail::convert_coefficients(f, c, a.data(), b.data()); };
  REQUIRE(c.count <= c.per_block);  // one block
  const auto at = [&](std::size_t i) { return c.first_at + i * detail::Coefficients::kEntry; };
  const auto first_of = [&](std::uint8_t matrix) {
    std::size_t i = 0;
    while (bytes[at(i)] != matrix) ++i;
    return i;
  };
  const auto last_of = [&](std::uint8_t matrix) {
    std::size_t i = c.count - 1;
    while (bytes[at(i)] != matrix) --i;
    return i;
  };
  const auto entry = [&](std::size_t i, std::uint64_t byte) {
    return "chain.zkey: section 4 (coefficients) at byte " + std::to_string(byte) + ": coefficient " +
           std::to_string(i) + ": ";
  };
  // Of the block's entries of the matrix that gained one, the last is past the share counted first.

  SECTION("a B entry turned into an A one") {
    bytes[at(first_of(1))] = 0;
    const Error e = test::error_thrown_by(convert);
    INFO(e.what());
    CHECK(e.code() == Errc::io_error);
    CHECK(mentions(e, entry(last_of(0), at(last_of(0))) + "an A entry past the " + std::to_string(c.a_count) +
                          " its block held when first read: section 4 changed while it was read"));
  }
  SECTION("an A entry turned into a B one") {
    bytes[at(first_of(0))] = 1;
    const Error e = test::error_thrown_by(convert);
    INFO(e.what());
    CHECK(e.code() == Errc::io_error);
    CHECK(mentions(e, entry(last_of(1), at(last_of(1))) + "a B entry past the " + std::to_string(c.b_count()) +
                          " its block held when first read: section 4 changed while it was read"));
  }
  SECTION("a constraint moved outside the domain") {
    bytes[at(5) + 4 + 3] = 0x40;
    const Error e = test::error_thrown_by(convert);
    CHECK(e.code() == Errc::malformed_file);
    CHECK(mentions(e, entry(5, at(5) + 4) + "constraint "));
    CHECK(mentions(e, " is outside the domain of 64"));
  }
}

TEST_CASE("a source in memory hands out views, a file its own buffers, with the same bytes", "[io][input]") {
  const std::string path = groth16_data("bn128/witness.wtns");
  const auto bytes = test::bytes_of(path);
  const io::Source file(path), memory("witness.wtns", bytes.data(), bytes.size());
  CHECK(file.size() == bytes.size());
  const io::Bytes a = file.read(10, 40, "bytes"), b = memory.read(10, 40, "bytes");
  CHECK(b.data() == bytes.data() + 10);
  CHECK(std::equal(a.data(), a.data() + 40, b.data()));
}
