// SPDX-License-Identifier: Apache-2.0
// Groth16 on every GPU backend linked (CUDA, HIP or both): evaluate on the device equals the CPU's on
// matrices with rows of every awkward length, in any entry order; the quotient on the device equals the
// CPU's in both H and both root conventions; with the same blinding r, s the prover gives the CPU
// prover's proof, bit for bit, on snarkjs' keys of both curves and on monomial-basis keys of the
// insecure test setup, with the key resident on the device or streamed per proof, b_g2_msm on the
// GPU or on the CPU's threads, one circuit or a batch, and the proofs verify.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "support/errors.hpp"
#include "support/gpu_cases.hpp"
#include "support/msm_fixtures.hpp"
#include "support/insecure_batch.hpp"
#include "support/scale.hpp"
#include "support/seed.hpp"
#include "zkforge/gpu/device_array.hpp"
#include "zkforge/groth16/insecure_test_setup.hpp"
#include "zkforge/groth16/prover.hpp"
#include "zkforge/groth16/verifier.hpp"
#include "zkforge/io/wtns.hpp"
#include "zkforge/io/zkey.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

using namespace zkforge;

// The cases: every GPU backend linked, with each of these.
using Engines = test::GpuCases<bn254::Engine, bls12_381::Engine>;
using ScalarFields = test::GpuCases<bls12_381::Fr, bn254::Fr>;

TEMPLATE_LIST_TEST_CASE("the quotient left on the device rejects an output longer than the domain", "[gpu][ntt][groth16]",
                        LinkedGpuBackends) {
  using B = TestType;
  using F = bn254::Fr;
  const std::vector<F> a(8, F::one());
  DeviceArray<B, F> out(MemoryPolicy::pooled, 0, 9);
  CHECK(test::error_thrown_by([&] {
          groth16::quotient_to_device(host_span(a), host_span(a), host_span(a),
                                      {groth16::HConvention::monomial, RootConvention::snarkjs}, out.span());
        }).code() == Errc::size_mismatch);
}

TEMPLATE_LIST_TEST_CASE("the quotient on the GPU equals the CPU's", "[gpu][ntt][groth16]", ScalarFields) {
  using B = typename TestType::Backend;
  using F = typename TestType::Type;
  auto rng = test::rng_for(84);
  for (const std::size_t log_n : {std::size_t{0}, std::size_t{1}, std::size_t{5}, std::size_t{10}, std::size_t{11},
                                   test::at_scale(std::size_t{17}, std::size_t{13})}) {
    const std::size_t n = std::size_t{1} << log_n;
    for (const auto convention : {groth16::HConvention::odd_coset_lagrange, groth16::HConvention::monomial}) {
      for (const auto roots : {RootConvention::snarkjs, RootConvention::zkcrypto}) {
        const auto a = test::random_vector<F>(n, rng), b = test::random_vector<F>(n, rng), c = test::random_vector<F>(n, rng);
        auto ca = a, cb = b, cc = c, ga = a, gb = b, gc = c;
        groth16::quotient(Cpu{}, HostSpan<F>(ca), HostSpan<F>(cb), HostSpan<F>(cc), {convention, roots});
        groth16::quotient(B{}, HostSpan<F>(ga), HostSpan<F>(gb), HostSpan<F>(gc), {convention, roots});
        INFO("n = 2^" << log_n << (convention == groth16::HConvention::monomial ? ", monomial" : ", odd coset") << ", "
                      << root_convention_name(roots));
        CHECK(ga == ca);
        CHECK(gb == b);  // the device path leaves b and c as they were
        CHECK(gc == c);
        // Left on the device, whole and without its last value (an H query one shorter than the domain).
        for (const std::size_t kept : {n, n - 1}) {
          DeviceArray<B, F> out(MemoryPolicy::pooled, 0, kept);
          groth16::quotient_to_device(host_span(a), host_span(b), host_span(c), {convention, roots}, out.span());
          std::vector<F> back(kept);
          out.download(HostSpan<F>(back));
          INFO(kept << " values kept");
          CHECK(back == std::vector<F>(ca.begin(), ca.begin() + static_cast<std::ptrdiff_t>(kept)));
        }
      }
    }
  }
}

