// SPDX-License-Identifier: Apache-2.0
// zkforge/rapidsnark.h: rapidsnark's prover API over zkforge's prover handle on the CPU, with
// rapidsnark's return codes and buffer protocol.
#include "zkforge/rapidsnark.h"

#include <algorithm>
#include <cstring>

#include "guard.hpp"
#include "prover_handle.hpp"
#include "zkforge/io/proving_key_file.hpp"

namespace zkforge::capi {
namespace {

// Capacities that always hold a bn128 proof and a key's public signals as JSON (rapidsnark's figures:
// a value has at most 77 decimal digits, 82 bytes with its quotes and comma).
constexpr unsigned long long kProofCapacity = 810;
unsigned long long public_capacity(std::size_t num_public) { return num_public * 82ull + 4; }

// Runs body (which returns a PROVER_* code); an error becomes PROVER_ERROR — or `on_size_mismatch`
// for a size mismatch — with its message in error_msg.
template <class F>
int rapidsnark_call(char* error_msg, unsigned long long error_msg_maxsize, F&& body,
                    int on_size_mismatch = PROVER_ERROR) {
  int code = PROVER_OK;
  const Outcome o = run_guarded([&] { code = body(); });
  if (o.status == ZKFORGE_OK) return code;
  copy_message(o.message, error_msg, static_cast<std::size_t>(error_msg_maxsize));
  return o.status == ZKFORGE_ERROR_SIZE_MISMATCH ? on_size_mismatch : PROVER_ERROR;
}

// The longest proof JSON of engine E: every coordinate q - 1, the value of most digits.
template <class E>
std::size_t longest_proof_json() {
  using Fq = typename E::G1::Field;
  const Fq m = -Fq::one();
  const Affine<typename E::G1> g1 = Affine<typename E::G1>::from_xy(m, m);
  const Affine<typename E::G2> g2 = Affine<typename E::G2>::from_xy({m, m}, {m, m});
  return snarkjs::proof_json(groth16::Proof<E>{g1, g2, g1}, kJsonCurve<E>).dump().size();
}

// The proof capacity to ask for after a short buffer: the longest proof of the prover's curve, so
// that the next proof (with new r and s, maybe longer) fits.
std::size_t proof_capacity(const zkforge_prover& prover) {
  return std::visit([](const auto& p) { return longest_proof_json<typename std::decay_t<decltype(p)>::Engine>() + 1; },
                    prover.engine);
}

// Whether `text` and its terminator fit in `capacity` bytes.
bool fits(const std::string& text, unsigned long long capacity) { return text.size() + 1 <= capacity; }

// Copies `text` and its terminator to `out`; *size becomes its length.
void copy_text(const std::string& text, char* out, unsigned long long* size) {
  std::memcpy(out, text.c_str(), text.size() + 1);
  *size = text.size();
}

}  // namespace
}  // namespace zkforge::capi

using namespace zkforge;
using namespace zkforge::capi;

