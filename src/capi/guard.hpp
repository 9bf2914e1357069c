// SPDX-License-Identifier: Apache-2.0
// Where C++ errors become C ones: a call's body runs inside guarded(), which catches everything it
// throws and turns it into a zkforge_status and a message; nothing is thrown across the C boundary.
#pragma once

#include <cstddef>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>

#include "zkforge/c/base.h"
#include "zkforge/error.hpp"

namespace zkforge::capi {

inline zkforge_status status_of(Errc code) {
  switch (code) {
    case Errc::invalid_length: return ZKFORGE_ERROR_INVALID_LENGTH;
    case Errc::invalid_flags: return ZKFORGE_ERROR_INVALID_FLAGS;
    case Errc::not_canonical: return ZKFORGE_ERROR_NOT_CANONICAL;
    case Errc::not_on_curve: return ZKFORGE_ERROR_NOT_ON_CURVE;
    case Errc::not_in_subgroup: return ZKFORGE_ERROR_NOT_IN_SUBGROUP;
    case Errc::invalid_argument: return ZKFORGE_ERROR_INVALID_ARGUMENT;
    case Errc::size_mismatch: return ZKFORGE_ERROR_SIZE_MISMATCH;
    case Errc::malformed_file: return ZKFORGE_ERROR_MALFORMED_FILE;
    case Errc::backend_unavailable: return ZKFORGE_ERROR_BACKEND_UNAVAILABLE;
    case Errc::device_error: return ZKFORGE_ERROR_DEVICE;
    case Errc::out_of_memory: return ZKFORGE_ERROR_OUT_OF_MEMORY;
    case Errc::random_source: return ZKFORGE_ERROR_RANDOM_SOURCE;
    case Errc::io_error: return ZKFORGE_ERROR_IO;
  }
  return ZKFORGE_ERROR_INTERNAL;
}

// A failed call's status and message (status ZKFORGE_OK and no message for one that succeeded).
struct Outcome {
  zkforge_status status = ZKFORGE_OK;
  std::string message;
};

template <class F>
Outcome run_guarded(F&& body) noexcept {
  try {
    try {
      body();
      return {};
    } catch (const Error& e) {
      return {status_of(e.code()), e.what()};
    } catch (const std::bad_alloc&) {
      return {ZKFORGE_ERROR_OUT_OF_MEMORY, "out of memory: an allocation failed"};
    } catch (const std::length_error& e) {  // a size past what any vector can hold
      return {ZKFORGE_ERROR_OUT_OF_MEMORY, std::string("out of memory: ") + e.what()};
    } catch (const std::exception& e) {
      return {ZKFORGE_ERROR_INTERNAL, std::string("internal error: ") + e.what()};
    } catch (...) {
      return {ZKFORGE_ERROR_INTERNAL, "internal error: an exception that is not a std::exception"};
    }
  } catch (...) {  // the message itself could not be made; this one fits the string's own bytes
    return {ZKFORGE_ERROR_OUT_OF_MEMORY, "out of memory"};
  }
}

// Copies a NUL-terminated message into `capacity` bytes at `out` (nothing for NULL or 0), cut to fit.
inline void copy_message(const std::string& message, char* out, std::size_t capacity) {
  if (out == nullptr || capacity == 0) return;
  const std::size_t n = message.size() < capacity - 1 ? message.size() : capacity - 1;
  std::memcpy(out, message.data(), n);
  out[n] = '\0';
}

// Runs a C call's body; its outcome goes to `error` (NULL allowed) and is returned.
template <class F>
zkforge_status guarded(zkforge_error* error, F&& body) noexcept {
  const Outcome o = run_guarded(body);
  if (error != nullptr) {
    error->status = o.status;
    copy_message(o.message, error->message, sizeof error->message);
  }
  return o.status;
}

// Error(invalid_argument) when a pointer the call needs is NULL.
inline void require(const void* pointer, const char* what) {
  if (pointer == nullptr) throw Error(Errc::invalid_argument, std::string(what) + " is NULL");
}

}  // namespace zkforge::capi