// A matrix of `rows` rows over `wires` wires whose row lengths are the awkward ones for tiles of entries:
// empty rows, single entries, lengths around a warp's 32 and the kernel's tile of 128 and its double, a
// public input's row of one entry on its own wire, the constant wire, repeated (row, signal) pairs, and
// one row longer than many tiles; the entries in row order or shuffled.
template <class Fr, class Rng>
std::vector<groth16::MatrixEntry<Fr>> awkward_matrix(std::size_t rows, std::size_t wires, bool shuffled, Rng& rng) {
  std::vector<groth16::MatrixEntry<Fr>> m;
  const std::size_t lengths[] = {0, 1, 0, 0, 127, 128, 129, 31, 32, 33, 2, 0, 255, 1, 257, 3};
  std::uniform_int_distribution<std::size_t> wire(0, wires - 1);
  for (std::size_t row = 0; row < rows; ++row) {
    std::size_t length = lengths[row % 16];
    if (row == rows / 2) length = 128 * 5 + 7;  // one long row
    for (std::size_t k = 0; k < length; ++k) {
      const std::size_t signal = k % 7 == 3 ? 0 : (k % 11 == 5 && k > 0 ? m.back().signal : wire(rng));
      m.push_back({static_cast<std::uint32_t>(row), static_cast<std::uint32_t>(signal), Fr::random(rng)});
    }
  }
  if (shuffled) std::shuffle(m.begin(), m.end(), rng);
  return m;
}

TEMPLATE_LIST_TEST_CASE("evaluate on the GPU equals the CPU's on rows of every awkward length", "[gpu][groth16][evaluate]",
                        ScalarFields) {
  using B = typename TestType::Backend;
  using F = typename TestType::Type;
  using Int = typename F::Int;
  auto rng = test::rng_for(85);
  for (const std::size_t rows : {1, 2, 16, 100, 1024, 4099}) {
    for (const bool shuffled : {false, true}) {
      const std::size_t wires = rows + 3;
      const auto a_matrix = awkward_matrix<F>(rows, wires, shuffled, rng);
      const auto b_matrix = awkward_matrix<F>(rows, wires, !shuffled, rng);
      std::vector<Int> w(wires);
      w[0] = Int::from_u64(1);
      for (std::size_t i = 1; i < wires; ++i) w[i] = F::random(rng).to_int();
      w[wires - 1] = (F::zero() - F::one()).to_int();  // r - 1
      const auto cpu = groth16::EvaluateBackend<Cpu, F>::run(
          groth16::ConstraintRows<F>(host_span(a_matrix), rows), groth16::ConstraintRows<F>(host_span(b_matrix), rows),
          host_span(w), rows, 0, host_resource(MemoryPolicy::synchronous));
      using Device = groth16::EvaluateBackend<B, F>;
      const auto da = Device::upload(host_span(a_matrix), rows, MemoryPolicy::pooled, 0);
      const auto db = Device::upload(host_span(b_matrix), rows, MemoryPolicy::pooled, 0);
      DeviceArray<B, Int> dw(MemoryPolicy::pooled, 0, wires);
      dw.upload(host_span(w));
      DeviceArray<B, F> a(MemoryPolicy::pooled, 0, rows), b(MemoryPolicy::pooled, 0, rows), c(MemoryPolicy::pooled, 0, rows);
      Device::run(da, db, dw.span(wires), a.span(), b.span(), c.span(), MemoryPolicy::pooled);
      std::vector<F> ga(rows), gb(rows), gc(rows);
      a.download(HostSpan<F>(ga));
      b.download(HostSpan<F>(gb));
      c.download(HostSpan<F>(gc));
      INFO(rows << " rows, " << a_matrix.size() << " and " << b_matrix.size() << " entries"
                << (shuffled ? ", A shuffled" : ", B shuffled"));
      CHECK(ga == std::vector<F>(cpu.a.begin(), cpu.a.end()));
      CHECK(gb == std::vector<F>(cpu.b.begin(), cpu.b.end()));
      CHECK(gc == std::vector<F>(cpu.c.begin(), cpu.c.end()));
    }
  }
}

