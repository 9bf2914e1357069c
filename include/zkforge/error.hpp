// SPDX-License-Identifier: Apache-2.0
// The one error type of zkforge: a code for programs and a message that names the cause for people.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace zkforge {

enum class Errc {
  invalid_length,       // an encoding of the wrong size
  invalid_flags,        // flag bits that contradict the encoding or each other
  not_canonical,        // a field element or scalar not below its modulus
  not_on_curve,         // coordinates that do not satisfy the curve equation
  not_in_subgroup,      // a curve point outside the prime-order subgroup
  invalid_argument,     // a caller's value outside what the function accepts
  size_mismatch,        // two sizes that must agree do not
  malformed_file,       // a file whose structure is wrong; the message names file, section, offset
  backend_unavailable,  // a backend asked for that this build or machine lacks
  device_error,         // an error reported by a GPU runtime
  out_of_memory,        // an allocation that could not be served
  random_source,        // the operating system's random source failed (getrandom)
  io_error,             // a file that cannot be opened, read or written; the message names it and the reason
};

inline const char* errc_name(Errc c) {
  switch (c) {
    case Errc::invalid_length: return "invalid length";
    case Errc::invalid_flags: return "invalid flags";
    case Errc::not_canonical: return "not canonical";
    case Errc::not_on_curve: return "not on curve";
    case Errc::not_in_subgroup: return "not in subgroup";
    case Errc::invalid_argument: return "invalid argument";
    case Errc::size_mismatch: return "size mismatch";
    case Errc::malformed_file: return "malformed file";
    case Errc::backend_unavailable: return "backend unavailable";
    case Errc::device_error: return "device error";
    case Errc::out_of_memory: return "out of memory";
    case Errc::random_source: return "random source failure";
    case Errc::io_error: return "I/O error";
  }
  return "unknown";
}

// what() is "<code's name>: <message>"; message() is the message alone.
class Error : public std::runtime_error {
 public:
  Error(Errc code, const std::string& message)
      : std::runtime_error(std::string(errc_name(code)) + ": " + message),
        code_(code),
        message_at_(std::char_traits<char>::length(errc_name(code)) + 2) {}
  Errc code() const noexcept { return code_; }
  const char* message() const noexcept { return what() + message_at_; }

  // The same error with `where` (a file, a section, a byte offset, a point) in front of its message.
  Error in(const std::string& where) const { return Error(code_, where + ": " + message()); }

 private:
  Errc code_;
  std::size_t message_at_;
};

}  // namespace zkforge
