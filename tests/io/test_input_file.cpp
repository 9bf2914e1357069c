// SPDX-License-Identifier: Apache-2.0
// Input files (io/input_file.hpp): what is not a regular file is refused at once, without a byte
// read or a wait on a FIFO, and a file truncated while a reader reads it is an error naming the
// file and the offset (with a memory map it was SIGBUS).
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <string>

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

TEST_CASE("a source in memory hands out views, a file its own buffers, with the same bytes", "[io][input]") {
  const std::string path = groth16_data("bn128/witness.wtns");
  const auto bytes = test::bytes_of(path);
  const io::Source file(path), memory("witness.wtns", bytes.data(), bytes.size());
  CHECK(file.size() == bytes.size());
  const io::Bytes a = file.read(10, 40, "bytes"), b = memory.read(10, 40, "bytes");
  CHECK(b.data() == bytes.data() + 10);
  CHECK(std::equal(a.data(), a.data() + 40, b.data()));
}