// A matrix whose rows all have entries up to the domain's padding, or with a hole before it: evaluate
// clears the rows without entries (DeviceMatrix::empty_from) and writes every other whole, over outputs
// that hold an earlier call's values.
TEMPLATE_LIST_TEST_CASE("evaluate on the GPU clears the rows without entries and no others", "[gpu][groth16][evaluate]",
                        ScalarFields) {
  using B = typename TestType::Backend;
  using F = typename TestType::Type;
  using Int = typename F::Int;
  auto rng = test::rng_for(87);
  const std::size_t rows = 1024, used = 777, wires = 300;
  std::vector<Int> w(wires);
  w[0] = Int::from_u64(1);
  for (std::size_t i = 1; i < wires; ++i) w[i] = F::random(rng).to_int();
  for (const std::size_t hole : {rows, std::size_t{0}, std::size_t{500}, used - 1}) {
    std::vector<groth16::MatrixEntry<F>> m;
    for (std::size_t row = 0; row < used; ++row)
      for (std::size_t k = 0; row != hole && k < 1 + row % 3; ++k)
        m.push_back({static_cast<std::uint32_t>(row), static_cast<std::uint32_t>((row * 7 + k) % wires), F::random(rng)});
    using Device = groth16::EvaluateBackend<B, F>;
    const auto dm = Device::upload(host_span(m), rows, MemoryPolicy::pooled, 0);
    INFO("hole at row " << hole);
    CHECK(dm.empty_from == (hole == rows ? used : hole == used - 1 ? hole : 0));
    const auto cpu = groth16::EvaluateBackend<Cpu, F>::run(
        groth16::ConstraintRows<F>(host_span(m), rows), groth16::ConstraintRows<F>(host_span(m), rows), host_span(w), rows,
        0, host_resource(MemoryPolicy::synchronous));
    DeviceArray<B, Int> dw(MemoryPolicy::pooled, 0, wires);
    dw.upload(host_span(w));
    std::vector<F> stale(rows);
    for (auto& x : stale) x = F::random(rng);
    DeviceArray<B, F> a(MemoryPolicy::pooled, 0, rows), b(MemoryPolicy::pooled, 0, rows), c(MemoryPolicy::pooled, 0, rows);
    for (auto* out : {&a, &b, &c}) out->upload(HostSpan<const F>(stale));
    Device::run(dm, dm, dw.span(wires), a.span(), b.span(), c.span(), MemoryPolicy::pooled);
    std::vector<F> ga(rows), gc(rows);
    a.download(HostSpan<F>(ga));
    c.download(HostSpan<F>(gc));
    CHECK(ga == std::vector<F>(cpu.a.begin(), cpu.a.end()));
    CHECK(gc == std::vector<F>(cpu.c.begin(), cpu.c.end()));
    CHECK(ga[rows - 1] == F::zero());
  }
}

TEMPLATE_LIST_TEST_CASE("evaluate on the GPU refuses spans of other sizes", "[gpu][groth16][evaluate]", LinkedGpuBackends) {
  using B = TestType;
  using F = bn254::Fr;
  const std::vector<groth16::MatrixEntry<F>> m{{0, 0, F::one()}};
  const auto dm = groth16::EvaluateBackend<B, F>::upload(host_span(m), 4, MemoryPolicy::pooled, 0);
  DeviceArray<B, F::Int> w(MemoryPolicy::pooled, 0, 1);
  DeviceArray<B, F> a(MemoryPolicy::pooled, 0, 4), b(MemoryPolicy::pooled, 0, 4), c(MemoryPolicy::pooled, 0, 3);
  CHECK(test::error_thrown_by([&] {
          groth16::EvaluateBackend<B, F>::run(dm, dm, w.span(1), a.span(), b.span(), c.span(), MemoryPolicy::pooled);
        }).code() == Errc::size_mismatch);
}

