// SPDX-License-Identifier: Apache-2.0
// `zkforge demo`: known-answer checks of the field and curve layers and a small MSM, printed.
#include "demo.hpp"

#include <fmt/core.h>

#include <chrono>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "prove.hpp"
#include "verify.hpp"
#include "zkforge/backend/linked.hpp"
#include "zkforge/curve/bn254.hpp"
#include "zkforge/curve/encoding_zcash.hpp"
#include "zkforge/msm/gpu.hpp"
#include "zkforge/msm/msm.hpp"

namespace zkforge::cli {
namespace {

std::string hex(const std::uint8_t* b, std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += fmt::format("{:02x}", b[i]);
  return s;
}

bool report(const std::string& what, bool ok) {
  fmt::print("  [{}] {}\n", ok ? " ok " : "FAIL", what);
  return ok;
}

// sum s_i P_i by double-and-add per term, with P_i = k_i G of known logarithm, checked against
// (sum s_i k_i) G. Scalars include 0, 1 and r - 1; one point is the point at infinity.
template <class C>
bool small_msm(std::mt19937_64& rng, int n, const std::string& backend) {
  using S = typename C::Scalar;
  std::vector<S> logs, scalars;
  std::vector<Affine<C>> points;
  for (int i = 0; i < n; ++i) {
    logs.push_back(i == 0 ? S::zero() : S::random(rng));
    points.push_back(scalar_mul(C::generator(), logs.back()).to_affine());
    scalars.push_back(i == 1 ? S::zero() : i == 2 ? S::one() : i == 3 ? -S::one() : S::random(rng));
  }
  const auto t0 = std::chrono::steady_clock::now();
  Jacobian<C> naive = Jacobian<C>::identity();
  for (int i = 0; i < n; ++i) naive = naive.add(scalar_mul(points[i], scalars[i]));
  const auto t1 = std::chrono::steady_clock::now();
  const Jacobian<C> pippenger = msm(Cpu{}, host_span(points), host_span(scalars));
  const auto t2 = std::chrono::steady_clock::now();
  S expected_log = S::zero();
  for (int i = 0; i < n; ++i) expected_log += logs[i] * scalars[i];
  bool ok = naive == scalar_mul(C::generator(), expected_log) && pippenger == naive;
  const auto ms = [](auto a, auto b) { return std::chrono::duration<double, std::milli>(b - a).count(); };
  std::string gpu;
  with_backend(backend, [&](auto tag) {
    if constexpr (is_gpu_backend_v<decltype(tag)>) {
      const auto t3 = std::chrono::steady_clock::now();
      ok = ok && msm(tag, host_span(points), host_span(scalars)) == naive;
      gpu = fmt::format(", {} {:.2f} ms", backend, ms(t3, std::chrono::steady_clock::now()));
    }
  });
  return report(fmt::format("{}: MSM of {} terms = (sum s_i k_i) G; double-and-add {:.2f} ms, Pippenger {:.2f} ms{}",
                            C::name, n, ms(t0, t1), ms(t1, t2), gpu),
                ok);
}

template <class C>
bool group_order(std::mt19937_64& rng) {
  const auto p = scalar_mul(C::generator(), C::Scalar::random(rng)).to_affine();
  return report(fmt::format("{}: random point on the curve, r * P = infinity", C::name),
                p.is_on_curve() && Jacobian<C>::from_affine(p).mul(C::Scalar::kModulus).is_identity());
}

}  // namespace

int run_demo(const DemoOptions& options) {
  with_backend(options.backend, [](auto) {});
  const std::uint64_t seed = options.seed != 0 ? options.seed : std::random_device{}();
  std::mt19937_64 rng(seed);
  fmt::print("zkforge demo on backend '{}' (seed {})\n\n", options.backend, seed);
  bool ok = true;

  fmt::print("Known answers (published values)\n");
  const auto g1 = bls12_381::zcash::compress(bls12_381::G1Affine::generator());
  ok &= report("BLS12-381 G1 generator, zcash compressed = 97f1d3a7...b22c6bb",
               hex(g1.data(), g1.size()) ==
                   "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb");
  const auto two = bls12_381::G1Jacobian::from_affine(bls12_381::G1Affine::generator()).dbl().to_affine();
  const auto c2 = bls12_381::zcash::compress(two);
  ok &= report("BLS12-381 2*G1, zcash compressed = a572cbea...29bf0f4e",
               hex(c2.data(), c2.size()) ==
                   "a572cbea904d67468808c8eb50a9450c9721db309128012543902d0ac358a62ae28f75bb8f1c7c42c39a8c5529bf0f4e");
  const auto bn2 = bn254::G1Jacobian::from_affine(bn254::G1Affine::generator()).dbl().to_affine();
  ok &= report("BN254 2*G1 x = 0x030644e7...6d87cfd3 (EIP-196)",
               bn2.x == bn254::Fq::from_hex("0x030644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd3"));
  const auto w = bls12_381::Fr::two_adic_root();
  bls12_381::Fr x = w;
  for (int i = 0; i < 31; ++i) x = x.sqr();
  ok &= report("BLS12-381 Fr: 7^t is a primitive 2^32-th root of unity", x == -bls12_381::Fr::one());

  fmt::print("\nGroups\n");
  ok &= group_order<bls12_381::G1Curve>(rng);
  ok &= group_order<bls12_381::G2Curve>(rng);
  ok &= group_order<bn254::G1Curve>(rng);
  ok &= group_order<bn254::G2Curve>(rng);

  fmt::print("\nSmall MSM: reference double-and-add against Pippenger on the CPU{}\n",
             options.backend != "cpu" ? " and on the GPU" : "");
  ok &= small_msm<bls12_381::G1Curve>(rng, options.msm_size, options.backend);
  ok &= small_msm<bls12_381::G2Curve>(rng, options.msm_size, options.backend);
  ok &= small_msm<bn254::G1Curve>(rng, options.msm_size, options.backend);
  ok &= small_msm<bn254::G2Curve>(rng, options.msm_size, options.backend);

  fmt::print("\nGroth16 verification of snarkjs' own proofs (bundled in {})\n", options.data_dir);
  for (const char* curve : {"bn128", "bls12381"}) {
    const std::string dir = options.data_dir + "/groth16/" + curve + "/";
    const auto t0 = std::chrono::steady_clock::now();
    const VerifyResult r = verify_snarkjs_files(dir + "verification_key.json", dir + "public.json", dir + "proof.json");
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    ok &= report(fmt::format("{}: snarkjs' proof verifies ({:.2f} ms, files read and checked)", r.curve, ms), r.valid);
  }

  fmt::print("\nGroth16 proofs by zkforge on the {} backend: the bundled chain circuit (1020 constraints, domain 2^10),\n"
             "snarkjs' zkey and circom's witness in, snarkjs' proof.json out, then verified\n", options.backend);
  const std::string out_dir = (std::filesystem::temp_directory_path() / ("zkforge-demo-" + std::to_string(seed))).string();
  std::filesystem::create_directories(out_dir);
  for (const char* curve : {"bn128", "bls12381"}) {
    const std::string dir = options.data_dir + "/chain1018/" + curve + "/";
    ProveOptions prove;
    prove.backend = options.backend;
    prove.quiet = true;
    prove.zkey = dir + "chain.zkey";
    prove.wtns = dir + "witness.wtns";
    prove.proof = out_dir + "/" + curve + "_proof.json";
    prove.pub = out_dir + "/" + curve + "_public.json";
    fmt::print("\n");
    print_prove_report(prove_files(prove));
    const VerifyResult r = verify_snarkjs_files(dir + "verification_key.json", prove.pub, prove.proof);
    ok &= report(fmt::format("{}: zkforge's proof verifies under snarkjs' verification key ({})", r.curve, prove.proof),
                 r.valid);
  }

  fmt::print("\n{}\n", ok ? "all checks passed" : "SOME CHECKS FAILED");
  return ok ? 0 : 1;
}

}  // namespace zkforge::cli
