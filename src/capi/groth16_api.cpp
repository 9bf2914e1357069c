// SPDX-License-Identifier: Apache-2.0
// zkforge/c/groth16.h: the prover handle over proving keys (snarkjs zkey or compiled), its proofs as
// snarkjs JSON, and the verification of snarkjs JSON texts.
#include <nlohmann/json.hpp>

#include "backends.hpp"
#include "guard.hpp"
#include "prover_handle.hpp"
#include "scalars.hpp"
#include "zkforge/groth16/prover_checks.hpp"
#include "zkforge/groth16/verifier.hpp"
#include "zkforge/io/snarkjs_json.hpp"
#include "zkforge/io/proving_key_file.hpp"
#include "zkforge/io/wtns.hpp"

namespace zkforge::capi {
namespace {

template <class E>
std::unique_ptr<zkforge_proof> prove_texts(const KeyProver<E>& p, const std::vector<typename E::Fr::Int>& witness) {
  const groth16::Proof<E> proof = p.impl->prove(host_span(witness));
  return std::make_unique<zkforge_proof>(zkforge_proof{
      snarkjs::proof_json(proof, kJsonCurve<E>).dump(),
      snarkjs::public_inputs_json(p.impl->public_inputs(host_span(witness))).dump()});
}

template <class E>
KeyProver<E> read_prover(const io::ProvingKeyFile& file, const zkforge_prover_options& options) {
  auto key = std::make_shared<const io::LoadedKey<E>>(file.load<E>());
  auto impl = make_prover<E>(key, options);
  return KeyProver<E>{std::move(key), std::move(impl)};
}

nlohmann::json parse_text(const char* text, const char* name) {
  require(text, name);
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) throw Error(Errc::malformed_file, std::string(name) + ": not valid JSON");
  return j;
}

template <class E>
bool verify_texts(const nlohmann::json& vk, const nlohmann::json& pub, const nlohmann::json& proof) {
  return groth16::verify(snarkjs::parse_verification_key<E>(vk, "verification key"),
                         snarkjs::parse_public_inputs<E>(pub, "public inputs"), snarkjs::parse_proof<E>(proof, "proof"));
}

}  // namespace

std::unique_ptr<zkforge_proof> prove_wtns(const zkforge_prover& prover, const io::BinFile& wtns) {
  return std::visit(
      [&](const auto& p) { return prove_texts(p, snarkjs::read_wtns<typename std::decay_t<decltype(p)>::Engine::Fr>(wtns)); },
      prover.engine);
}

static_assert(ZKFORGE_MAX_THREADS == kMaxPoolThreads, "the C interface's thread limit is the pool's");

zkforge_prover_options checked_options(const zkforge_prover_options* options) {
  const zkforge_prover_options o = options != nullptr ? *options : zkforge_prover_options_default();
  (void)target_of(&o.device);
  if (o.threads > ZKFORGE_MAX_THREADS)
    throw Error(Errc::invalid_argument, "threads " + std::to_string(o.threads) + " is more than " +
                                            std::to_string(ZKFORGE_MAX_THREADS) + " (0 uses every core)");
  return o;
}

// f(the handle's prover) for a call that only reads the handle: `none` for NULL.
template <class F, class T>
T read_handle(const zkforge_prover* prover, T none, F&& f) {
  return prover == nullptr ? none : std::visit(f, prover->engine);
}

std::unique_ptr<zkforge_prover> make_key_prover(const io::ProvingKeyFile& key, const zkforge_prover_options& o) {
  if (key.curve() == CurveId::bn254)
    return std::unique_ptr<zkforge_prover>(new zkforge_prover{read_prover<bn254::Engine>(key, o)});
  return std::unique_ptr<zkforge_prover>(new zkforge_prover{read_prover<bls12_381::Engine>(key, o)});
}

}  // namespace zkforge::capi

using namespace zkforge;
using namespace zkforge::capi;