TEMPLATE_LIST_TEST_CASE("the GPU prover gives the CPU prover's proof for the same r and s", "[gpu][groth16]", Engines) {
  using B = typename TestType::Backend;
  using E = typename TestType::Type;
  using Fr = typename E::Fr;
  const std::string curve = E::kFamily == PairingFamily::bn ? "bn128" : "bls12381";
  const char* moved = std::getenv("ZKFORGE_TESTS_DIR");  // the sources' tests/ on a machine where they lie elsewhere
  const std::string tests = moved != nullptr ? moved : ZKFORGE_TESTS_DIR;
  for (const std::string& dir : {tests + "/data/groth16/" + curve + "/", tests + "/data/chain1018/" + curve + "/"}) {
    const auto key = snarkjs::read_zkey<E>(dir + "chain.zkey");
    const auto witness = snarkjs::read_wtns<Fr>(dir + "witness.wtns");
    auto rng = test::rng_for(83);
    const groth16::Blinding<Fr> blinding{Fr::random(rng), Fr::random(rng)};
    const auto cpu = groth16::Prover<E, Cpu>(key).prove(host_span(witness), blinding);
    groth16::PhaseTimings t;
    const auto gpu = groth16::Prover<E, B>(key).prove(host_span(witness), blinding, &t);
    INFO(dir);
    CHECK(cpu.a == gpu.a);
    CHECK(cpu.b == gpu.b);
    CHECK(cpu.c == gpu.c);
    const groth16::PreparedVerifyingKey<E> vk(key.verifying_key());
    CHECK(vk.verify(groth16::Prover<E, B>(key).public_inputs(host_span(witness)), gpu));
    // The phases overlapped (the default) or one after another, the key's bases uploaded by every
    // proof's MSMs (split as prep_msm says) instead of resident, b_g2_msm on the CPU's threads
    // (resident key and streamed), and batch_add on the CPU's threads (overlapped, one after another,
    // B2 on the CPU): the same proof. At the sanitizer's scale, not the last five (the kernels of the
    // first two, less G2's).
    groth16::ProverConfig in_turn, streamed, g2_on_cpu, streamed_g2_on_cpu, ones_on_cpu, ones_in_turn, ones_g2_on_cpu;
    in_turn.overlap = false;
    streamed.resident_key = false;
    g2_on_cpu.b_g2_msm = groth16::G2Placement::cpu;
    streamed_g2_on_cpu = streamed;
    streamed_g2_on_cpu.b_g2_msm = groth16::G2Placement::cpu;
    ones_on_cpu.batch_add = groth16::BatchAddPlacement::cpu;
    ones_in_turn = in_turn;
    ones_in_turn.batch_add = groth16::BatchAddPlacement::cpu;
    ones_g2_on_cpu = g2_on_cpu;
    ones_g2_on_cpu.batch_add = groth16::BatchAddPlacement::cpu;
    std::vector<groth16::ProverConfig> configs{in_turn, streamed};
    if (!test::sanitizer_scale())
      configs.insert(configs.end(), {g2_on_cpu, streamed_g2_on_cpu, ones_on_cpu, ones_in_turn, ones_g2_on_cpu});
    for (const auto& config : configs) {
      const auto other = groth16::Prover<E, B>(key, config).prove(host_span(witness), blinding);
      INFO("overlap " << config.overlap << ", resident key " << config.resident_key << ", b_g2_msm on the "
                      << (config.b_g2_msm == groth16::G2Placement::cpu ? "CPU" : "GPU") << ", batch_add on the "
                      << (config.batch_add == groth16::BatchAddPlacement::cpu ? "CPU" : "GPU"));
      CHECK(other.a == gpu.a);
      CHECK(other.b == gpu.b);
      CHECK(other.c == gpu.c);
    }
    CHECK(t.wall > 0);
    CHECK(t.prep_msm > 0);   // the witness uploaded once for A, B1 and L
    CHECK(t.batch_add == 0);  // resident: no split, the ones are entries of the queries' MSMs
    CHECK(t.tail_msm > 0);
  }
}

