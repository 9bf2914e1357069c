// SPDX-License-Identifier: Apache-2.0
// The zkforge::Error that a call throws, for the tests of bad input; the test fails when it throws none.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "zkforge/error.hpp"

namespace zkforge::test {

template <class F>
Error error_thrown_by(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e;
  }
  FAIL("no zkforge::Error was thrown");
  return Error(Errc::invalid_argument, "");
}

// True when the error's message contains s.
inline bool mentions(const Error& e, const std::string& s) { return std::string(e.what()).find(s) != std::string::npos; }

}  // namespace zkforge::test
