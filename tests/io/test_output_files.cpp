// SPDX-License-Identifier: Apache-2.0
// Output files (io/output_files.hpp): written whole or not at all, both or neither, never over an
// input or over something that is not a regular file.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "support/errors.hpp"
#include "support/files.hpp"
#include "zkforge/io/output_files.hpp"

using namespace zkforge;
using test::mentions;

namespace {

std::string text_of(const std::filesystem::path& p) {
  std::ifstream in(p);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// The names in a folder, temporaries included.
std::size_t entries(const std::filesystem::path& folder) {
  return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(folder), {}));
}

}  // namespace

TEST_CASE("write_files writes every file whole, with the permissions a new file gets", "[io][output]") {
  const test::TempFolder folder;
  const auto a = folder.path / "proof.json", b = folder.path / "public.json";
  std::ofstream(a) << "old proof";
  io::write_files({{a.string(), "new proof\n"}, {b.string(), "[\"1\"]\n"}});
  CHECK(text_of(a) == "new proof\n");
  CHECK(text_of(b) == "[\"1\"]\n");
  CHECK(entries(folder.path) == 2);
  const mode_t mask = ::umask(0);
  ::umask(mask);
  struct stat st {};
  REQUIRE(::stat(b.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == (0666 & ~mask));
}

TEST_CASE("staged files replace their targets only when committed", "[io][output]") {
  const test::TempFolder folder;
  const auto a = folder.path / "proof.json", b = folder.path / "public.json";
  std::ofstream(a) << "old proof";
  {
    const io::StagedFiles dropped({{a.string(), "unchecked proof"}, {b.string(), "[]"}});
    CHECK(entries(folder.path) == 3);  // the target and both temporaries, written
    CHECK(text_of(a) == "old proof");
  }
  CHECK(text_of(a) == "old proof");  // dropped: the temporaries gone, the targets as they were
  CHECK(entries(folder.path) == 1);
  io::StagedFiles kept({{a.string(), "checked proof"}, {b.string(), "[\"1\"]"}});
  kept.commit();
  CHECK(text_of(a) == "checked proof");
  CHECK(text_of(b) == "[\"1\"]");
  CHECK(entries(folder.path) == 2);
}

TEST_CASE("write_files writes both or neither: a failure leaves every target as it was", "[io][output]") {
  const test::TempFolder folder;
  const auto a = folder.path / "proof.json";
  std::ofstream(a) << "old proof";
  const std::string missing = (folder.path / "missing" / "public.json").string();
  const Error e = test::error_thrown_by([&] { io::write_files({{a.string(), "new proof"}, {missing, "[]"}}); });
  CHECK(e.code() == Errc::io_error);
  CHECK(mentions(e, "public.json: cannot create a file in"));
  CHECK(text_of(a) == "old proof");
  CHECK(entries(folder.path) == 1);  // the first file's temporary is gone too
}

TEST_CASE("a link is written through; a device or a folder as a target is refused", "[io][output]") {
  const test::TempFolder folder;
  const auto real = folder.path / "real.json", link = folder.path / "link.json";
  std::ofstream(real) << "old";
  std::filesystem::create_symlink(real, link);
  io::write_file(link.string(), "new");
  CHECK(std::filesystem::is_symlink(link));
  CHECK(text_of(real) == "new");
  Error e = test::error_thrown_by([] { io::write_file("/dev/full", "x"); });
  CHECK(e.code() == Errc::io_error);
  CHECK(mentions(e, "/dev/full: a device, expected a regular file or a new file's name"));
  e = test::error_thrown_by([&] { io::write_file(folder.path.string(), "x"); });
  CHECK(mentions(e, ": a folder, expected a regular file"));
}

TEST_CASE("outputs that are one file, or an input, are refused before anything is written", "[io][output]") {
  const test::TempFolder folder;
  const auto key = folder.path / "key.zkey", link = folder.path / "link.json", out = folder.path / "out.json";
  std::ofstream(key) << "key";
  std::filesystem::create_symlink(key, link);
  Error e = test::error_thrown_by([&] { io::write_files({{out.string(), "a"}, {out.string(), "b"}}); });
  CHECK(e.code() == Errc::invalid_argument);
  CHECK(mentions(e, "the output " + out.string() + " is named twice"));
  CHECK_FALSE(std::filesystem::exists(out));
  e = test::error_thrown_by([&] { io::refuse_overlap({out.string(), link.string()}, {key.string()}); });
  CHECK(mentions(e, "the output " + link.string() + " is the input " + key.string()));
  const std::string dotted = (folder.path / "." / "out.json").string();
  e = test::error_thrown_by([&] { io::refuse_overlap({out.string(), dotted}, {}); });
  CHECK(mentions(e, "are one file"));
  io::refuse_overlap({out.string(), (folder.path / "public.json").string()}, {key.string()});
  CHECK(text_of(key) == "key");
}
