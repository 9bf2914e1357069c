// SPDX-License-Identifier: Apache-2.0
// The Groth16 prover: supra_seal C2's phases composed over a backend, each a file of its own.
//
//   evaluate   a = A·w, b = B·w on the domain, c = a ∘ b (evaluate.hpp; entry (a) only), on the
//              host's threads for the CPU, on the device from the resident matrices for a GPU
//   prep_msm   the witness made ready for the queries' MSMs: classified as 0 / 1 / significant per
//              query on the host (prep_msm.hpp), or uploaded once on a GPU (resident_key.hpp)
//   ntt_msm_h  the quotient's scalars (quotient.hpp) and their MSM with H
//   batch_add  the bases whose scalar is 1, for A, B1, B2 and L (split_msm.hpp); on a GPU backend
//              inside the device's MSMs, or on the host's cores beside them (ProverConfig::batch_add)
//   tail_msm   the MSMs of A, B1 and L over the significant scalars
//   b_g2_msm   the MSM of B2 (on G2; on a GPU backend, on the GPU or on the CPU's threads beside it)
//   assemble   the proof from the sums and r, s (assemble.hpp)
// Each phase's time is returned in PhaseTimings. The prover holds a view of the key (ProvingKeyView:
// spans over a ProvingKey's vectors, or over pinned or mapped memory of the caller's, nothing
// copied), whose memory must outlive it, and the key's A and B matrices by row (built once).
//
// On the CPU the phases run over the key's bases on the host, each query split as prep_msm says,
// b_g2_msm beside the others (their MSMs sharing the CPU's threads). On a GPU backend the key's
// bases and matrices are on the device (ResidentKey: uploaded once when the prover is made, or by
// every proof with ProverConfig::resident_key = false); the witness crosses the bus once (prep_msm),
// then tail_msm and b_g2_msm start beside evaluate and ntt_msm_h (ProverConfig::overlap), all
// reading the witness on the device.
//
// Two entry points: (a) the full witness, with a key that carries its matrices (a snarkjs zkey);
// (b) the full witness and the evaluations a, b, c computed by the caller (bellperson-style
// synthesizers), for keys without matrices or callers that have them already — also for a batch of
// circuits sharing the key (prove_batch, C2's shape). A prover may be called from several threads.
#pragma once

#include <future>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "zkforge/backend/stopwatch.hpp"
#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/groth16/assemble.hpp"
#include "zkforge/groth16/evaluate.hpp"
#include "zkforge/groth16/prover_checks.hpp"
#include "zkforge/groth16/prover_config.hpp"
#include "zkforge/groth16/quotient.hpp"
#include "zkforge/groth16/split_msm.hpp"
#include "zkforge/groth16/resident_key.hpp"
#include "zkforge/msm/msm.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

namespace zkforge::groth16 {

template <class E, class Backend>
class Prover {
 public:
  using Fr = typename E::Fr;
  using Int = typename Fr::Int;
  using G1 = typename E::G1;
  using G2 = typename E::G2;

  explicit Prover(ProvingKeyView<E> key, ProverConfig config = {});

  // Entry (a): the full witness (wire 0 = 1, then public inputs, then private wires), canonical.
  Proof<E> prove(HostSpan<const Int> witness, const Blinding<Fr>& blinding, PhaseTimings* timings = nullptr) const;

  // Entry (b): the full witness and a, b, c on the domain (natural order, Montgomery form).
  Proof<E> prove(HostSpan<const Int> witness, std::vector<Fr> a, std::vector<Fr> b, std::vector<Fr> c,
                 const Blinding<Fr>& blinding, PhaseTimings* timings = nullptr) const;

  // One circuit of a batch: its full witness and its evaluations a, b, c on the domain (entry (b)).
  struct Assignment {
    HostSpan<const Int> witness;
    std::vector<Fr> a, b, c;
  };

