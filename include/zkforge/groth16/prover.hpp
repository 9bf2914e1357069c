// SPDX-License-Identifier: Apache-2.0
// The Groth16 prover: supra_seal C2's phases composed over a backend.
//
//   evaluate   a = A·w and b = B·w on the domain from the key's matrices, c = a ∘ b (entry (a) only)
//   prep_msm   classify the witness as 0 / 1 / significant per query (prep_msm.hpp)
//   ntt_msm_h  the quotient's scalars (ntt_msm_h.hpp) and their MSM with H
//   batch_add  the bases whose scalar is 1, for A, B1, B2 and L
//   tail_msm   Pippenger over the significant scalars of A, B1 and L
//   b_g2_msm   Pippenger over the significant scalars of B2 (on G2; on a GPU backend, on the GPU or on
//              the CPU's threads beside it: ProverConfig::b_g2_msm)
//   assemble   pi_a = alpha1 + A + r·delta1,  pi_b = beta2 + B2 + s·delta2,
//              pi_c = L + H + s·pi_a + r·(beta1 + B1 + s·delta1) - r·s·delta1
// Each phase's time is returned in PhaseTimings. The prover holds a view of the key (ProvingKeyView:
// spans over a ProvingKey's vectors, or over pinned or mapped memory of the caller's, nothing
// copied), whose memory must outlive it, and the key's A and B matrices rearranged by row (built once).
//
// Memory (memory/policy.hpp: SynchronousMemory, PooledMemory, DeferredMemory) is where the proof's
// large buffers come from and how they go back: the witness in Montgomery form, a, b, c, the tail
// indices, gathered bases and scalars on the host (host_resource), and every device buffer of a GPU
// backend's calls during prove() (ScopedMemoryPolicy).
//
// Key placement on GPU backends (ProverConfig::resident_key, the default): the prover uploads the
// key's bases once, when it is made, into one MsmContext per query (A, B1, L, H, and B2 unless
// b_g2_msm runs on the CPU), and each proof moves only its scalars: the witness for the queries, and
// a, b, c for the quotient, which stays on the device for the H MSM. Every query is then one MSM over
// all its bases: with the bases on the device a split does not pay (a scalar 0 adds nothing, a 1 is
// one entry of one bucket), so prep_msm and batch_add are skipped and their timings stay 0.
// Otherwise (resident_key = false, and on the CPU) each MSM takes its bases from the host, split as
// prep_msm says.
//
// Two entry points: (a) the full witness, with a key that carries its matrices (a snarkjs zkey);
// (b) the full witness and the evaluations a, b, c computed by the caller (bellperson-style
// synthesizers), for keys without matrices or callers that have them already — also for a batch of
// circuits sharing the key (prove_batch, C2's shape).
#pragma once

#include <chrono>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "zkforge/curve/group.hpp"
#include "zkforge/groth16/ntt_msm_h.hpp"
#include "zkforge/groth16/proving_key.hpp"
#include "zkforge/groth16/randomness.hpp"
#include "zkforge/groth16/split_msm.hpp"
#include "zkforge/memory/device_array.hpp"
#include "zkforge/memory/policy.hpp"
#include "zkforge/msm/cuda.hpp"
#include "zkforge/msm/msm.hpp"