// The witness's upload checks its values as it stages them (DeviceArray::upload_checked): the least
// bad index over pieces staged in parallel (the first, the last, either side of a staging piece's
// end at 16 MiB, several at once), every value copied all the same; directly copied when small.
TEMPLATE_LIST_TEST_CASE("a checked upload names the least bad element and copies every one", "[gpu][groth16]",
                        LinkedGpuBackends) {
  using B = TestType;
  using Int = bls12_381::Fr::Int;
  auto rng = test::rng_for(88);
  const std::size_t piece = (std::size_t{16} << 20) / sizeof(Int);
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{1000}, 2 * piece + 37}) {
    std::vector<Int> values(n);
    for (auto& v : values) v = bls12_381::Fr::random(rng).to_int();
    const std::vector<std::vector<std::size_t>> bads =
        n == 0       ? std::vector<std::vector<std::size_t>>{{}}
        : n == 1     ? std::vector<std::vector<std::size_t>>{{}, {0}}
        : n < piece ? std::vector<std::vector<std::size_t>>{{}, {0}, {n - 1}, {700, 3, 999}}
                  : std::vector<std::vector<std::size_t>>{{}, {0}, {n - 1}, {piece}, {piece - 1, piece},
                                                          {2 * piece + 1, piece + 5, 900}};
    for (const auto& bad : bads) {
      std::vector<Int> v = values;
      for (const std::size_t i : bad) {
        v[i] = bls12_381::Fr::kModulus;  // r itself, or 2^256 - 1
        if (i % 2 == 1) for (auto& word : v[i].w) word = ~0ull;
      }
      std::size_t least = n;
      for (const std::size_t i : bad) least = std::min(least, i);
      INFO("n = " << n << ", " << bad.size() << " bad, the least " << least);
      DeviceArray<B, Int> d(MemoryPolicy::pooled, 0, n);
      CHECK(d.upload_checked(host_span(v), [](const Int& x) { return x >= bls12_381::Fr::kModulus; }) == least);
      std::vector<Int> back(n);
      d.download(HostSpan<Int>(back));
      CHECK(back == v);
    }
  }
}

// A witness value not below r fails a GPU proof before any phase, naming it, by each entry (the
// witness, the witness with a, b and c, a batch whose second circuit has it), the key resident or
// streamed, B2 on the GPU or the CPU; the next proof is the CPU's.
TEMPLATE_LIST_TEST_CASE("a witness value not below r is the GPU prover's error, and the next proof works", "[gpu][groth16]",
                        Engines) {
  using B = typename TestType::Backend;
  using E = typename TestType::Type;
  using Fr = typename E::Fr;
  const std::string curve = E::kFamily == PairingFamily::bn ? "bn128" : "bls12381";
  const char* moved = std::getenv("ZKFORGE_TESTS_DIR");
  const std::string dir = std::string(moved != nullptr ? moved : ZKFORGE_TESTS_DIR) + "/data/chain1018/" + curve + "/";
  const auto key = snarkjs::read_zkey<E>(dir + "chain.zkey");
  const auto witness = snarkjs::read_wtns<Fr>(dir + "witness.wtns");
  auto rng = test::rng_for(89);
  const groth16::Blinding<Fr> blinding{Fr::random(rng), Fr::random(rng)};
  const auto cpu = groth16::Prover<E, Cpu>(key).prove(host_span(witness), blinding);
  using Prover = groth16::Prover<E, B>;
  const std::vector<Fr> zeros(key.domain_size(), Fr::zero());  // a, b and c: the witness is refused first
  for (const bool resident : {true, false}) {
    for (const auto placement : {groth16::G2Placement::gpu, groth16::G2Placement::cpu}) {
      groth16::ProverConfig config;
      config.resident_key = resident;
      config.b_g2_msm = placement;
      const Prover prover(key, config);
      for (const std::size_t at : {std::size_t{1}, std::size_t{500}, witness.size() - 1}) {
        auto bad = witness;
        bad[at] = Fr::kModulus;
        if (at + 1 < bad.size()) bad[at + 1] = Fr::kModulus;  // a second one after it
        const std::vector<std::pair<const char*, std::function<void()>>> entries{
            {"the witness", [&] { (void)prover.prove(host_span(bad), blinding); }},
            {"the witness with a, b, c", [&] { (void)prover.prove(host_span(bad), zeros, zeros, zeros, blinding); }},
            {"a batch", [&] {
               std::vector<typename Prover::Assignment> batch{{host_span(witness), zeros, zeros, zeros},
                                                              {host_span(bad), zeros, zeros, zeros}};
               (void)prover.prove_batch(std::move(batch), {blinding, blinding});
             }}};
        for (const auto& [entry, prove_bad] : entries) {
          INFO("key " << (resident ? "resident" : "streamed") << ", B2 on the "
                      << (placement == groth16::G2Placement::gpu ? "GPU" : "CPU") << ", " << entry << ", witness value "
                      << at << " = r");
          const Error e = test::error_thrown_by(prove_bad);
          CHECK(e.code() == Errc::not_canonical);
          CHECK(std::string(e.what()).find("witness value " + std::to_string(at) + " is not below r") !=
                std::string::npos);
        }
      }
      const auto proof = prover.prove(host_span(witness), blinding);
      CHECK(proof.a == cpu.a);
      CHECK(proof.b == cpu.b);
      CHECK(proof.c == cpu.c);
    }
  }
}