  // Entry (b) for a batch of circuits that share the key, as supra_seal C2 proves a sector's
  // partitions. On the host, prep_msm classifies every circuit and unifies the splits (unify_splits)
  // and the tail bases are gathered once; then each circuit runs the remaining phases with its own r
  // and s. The proofs equal those of prove() circuit by circuit. Timings are summed over the batch.
  std::vector<Proof<E>> prove_batch(std::vector<Assignment> circuits, const std::vector<Blinding<Fr>>& blindings,
                                    PhaseTimings* timings = nullptr) const;

  // The public inputs of a witness: wires 1 .. num_public.
  std::vector<Int> public_inputs(HostSpan<const Int> witness) const;

  // The copies of each query's bases that the resident key holds (all 1 without one).
  QueryCopies device_copies() const {
    if constexpr (kGpu) {
      if (resident_) return resident_->copies();
    }
    return {};
  }

 private:
  static constexpr bool kGpu = is_gpu_backend_v<Backend>;

  // a, b, c of one proof: evaluated (entry (a)) or the caller's (entry (b)).
  struct Spans {
    HostSpan<Fr> a, b, c;
  };

  HostResource& host() const { return host_resource(config_.memory); }

  // The witness's checks before any phase of one proof. With the key resident on a GPU its values'
  // (below r) come as they are uploaded (ResidentKey::upload_witness_part), a pass over them fewer; a key
  // uploaded for the call checks them first, before its bases cross the bus.
  void check_input(HostSpan<const Int> witness) const {
    if (kGpu && resident_) check_witness_shape(key_, witness);
    else check_witness(key_, witness);
  }
  QuotientConfig quotient_config() const { return {key_.h_convention, key_.roots, config_.threads, config_.memory}; }

  // Every phase but evaluate's own work, which `evaluate` (returning Spans) does when called; nullptr
  // (entry (a) on a GPU): evaluated on the device from the resident matrices.
  template <class Evaluate>
  Proof<E> prove_from(HostSpan<const Int> witness, Evaluate&& evaluate, const Blinding<Fr>& blinding,
                      PhaseTimings& t) const {
    if constexpr (kGpu) {
      const DeviceKey key = device_key();
      return prove_on_device(*key.use, witness, evaluate, blinding, t);
    } else {
      const Spans e = evaluate();
      const auto t0 = Clock::now();
      const MsmSplit all = prep_msm(witness, key_.num_public + 1, host());
      const MsmSplit priv = prep_msm(private_wires(witness, key_.num_public), 0, host());
      t.prep_msm += ms_since(t0);
      return prove_on_host(witness, e, blinding, all, priv, nullptr, t);
    }
  }

  // ---- On the host (the CPU backend): the bases on the host, each query split as prep_msm says.

  // The tail bases of a batch, gathered once for all its circuits (empty where a query is not split).
  struct Gathered {
    HostVector<Affine<G1>> a, b_1, l;
    HostVector<Affine<G2>> b_2;
  };

  Gathered gather_tails(const MsmSplit* all, const MsmSplit* priv) const {
    const HostAllocator<Affine<G1>> g1(host());
    const HostAllocator<Affine<G2>> g2(host());
    Gathered g{HostVector<Affine<G1>>(g1), HostVector<Affine<G1>>(g1), HostVector<Affine<G1>>(g1),
               HostVector<Affine<G2>>(g2)};
    if (all != nullptr && all->split) {
      g.a = gather(key_.a, all->tail, host());
      g.b_1 = gather(key_.b_1, all->tail, host());
      g.b_2 = gather(key_.b_2, all->tail, host());
    }
    if (priv != nullptr && priv->split) g.l = gather(key_.l, priv->tail, host());
    return g;
  }

