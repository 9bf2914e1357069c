// SPDX-License-Identifier: Apache-2.0
// A proving key resident on one device of GPU backend B, and the prover's GPU phases over it: one
// MsmContext per query (A, B1, L, H, and B2 unless b_g2_msm runs on the CPU) and, when the key carries
// them, its A and B matrices (DeviceMatrix), uploaded once.
//
//   prep_msm   the witness crosses the bus once (upload_witness_part), for every phase below, its values
//              checked below r as the host stages them (or before a direct copy);
//   tail_msm   one MSM of each of A, B1 and L over all its bases (witness_sums): with the bases on the
//              device no split pays (a scalar 0 adds nothing, a 1 is one entry of one bucket), so
//              batch_add is part of it and takes no time of its own — unless the prover sums the 1s'
//              bases on the host (ones_on_host: its runs of A, B1, L and B2 then skip the 1s);
//   evaluate   a, b and c from the witness and the resident matrices, on the device (h_sum of the
//              witness), or the caller's a, b and c uploaded (h_sum of host spans);
//   ntt_msm_h  the quotient computed on the device and left there for the H MSM (h_sum);
//   b_g2_msm   B2's MSM over its resident bases (b_2_sum).
// A context runs one call at a time, so concurrent proofs take turns at each (A, B1 and L under one
// lock, H and B2 under one each); evaluate reads only what no call writes.
//
// The contexts' precomputed copies of the bases (MsmConfig::precompute): a count given is every
// query's. kPrecomputeAuto chooses within a byte budget (contexts_configs): ProverConfig::
// key_memory_share of the device's free memory when the key is made, less what the matrices and
// kKeyHeadroom leave free. It holds the bases and copies of every query, one run of the largest and
// the quotient's buffers. The NTT's twiddles (a table per device, outside the memory policies: 2^k
// fixed factors for the odd coset's quotient, 4 GiB at 2^26, that a warm-up makes before the key) are
// not in it: when the key comes first they come out of the free memory that the share leaves. H,
// whose scalars are uniform in every proof, takes the copies that fold the most of its windows —
// every one into one bucket window, below ~2^27 bases at the window chosen from n — when they fit,
// and A, B1, L and B2 the most of one count that fit beside them; else all five take the most of one
// count that fit. Since G2's level 1 and reduction run on lane pairs a witness's G2 MSM gains from
// copies too (BLS12-381 G2 2^24 over device scalars on an H100: 127.1 ms alone, 113.8 with three,
// 110.1 with six; before, 122 alone against 127 with three, and B2 took none).
// The witness queries' window is planned for a witness's mix (ProverConfig::witness_dense_share,
// MsmConfig::dense_share): mostly 0 and 1, its values add fewer points to buckets than uniform ones,
// so a narrower window, fewer buckets to reduce. Their streams are at the device's highest priority
// (MsmConfig::high_priority): their kernels' blocks go ahead of H's and B2's level 1, which would
// otherwise hold them until the end of the proof (a BLS12-381 2^26 proof on an H200, 610.3 against
// 613.9 ms; docs/perf.md).
// At BLS12-381 2^26 folding H's twelve windows of 22 bits into eleven of 24 in one bucket window took
// its MSM from 353.5 to 325.7 ms against three copies (four bucket windows), where copies that fold
// some windows but not all did not shorten it (docs/perf.md, issue #24).
#pragma once

#include <algorithm>
#include <functional>
#include <mutex>
#include <optional>

#include "zkforge/backend/stopwatch.hpp"
#include "zkforge/gpu/device.hpp"
#include "zkforge/gpu/device_array.hpp"
#include "zkforge/groth16/assemble.hpp"
#include "zkforge/groth16/evaluate.hpp"
#include "zkforge/groth16/prover_checks.hpp"
#include "zkforge/groth16/prover_config.hpp"
#include "zkforge/groth16/quotient.hpp"
#include "zkforge/msm/gpu.hpp"

namespace zkforge::groth16 {

// The precomputed copies (MsmContext::precompute) each query of a resident key holds; 1 for a key
// that is not resident, for a query on the host, and on the CPU.
struct QueryCopies {
  unsigned a = 1, b_1 = 1, l = 1, h = 1, b_2 = 1;
};

template <class E, class B>
class ResidentKey {
 public:
  using Fr = typename E::Fr;
  using Int = typename Fr::Int;
  using G1 = typename E::G1;
  using G2 = typename E::G2;