// The resident key's copies (resident_key.hpp). The choice for a byte budget: none for nothing; H
// folded and A, B1, L and B2 fewer where H's folded copies fit beside the others' bases; one count
// for all five a byte below that; one count, the most, for all the memory there is; and a count given
// every query's. What a budget must hold is the header's: the bases with their copies, the largest
// query's run and the quotient. Then whole proofs: with the default share every query of this small
// key has copies, B2 as many as A, with a share that holds nothing none has; the proof is the CPU's
// each time.
TEMPLATE_LIST_TEST_CASE("a resident key's copies follow its memory budget, the proof does not", "[gpu][groth16]",
                        Engines) {
  using B = typename TestType::Backend;
  using E = typename TestType::Type;
  using Fr = typename E::Fr;
  using Key = groth16::ResidentKey<E, B>;
  const std::string curve = E::kFamily == PairingFamily::bn ? "bn128" : "bls12381";
  const char* moved = std::getenv("ZKFORGE_TESTS_DIR");
  const std::string dir = std::string(moved != nullptr ? moved : ZKFORGE_TESTS_DIR) + "/data/chain1018/" + curve + "/";
  const auto key = snarkjs::read_zkey<E>(dir + "chain.zkey");
  const auto witness = snarkjs::read_wtns<Fr>(dir + "witness.wtns");
  auto with_copies = [](unsigned k, double dense_share = 1) {
    MsmConfig c;
    c.precompute = k;
    c.dense_share = dense_share;
    return c;
  };
  const double witness_share = groth16::kWitnessDenseShare;
  const unsigned folded = msm_context_bytes<B, typename E::G1>(key.h.size(), with_copies(64)).precompute;
  // What H with h copies and the other queries with `rest` need.
  auto needed = [&](unsigned h, unsigned rest) {
    std::size_t held = 0, run = 0;
    auto add = [&](const MsmContextBytes& b) {
      held += b.held;
      run = std::max(run, b.per_run);
    };
    for (const auto* q : {&key.a, &key.b_1, &key.l})
      add(msm_context_bytes<B, typename E::G1>(q->size(), with_copies(rest, witness_share)));
    add(msm_context_bytes<B, typename E::G1>(key.h.size(), with_copies(h)));
    add(msm_context_bytes<B, typename E::G2>(key.b_2.size(), with_copies(rest, witness_share)));
    return held + run + 4 * key.domain_size() * sizeof(Fr);
  };
  const std::size_t fold_alone = needed(folded, 1);
  INFO("H folds in " << folded << " copies; beside the others' bases alone the key needs " << fold_alone
                     << " bytes, with every query folded " << needed(folded, folded));
  REQUIRE(folded >= 2);
  REQUIRE(needed(folded, folded) > fold_alone);
  const groth16::ProvingKeyView<E> view(key);
  auto choose = [&](std::size_t budget) { return Key::contexts_configs(view, MsmConfig{}, witness_share, true, budget); };
  auto c = choose(0);
  CHECK((c.h.precompute == 1 && c.rest.precompute == 1));
  CHECK((c.h.dense_share == 1 && c.rest.dense_share == witness_share));
  CHECK((c.rest.high_priority && !c.h.high_priority && !c.b_2.high_priority));  // the tails go first
  c = choose(fold_alone);
  CHECK(c.h.precompute == folded);
  CHECK((c.rest.precompute >= 1 && c.rest.precompute < folded && c.b_2.precompute == c.rest.precompute));
  CHECK(needed(folded, c.rest.precompute) <= fold_alone);
  c = choose(fold_alone - 1);
  CHECK(c.h.precompute == c.rest.precompute);
  CHECK(c.h.precompute < folded);
  CHECK((c.h.precompute == 1 || needed(c.h.precompute, c.h.precompute) < fold_alone));
  c = choose(std::size_t{1} << 50);
  CHECK((c.h.precompute == 64 && c.rest.precompute == 64));
  CHECK((c.b_2.precompute == 64 && c.b_2.dense_share == witness_share));
  MsmConfig given;
  given.precompute = 5;
  c = Key::contexts_configs(view, given, witness_share, true, 0);
  CHECK((c.h.precompute == 5 && c.rest.precompute == 5 && c.b_2.precompute == 5));
  CHECK((!c.h.skip_ones && !c.rest.skip_ones && !c.b_2.skip_ones));
  // batch_add on the host: the witness queries skip the 1s, H (the quotient's scalars) never.
  for (const MsmConfig& asked : {MsmConfig{}, given}) {
    c = Key::contexts_configs(view, asked, witness_share, true, std::size_t{1} << 50, true);
    CHECK((!c.h.skip_ones && c.rest.skip_ones && c.b_2.skip_ones));
  }

  auto rng = test::rng_for(86);
  const groth16::Blinding<Fr> blinding{Fr::random(rng), Fr::random(rng)};
  const auto cpu = groth16::Prover<E, Cpu>(key).prove(host_span(witness), blinding);
  auto prove_with = [&](double share) {
    groth16::ProverConfig config;
    config.key_memory_share = share;
    const groth16::Prover<E, B> prover(key, config);
    const auto proof = prover.prove(host_span(witness), blinding);
    CHECK(proof.a == cpu.a);
    CHECK(proof.b == cpu.b);
    CHECK(proof.c == cpu.c);
    return prover.device_copies();
  };
  groth16::QueryCopies k = prove_with(groth16::kKeyMemoryShare);
  CHECK((k.a >= 2 && k.b_1 >= 2 && k.l >= 2 && k.h >= 2 && k.b_2 == k.a));
  k = prove_with(1e-9);
  CHECK((k.a == 1 && k.b_1 == 1 && k.l == 1 && k.h == 1 && k.b_2 == 1));
}