namespace zkforge::groth16 {

// Milliseconds per phase of one proof, and of the whole call (wall): where phases overlap
// (ProverConfig::overlap), wall is below the phases' sum, total().
struct PhaseTimings {
  double evaluate = 0, prep_msm = 0, ntt_msm_h = 0, batch_add = 0, tail_msm = 0, b_g2_msm = 0, assemble = 0;
  double release = 0;  // giving the evaluations back to the memory policy at the end (entry (a))
  double wall = 0;
  double total() const {
    return evaluate + prep_msm + ntt_msm_h + batch_add + tail_msm + b_g2_msm + assemble + release;
  }
};

// Where a GPU backend's prover runs b_g2_msm, B2's MSM on G2 (ProverConfig::b_g2_msm).
enum class G2Placement { gpu, cpu };

struct ProverConfig {
  MsmConfig msm;         // window, threads and bucket method of every MSM
  unsigned threads = 0;  // CPU threads of the NTTs and the element-wise work; 0 uses every core
  // On a GPU backend, the phases that do not wait for one another run at once, as C2 overlaps them:
  // B2's batch_add and tail MSM (b_g2_msm) on a host thread of their own beside ntt_msm_h and the G1
  // MSMs, and with a resident key also A's, B1's and L's MSMs (tail_msm), which need only the witness,
  // on another, beside the CPU's evaluation of a, b, c and ntt_msm_h. Each call has its own stream, so
  // GPU work and host work (uploads, waits, window sums) overlap. The CPU backend's MSMs share one
  // thread pool and always run one after another.
  bool overlap = true;
  // On a GPU backend, the key's bases stay on the device from the prover's construction on (see the
  // file comment); out_of_memory there when they do not fit. false: uploaded by every proof's MSMs.
  bool resident_key = true;
  // On a GPU backend, b_g2_msm on the GPU, or on the host's CPU threads beside the GPU's phases, as
  // supra_seal C2 runs it (a GPU that is small or busy: B2's bases, the key's largest query, then stay
  // on the host, and the resident key leaves them out). The CPU backend runs every phase on the CPU.
  G2Placement b_g2_msm = G2Placement::gpu;
};

template <class E, class Backend, class Memory = PooledMemory>
class Prover {
 public:
  using Fr = typename E::Fr;
  using Int = typename Fr::Int;
  using G1 = typename E::G1;
  using G2 = typename E::G2;

  explicit Prover(ProvingKeyView<E> key, ProverConfig config = {}) : key_(key), config_(config) {
    check_key();
    if (key.has_matrices()) {
      a_rows_ = by_row(key.a_matrix);
      b_rows_ = by_row(key.b_matrix);
    }
    if constexpr (kGpu) {
      if (config_.resident_key)
        resident_ = std::make_unique<ResidentKey>(key_, config_.msm, config_.b_g2_msm == G2Placement::gpu);
    }
  }

  // Entry (a): the full witness (wire 0 = 1, then public inputs, then private wires), canonical.
  Proof<E> prove(HostSpan<const Int> witness, const Blinding<Fr>& blinding, PhaseTimings* timings = nullptr) const {
    if (!key_.has_matrices())
      throw Error(Errc::invalid_argument, "this proving key has no A and B matrices: pass the a, b, c evaluations");
    check_witness(witness);
    const ScopedMemoryPolicy scope(Memory::kPolicy);
    PhaseTimings t;
    Proof<E> proof;
    Clock::time_point done;
    const auto start = Clock::now();
    {
      const std::size_t n = key_.domain_size();
      HostVector<Fr> w = host_vector<Fr>(0), a = host_vector<Fr>(0), b = host_vector<Fr>(0), c = host_vector<Fr>(0);
      auto evaluate_abc = [&] {
        const auto t0 = Clock::now();
        w = host_vector<Fr>(witness.size);
        cpu_pool(config_.threads).parallel_for(witness.size, [&](std::size_t lo, std::size_t hi) {
          for (std::size_t i = lo; i < hi; ++i) Fr::from_int(witness[i], w[i]);
        }, 4096);
        a = evaluate(a_rows_, w, n);
        b = evaluate(b_rows_, w, n);
        c = host_vector<Fr>(n);
        cpu_pool(config_.threads).parallel_for(n, [&](std::size_t lo, std::size_t hi) {
          for (std::size_t i = lo; i < hi; ++i) c[i] = a[i] * b[i];
        }, 4096);
        t.evaluate = ms_since(t0);
        return Evaluations{span(a), span(b), span(c)};
      };
      proof = prove_from(witness, evaluate_abc, blinding, t);
      done = Clock::now();
    }  // w, a, b, c go back to the memory policy here
    t.release = ms_since(done);
    t.wall = ms_since(start);
    if (timings != nullptr) *timings = t;
    return proof;
  }

  // Entry (b): the full witness and a, b, c on the domain (natural order, Montgomery form).
  Proof<E> prove(HostSpan<const Int> witness, std::vector<Fr> a, std::vector<Fr> b, std::vector<Fr> c,
                 const Blinding<Fr>& blinding, PhaseTimings* timings = nullptr) const {
    check_witness(witness);
    check_evaluations(a, b, c);
    const ScopedMemoryPolicy scope(Memory::kPolicy);
    const auto start = Clock::now();
    PhaseTimings t;
    Proof<E> proof = prove_from(witness, [&] { return Evaluations{span(a), span(b), span(c)}; }, blinding, t);
    t.wall = ms_since(start);
    if (timings != nullptr) *timings = t;
    return proof;
  }