  // ones_on_host: the witness queries' runs leave the 1s out (MsmConfig::skip_ones), the prover's
  // batch_add summing their bases on the host.
  ResidentKey(const ProvingKeyView<E>& key, const MsmConfig& config, bool b_2_on_device, double memory_share,
              double witness_dense_share, bool ones_on_host = false)
      : num_public_(key.num_public),
        h_points_(key.h.size),
        configs_(contexts_configs(key, config, witness_dense_share, b_2_on_device, budget(key, memory_share),
                                  ones_on_host)),
        a_(key.a, configs_.rest),
        b_1_(key.b_1, configs_.rest),
        l_(key.l, configs_.rest),
        h_(key.h, configs_.h) {
    if (b_2_on_device) b_2_.emplace(key.b_2, configs_.b_2);
    if (key.has_matrices()) {
      a_matrix_.emplace(EvaluateBackend<B, Fr>::upload(key.a_matrix, key.domain_size(), config.memory, a_.device()));
      b_matrix_.emplace(EvaluateBackend<B, Fr>::upload(key.b_matrix, key.domain_size(), config.memory, a_.device()));
    }
  }

  // The contexts' configs, H's, B2's and A, B1 and L's, for a byte budget (see the file's head); on
  // the current device, whose multiprocessors size the runs.
  struct ContextConfigs {
    MsmConfig h, b_2, rest;
  };
  static ContextConfigs contexts_configs(const ProvingKeyView<E>& key, MsmConfig config, double witness_dense_share,
                                         bool b_2_on_device, std::size_t budget, bool ones_on_host = false) {
    config.dense_share = 1;
    config.skip_ones = false;
    MsmConfig witness = config;
    witness.dense_share = witness_dense_share;
    witness.skip_ones = ones_on_host;
    MsmConfig tails = witness;
    tails.high_priority = true;
    if (config.precompute != kPrecomputeAuto) return {config, witness, tails};
    const std::size_t quotient = 4 * key.domain_size() * sizeof(Fr);
    // Whether H with h copies and A, B1, L and B2 with `rest` fit the budget.
    auto fits = [&](unsigned h, unsigned rest) {
      std::size_t held = 0, run = 0;
      auto add = [&](const MsmContextBytes& bytes) {
        held += bytes.held;
        run = std::max(run, bytes.per_run);
      };
      for (const auto* query : {&key.a, &key.b_1, &key.l})
        add(msm_context_bytes<B, G1>(query->size, with_copies(witness, rest)));
      add(msm_context_bytes<B, G1>(key.h.size, with_copies(config, h)));
      if (b_2_on_device) add(msm_context_bytes<B, G2>(key.b_2.size, with_copies(witness, rest)));
      return held + run + quotient <= budget;
    };
    // The most of one count that fit beside H's h copies (h = 0: H's count too), 1 when none do.
    auto most = [&](unsigned h) {
      unsigned best = 1;
      for (unsigned k = 2; k <= kMaxAutoCopies && fits(h == 0 ? k : h, k); ++k) best = k;
      return best;
    };
    const unsigned uniform = most(0);
    // H's copies that fold the most of its windows (every one, below ~2^27 bases).
    const unsigned folded = msm_context_bytes<B, G1>(key.h.size, with_copies(config, kMaxAutoCopies)).precompute;
    if (folded > uniform && fits(folded, 1)) {
      const unsigned rest = most(folded);
      return {with_copies(config, folded), with_copies(witness, rest), with_copies(tails, rest)};
    }
    return {with_copies(config, uniform), with_copies(witness, uniform), with_copies(tails, uniform)};
  }

  bool holds_b_2() const { return b_2_.has_value(); }
  // Whether the witness queries' runs leave the 1s to the host (the constructor's ones_on_host).
  bool skips_ones() const { return configs_.rest.skip_ones; }
  QueryCopies copies() const {
    return {a_.precompute(), b_1_.precompute(), l_.precompute(), h_.precompute(),
            b_2_ ? b_2_->precompute() : 1u};
  }
  bool holds_matrices() const { return a_matrix_.has_value(); }

  // prep_msm: the witness on the device, for the phases below, in parts: an array for n values, then
  // values [begin, end) into it. Their values are checked below r as they are staged, or before a
  // direct copy of a small or pinned witness (not_canonical names the first that is not), before any
  // phase reads them.
  DeviceArray<B, Int> witness_array(std::size_t n, MemoryPolicy memory) const { return {memory, a_.device(), n}; }
  void upload_witness_part(HostSpan<const Int> witness, DeviceArray<B, Int>& w, std::size_t begin,
                           std::size_t end) const {
    const std::size_t bad =
        w.upload_checked(witness.subspan(begin, end - begin), [](const Int& v) { return v >= Fr::kModulus; }, begin);
    if (bad < end - begin) throw witness_not_canonical(begin + bad);
  }

