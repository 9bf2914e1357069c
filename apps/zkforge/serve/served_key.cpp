// SPDX-License-Identifier: Apache-2.0
// load_served_key: a key of either curve behind ServedKey, its provers per device, and the work of
// one request (witness parsed and checked, proved, verified, written as snarkjs' JSON).
#include "served_key.hpp"

#include <optional>
#include <vector>

#include "key_file.hpp"
#include "zkforge/groth16/prover.hpp"
#include "zkforge/groth16/randomness.hpp"
#include "zkforge/groth16/verifier.hpp"
#include "zkforge/groth16/warm_up.hpp"
#include "zkforge/io/snarkjs_json.hpp"
#include "zkforge/io/wtns.hpp"

namespace zkforge::serve {
namespace {

// A request body of witness values, bounded loosely: 78 digits hold any 256-bit value in decimal,
// and a value may be quoted, separated and indented.
constexpr std::uint64_t kJsonBytesPerValue = 78 + 20;
constexpr std::uint64_t kFramingBytes = 4096;

// One device's resident prover of a key of engine E.
template <class E>
class DeviceProver {
 public:
  virtual ~DeviceProver() = default;
  virtual groth16::Proof<E> prove(HostSpan<const typename E::Fr::Int> witness, groth16::PhaseTimings& t) const = 0;
};

template <class E, class B>
class BackendProver final : public DeviceProver<E> {
 public:
  BackendProver(const groth16::ProvingKeyView<E>& key, int device, const groth16::ProverConfig& config)
      : device_(device) {
    make_current();  // a GPU prover uploads the key to the current device
    prover_ = std::make_unique<groth16::Prover<E, B>>(key, config);
    // The first request pays no first-use cost: the kernels loaded, the quotient's twiddles.
    if constexpr (is_gpu_backend_v<B>) groth16::warm_up<E, B>(device, key.log_domain, key.h_convention, key.roots, config);
  }

  groth16::Proof<E> prove(HostSpan<const typename E::Fr::Int> witness, groth16::PhaseTimings& t) const override {
    make_current();  // GPU calls run on the calling thread's current device
    return prover_->prove(witness, groth16::draw_blinding<typename E::Fr>(), &t);
  }

 private:
  void make_current() const {
    if constexpr (is_gpu_backend_v<B>) gpu::select_device<B>(device_);
  }

  int device_;
  std::unique_ptr<groth16::Prover<E, B>> prover_;
};

template <class E>
class EngineKey;

template <class E>
class EngineWork final : public Work {
 public:
  using Int = typename E::Fr::Int;

  EngineWork(const EngineKey<E>& key, std::vector<Int> witness) : key_(key), witness_(std::move(witness)) {}

  void prove(std::size_t slot, groth16::PhaseTimings& timings) override {
    proof_ = key_.prover(slot).prove(host_span(witness_), timings);
  }

  ProofJson finish() override { return key_.finish(witness_, *proof_); }

 private:
  const EngineKey<E>& key_;
  std::vector<Int> witness_;
  std::optional<groth16::Proof<E>> proof_;
};

template <class E>
class EngineKey final : public ServedKey {
 public:
  using Fr = typename E::Fr;
  using Int = typename Fr::Int;
  static constexpr snarkjs::JsonCurve kCurve =
      std::is_same_v<E, bn254::Engine> ? snarkjs::JsonCurve::bn128 : snarkjs::JsonCurve::bls12381;

  EngineKey(const std::string& name, const std::string& path, LoadedKey<E> key, const Devices& devices,
            const groth16::ProverConfig& config)
      : key_(std::move(key)), vk_(key_.view.verifying_key()) {
    const groth16::ProvingKeyView<E>& v = key_.view;
    if (!v.has_matrices())
      throw Error(Errc::invalid_argument, path +
                                              ": the key carries no A and B matrices, which proving from a "
                                              "witness needs");
    constexpr std::uint64_t n8 = Fr::kLimbs * 8;
    info_ = KeyInfo{
        name,       path,         snarkjs::json_curve_name(kCurve), v.log_domain,
        v.num_vars, v.num_public, kFramingBytes + v.num_vars * n8,  kFramingBytes + v.num_vars * kJsonBytesPerValue};
    for (const int index : devices.indices)
      gpu::with_backend_on_device(devices.backend, index, [&](auto tag) {
        provers_.push_back(std::make_unique<BackendProver<E, decltype(tag)>>(v, index, config));
      });
  }

