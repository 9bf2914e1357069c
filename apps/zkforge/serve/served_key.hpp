// SPDX-License-Identifier: Apache-2.0
// A key that `zkforge serve` proves with: read once (read_key_file), a prover per device kept
// resident, and one request's work on it — its body parsed and checked, the proof, the proof verified
// and written as snarkjs' JSON — split where the server runs each part.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "devices.hpp"
#include "zkforge/groth16/prover_config.hpp"

namespace zkforge::serve {

// What GET /v1/keys says of a key, and the largest request body it takes.
struct KeyInfo {
  std::string name, path;
  std::string curve;  // as snarkjs names it: bn128 or bls12381
  std::size_t log_domain = 0, num_vars = 0, num_public = 0;
  std::uint64_t max_wtns_bytes = 0;  // a .wtns of num_vars values, and a little for its framing
  std::uint64_t max_json_bytes = 0;  // a JSON array of num_vars decimal or 0x-hex strings, laid out loosely
  std::uint64_t max_body_bytes() const { return std::max(max_wtns_bytes, max_json_bytes); }
};

// A proof as `zkforge prove` writes it: proof.json and public.json (snarkjs' JSON).
struct ProofJson {
  nlohmann::json proof, public_inputs;
};

// One request's work on one key: made from the body on the connection's thread, proved on a device's
// worker thread, finished on the connection's thread again.
class Work {
 public:
  virtual ~Work() = default;
  // The proof on device slot `slot` of the key's devices; any throw is the server's failure (a 500).
  virtual void prove(std::size_t slot, groth16::PhaseTimings& timings) = 0;
  // The proof verified under the key's verifying key and written as JSON; Error if it does not verify.
  virtual ProofJson finish() = 0;
};

class ServedKey {
 public:
  virtual ~ServedKey() = default;
  const KeyInfo& info() const { return info_; }
  // The work of a request body: a .wtns (by its magic bytes) or a JSON array of the witness's values.
  // Error naming what is wrong with the body (a 400), before anything is queued.
  virtual std::unique_ptr<Work> parse(std::string_view body) const = 0;
  // snarkjs' verification_key.json of the key.
  virtual nlohmann::json verification_key_json() const = 0;

 protected:
  KeyInfo info_;
};

// Reads the key at `path` (read_key_file) and makes its prover on each of `devices` (resident on a
// GPU), with `config`; throws zkforge::Error naming the file or the device.
std::unique_ptr<ServedKey> load_served_key(const std::string& name, const std::string& path, bool check_subgroups,
                                           const Devices& devices, const groth16::ProverConfig& config);

}  // namespace zkforge::serve