  // b_g2_msm on a thread of its own, beside ntt_msm_h, then batch_add and tail_msm of A, B1 and L
  // on this one; then assemble, whose terms of the key and r, s alone that thread computes after
  // b_g2_msm, while the G1 phases still run. Both sides' MSMs share the CPU pool (thread_pool.hpp): the G2 side's
  // thread only waits, its tasks going to the workers, so the pool's threads are all that compute,
  // and the cores one side leaves idle (a small MSM's few tasks, an NTT's serial steps) run the
  // other's. With a pool of one thread, or from inside a pool's task, b_g2_msm runs after the others.
  Proof<E> prove_on_host(HostSpan<const Int> witness, const Spans& e, const Blinding<Fr>& blinding, const MsmSplit& all,
                         const MsmSplit& priv, const Gathered* g, PhaseTimings& t) const {
    const MsmConfig& msm_config = config_.msm;
    QuerySums<E> sums;
    auto tail_of = [&](auto Gathered::*query, const MsmSplit& split) {
      return g != nullptr && split.split ? &(g->*query) : nullptr;
    };
    PhaseTimings g2;  // the G2 side's own: its time overlaps the G1 phases'
    auto b_2_sum = [&] {
      return split_msm(Backend{}, key_.b_2, witness, all, msm_config, g2.batch_add, g2.b_g2_msm, host(),
                       tail_of(&Gathered::b_2, all));
    };
    // Beside only with a worker to run it: its thread waits, the pool's threads compute. Not from
    // inside a task of the pool (a prover called by a pool task): the workers may all be in such
    // tasks, each waiting for its G2 side, so it runs after the G1 phases, serially as they do.
    const bool beside = cpu_pool(msm_config.threads).size() > 1 && !ThreadPool::in_task();
    std::future<std::pair<Jacobian<G2>, BlindingTerms<E>>> b_2;
    if (beside)
      b_2 = std::async(std::launch::async, [&] {
        const ThreadPool::WaitingCaller waits;
        Jacobian<G2> sum = b_2_sum();
        return std::make_pair(sum, blinding_terms(key_, blinding));
      });
    auto t0 = Clock::now();
    quotient(Backend{}, e.a, e.b, e.c, quotient_config());
    sums.h = msm(Backend{}, key_.h, HostSpan<const Fr>{e.a.data, key_.h.size}, msm_config);
    t.ntt_msm_h += ms_since(t0);
    sums.a = split_msm(Backend{}, key_.a, witness, all, msm_config, t.batch_add, t.tail_msm, host(),
                       tail_of(&Gathered::a, all));
    sums.b_1 = split_msm(Backend{}, key_.b_1, witness, all, msm_config, t.batch_add, t.tail_msm, host(),
                         tail_of(&Gathered::b_1, all));
    sums.l = split_msm(Backend{}, key_.l, private_wires(witness, key_.num_public), priv, msm_config, t.batch_add,
                       t.tail_msm, host(), tail_of(&Gathered::l, priv));
    std::optional<BlindingTerms<E>> terms;  // computed beside, after b_g2_msm
    if (beside) {
      std::tie(sums.b_2, terms) = b_2.get();
    } else {
      sums.b_2 = b_2_sum();
    }
    t.batch_add += g2.batch_add;
    t.b_g2_msm += g2.b_g2_msm;
    t0 = Clock::now();
    const Proof<E> proof = assemble(key_, sums, blinding, terms ? *terms : blinding_terms(key_, blinding));
    t.assemble += ms_since(t0);
    return proof;
  }

  // ---- On a GPU: the bases on the device (ResidentKey).

  // Absent (nullptr_t) on the CPU backend, whose programs need not link a GPU library.
  using DeviceKeyType = std::conditional_t<kGpu, ResidentKey<E, Backend>, std::nullptr_t>;

  // Templates, so that the CPU prover's explicit instantiation does not instantiate them.
  // A key uploaded for one call holds no precomputed copies: making them costs more than they save.
  template <class K = DeviceKeyType>
  std::unique_ptr<K> make_device_key(bool resident) const {
    MsmConfig msm = config_.msm;
    if (!resident) msm.precompute = 1;
    return std::make_unique<K>(key_, msm, config_.b_g2_msm == G2Placement::gpu, config_.key_memory_share,
                               config_.witness_dense_share, config_.batch_add == BatchAddPlacement::cpu);
  }