extern "C" {

zkforge_prover_options zkforge_prover_options_default(void) {
  return zkforge_prover_options{zkforge_device{"cpu", 0}, ZKFORGE_MEMORY_POOLED, 0};
}

zkforge_status zkforge_prover_create_zkey_file(zkforge_prover** prover, const char* path,
                                               const zkforge_prover_options* options, zkforge_error* error) {
  return guarded(error, [&] {
    require(prover, "the prover out-pointer");
    require(path, "the zkey path");
    const zkforge_prover_options o = checked_options(options);
    *prover = make_key_prover(io::ProvingKeyFile(path), o).release();
  });
}

zkforge_status zkforge_prover_create_zkey(zkforge_prover** prover, const void* zkey, uint64_t size,
                                          const zkforge_prover_options* options, zkforge_error* error) {
  return guarded(error, [&] {
    require(prover, "the prover out-pointer");
    require(zkey, "the zkey buffer");
    const zkforge_prover_options o = checked_options(options);
    *prover = make_key_prover(io::ProvingKeyFile("key buffer", static_cast<const std::uint8_t*>(zkey), size), o).release();
  });
}

void zkforge_prover_destroy(zkforge_prover* prover) { delete prover; }

zkforge_curve zkforge_prover_curve(const zkforge_prover* prover) {
  return read_handle(prover, zkforge_curve{-1},
                     [](const auto& p) { return kCurveOf<typename std::decay_t<decltype(p)>::Engine>; });
}

uint64_t zkforge_prover_num_wires(const zkforge_prover* prover) {
  return read_handle(prover, uint64_t{0}, [](const auto& p) -> uint64_t { return p.key->view().num_vars; });
}

uint64_t zkforge_prover_num_public(const zkforge_prover* prover) {
  return read_handle(prover, uint64_t{0}, [](const auto& p) -> uint64_t { return p.key->view().num_public; });
}

zkforge_status zkforge_prover_prove_wtns(const zkforge_prover* prover, const void* wtns, uint64_t size,
                                         zkforge_proof** proof, zkforge_error* error) {
  return guarded(error, [&] {
    require(prover, "the prover");
    require(wtns, "the wtns buffer");
    require(proof, "the proof out-pointer");
    *proof = prove_wtns(*prover, io::BinFile("wtns buffer", static_cast<const std::uint8_t*>(wtns), size, "wtns", 2))
                 .release();
  });
}

zkforge_status zkforge_prover_prove(const zkforge_prover* prover, const void* witness, uint64_t count,
                                    zkforge_scalar_form form, zkforge_proof** proof, zkforge_error* error) {
  return guarded(error, [&] {
    require(prover, "the prover");
    require(witness, "the witness");
    require(proof, "the proof out-pointer");
    *proof = std::visit(
                 [&](const auto& p) {
                   using Fr = typename std::decay_t<decltype(p)>::Engine::Fr;
                   groth16::check_witness_count(p.key->view(), count);  // before a value past the buffer is read
                   return prove_texts(p, read_canonical<Fr>(witness, count, form, "witness value"));
                 },
                 prover->engine)
                 .release();
  });
}

const char* zkforge_proof_json(const zkforge_proof* proof) {
  return proof != nullptr ? proof->proof_json.c_str() : nullptr;
}
const char* zkforge_proof_public_json(const zkforge_proof* proof) {
  return proof != nullptr ? proof->public_json.c_str() : nullptr;
}
void zkforge_proof_destroy(zkforge_proof* proof) { delete proof; }

zkforge_status zkforge_groth16_verify_json(const char* verification_key_json, const char* public_json,
                                           const char* proof_json, int32_t* valid, zkforge_error* error) {
  return guarded(error, [&] {
    require(valid, "the result pointer");
    const nlohmann::json vk = parse_text(verification_key_json, "verification key");
    const nlohmann::json pub = parse_text(public_json, "public inputs");
    const nlohmann::json proof = parse_text(proof_json, "proof");
    const bool ok = snarkjs::verification_key_curve(vk, "verification key") == snarkjs::JsonCurve::bn128
                        ? verify_texts<bn254::Engine>(vk, pub, proof)
                        : verify_texts<bls12_381::Engine>(vk, pub, proof);
    *valid = ok ? 1 : 0;
  });
}

}  // extern "C"
