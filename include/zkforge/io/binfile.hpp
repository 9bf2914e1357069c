// SPDX-License-Identifier: Apache-2.0
// The iden3 binary container shared by .zkey, .wtns, .r1cs and .ptau files: a reader over a Source
// (a file read with pread, or bytes in memory) and a writer.
//
// Layout (all little-endian): magic[4] | version u32 | nSections u32 | { id u32 | size u64 | payload }*.
// Sections may come in any order and are found through this table, never by position. Opening
// checks the magic, the version and that every section lies inside the file; a section id that
// occurs twice is refused. Every failure is Error(malformed_file) whose message names the file, the
// section and the byte offset, and what was expected there (io_error where the file cannot be read).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "zkforge/error.hpp"
#include "zkforge/io/input_file.hpp"
#include "zkforge/io/output_files.hpp"

namespace zkforge::io {

// A bounds-checked little-endian cursor over one region of a Source, reading it through a window of
// at most kWindow bytes (more only for a larger single take). `where` names the region
// ("zkey.zkey: section 2"); offsets in messages are absolute byte offsets in the file.
class Cursor {
 public:
  static constexpr std::uint64_t kWindow = std::uint64_t{1} << 20;

  Cursor(const Source& source, std::uint64_t begin, std::uint64_t end, std::string where)
      : source_(&source), pos_(begin), end_(end), where_(std::move(where)) {}

  std::uint64_t offset() const { return pos_; }
  std::uint64_t remaining() const { return end_ - pos_; }
  const std::string& where() const { return where_; }

  // Error(malformed_file) naming the region and the offset.
  [[noreturn]] void fail(const std::string& what) const { fail_at(pos_, what); }
  [[noreturn]] void fail_at(std::uint64_t offset, const std::string& what) const {
    throw Error(Errc::malformed_file, where_ + " at byte " + std::to_string(offset) + ": " + what);
  }

  // The next `count` bytes, or an error naming `what` was expected; valid until the next take.
  const std::uint8_t* take(std::uint64_t count, const char* what) {
    expect(count, what);
    if (pos_ < window_at_ || pos_ + count > window_at_ + window_.size()) {
      window_ = source_->read(pos_, std::max(count, std::min(kWindow, remaining())), what);
      window_at_ = pos_;
    }
    const std::uint8_t* p = window_.data() + (pos_ - window_at_);
    pos_ += count;
    return p;
  }
  // Moves past `count` bytes without reading them.
  void skip(std::uint64_t count, const char* what) {
    expect(count, what);
    pos_ += count;
  }
  std::uint32_t u32(const char* what) { return static_cast<std::uint32_t>(le(take(4, what), 4)); }
  std::uint64_t u64(const char* what) { return le(take(8, what), 8); }

  // A count, read at byte `count_at`, whose elements take `element_bytes` each and must fit in what is
  // left; the error names the count's byte.
  std::uint64_t count_fitting(std::uint64_t count, std::uint64_t count_at, std::uint64_t element_bytes,
                              const char* what) const {
    if (element_bytes != 0 && count > remaining() / element_bytes)
      fail_at(count_at, std::string(what) + " " + std::to_string(count) + " needs " + std::to_string(element_bytes) +
                            " bytes each, more than the " + std::to_string(remaining()) + " left");
    return count;
  }

  static std::uint64_t le(const std::uint8_t* p, unsigned bytes) {
    std::uint64_t v = 0;
    for (unsigned i = 0; i < bytes; ++i) v |= static_cast<std::uint64_t>(p[i]) << (8 * i);
    return v;
  }

 private:
  void expect(std::uint64_t count, const char* what) const {
    if (count > remaining())
      fail("expected " + std::string(what) + " (" + std::to_string(count) + " bytes), only " +
           std::to_string(remaining()) + " left");
  }

  const Source* source_;
  std::uint64_t pos_, end_;
  std::string where_;
  Bytes window_;
  std::uint64_t window_at_ = 0;
};

// One section: absolute offset and size of its payload.
struct Section {
  std::uint32_t id = 0;
  std::uint64_t offset = 0;
  std::uint64_t size = 0;
};

// A container file and its section table: a file on disk, or bytes already in memory (named for
// the messages), which must outlive the object.
class BinFile {
 public:
  // Opens `path` (io/input_file.hpp) and checks that it is a `magic` file of version `version`.
  BinFile(const std::string& path, const char (&magic)[5], std::uint32_t version) : source_(path) {
    parse(magic, version);
  }
  // The same over `size` bytes at `data`.
  BinFile(std::string name, const std::uint8_t* data, std::uint64_t size, const char (&magic)[5], std::uint32_t version)
      : source_(std::move(name), data, size) {
    parse(magic, version);
  }

  const std::string& path() const { return source_.name(); }
  const Source& source() const { return source_; }
  bool has(std::uint32_t id) const { return sections_.count(id) != 0; }

  // The section with this id; Error(malformed_file) naming it if it is absent.
  const Section& section(std::uint32_t id, const char* name) const {
    const auto it = sections_.find(id);
    if (it == sections_.end())
      throw Error(Errc::malformed_file, path() + ": section " + std::to_string(id) + " (" + name + ") is missing");
    return it->second;
  }