  // One circuit of a batch: its full witness and its evaluations a, b, c on the domain (entry (b)).
  struct Assignment {
    HostSpan<const Int> witness;
    std::vector<Fr> a, b, c;
  };

  // Entry (b) for a batch of circuits that share the key, as supra_seal C2 proves a sector's
  // partitions: prep_msm classifies every circuit and unifies the splits (unify_splits), the tail
  // bases are gathered once, then each circuit runs the remaining phases with its own r and s. The
  // proofs equal those of prove() circuit by circuit. Timings are summed over the batch.
  std::vector<Proof<E>> prove_batch(std::vector<Assignment> circuits, const std::vector<Blinding<Fr>>& blindings,
                                    PhaseTimings* timings = nullptr) const {
    if (blindings.size() != circuits.size())
      throw Error(Errc::size_mismatch, std::to_string(circuits.size()) + " circuits but " +
                                           std::to_string(blindings.size()) + " blinding pairs");
    for (const Assignment& x : circuits) {
      check_witness(x.witness);
      check_evaluations(x.a, x.b, x.c);
    }
    const ScopedMemoryPolicy scope(Memory::kPolicy);
    PhaseTimings t;
    auto t0 = Clock::now();
    std::vector<Proof<E>> proofs;
    if constexpr (kGpu) {
      if (resident_) {
        for (std::size_t k = 0; k < circuits.size(); ++k) {
          Assignment& x = circuits[k];
          proofs.push_back(
              prove_resident(x.witness, [&] { return Evaluations{span(x.a), span(x.b), span(x.c)}; }, blindings[k], t));
        }
        t.wall = ms_since(t0);
        if (timings != nullptr) *timings = t;
        return proofs;
      }
    }
    std::vector<MsmSplit> all, priv;
    for (const Assignment& x : circuits) {
      all.push_back(prep_msm(x.witness, key_.num_public + 1, host()));
      priv.push_back(prep_msm(private_wires(x.witness), 0, host()));
    }
    unify_splits(all, host());
    unify_splits(priv, host());
    Gathered g{HostVector<Affine<G1>>(HostAllocator<Affine<G1>>(host())), HostVector<Affine<G1>>(HostAllocator<Affine<G1>>(host())),
               HostVector<Affine<G1>>(HostAllocator<Affine<G1>>(host())), HostVector<Affine<G2>>(HostAllocator<Affine<G2>>(host()))};
    if (!circuits.empty() && all.front().split) {
      g.a = gather(key_.a, all.front().tail, host());
      g.b_1 = gather(key_.b_1, all.front().tail, host());
      g.b_2 = gather(key_.b_2, all.front().tail, host());
    }
    if (!circuits.empty() && priv.front().split) g.l = gather(key_.l, priv.front().tail, host());
    t.prep_msm = ms_since(t0);
    for (std::size_t k = 0; k < circuits.size(); ++k) {
      Assignment& x = circuits[k];
      proofs.push_back(prove_split(x.witness, span(x.a), span(x.b), span(x.c), blindings[k], all[k], priv[k], &g, t));
    }
    t.wall = ms_since(t0);
    if (timings != nullptr) *timings = t;
    return proofs;
  }

  // The public inputs of a witness: wires 1 .. num_public.
  std::vector<Int> public_inputs(HostSpan<const Int> witness) const {
    check_witness(witness);
    return std::vector<Int>(witness.data + 1, witness.data + 1 + key_.num_public);
  }

 private:
  static constexpr bool kGpu = !std::is_same_v<Backend, Cpu>;
  using Clock = std::chrono::steady_clock;
  static double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  }
  static HostResource& host() { return host_resource(Memory::kPolicy); }
  template <class T>
  static HostVector<T> host_vector(std::size_t n) {  // uninitialized: every caller writes each element
    return HostVector<T>(n, HostAllocator<T>(host()));
  }
  template <class V>
  static HostSpan<Fr> span(V& v) {
    return HostSpan<Fr>{v.data(), v.size()};
  }

  struct Rows {
    std::vector<std::size_t> begin;  // entries of row i: [begin[i], begin[i + 1])
    std::vector<std::uint32_t> signal;
    std::vector<Fr> value;
  };

