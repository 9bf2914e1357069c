// SPDX-License-Identifier: Apache-2.0
// zkforge/c/supra_c2.h: reference-counted SRS handles over parameter files (with supra_seal's cache of
// the most recent paths) and C2's batch prove.
#include "zkforge/c/supra_c2.h"

#include <algorithm>
#include <list>
#include <mutex>
#include <optional>

#include "backends.hpp"
#include "guard.hpp"
#include "provers.hpp"
#include "scalars.hpp"
#include "zkforge/curve/encoding_snarkjs.hpp"
#include "zkforge/io/srs_key.hpp"
#include "zkforge/io/supra_srs.hpp"

using E = zkforge::bls12_381::Engine;
using Fr = E::Fr;

namespace zkforge::capi {
namespace {

// The prover of the last batch's densities and device, kept for the next batch like it.
struct LastProver {
  groth16::QueryDensity density;
  Target target;
  std::shared_ptr<const ProverImpl<E>> prover;
};

// One read of a parameter file.
struct SrsData {
  std::string path;
  supra::Srs srs;
  std::mutex mutex;  // guards last
  std::optional<LastProver> last;
};

bool same(const groth16::QueryDensity& x, const groth16::QueryDensity& y) {
  return x.num_inputs == y.num_inputs && x.num_aux == y.num_aux && x.a_aux == y.a_aux && x.b_input == y.b_input &&
         x.b_aux == y.b_aux;
}

// supra_seal's cache: the four most recently used paths, most recent first.
class SrsCache {
 public:
  std::shared_ptr<SrsData> lookup(const std::string& path) {
    const std::lock_guard<std::mutex> lock(mutex_);
    const auto it = std::find_if(entries_.begin(), entries_.end(), [&](const auto& e) { return e->path == path; });
    if (it != entries_.end()) {
      entries_.splice(entries_.begin(), entries_, it);
      return entries_.front();
    }
    entries_.push_front(read(path));
    if (entries_.size() > kEntries) entries_.pop_back();
    return entries_.front();
  }
  void evict(const std::string& path) {
    const std::lock_guard<std::mutex> lock(mutex_);
    entries_.remove_if([&](const auto& e) { return e->path == path; });
  }
  static std::shared_ptr<SrsData> read(const std::string& path) {
    auto data = std::make_shared<SrsData>();
    data->path = path;
    data->srs = supra::read_srs(path);
    return data;
  }