  // batch_add on the host (BatchAddPlacement::cpu): the sums of the bases of every wire whose value is
  // 1, which the device's runs of A, B1, L and (with b_2) B2 leave out (MsmConfig::skip_ones), on a
  // pool of their own that leaves kGpuDriverCores to the threads that drive the GPU.
  struct OnesSums {
    Jacobian<G1> a = Jacobian<G1>::identity(), b_1 = Jacobian<G1>::identity(), l = Jacobian<G1>::identity();
    Jacobian<G2> b_2 = Jacobian<G2>::identity();
  };
  OnesSums ones_on_host(HostSpan<const Int> witness, bool b_2) const {
    const ThreadPool::WaitingCaller waits;
    const unsigned cores = cpu_pool().size();
    MsmConfig config = config_.msm;
    config.threads = config_.threads != 0 ? config_.threads : cores > kGpuDriverCores ? cores - kGpuDriverCores : 1;
    const std::vector<std::uint64_t> all = ones_bitmap(witness, config.threads);
    const std::vector<std::uint64_t> priv = bitmap_from(all, key_.num_public + 1, witness.size);
    OnesSums s;
    s.a = batch_add(Cpu{}, key_.a, host_span(all), config);
    s.b_1 = batch_add(Cpu{}, key_.b_1, host_span(all), config);
    s.l = batch_add(Cpu{}, key_.l, host_span(priv), config);
    if (b_2) s.b_2 = batch_add(Cpu{}, key_.b_2, host_span(all), config);
    return s;
  }

  // The key on the device for one call: the prover's own (resident_key), else uploaded for the call.
  struct DeviceKey {
    std::unique_ptr<DeviceKeyType> own;
    DeviceKeyType* use;
  };
  template <class K = DeviceKeyType>
  DeviceKey device_key() const {
    if (resident_) return {nullptr, resident_.get()};
    DeviceKey k{make_device_key(false), nullptr};
    k.use = k.own.get();
    return k;
  }