  Rows by_row(HostSpan<const MatrixEntry<Fr>> entries) const {
    Rows r;
    const std::size_t n = key_.domain_size();
    r.begin.assign(n + 1, 0);
    for (const auto& e : entries) ++r.begin[e.constraint + 1];
    for (std::size_t i = 0; i < n; ++i) r.begin[i + 1] += r.begin[i];
    r.signal.resize(entries.size);
    r.value.resize(entries.size);
    std::vector<std::size_t> next(r.begin.begin(), r.begin.end() - 1);
    for (const auto& e : entries) {
      const std::size_t k = next[e.constraint]++;
      r.signal[k] = e.signal;
      r.value[k] = e.value;
    }
    return r;
  }

  HostVector<Fr> evaluate(const Rows& rows, const HostVector<Fr>& w, std::size_t n) const {
    HostVector<Fr> out = host_vector<Fr>(n);
    cpu_pool(config_.threads).parallel_for(n, [&](std::size_t lo, std::size_t hi) {
      for (std::size_t row = lo; row < hi; ++row) {
        Fr acc = Fr::zero();
        for (std::size_t k = rows.begin[row]; k < rows.begin[row + 1]; ++k) acc += rows.value[k] * w[rows.signal[k]];
        out[row] = acc;
      }
    }, 1024);
    return out;
  }

  void check_key() const {
    const std::size_t n = key_.num_vars, priv = n - key_.num_public - 1;
    auto expect = [](std::size_t got, std::size_t want, const char* what) {
      if (got != want)
        throw Error(Errc::size_mismatch, std::string("proving key: ") + what + " has " + std::to_string(got) +
                                             " points, expected " + std::to_string(want));
    };
    if (key_.num_public + 1 > n) throw Error(Errc::size_mismatch, "proving key: more public inputs than wires");
    expect(key_.a.size, n, "A");
    expect(key_.b_1.size, n, "B1");
    expect(key_.b_2.size, n, "B2");
    expect(key_.l.size, priv, "L");
    expect(key_.ic.size, key_.num_public + 1, "IC");
    const std::size_t h_points = key_.h_convention == HConvention::odd_coset_lagrange ? key_.domain_size()
                                                                                      : key_.domain_size() - 1;
    expect(key_.h.size, h_points, "H");
  }

  void check_evaluations(const std::vector<Fr>& a, const std::vector<Fr>& b, const std::vector<Fr>& c) const {
    const std::size_t n = key_.domain_size();
    if (a.size() != n || b.size() != n || c.size() != n)
      throw Error(Errc::size_mismatch, "a, b and c must each hold the domain's " + std::to_string(n) + " evaluations");
  }

  void check_witness(HostSpan<const Int> witness) const {
    if (witness.size != key_.num_vars)
      throw Error(Errc::size_mismatch, "the witness has " + std::to_string(witness.size) + " values, the key " +
                                           std::to_string(key_.num_vars) + " wires");
    if (witness.size == 0 || witness[0] != Int::from_u64(1))
      throw Error(Errc::invalid_argument, "witness value 0 (the constant wire) must be 1");
    for (std::size_t i = 0; i < witness.size; ++i)
      if (witness[i] >= Fr::kModulus)
        throw Error(Errc::not_canonical, "witness value " + std::to_string(i) + " is not below r");
  }

  // The witness past wire 0 and the public inputs (L's scalars), on the host or a device.
  template <class Span>
  Span private_wires(Span witness) const {
    return witness.subspan(key_.num_public + 1, witness.size - key_.num_public - 1);
  }

  // a, b, c on the domain: made by evaluate() (entry (a)) or the caller's (entry (b)).
  struct Evaluations {
    HostSpan<Fr> a, b, c;
  };

  // Every phase but evaluate's own work, which `evaluate` (returning Evaluations) does when called:
  // first, or on a resident key beside the queries that need only the witness.
  template <class Evaluate>
  Proof<E> prove_from(HostSpan<const Int> witness, Evaluate&& evaluate, const Blinding<Fr>& blinding,
                      PhaseTimings& t) const {
    if constexpr (kGpu) {
      if (resident_) return prove_resident(witness, evaluate, blinding, t);
    }
    const Evaluations e = evaluate();
    const auto t0 = Clock::now();
    const MsmSplit all = prep_msm(witness, key_.num_public + 1, host());
    const MsmSplit priv = prep_msm(private_wires(witness), 0, host());
    t.prep_msm = ms_since(t0);
    return prove_split(witness, e.a, e.b, e.c, blinding, all, priv, nullptr, t);
  }