TEMPLATE_LIST_TEST_CASE("the GPU prover equals the CPU prover on monomial-basis keys (insecure test setup)", "[gpu][groth16]",
                        Engines) {
  using B = typename TestType::Backend;
  using E = typename TestType::Type;
  using Fr = typename E::Fr;
  auto rng = test::rng_for(84);
  const auto qap = groth16::insecure::bits_circuit<Fr>(4, 60);
  const auto waste = test::random_waste<Fr>(rng);
  const auto key = groth16::insecure::setup<E>(qap, groth16::HConvention::monomial, RootConvention::zkcrypto, waste);
  std::vector<Fr> xs(4);
  for (auto& x : xs) x = Fr::random(rng);
  xs[1] = Fr::one();  // a public 1, which batch_add on the host sums too
  const auto w = groth16::insecure::witness<Fr>(60, xs, [&](std::size_t) { return (rng() & 1) != 0; });
  const groth16::Blinding<Fr> blinding{Fr::random(rng), Fr::random(rng)};
  const auto cpu = groth16::Prover<E, Cpu>(key).prove(host_span(w), blinding);
  const groth16::PreparedVerifyingKey<E> vk(key.verifying_key());
  const auto inputs = groth16::Prover<E, Cpu>(key).public_inputs(host_span(w));
  // A witness of bits, mostly 0s and 1s: batch_add inside the device's MSMs (the default), or on the
  // host's cores with the key resident (overlapped or not) or streamed, or with B2 on the host.
  groth16::ProverConfig device, host, host_in_turn, host_streamed, host_g2_on_cpu;
  host.batch_add = groth16::BatchAddPlacement::cpu;
  host_in_turn = host;
  host_in_turn.overlap = false;
  host_streamed = host;
  host_streamed.resident_key = false;
  host_g2_on_cpu = host;
  host_g2_on_cpu.b_g2_msm = groth16::G2Placement::cpu;
  for (const auto& config : {device, host, host_in_turn, host_streamed, host_g2_on_cpu}) {
    groth16::PhaseTimings t;
    const auto gpu = groth16::Prover<E, B>(key, config).prove(host_span(w), blinding, &t);
    INFO("batch_add on the " << (config.batch_add == groth16::BatchAddPlacement::cpu ? "CPU" : "GPU") << ", overlap "
                             << config.overlap << ", resident key " << config.resident_key << ", b_g2_msm on the "
                             << (config.b_g2_msm == groth16::G2Placement::cpu ? "CPU" : "GPU"));
    CHECK(cpu.a == gpu.a);
    CHECK(cpu.b == gpu.b);
    CHECK(cpu.c == gpu.c);
    CHECK(vk.verify(inputs, gpu));
    CHECK((t.batch_add > 0) == (config.batch_add == groth16::BatchAddPlacement::cpu));
  }
}