  // The witness's head that B2's MSM may start on while the rest crosses the bus (b_2_sum below), 0
  // without B2 on the device: an eighth. On an H200, BLS12-381 B2's level 1 takes ~6 ns a wire (76.5
  // ms at 12.8M wires, run S5) and the upload ~0.7 ns (~8.5 ms for 410 MB), so an eighth's level 1
  // lasts longer than the other seven eighths' upload.
  std::size_t b_2_head(std::size_t n) const { return b_2_ ? n / kB2HeadParts : 0; }

  // tail_msm: sums.a, sums.b_1 and sums.l over the witness on the device.
  void witness_sums(DeviceSpan<B, const Int> witness, QuerySums<E>& sums) {
    const std::lock_guard<std::mutex> lock(witness_mutex_);
    sums.a = a_.run(witness);
    sums.b_1 = b_1_.run(witness);
    sums.l = l_.run(private_wires(witness, num_public_));
  }

  // evaluate and ntt_msm_h (holds_matrices() only): a, b and c from the witness on the device, the
  // quotient there, and its MSM with H; each phase's time added to t.
  Jacobian<G1> h_sum(DeviceSpan<B, const Int> witness, const QuotientConfig& config, PhaseTimings& t) {
    auto t0 = Clock::now();
    const std::size_t n = a_matrix_->rows;
    DeviceArray<B, Fr> a(config.memory, h_.device(), n), b(config.memory, h_.device(), n),
        c(config.memory, h_.device(), n);
    EvaluateBackend<B, Fr>::run(*a_matrix_, *b_matrix_, witness, a.span(), b.span(), c.span(), config.memory);
    t.evaluate += ms_since(t0);
    t0 = Clock::now();
    quotient_on_device(a.span(), b.span(), c.span(), config);
    const Jacobian<G1> sum = h_sum_of(a);
    t.ntt_msm_h += ms_since(t0);
    return sum;
  }

  // ntt_msm_h: the quotient of the caller's a, b, c on the device, and its MSM with H.
  Jacobian<G1> h_sum(HostSpan<const Fr> a, HostSpan<const Fr> b, HostSpan<const Fr> c, const QuotientConfig& config) {
    DeviceArray<B, Fr> quotient(config.memory, h_.device(), a.size);
    quotient_to_device(a, b, c, config, quotient.span());
    return h_sum_of(quotient);
  }

  // b_g2_msm on the device (holds_b_2() only).
  Jacobian<G2> b_2_sum(DeviceSpan<B, const Int> witness) {
    const std::lock_guard<std::mutex> lock(b_2_mutex_);
    return b_2_->run(witness);
  }
  // The same over a witness whose first `head` values are on the device and the rest once rest()
  // returns (MsmContext::run of arriving scalars).
  Jacobian<G2> b_2_sum(DeviceSpan<B, const Int> witness, std::size_t head, const std::function<void()>& rest) {
    const std::lock_guard<std::mutex> lock(b_2_mutex_);
    return b_2_->run(witness, head, rest);
  }

 private:
  static MsmConfig with_copies(MsmConfig config, unsigned copies) {
    config.precompute = copies;
    return config;
  }
  static constexpr unsigned kMaxAutoCopies = 64;
  static constexpr std::size_t kB2HeadParts = 8;
  // Left free beside any budget: each context's own reserve when it is made, and the runtime's.
  static constexpr std::size_t kKeyHeadroom = std::size_t{1} << 30;

  // The copies' budget: `share` of the device's free memory, less what the matrices and kKeyHeadroom
  // leave free.
  static std::size_t budget(const ProvingKeyView<E>& key, double share) {
    const std::size_t free = gpu::device_memory_info<B>(gpu::current_device<B>()).free_bytes;
    const std::size_t kept = kKeyHeadroom + (key.a_matrix.size + key.b_matrix.size) * sizeof(MatrixEntry<Fr>);
    const auto shared = static_cast<std::size_t>(static_cast<double>(free) * share);
    return std::min(shared, free > kept ? free - kept : 0);
  }

  Jacobian<G1> h_sum_of(const DeviceArray<B, Fr>& quotient) {
    const std::lock_guard<std::mutex> lock(h_mutex_);
    return h_.run(quotient.span(h_points_));
  }

  std::size_t num_public_, h_points_;
  ContextConfigs configs_;  // kPrecomputeAuto resolved
  MsmContext<B, G1> a_, b_1_, l_, h_;
  std::optional<MsmContext<B, G2>> b_2_;
  std::optional<DeviceMatrix<B, Fr>> a_matrix_, b_matrix_;
  std::mutex witness_mutex_, h_mutex_, b_2_mutex_;
};

}  // namespace zkforge::groth16
