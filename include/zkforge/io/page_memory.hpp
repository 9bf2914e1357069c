// SPDX-License-Identifier: Apache-2.0
// PageMemory: the page-aligned memory a key image lives in — anonymous pages, or a read-only mapping
// of a whole file.
//
// Anonymous pages are reserved, not touched: the threads that fill them take their page faults (and
// the kernel's zeroing) in parallel, where a std::vector would have one thread write every byte
// first. They are not asked for as transparent huge pages: on the 2-core development machine (a VM)
// the first key read of a process then took twice the CPU time, the kernel zeroing 2 MiB pages the
// host had never backed, for a gain on later reads only (docs/perf.md).
//
// A mapped file is read where it lies in the page cache, never copied, and asked to be read ahead
// (MADV_WILLNEED) and populated (MAP_POPULATE). The price of a mapping is SIGBUS: a file truncated by
// another process while it is mapped kills the process at the next read of a page past the new end.
// map() checks the file's size again once it is mapped, and zkforge never truncates a file in place
// (its writers rename a new file over the old one, io/output_files.hpp, so a mapping keeps the old
// file); io/compiled_key.hpp says what is left.
#pragma once

#include <sys/mman.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>

#include "zkforge/error.hpp"
#include "zkforge/io/input_file.hpp"

namespace zkforge::io {

class PageMemory {
 public:
  PageMemory() = default;
  PageMemory(PageMemory&& o) noexcept
      : data_(std::exchange(o.data_, nullptr)), size_(std::exchange(o.size_, 0)), mapped_(o.mapped_) {}
  PageMemory& operator=(PageMemory&& o) noexcept {
    if (this != &o) {
      release();
      data_ = std::exchange(o.data_, nullptr);
      size_ = std::exchange(o.size_, 0);
      mapped_ = o.mapped_;
    }
    return *this;
  }
  PageMemory(const PageMemory&) = delete;
  PageMemory& operator=(const PageMemory&) = delete;
  ~PageMemory() { release(); }

  // `size` bytes of zero pages, untouched; Error(out_of_memory) when they cannot be reserved.
  static PageMemory anonymous(std::uint64_t size) {
    PageMemory m;
    m.size_ = size;
    if (size == 0) return m;
    void* p = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
      const int error = errno;
      throw Error(Errc::out_of_memory, "cannot reserve " + std::to_string(size) + " bytes of memory (" +
                                           std::strerror(error) + ")");
    }
    m.data_ = static_cast<std::uint8_t*>(p);
    return m;
  }

  // The whole of `file`, read-only. Error(io_error) naming the file when it cannot be mapped, or when
  // it is no longer the size it had when opened.
  static PageMemory map(const InputFile& file) {
    PageMemory m;
    m.size_ = file.size();
    m.mapped_ = true;
    if (m.size_ == 0) return m;
    void* p = ::mmap(nullptr, m.size_, PROT_READ, MAP_PRIVATE | MAP_POPULATE, file.fd(), 0);
    if (p == MAP_FAILED) {
      const int error = errno;
      throw Error(Errc::io_error, file.path() + ": cannot map " + std::to_string(m.size_) + " bytes (" +
                                      std::strerror(error) + ")");
    }
    m.data_ = static_cast<std::uint8_t*>(p);
    ::madvise(p, m.size_, MADV_WILLNEED);
    struct stat st {};
    if (::fstat(file.fd(), &st) != 0 || static_cast<std::uint64_t>(st.st_size) < m.size_)
      throw Error(Errc::io_error, file.path() + ": the file shrank from " + std::to_string(m.size_) + " to " +
                                      std::to_string(st.st_size) + " bytes while it was mapped (truncated by another "
                                      "process?)");
    return m;
  }

  const std::uint8_t* data() const { return data_; }
  // Writable only for anonymous memory.
  std::uint8_t* data() { return data_; }
  std::uint64_t size() const { return size_; }
  bool is_mapped_file() const { return mapped_; }

 private:
  void release() {
    if (data_ != nullptr) ::munmap(data_, size_);
    data_ = nullptr;
  }

  std::uint8_t* data_ = nullptr;
  std::uint64_t size_ = 0;
  bool mapped_ = false;
};

}  // namespace zkforge::io
