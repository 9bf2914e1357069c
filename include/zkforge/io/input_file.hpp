// SPDX-License-Identifier: Apache-2.0
// Input files as every reader opens them: without blocking, checked to be regular files before any
// read, and read with pread into buffers of their own; and Source, one reader's bytes, from such a
// file or from memory.
//
// open(O_NONBLOCK) returns at once on a FIFO or a device, where a plain open waits for a writer
// forever; fstat then refuses whatever is not a regular file (a folder, a FIFO, a device) before a
// byte is read. The bytes are read with pread, not through a memory map: a file truncated by another
// process while it is read makes a mapped read die of SIGBUS, and a handler that jumps out of the
// fault cannot unwind C++ frames, nor serve the worker threads that decode points in parallel; a
// read past the new end simply comes back short, and the reader says so (io_error naming the file,
// the byte offset and the size it had when opened). Every failure is Error(io_error) naming the file.
#pragma once

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "zkforge/error.hpp"

namespace zkforge::io {

// What a file that is not regular is, for the messages.
inline const char* file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// A regular file open for reading; its size is the one it had when opened.
class InputFile {
 public:
  explicit InputFile(std::string path) : path_(std::move(path)) {
    fd_ = ::open(path_.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd_ < 0) {
      const int error = errno;
      throw Error(Errc::io_error, path_ + ": cannot open (" + std::strerror(error) + ")");
    }
    struct stat st {};
    if (::fstat(fd_, &st) != 0) {
      const int e = errno;
      ::close(fd_);
      throw Error(Errc::io_error, path_ + ": cannot stat (" + std::strerror(e) + ")");
    }
    if (!S_ISREG(st.st_mode)) {
      ::close(fd_);
      throw Error(Errc::io_error, path_ + ": " + file_kind(st.st_mode) + ", expected a regular file");
    }
    size_ = static_cast<std::uint64_t>(st.st_size);
  }
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;
  ~InputFile() { ::close(fd_); }

  const std::string& path() const { return path_; }
  std::uint64_t size() const { return size_; }
  int fd() const { return fd_; }  // for a mapping of the file (io/page_memory.hpp)

  // Reads `count` bytes at `offset` into `out`; `what` names them in the message when the file ends first.
  void read(std::uint64_t offset, std::uint8_t* out, std::uint64_t count, const char* what) const {
    std::uint64_t done = 0;
    while (done < count) {
      const std::uint64_t chunk = std::min<std::uint64_t>(count - done, std::uint64_t{1} << 30);
      const ssize_t n = ::pread(fd_, out + done, chunk, static_cast<off_t>(offset + done));
      const int error = errno;
      if (n < 0 && error == EINTR) continue;
      const std::string at = path_ + " at byte " + std::to_string(offset + done);
      if (n < 0) throw Error(Errc::io_error, at + ": cannot read " + what + " (" + std::strerror(error) + ")");
      if (n == 0)
        throw Error(Errc::io_error, at + ": the file ended while reading " + what + " (it had " +
                                        std::to_string(size_) + " bytes when opened: truncated by another process?)");
      done += static_cast<std::uint64_t>(n);
    }
  }

  // The whole file, as it was when opened.
  std::string read_all(const char* what) const {
    std::string text(size_, '\0');
    read(0, reinterpret_cast<std::uint8_t*>(text.data()), size_, what);
    return text;
  }

 private:
  std::string path_;
  int fd_ = -1;
  std::uint64_t size_ = 0;
};

// Bytes handed out by a Source: a view of memory the source holds, or a buffer of their own.
class Bytes {
 public:
  Bytes() = default;
  Bytes(const std::uint8_t* data, std::uint64_t size) : data_(data), size_(size) {}
  explicit Bytes(std::vector<std::uint8_t> owned)
      : owned_(std::move(owned)), data_(owned_.data()), size_(owned_.size()) {}
  Bytes(Bytes&&) = default;  // a moved vector keeps its buffer, so data_ stays valid
  Bytes& operator=(Bytes&&) = default;
  Bytes(const Bytes&) = delete;
  Bytes& operator=(const Bytes&) = delete;

  const std::uint8_t* data() const { return data_; }
  std::uint64_t size() const { return size_; }

 private:
  std::vector<std::uint8_t> owned_;
  const std::uint8_t* data_ = nullptr;
  std::uint64_t size_ = 0;
};

// The bytes one reader reads: a regular file on disk, or bytes in memory (named for the messages)
// that must outlive the source, as the fuzzers pass them.
class Source {
 public:
  explicit Source(const std::string& path) : file_(std::in_place, path), name_(path), size_(file_->size()) {}
  Source(std::string name, const std::uint8_t* data, std::uint64_t size)
      : name_(std::move(name)), data_(data), size_(size) {}

  const std::string& name() const { return name_; }
  std::uint64_t size() const { return size_; }

  // `count` bytes at `offset`, which the caller has checked to lie inside size(); `what` names them.
  Bytes read(std::uint64_t offset, std::uint64_t count, const char* what) const {
    if (!file_) return Bytes(data_ + offset, count);
    std::vector<std::uint8_t> buffer(count);
    file_->read(offset, buffer.data(), count, what);
    return Bytes(std::move(buffer));
  }

  // The same bytes without a buffer of their own: a pointer into the memory the source holds, or the
  // file's bytes read into `buffer` (grown as needed, so that a thread reuses one), valid until it changes.
  const std::uint8_t* read(std::uint64_t offset, std::uint64_t count, std::vector<std::uint8_t>& buffer,
                           const char* what) const {
    if (!file_) return data_ + offset;
    if (buffer.size() < count) buffer.resize(count);
    file_->read(offset, buffer.data(), count, what);
    return buffer.data();
  }

 private:
  std::optional<InputFile> file_;
  std::string name_;
  const std::uint8_t* data_ = nullptr;
  std::uint64_t size_ = 0;
};

}  // namespace zkforge::io