extern "C" {

int groth16_public_size_for_zkey_buf(const void* zkey_buffer, unsigned long long zkey_size,
                                     unsigned long long* public_size, char* error_msg,
                                     unsigned long long error_msg_maxsize) {
  return rapidsnark_call(error_msg, error_msg_maxsize, [&] {
    require(zkey_buffer, "the zkey buffer");
    require(public_size, "the public size pointer");
    *public_size = public_capacity(
        io::ProvingKeyFile("zkey buffer", static_cast<const std::uint8_t*>(zkey_buffer), zkey_size).num_public());
    return PROVER_OK;
  });
}

int groth16_public_size_for_zkey_file(const char* zkey_fname, unsigned long long* public_size, char* error_msg,
                                      unsigned long long error_msg_maxsize) {
  return rapidsnark_call(error_msg, error_msg_maxsize, [&] {
    require(zkey_fname, "the zkey path");
    require(public_size, "the public size pointer");
    *public_size = public_capacity(io::ProvingKeyFile(zkey_fname).num_public());
    return PROVER_OK;
  });
}

void groth16_proof_size(unsigned long long* proof_size) {
  if (proof_size != nullptr) *proof_size = kProofCapacity;
}

int groth16_prover_create(void** prover_object, const void* zkey_buffer, unsigned long long zkey_size,
                          char* error_msg, unsigned long long error_msg_maxsize) {
  return rapidsnark_call(error_msg, error_msg_maxsize, [&] {
    require(prover_object, "the prover object pointer");
    require(zkey_buffer, "the zkey buffer");
    *prover_object = make_key_prover(io::ProvingKeyFile("zkey buffer", static_cast<const std::uint8_t*>(zkey_buffer),
                                                        zkey_size),
                                     zkforge_prover_options_default())
                         .release();
    return PROVER_OK;
  });
}

int groth16_prover_create_zkey_file(void** prover_object, const char* zkey_file_path, char* error_msg,
                                    unsigned long long error_msg_maxsize) {
  return rapidsnark_call(error_msg, error_msg_maxsize, [&] {
    require(prover_object, "the prover object pointer");
    require(zkey_file_path, "the zkey path");
    *prover_object = make_key_prover(io::ProvingKeyFile(zkey_file_path), zkforge_prover_options_default()).release();
    return PROVER_OK;
  });
}

int groth16_prover_prove(void* prover_object, const void* wtns_buffer, unsigned long long wtns_size,
                         char* proof_buffer, unsigned long long* proof_size, char* public_buffer,
                         unsigned long long* public_size, char* error_msg, unsigned long long error_msg_maxsize) {
  return rapidsnark_call(
      error_msg, error_msg_maxsize,
      [&] {
        require(prover_object, "the prover object");
        require(wtns_buffer, "the wtns buffer");
        require(proof_buffer, "the proof buffer");
        require(proof_size, "the proof size pointer");
        require(public_buffer, "the public buffer");
        require(public_size, "the public size pointer");
        const auto& prover = *static_cast<const zkforge_prover*>(prover_object);
        const auto proof = prove_wtns(
            prover, io::BinFile("wtns buffer", static_cast<const std::uint8_t*>(wtns_buffer), wtns_size, "wtns", 2));
        if (!fits(proof->proof_json, *proof_size) || !fits(proof->public_json, *public_size)) {
          const unsigned long long given_proof = *proof_size, given_public = *public_size;
          *proof_size = std::max(proof->proof_json.size() + 1, proof_capacity(prover));
          *public_size = proof->public_json.size() + 1;
          copy_message("buffers too small: the proof needs " + std::to_string(*proof_size) + " bytes (given " +
                           std::to_string(given_proof) + "), the public signals " + std::to_string(*public_size) +
                           " (given " + std::to_string(given_public) + ")",
                       error_msg, static_cast<std::size_t>(error_msg_maxsize));
          return PROVER_ERROR_SHORT_BUFFER;
        }
        copy_text(proof->proof_json, proof_buffer, proof_size);
        copy_text(proof->public_json, public_buffer, public_size);
        return PROVER_OK;
      },
      PROVER_INVALID_WITNESS_LENGTH);
}

void groth16_prover_destroy(void* prover_object) { delete static_cast<zkforge_prover*>(prover_object); }

}  // extern "C"

namespace {

// The one-call provers' second half: the prover object just made (`created` its code) proves once and goes.
int prove_once(int created, void* prover, const void* wtns_buffer, unsigned long long wtns_size, char* proof_buffer,
               unsigned long long* proof_size, char* public_buffer, unsigned long long* public_size, char* error_msg,
               unsigned long long error_msg_maxsize) {
  if (created != PROVER_OK) return created;
  const int proved = groth16_prover_prove(prover, wtns_buffer, wtns_size, proof_buffer, proof_size, public_buffer,
                                          public_size, error_msg, error_msg_maxsize);
  groth16_prover_destroy(prover);
  return proved;
}

}  // namespace

extern "C" {

int groth16_prover(const void* zkey_buffer, unsigned long long zkey_size, const void* wtns_buffer,
                   unsigned long long wtns_size, char* proof_buffer, unsigned long long* proof_size,
                   char* public_buffer, unsigned long long* public_size, char* error_msg,
                   unsigned long long error_msg_maxsize) {
  void* prover = nullptr;
  const int created = groth16_prover_create(&prover, zkey_buffer, zkey_size, error_msg, error_msg_maxsize);
  return prove_once(created, prover, wtns_buffer, wtns_size, proof_buffer, proof_size, public_buffer, public_size,
                    error_msg, error_msg_maxsize);
}

int groth16_prover_zkey_file(const char* zkey_file_path, const void* wtns_buffer, unsigned long long wtns_size,
                             char* proof_buffer, unsigned long long* proof_size, char* public_buffer,
                             unsigned long long* public_size, char* error_msg, unsigned long long error_msg_maxsize) {
  void* prover = nullptr;
  const int created = groth16_prover_create_zkey_file(&prover, zkey_file_path, error_msg, error_msg_maxsize);
  return prove_once(created, prover, wtns_buffer, wtns_size, proof_buffer, proof_size, public_buffer, public_size,
                    error_msg, error_msg_maxsize);
}

}  // extern "C"