  // The tail bases of a batch, gathered once for all its circuits.
  struct Gathered {
    HostVector<Affine<G1>> a, b_1, l;
    HostVector<Affine<G2>> b_2;
  };

  // Every phase after prep_msm, for one circuit whose splits are given.
  Proof<E> prove_split(HostSpan<const Int> witness, HostSpan<Fr> a, HostSpan<Fr> b, HostSpan<Fr> c,
                       const Blinding<Fr>& blinding, const MsmSplit& all, const MsmSplit& priv, const Gathered* g,
                       PhaseTimings& t) const {
    const bool shared = g != nullptr && all.split;
    const bool shared_l = g != nullptr && priv.split;
    // B2 (G2): on its own thread beside the rest on GPU backends (ProverConfig::overlap), with the
    // caller's memory policy and timings of its own, added once it is done.
    PhaseTimings g2_times;
    auto g2_sum = [&] {
      const ScopedMemoryPolicy scope(Memory::kPolicy);
      auto on = [&](auto backend) {
        return split_msm(backend, key_.b_2, witness, all, config_.msm, g2_times.batch_add, g2_times.b_g2_msm,
                         host(), shared ? &g->b_2 : nullptr);
      };
      return config_.b_g2_msm == G2Placement::cpu ? on(Cpu{}) : on(Backend{});
    };
    std::future<Jacobian<G2>> g2_future;
    if (config_.overlap && kGpu) g2_future = std::async(std::launch::async, g2_sum);

    auto t0 = Clock::now();
    h_scalars(Backend{}, a, b, c, key_.h_convention, key_.roots, config_.threads);
    const Jacobian<G1> h = msm(Backend{}, key_.h, HostSpan<const Fr>{a.data, key_.h.size}, config_.msm);
    t.ntt_msm_h += ms_since(t0);

    const Jacobian<G1> sum_a = split_msm(Backend{}, key_.a, witness, all, config_.msm, t.batch_add,
                                         t.tail_msm, host(), shared ? &g->a : nullptr);
    const Jacobian<G1> sum_b1 = split_msm(Backend{}, key_.b_1, witness, all, config_.msm, t.batch_add,
                                          t.tail_msm, host(), shared ? &g->b_1 : nullptr);
    const Jacobian<G1> sum_l = split_msm(Backend{}, key_.l, private_wires(witness), priv, config_.msm,
                                         t.batch_add, t.tail_msm, host(), shared_l ? &g->l : nullptr);
    const Jacobian<G2> sum_b2 = g2_future.valid() ? g2_future.get() : g2_sum();
    t.batch_add += g2_times.batch_add;
    t.b_g2_msm += g2_times.b_g2_msm;
    return assemble(sum_a, sum_b1, sum_b2, sum_l, h, blinding, t);
  }