 private:
  static constexpr std::size_t kEntries = 4;
  std::mutex mutex_;
  std::list<std::shared_ptr<SrsData>> entries_;
};

SrsCache& srs_cache() {
  static SrsCache cache;
  return cache;
}

// `words` 64-bit words at `bitmap` over `count` wires, checked against its stated popcount.
std::vector<std::uint64_t> bitmap(const std::uint64_t* words, std::size_t count, std::uint64_t total, const char* name) {
  const std::size_t n = (count + 63) / 64;
  if (n != 0) require(words, name);
  std::vector<std::uint64_t> out(words, words + n);
  if (supra::srs_key_detail::ones(out) != total)
    throw Error(Errc::size_mismatch, std::string(name) + " has " + std::to_string(supra::srs_key_detail::ones(out)) +
                                         " bits set, its total density says " + std::to_string(total));
  return out;
}

groth16::QueryDensity densities(const zkforge_c2_batch& b) {
  groth16::QueryDensity d;
  d.num_inputs = b.input_assignment_size;
  d.num_aux = b.aux_assignment_size;
  d.a_aux = bitmap(b.a_aux_density, d.num_aux, b.a_aux_total_density, "a_aux_density");
  d.b_input = bitmap(b.b_input_density, d.num_inputs, b.b_input_total_density, "b_input_density");
  d.b_aux = bitmap(b.b_aux_density, d.num_aux, b.b_aux_total_density, "b_aux_density");
  return d;
}

// The prover of the SRS for these densities on this device: the last one if they are the same.
std::shared_ptr<const ProverImpl<E>> prover_for(SrsData& s, const groth16::QueryDensity& d, const Target& target,
                                                const zkforge_device* device) {
  const std::lock_guard<std::mutex> lock(s.mutex);
  if (s.last && same(s.last->density, d) && s.last->target.backend == target.backend &&
      s.last->target.index == target.index)
    return s.last->prover;
  zkforge_prover_options options = zkforge_prover_options_default();
  if (device != nullptr) options.device = *device;
  auto key = std::make_shared<const io::LoadedKey<E>>(supra::proving_key_from_srs(s.srs, d));
  s.last = LastProver{d, target, make_prover<E>(std::move(key), options)};
  return s.last->prover;
}

const void* circuit_pointer(const void* const* array, std::size_t k, const char* name) {
  require(array, name);
  require(array[k], name);
  return array[k];
}

// Circuit k's evaluation (a, b or c) on the key's domain: actual_size values, then zeros.
std::vector<Fr> evaluation(const void* const* array, std::size_t k, std::size_t actual, std::size_t domain,
                           const char* name) {
  std::vector<Fr> v = read_scalars<Fr>(circuit_pointer(array, k, name), actual, ZKFORGE_SCALAR_MONTGOMERY, name);
  v.resize(domain, Fr::zero());
  return v;
}

void prove_batch(SrsData& s, const zkforge_c2_batch& b, const zkforge_device* device, zkforge_c2_proof* out) {
  const Target target = target_of(device);
  const groth16::QueryDensity d = densities(b);
  const std::size_t domain = s.srs.h.size() + 1;
  if (b.actual_size > domain)
    throw Error(Errc::size_mismatch, "actual_size " + std::to_string(b.actual_size) + " exceeds the SRS's domain of " +
                                         std::to_string(domain));
  const auto prover = prover_for(s, d, target, device);
  std::vector<Circuit<E>> circuits(b.num_circuits);
  std::vector<groth16::Blinding<Fr>> blindings;
  for (std::size_t k = 0; k < b.num_circuits; ++k) {
    Circuit<E>& c = circuits[k];
    c.witness = read_canonical<Fr>(circuit_pointer(b.input_assignments, k, "input_assignments"), d.num_inputs,
                                   ZKFORGE_SCALAR_MONTGOMERY, "input assignment");
    const auto aux = read_canonical<Fr>(circuit_pointer(b.aux_assignments, k, "aux_assignments"), d.num_aux,
                                        ZKFORGE_SCALAR_MONTGOMERY, "aux assignment");
    c.witness.insert(c.witness.end(), aux.begin(), aux.end());
    c.a = evaluation(b.a, k, b.actual_size, domain, "a");
    c.b = evaluation(b.b, k, b.actual_size, domain, "b");
    c.c = evaluation(b.c, k, b.actual_size, domain, "c");
  }
  const auto r = read_scalars<Fr>(b.r, b.num_circuits, ZKFORGE_SCALAR_MONTGOMERY, "r");
  const auto s_values = read_scalars<Fr>(b.s, b.num_circuits, ZKFORGE_SCALAR_MONTGOMERY, "s");
  for (std::size_t k = 0; k < b.num_circuits; ++k) blindings.push_back({r[k], s_values[k]});
  const auto proofs = prover->prove_batch(std::move(circuits), blindings);
  for (std::size_t k = 0; k < proofs.size(); ++k) {
    snarkjs::write_point(proofs[k].a, out[k].a);
    snarkjs::write_point(proofs[k].b, out[k].b);
    snarkjs::write_point(proofs[k].c, out[k].c);
  }
}

}  // namespace
}  // namespace zkforge::capi

struct zkforge_srs {
  std::shared_ptr<zkforge::capi::SrsData> data;
};

using namespace zkforge;
using namespace zkforge::capi;

extern "C" {

zkforge_status zkforge_srs_create(zkforge_srs** srs, const char* path, int32_t cache, zkforge_error* error) {
  return guarded(error, [&] {
    require(srs, "the SRS out-pointer");
    require(path, "the parameter file's path");
    *srs = new zkforge_srs{cache != 0 ? srs_cache().lookup(path) : SrsCache::read(path)};
  });
}

void zkforge_srs_evict(const zkforge_srs* srs) {
  if (srs != nullptr) srs_cache().evict(srs->data->path);
}

zkforge_srs* zkforge_srs_clone(const zkforge_srs* srs) {
  return srs == nullptr ? nullptr : new (std::nothrow) zkforge_srs{srs->data};
}

void zkforge_srs_drop(zkforge_srs* srs) { delete srs; }

zkforge_status zkforge_c2_prove(const zkforge_srs* srs, const zkforge_c2_batch* batch, const zkforge_device* device,
                                zkforge_c2_proof* proofs, zkforge_error* error) {
  return guarded(error, [&] {
    require(srs, "the SRS");
    require(batch, "the batch");
    if (batch->num_circuits == 0) return;
    require(proofs, "the proofs");
    require(batch->r, "r");
    require(batch->s, "s");
    prove_batch(*srs->data, *batch, device, proofs);
  });
}

}  // extern "C"