  std::unique_ptr<Work> parse(std::string_view body) const override {
    std::vector<Int> witness = json_body(body) ? witness_from_json(body) : witness_from_wtns(body);
    groth16::check_witness(key_.view, host_span(witness));
    return std::make_unique<EngineWork<E>>(*this, std::move(witness));
  }

  nlohmann::json verification_key_json() const override {
    return snarkjs::verification_key_json(key_.view.verifying_key(), kCurve);
  }

  const DeviceProver<E>& prover(std::size_t slot) const { return *provers_.at(slot); }

  ProofJson finish(const std::vector<Int>& witness, const groth16::Proof<E>& proof) const {
    const std::vector<Int> inputs(witness.begin() + 1,
                                  witness.begin() + 1 + static_cast<std::ptrdiff_t>(info_.num_public));
    // As `zkforge prove`: a key point outside its subgroup, or damaged but on its curve, gives a proof
    // that verifies nowhere; it is refused here instead of handed out.
    if (!vk_.verify(inputs, proof))
      throw Error(Errc::malformed_file, info_.path +
                                            ": the proof made with this key does not verify under the key's "
                                            "own verifying key (a point outside its subgroup, or damaged: "
                                            "zkforge key check names it)");
    return ProofJson{snarkjs::proof_json(proof, kCurve), snarkjs::public_inputs_json(inputs)};
  }

 private:
  static bool json_body(std::string_view body) {
    const std::size_t first = body.find_first_not_of(" \t\r\n");
    return first != std::string_view::npos && body[first] == '[';
  }

  void expect_at_most(std::string_view body, std::uint64_t bound, const char* what) const {
    if (body.size() > bound)
      throw Error(Errc::size_mismatch, "request body: " + std::to_string(body.size()) + " bytes, more than " + what +
                                           " of key " + info_.name + "'s " + std::to_string(info_.num_vars) +
                                           " wires can take (" + std::to_string(bound) + ")");
  }

  std::vector<Int> witness_from_json(std::string_view body) const {
    expect_at_most(body, info_.max_json_bytes, "a JSON array");
    std::vector<Int> witness =
        snarkjs::parse_public_inputs<E>(snarkjs::parse_json(std::string(body), "request body"), "request body");
    if (witness.size() != info_.num_vars)
      throw Error(Errc::size_mismatch, "request body: " + std::to_string(witness.size()) + " witness values, but key " +
                                           info_.name + " has " + std::to_string(info_.num_vars) + " wires");
    return witness;
  }

  std::vector<Int> witness_from_wtns(std::string_view body) const {
    expect_at_most(body, info_.max_wtns_bytes, "a .wtns");
    const io::BinFile wtns("request body", reinterpret_cast<const std::uint8_t*>(body.data()), body.size(), "wtns", 2);
    snarkjs::read_wtns_header<Fr>(wtns).expect_count(info_.num_vars, "key " + info_.name);
    return snarkjs::read_wtns<Fr>(wtns);
  }

  LoadedKey<E> key_;
  groth16::PreparedVerifyingKey<E> vk_;
  std::vector<std::unique_ptr<DeviceProver<E>>> provers_;
};

template <class E>
std::unique_ptr<ServedKey> make_engine_key(const std::string& name, const std::string& path, LoadedKey<E> key,
                                           const Devices& devices, const groth16::ProverConfig& config) {
  return std::make_unique<EngineKey<E>>(name, path, std::move(key), devices, config);
}

}  // namespace

std::unique_ptr<ServedKey> load_served_key(const std::string& name, const std::string& path, bool check_subgroups,
                                           const Devices& devices, const groth16::ProverConfig& config) {
  return std::visit([&](auto&& key) { return make_engine_key(name, path, std::move(key), devices, config); },
                    read_key_file(path, check_subgroups));
}

}  // namespace zkforge::serve