  // prep_msm (the witness to the device), then tail_msm and b_g2_msm (each on a host thread of its own
  // with `overlap`: they need only the witness), evaluate and ntt_msm_h on this thread, then assemble,
  // whose terms of the key and r, s alone are computed on a host thread once the witness is uploaded.
  // batch_add on the host (ones_on_host) starts once the upload is done, on a thread of its own with
  // `overlap`, and its sums join the device's before assemble.
  // With `overlap` and B2 on the device, the witness's head crosses first and B2's MSM starts on it
  // while the rest crosses (ResidentKey::b_2_head), so that B2's level 1 fills the upload's time.
  template <class Evaluate>
  Proof<E> prove_on_device(DeviceKeyType& key, HostSpan<const Int> witness, Evaluate&& evaluate,
                           const Blinding<Fr>& blinding, PhaseTimings& t) const {
    QuerySums<E> sums;
    auto t0 = Clock::now();
    auto on_device = key.witness_array(witness.size, config_.memory);
    const auto w = on_device.span(witness.size);
    const std::size_t head = config_.overlap ? key.b_2_head(witness.size) : 0;
    key.upload_witness_part(witness, on_device, 0, head);
    std::promise<void> rest;
    const std::shared_future<void> rest_done = rest.get_future().share();
    auto b_g2_msm = [&] {
      const auto t1 = Clock::now();
      if (head > 0)
        sums.b_2 = key.b_2_sum(w, head, [&] { rest_done.get(); });
      else
        sums.b_2 = key.holds_b_2() ? key.b_2_sum(w) : msm(Cpu{}, key_.b_2, witness, config_.msm);
      t.b_g2_msm += ms_since(t1);
    };
    std::future<void> witness_done, b_2_done;
    if (head > 0) b_2_done = std::async(std::launch::async, b_g2_msm);
    try {
      key.upload_witness_part(witness, on_device, head, witness.size);
    } catch (...) {
      rest.set_exception(std::current_exception());
      if (b_2_done.valid()) b_2_done.wait();
      throw;
    }
    rest.set_value();
    t.prep_msm += ms_since(t0);
    // Beside only from outside the pool's tasks (as prove_on_host's B2): from inside one, the workers
    // that would sum the 1s may all be waiting in proofs of their own.
    std::future<OnesSums> ones;
    if (key.skips_ones())
      ones = std::async(config_.overlap && !ThreadPool::in_task() ? std::launch::async : std::launch::deferred, [&] {
        const auto t1 = Clock::now();
        OnesSums o = ones_on_host(witness, key.holds_b_2());
        t.batch_add += ms_since(t1);
        return o;
      });
    // After the upload, whose staging takes every core.
    std::future<BlindingTerms<E>> terms = std::async(std::launch::async, [&] { return blinding_terms(key_, blinding); });
    auto witness_queries = [&] {
      const auto t1 = Clock::now();
      key.witness_sums(w, sums);
      t.tail_msm += ms_since(t1);
    };
    if (config_.overlap) {
      if (!b_2_done.valid()) b_2_done = std::async(std::launch::async, b_g2_msm);
      witness_done = std::async(std::launch::async, witness_queries);
    }
    if constexpr (std::is_null_pointer_v<std::decay_t<Evaluate>>) {
      sums.h = key.h_sum(w, quotient_config(), t);
    } else {
      const Spans e = evaluate();
      t0 = Clock::now();
      sums.h = key.h_sum(e.a, e.b, e.c, quotient_config());
      t.ntt_msm_h += ms_since(t0);
    }
    if (witness_done.valid()) witness_done.get(); else witness_queries();
    if (b_2_done.valid()) b_2_done.get(); else b_g2_msm();
    if (ones.valid()) {
      const OnesSums o = ones.get();
      sums.a = sums.a.add(o.a);
      sums.b_1 = sums.b_1.add(o.b_1);
      sums.l = sums.l.add(o.l);
      sums.b_2 = sums.b_2.add(o.b_2);
    }
    t0 = Clock::now();
    const Proof<E> proof = assemble(key_, sums, blinding, terms.get());
    t.assemble += ms_since(t0);
    return proof;
  }