  // "file: section id (name)", as messages name a section.
  std::string where(std::uint32_t id, const char* name) const {
    return path() + ": section " + std::to_string(id) + " (" + name + ")";
  }

  // A cursor over a section's payload, named as where() names it.
  Cursor cursor(std::uint32_t id, const char* name) const {
    const Section& s = section(id, name);
    return Cursor(source_, s.offset, s.offset + s.size, where(id, name));
  }

  // Error unless the section holds exactly `expected` bytes.
  void expect_size(std::uint32_t id, const char* name, std::uint64_t expected, const std::string& why) const {
    const Section& s = section(id, name);
    if (s.size != expected)
      throw Error(Errc::malformed_file, where(id, name) + " at byte " + std::to_string(s.offset) + ": expected " +
                                            std::to_string(expected) + " bytes (" + why + "), found " +
                                            std::to_string(s.size));
  }

 private:
  void parse(const char (&magic)[5], std::uint32_t version) {
    Cursor c(source_, 0, source_.size(), path());
    const std::uint8_t* m = c.take(4, "the magic bytes");
    if (std::memcmp(m, magic, 4) != 0)
      c.fail_at(0, "expected the magic \"" + std::string(magic) + "\", found \"" + printable(m) + "\"");
    const std::uint32_t v = c.u32("the version");
    if (v != version) c.fail_at(4, "expected version " + std::to_string(version) + ", found " + std::to_string(v));
    const std::uint32_t n = c.u32("the section count");
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint64_t at = c.offset();
      Section s;
      s.id = c.u32("a section id");
      s.size = c.u64("a section size");
      s.offset = c.offset();
      if (s.size > c.remaining())
        c.fail_at(at, "section " + std::to_string(s.id) + " declares " + std::to_string(s.size) +
                          " bytes, but only " + std::to_string(c.remaining()) + " follow");
      if (!sections_.emplace(s.id, s).second) c.fail_at(at, "section " + std::to_string(s.id) + " occurs twice");
      c.skip(s.size, "the section payload");
    }
  }

  static std::string printable(const std::uint8_t* m) {
    std::string s;
    for (int i = 0; i < 4; ++i) s += (m[i] >= 0x20 && m[i] < 0x7f) ? static_cast<char>(m[i]) : '?';
    return s;
  }

  Source source_;
  std::map<std::uint32_t, Section> sections_;
};

// Builds a container file in memory: sections are added in the order they are to appear.
class BinWriter {
 public:
  BinWriter(const char (&magic)[5], std::uint32_t version) : bytes_(magic, magic + 4) {
    u32(version);
    count_at_ = bytes_.size();
    u32(0);
  }
  void begin_section(std::uint32_t id) {
    u32(id);
    size_at_ = bytes_.size();
    u64(0);
    ++sections_;
  }
  void end_section() {
    const std::uint64_t size = bytes_.size() - size_at_ - 8;
    for (int i = 0; i < 8; ++i) bytes_[size_at_ + i] = static_cast<std::uint8_t>(size >> (8 * i));
  }
  void u32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) bytes_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  void u64(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) bytes_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  template <class Int>
  void le_int(const Int& v) {
    for (std::size_t i = 0; i < 8 * Int::kWords; ++i) bytes_.push_back(static_cast<std::uint8_t>(v.w[i / 8] >> (8 * (i % 8))));
  }
  std::uint8_t* grow(std::size_t count) {
    bytes_.resize(bytes_.size() + count);
    return bytes_.data() + bytes_.size() - count;
  }
  // Writes the file whole or not at all (io/output_files.hpp); Error(io_error) naming it if it cannot.
  void save(const std::string& path) {
    for (int i = 0; i < 4; ++i) bytes_[count_at_ + i] = static_cast<std::uint8_t>(sections_ >> (8 * i));
    write_file(path, std::string_view(reinterpret_cast<const char*>(bytes_.data()), bytes_.size()));
  }

 private:
  std::vector<std::uint8_t> bytes_;
  std::size_t count_at_ = 0, size_at_ = 0;
  std::uint32_t sections_ = 0;
};

// The N-word integer stored little-endian in `bytes` bytes (at most 8N) at p.
template <class Int>
Int le_int(const std::uint8_t* p, std::size_t bytes) {
  Int v{};
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  std::memcpy(v.w, p, bytes);
#else
  for (std::size_t i = 0; i < bytes; ++i) v.w[i / 8] |= static_cast<std::uint64_t>(p[i]) << (8 * (i % 8));
#endif
  return v;
}

// The "n8 u32 | prime[n8]" pair that opens .wtns and .r1cs headers: n8 must be the width of F and
// the prime F's modulus. Returns n8.
template <class F>
std::uint32_t expect_prime(Cursor& c) {
  const std::uint32_t n8 = c.u32("n8");
  if (n8 != F::kLimbs * 8)
    c.fail_at(c.offset() - 4, "expected " + std::to_string(F::kLimbs * 8) + "-byte field elements, found n8 = " +
                                  std::to_string(n8));
  const std::uint64_t at = c.offset();
  if (le_int<typename F::Int>(c.take(n8, "the prime"), n8) != F::kModulus)
    c.fail_at(at, std::string("the prime is not the scalar field of ") + F::Params::name);
  return n8;
}

}  // namespace zkforge::io