TEMPLATE_LIST_TEST_CASE("a batch on the GPU, key resident or streamed, gives the CPU's proof of each circuit", "[gpu][groth16][batch]",
                        Engines) {
  using B = typename TestType::Backend;
  using E = typename TestType::Type;
  using Fr = typename E::Fr;
  auto rng = test::rng_for(85);
  const std::size_t publics = 3, bits = 90;
  const auto qap = groth16::insecure::bits_circuit<Fr>(publics, bits);
  const auto waste = test::random_waste<Fr>(rng);
  for (const auto convention : {groth16::HConvention::odd_coset_lagrange, groth16::HConvention::monomial}) {
    const auto key = groth16::insecure::setup<E>(qap, convention, RootConvention::zkcrypto, waste);
    const auto inputs = test::aux_kind_batch<typename groth16::Prover<E, B>::Assignment>(qap, publics, bits, rng);
    const auto& witnesses = inputs.witnesses;
    const auto& blindings = inputs.blindings;
    const groth16::Prover<E, Cpu> cpu(key);
    const groth16::PreparedVerifyingKey<E> vk(key.verifying_key());
    for (const auto& [resident, g2] : {std::pair{true, groth16::G2Placement::gpu}, std::pair{false, groth16::G2Placement::gpu},
                                       std::pair{true, groth16::G2Placement::cpu}}) {
      groth16::ProverConfig config;
      config.resident_key = resident;
      config.b_g2_msm = g2;
      const groth16::Prover<E, B> gpu(key, config);
      const auto proofs = gpu.prove_batch(inputs.batch, blindings);
      REQUIRE(proofs.size() == witnesses.size());
      for (std::size_t k = 0; k < witnesses.size(); ++k) {
        const auto expected = cpu.prove(host_span(witnesses[k]), blindings[k]);
        INFO((resident ? "resident" : "streamed") << " key, b_g2_msm on the "
                                                  << (g2 == groth16::G2Placement::cpu ? "CPU" : "GPU") << ", circuit " << k);
        CHECK(proofs[k].a == expected.a);
        CHECK(proofs[k].b == expected.b);
        CHECK(proofs[k].c == expected.c);
        CHECK(vk.verify(cpu.public_inputs(host_span(witnesses[k])), proofs[k]));
      }
    }
  }
}
