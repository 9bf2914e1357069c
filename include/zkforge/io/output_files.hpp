// SPDX-License-Identifier: Apache-2.0
// Output files written whole or not at all, as every writer of zkforge writes them.
//
// write_files writes each file to a temporary file of its own in its target's folder (so that the
// rename below stays inside one file system), flushes it to the disk (fsync) and closes it, checking
// every step, and only when all of them are written renames them over their targets: a failure or a
// kill before that point leaves every target as it was (a kill leaves at most a temporary
// ".NAME.zkforge-*" behind), and a reader of a target sees the old file or the new one, never a part.
// On failure the temporaries are removed. A target that exists must be a regular file (a symbolic
// link is followed to one): a device, a FIFO or a folder would be replaced by the rename, not
// written to. Two targets that are the same file are refused before anything is written, and
// refuse_overlap refuses outputs that are inputs of the same run. Errors are Error(io_error, or
// invalid_argument for the refusals) naming the file and the system's reason.
#pragma once

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "zkforge/error.hpp"
#include "zkforge/io/input_file.hpp"

namespace zkforge::io {

// One file to write: its path and its whole contents.
struct OutputFile {
  std::string path;
  std::string_view bytes;
};

namespace output_detail {

// What a path names, to tell whether two paths are the same file: an existing file by device and
// inode (links and other spellings agree), a file still to be made by its absolute, normal path.
struct Identity {
  bool exists = false;
  dev_t device = 0;
  ino_t inode = 0;
  std::string path;

  explicit Identity(const std::string& p) {
    struct stat st {};
    if (::stat(p.c_str(), &st) == 0) {
      exists = true;
      device = st.st_dev;
      inode = st.st_ino;
      return;
    }
    std::error_code ec;
    path = std::filesystem::weakly_canonical(p, ec).string();
    if (ec) path = std::filesystem::absolute(p).lexically_normal().string();
  }
  bool operator==(const Identity& o) const {
    return exists == o.exists && (exists ? device == o.device && inode == o.inode : path == o.path);
  }
};

[[noreturn]] inline void fail(const std::string& path, const std::string& what, int error) {
  throw Error(Errc::io_error, path + ": " + what + " (" + std::strerror(error) + ")");
}

// The file a target's rename must replace: the target itself, or the regular file a link leads to.
inline std::string resolve_target(const std::string& target) {
  struct stat st {};
  if (::stat(target.c_str(), &st) != 0) {
    const int error = errno;
    if (error == ENOENT) return target;
    fail(target, "cannot stat", error);
  }
  if (!S_ISREG(st.st_mode))
    throw Error(Errc::io_error, target + ": " + file_kind(st.st_mode) +
                                    ", expected a regular file or a new file's name (outputs are replaced whole)");
  return std::filesystem::canonical(target).string();
}

// A temporary file beside its target, removed unless it was renamed over the target.
class Temporary {
 public:
  explicit Temporary(std::string target) : target_(resolve_target(target)), shown_(std::move(target)) {
    const std::filesystem::path t(target_);
    const std::string folder = t.has_parent_path() ? t.parent_path().string() + "/" : std::string();
    for (unsigned attempt = 0; fd_ < 0; ++attempt) {
      path_ = folder + "." + t.filename().string() + ".zkforge-" + std::to_string(::getpid()) + "-" +
              std::to_string(attempt);
      fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
      const int error = errno;
      if (fd_ < 0 && (error != EEXIST || attempt == 1000))
        fail(shown_, "cannot create a file in " + (folder.empty() ? std::string(".") : folder), error);
    }
  }
  Temporary(const Temporary&) = delete;
  Temporary& operator=(const Temporary&) = delete;
  ~Temporary() {
    if (fd_ >= 0) ::close(fd_);
    if (!renamed_) ::unlink(path_.c_str());
  }

  // Writes the bytes, flushes them to the disk and closes the file; every error is thrown.
  void write(std::string_view bytes) {
    for (std::size_t done = 0; done < bytes.size();) {
      const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
      const int error = errno;
      if (n < 0 && error == EINTR) continue;
      if (n < 0) fail(shown_, "cannot write " + std::to_string(bytes.size()) + " bytes", error);
      done += static_cast<std::size_t>(n);
    }
    if (::fsync(fd_) != 0) {
      const int error = errno;
      fail(shown_, "cannot flush the file to the disk", error);
    }
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) {
      const int error = errno;
      fail(shown_, "cannot close the file", error);
    }
  }

  void rename() {
    if (::rename(path_.c_str(), target_.c_str()) != 0) {
      const int error = errno;
      fail(shown_, "cannot rename " + path_ + " over it", error);
    }
    renamed_ = true;
  }

  const std::string& shown() const { return shown_; }
  std::string folder() const { return std::filesystem::path(target_).parent_path().string(); }

 private:
  std::string target_, shown_, path_;
  int fd_ = -1;
  bool renamed_ = false;
};

// Makes the renames in `folder` durable; a folder that cannot be opened or synced is left as it is,
// since every target is already in place and readable.
inline void sync_folder(const std::string& folder) {
  const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace output_detail

// Error(invalid_argument) when an output is one of the inputs, or two outputs are the same file.
inline void refuse_overlap(const std::vector<std::string>& outputs, const std::vector<std::string>& inputs) {
  using output_detail::Identity;
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const Identity out(outputs[i]);
    for (const std::string& in : inputs) {
      if (!(out == Identity(in))) continue;
      const std::string input = in == outputs[i] ? "of that name" : in;
      throw Error(Errc::invalid_argument, "the output " + outputs[i] + " is the input " + input +
                                              ": refusing to write over an input");
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (!(out == Identity(outputs[j]))) continue;
      const std::string same = outputs[j] == outputs[i]
                                   ? "the output " + outputs[i] + " is named twice"
                                   : "the outputs " + outputs[j] + " and " + outputs[i] + " are one file";
      throw Error(Errc::invalid_argument, same + "; each output needs a file of its own");
    }
  }
}

// write_files in two steps, for a writer that checks its outputs while they are written (prove
// verifies its proof meanwhile): the constructor writes every file to its temporary and flushes it,
// commit() renames them over their targets; destroyed without a commit, it removes the temporaries
// and every target stays as it was.
class StagedFiles {
 public:
  explicit StagedFiles(const std::vector<OutputFile>& files) {
    std::vector<std::string> paths;
    for (const OutputFile& f : files) paths.push_back(f.path);
    refuse_overlap(paths, {});
    for (const OutputFile& f : files) {
      temporaries_.push_back(std::make_unique<output_detail::Temporary>(f.path));
      temporaries_.back()->write(f.bytes);
    }
  }

  void commit() {
    for (std::size_t i = 0; i < temporaries_.size(); ++i) {
      try {
        temporaries_[i]->rename();
      } catch (const Error& e) {
        if (i == 0) throw;
        throw e.in(temporaries_[0]->shown() + " was replaced, but not the files after it");
      }
    }
    std::vector<std::string> synced;  // each folder once
    for (const auto& t : temporaries_) {
      std::string folder = t->folder();
      if (std::find(synced.begin(), synced.end(), folder) != synced.end()) continue;
      output_detail::sync_folder(folder);
      synced.push_back(std::move(folder));
    }
  }

 private:
  std::vector<std::unique_ptr<output_detail::Temporary>> temporaries_;
};

// Writes every file or none (see the top of this file).
inline void write_files(const std::vector<OutputFile>& files) { StagedFiles(files).commit(); }

inline void write_file(const std::string& path, std::string_view bytes) { write_files({OutputFile{path, bytes}}); }

}  // namespace zkforge::io