  // Every phase on the resident key: one MSM over all the bases of each query. With `overlap`, B2's
  // and the G1 tails' (A, B1, L) start at once, each on a host thread of its own, while this thread
  // evaluates a, b, c and runs ntt_msm_h. GPU backends only.
  template <class Evaluate>
  Proof<E> prove_resident(HostSpan<const Int> witness, Evaluate&& evaluate, const Blinding<Fr>& blinding,
                          PhaseTimings& t) const {
    ResidentKey& key = *resident_;
    double g2_ms = 0, tail_ms = 0;
    auto g2_sum = [&] {
      const ScopedMemoryPolicy scope(Memory::kPolicy);
      const auto t0 = Clock::now();
      Jacobian<G2> sum = Jacobian<G2>::identity();
      if (key.b_2) {
        const std::lock_guard<std::mutex> lock(key.b_2_mutex);
        sum = key.b_2->run(witness);
      } else {
        sum = msm(Cpu{}, key_.b_2, witness, config_.msm);
      }
      g2_ms = ms_since(t0);
      return sum;
    };
    struct Tails {
      Jacobian<G1> a, b_1, l;
    };
    auto tail_sums = [&] {
      const ScopedMemoryPolicy scope(Memory::kPolicy);
      const auto t0 = Clock::now();
      const std::lock_guard<std::mutex> lock(key.tail_mutex);
      // The witness crosses the bus once for the three queries.
      DeviceArray<Int> scalars(Memory::kPolicy, key.a.device(), witness.size);
      scalars.upload(witness);
      const DeviceSpan<const Int> all = scalars.span(witness.size);
      Tails sums{key.a.run(all), key.b_1.run(all), key.l.run(private_wires(all))};
      tail_ms = ms_since(t0);
      return sums;
    };
    std::future<Jacobian<G2>> g2_future;
    std::future<Tails> tail_future;
    if (config_.overlap) {
      g2_future = std::async(std::launch::async, g2_sum);
      tail_future = std::async(std::launch::async, tail_sums);
    }
    const Evaluations e = evaluate();
    const auto t0 = Clock::now();
    // The quotient stays on the GPU for the H MSM: only a, b, c cross the bus.
    DeviceArray<Fr> quotient(Memory::kPolicy, key.h.device(), e.a.size);
    h_scalars_to_device<Backend, Fr>(HostSpan<const Fr>(e.a.data, e.a.size), HostSpan<const Fr>(e.b.data, e.b.size),
                                     HostSpan<const Fr>(e.c.data, e.c.size), key_.h_convention, key_.roots,
                                     quotient.span());
    std::unique_lock<std::mutex> h_lock(key.h_mutex);
    const Jacobian<G1> h = key.h.run(quotient.span(key_.h.size));
    h_lock.unlock();
    t.ntt_msm_h += ms_since(t0);
    const Tails tails = tail_future.valid() ? tail_future.get() : tail_sums();
    const Jacobian<G2> sum_b2 = g2_future.valid() ? g2_future.get() : g2_sum();
    t.tail_msm += tail_ms;
    t.b_g2_msm += g2_ms;
    return assemble(tails.a, tails.b_1, sum_b2, tails.l, h, blinding, t);
  }

  // pi_a, pi_b and pi_c from the queries' sums and r, s.
  Proof<E> assemble(const Jacobian<G1>& sum_a, const Jacobian<G1>& sum_b1, const Jacobian<G2>& sum_b2,
                    const Jacobian<G1>& sum_l, const Jacobian<G1>& h, const Blinding<Fr>& blinding,
                    PhaseTimings& t) const {
    const auto t0 = Clock::now();
    const Fr& r = blinding.r;
    const Fr& s = blinding.s;
    const Jacobian<G1> pi_a = Jacobian<G1>::from_affine(key_.alpha_1).add(sum_a).add(scalar_mul(key_.delta_1, r));
    const Jacobian<G2> pi_b = Jacobian<G2>::from_affine(key_.beta_2).add(sum_b2).add(scalar_mul(key_.delta_2, s));
    const Jacobian<G1> b_1 = Jacobian<G1>::from_affine(key_.beta_1).add(sum_b1).add(scalar_mul(key_.delta_1, s));
    const Affine<G1> pi_a_affine = pi_a.to_affine();
    const Jacobian<G1> pi_c = sum_l.add(h)
                                  .add(scalar_mul(pi_a_affine, s))
                                  .add(scalar_mul(b_1.to_affine(), r))
                                  .add(-scalar_mul(key_.delta_1, r * s));
    Proof<E> proof{pi_a_affine, pi_b.to_affine(), pi_c.to_affine()};
    t.assemble += ms_since(t0);
    return proof;
  }

  // The key's bases on the device, one context per query (B2's only when b_g2_msm runs on the GPU); a
  // context runs one call at a time, so concurrent proofs take turns at each (A, B1 and L under one
  // lock).
  struct ResidentKey {
    ResidentKey(const ProvingKeyView<E>& key, const MsmConfig& config, bool b_2_on_device)
        : a(key.a, config), b_1(key.b_1, config), l(key.l, config), h(key.h, config) {
      if (b_2_on_device) b_2.emplace(key.b_2, config);
    }
    MsmContext<G1> a, b_1, l, h;
    std::optional<MsmContext<G2>> b_2;
    std::mutex tail_mutex, h_mutex, b_2_mutex;
  };

  ProvingKeyView<E> key_;
  ProverConfig config_;
  Rows a_rows_, b_rows_;
  // Absent on the CPU backend, so that CPU-only programs never refer to MsmContext's members (defined
  // by the GPU libraries).
  std::conditional_t<kGpu, std::unique_ptr<ResidentKey>, std::nullptr_t> resident_{};
};

}  // namespace zkforge::groth16