  ProvingKeyView<E> key_;
  ProverConfig config_;
  ConstraintRows<Fr> a_rows_, b_rows_;  // the CPU backend's evaluate only
  std::unique_ptr<DeviceKeyType> resident_;  // GPU backends with resident_key only
};

// The entry points, defined outside the class so that they are not inline: with the instances below
// declared extern, a program compiles none of them (an inline member would be compiled for inlining).

template <class E, class Backend>
Prover<E, Backend>::Prover(ProvingKeyView<E> key, ProverConfig config) : key_(key), config_(config) {
  config_.msm.memory = config_.memory;
  check_share(config_.key_memory_share, "key_memory_share");
  check_share(config_.witness_dense_share, "witness_dense_share");
  check_key(key_);
  if (!kGpu && key.has_matrices()) {
    a_rows_ = ConstraintRows<Fr>(key.a_matrix, key.domain_size());
    b_rows_ = ConstraintRows<Fr>(key.b_matrix, key.domain_size());
  }
  if constexpr (kGpu) {
    if (config_.resident_key) resident_ = make_device_key(true);
  }
}

template <class E, class Backend>
Proof<E> Prover<E, Backend>::prove(HostSpan<const Int> witness, const Blinding<Fr>& blinding,
                                   PhaseTimings* timings) const {
  if (!key_.has_matrices())
    throw Error(Errc::invalid_argument, "this proving key has no A and B matrices: pass the a, b, c evaluations");
  check_input(witness);
  PhaseTimings t;
  Proof<E> proof;
  Clock::time_point done;
  const auto start = Clock::now();
  if constexpr (kGpu) {
    proof = prove_from(witness, nullptr, blinding, t);
    done = Clock::now();
  } else {
    Evaluations<Fr> e;
    auto evaluate = [&] {
      const auto t0 = Clock::now();
      e = EvaluateBackend<Backend, Fr>::run(a_rows_, b_rows_, witness, key_.domain_size(), config_.threads, host());
      t.evaluate += ms_since(t0);
      return Spans{e.a, e.b, e.c};
    };
    proof = prove_from(witness, evaluate, blinding, t);
    done = Clock::now();
  }  // w, a, b, c go back to the memory policy here
  t.release = ms_since(done);
  t.wall = ms_since(start);
  if (timings != nullptr) *timings = t;
  return proof;
}

template <class E, class Backend>
Proof<E> Prover<E, Backend>::prove(HostSpan<const Int> witness, std::vector<Fr> a, std::vector<Fr> b,
                                   std::vector<Fr> c, const Blinding<Fr>& blinding, PhaseTimings* timings) const {
  check_input(witness);
  check_evaluations(key_, a, b, c);
  const auto start = Clock::now();
  PhaseTimings t;
  const Proof<E> proof = prove_from(witness, [&] { return Spans{a, b, c}; }, blinding, t);
  t.wall = ms_since(start);
  if (timings != nullptr) *timings = t;
  return proof;
}

template <class E, class Backend>
std::vector<Proof<E>> Prover<E, Backend>::prove_batch(std::vector<Assignment> circuits,
                                                      const std::vector<Blinding<Fr>>& blindings,
                                                      PhaseTimings* timings) const {
  if (blindings.size() != circuits.size())
    throw Error(Errc::size_mismatch, std::to_string(circuits.size()) + " circuits but " +
                                         std::to_string(blindings.size()) + " blinding pairs");
  for (const Assignment& x : circuits) {  // every circuit before any is proved
    check_witness(key_, x.witness);
    check_evaluations(key_, x.a, x.b, x.c);
  }
  PhaseTimings t;
  const auto start = Clock::now();
  std::vector<Proof<E>> proofs;
  if constexpr (kGpu) {
    const DeviceKey key = device_key();
    for (std::size_t k = 0; k < circuits.size(); ++k) {
      Assignment& x = circuits[k];
      proofs.push_back(prove_on_device(*key.use, x.witness, [&] { return Spans{x.a, x.b, x.c}; }, blindings[k], t));
    }
  } else {
    std::vector<MsmSplit> all, priv;
    for (const Assignment& x : circuits) {
      all.push_back(prep_msm(x.witness, key_.num_public + 1, host()));
      priv.push_back(prep_msm(private_wires(x.witness, key_.num_public), 0, host()));
    }
    unify_splits(all, host());
    unify_splits(priv, host());
    const Gathered g = gather_tails(circuits.empty() ? nullptr : &all.front(), circuits.empty() ? nullptr : &priv.front());
    t.prep_msm = ms_since(start);
    for (std::size_t k = 0; k < circuits.size(); ++k) {
      Assignment& x = circuits[k];
      proofs.push_back(prove_on_host(x.witness, Spans{x.a, x.b, x.c}, blindings[k], all[k], priv[k], &g, t));
    }
  }
  t.wall = ms_since(start);
  if (timings != nullptr) *timings = t;
  return proofs;
}

template <class E, class Backend>
std::vector<typename Prover<E, Backend>::Int> Prover<E, Backend>::public_inputs(HostSpan<const Int> witness) const {
  check_witness(key_, witness);
  return std::vector<Int>(witness.data + 1, witness.data + 1 + key_.num_public);
}

// The provers of both curves, compiled once in the backends' libraries (zkforge::cpu for Cpu, and
// zkforge::cuda and zkforge::hip for their tags), so that a program using them compiles none of it.
#define ZKFORGE_PROVER_INSTANCES(prefix, B)                \
  prefix template class Prover<bls12_381::Engine, B>;      \
  prefix template class Prover<bn254::Engine, B>;

ZKFORGE_PROVER_INSTANCES(extern, Cpu)
ZKFORGE_PROVER_INSTANCES(extern, Cuda)
ZKFORGE_PROVER_INSTANCES(extern, Hip)

}  // namespace zkforge::groth16
