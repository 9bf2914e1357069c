// SPDX-License-Identifier: Apache-2.0
// The optimal ate pairing of both engines: bilinearity, non-degeneracy, multi-pairings, the exact
// exponent of the final exponentiation, published values (zkcrypto's BLS12-381 e(G1, G2), the
// EIP-197 precompile tests of BN254) and agreement with @noble/curves when it is installed.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "support/gmp_oracle.hpp"
#include "support/hex_bytes.hpp"
#include "support/seed.hpp"
#include "zkforge/curve/group.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"
#include "zkforge/pairing/subgroup.hpp"

using namespace zkforge;

namespace {

template <class E>
std::mt19937_64 engine_rng(const char* what) {
  return test::rng_for(std::hash<std::string>{}(std::string(E::name) + what));
}

template <class C>
Affine<C> random_point(std::mt19937_64& rng) {
  return scalar_mul(C::generator(), C::Scalar::random(rng)).to_affine();
}

// The multiple c of the hard part (final_exponentiation.hpp): 3 for BLS12, 2u(6u^2 + 3u + 1) for BN.
template <class E>
mpz_class final_exponent_multiple() {
  const mpz_class x = test::to_mpz(BigInt<1>{{E::kX}});
  if (E::kFamily == PairingFamily::bls12) return 3;
  return 2 * x * (6 * x * x + 3 * x + 1);
}

}  // namespace

TEMPLATE_TEST_CASE("the pairing is bilinear and non-degenerate", "[pairing]", bls12_381::Engine, bn254::Engine) {
  using E = TestType;
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  using Fr = typename E::Fr;
  auto rng = engine_rng<E>("bilinear");
  INFO(E::name << ", seed " << test::seed());
  const auto p = G1::generator();
  const auto q = G2::generator();
  const Fp12<E> e = pairing<E>(p, q);
  CHECK(!e.is_one());
  CHECK(e.pow(Fr::kModulus).is_one());
  for (int i = 0; i < 3; ++i) {
    const Fr a = Fr::random(rng), b = Fr::random(rng);
    const auto ap = scalar_mul(p, a).to_affine();
    const auto bq = scalar_mul(q, b).to_affine();
    CHECK(pairing<E>(ap, bq) == e.pow((a * b).to_int()));
    CHECK(pairing<E>(ap, q) == pairing<E>(p, scalar_mul(q, a).to_affine()));
    CHECK(multi_pairing<E>({ap, -ap}, {bq, bq}).is_one());
    CHECK(multi_pairing<E>({ap, ap}, {bq, -bq}).is_one());
  }
  CHECK(pairing<E>(Affine<G1>::identity(), q).is_one());
  CHECK(pairing<E>(p, Affine<G2>::identity()).is_one());
}

TEMPLATE_TEST_CASE("a multi-pairing equals the product of its pairings", "[pairing]", bls12_381::Engine, bn254::Engine) {
  using E = TestType;
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  auto rng = engine_rng<E>("multi");
  INFO(E::name << ", seed " << test::seed());
  std::vector<Affine<G1>> ps;
  std::vector<Affine<G2>> qs;
  Fp12<E> product = Fp12<E>::one();
  for (int i = 0; i < 4; ++i) {
    ps.push_back(i == 2 ? Affine<G1>::identity() : random_point<G1>(rng));
    qs.push_back(random_point<G2>(rng));
    product *= pairing<E>(ps.back(), qs.back());
  }
  CHECK(multi_pairing<E>(ps, qs) == product);
  CHECK(multi_pairing<E>({}, {}).is_one());
  CHECK_THROWS_AS(multi_pairing<E>(ps, {}), Error);
}

TEMPLATE_TEST_CASE("the final exponentiation raises to c (p^12 - 1)/r", "[pairing]", bls12_381::Engine, bn254::Engine) {
  using E = TestType;
  auto rng = engine_rng<E>("final exponent");
  INFO(E::name << ", seed " << test::seed());
  const mpz_class p = test::modulus_mpz<typename E::Fq>(), r = test::modulus_mpz<typename E::Fr>();
  mpz_class p12;
  mpz_pow_ui(p12.get_mpz_t(), p.get_mpz_t(), 12);
  const mpz_class c = final_exponent_multiple<E>();
  CHECK(gcd(c, r) == 1);
  const BigInt<72> exponent = test::to_bigint<72>(c * ((p12 - 1) / r));
  const Fp12<E> f = Fp12<E>::random(rng);
  CHECK(final_exponentiation<E>(f) == f.pow(exponent));
}

TEST_CASE("BLS12-381 e(G1, G2) equals zkcrypto's Gt generator", "[pairing][vectors]") {
  using namespace bls12_381;
  // zkcrypto/bls12_381 src/pairings.rs, Gt::generator(): the Fq12 coefficients as Montgomery words
  // (R = 2^384, as zkforge stores them), in the order c0.c0.c0, c0.c0.c1, ..., c1.c2.c1.
  const std::uint64_t words[12][6] = {
      {0x1972e433a01f85c5, 0x97d32b76fd772538, 0xc8ce546fc96bcdf9, 0xcef63e7366d40614, 0xa611342781843780, 0x13f3448a3fc6d825},
      {0xd26331b02e9d6995, 0x9d68a482f7797e7d, 0x9c9b29248d39ea92, 0xf4801ca2e13107aa, 0xa16c0732bdbcb066, 0x083ca4afba360478},
      {0x59e261db0916b641, 0x2716b6f4b23e960d, 0xc8e55b10a0bd9c45, 0x0bdb0bd99c4deda8, 0x8cf89ebf57fdaac5, 0x12d6b7929e777a5e},
      {0x5fc85188b0e15f35, 0x34a06e3a8f096365, 0xdb3126a6e02ad62c, 0xfc6f5aa97d9a990b, 0xa12f55f5eb89c210, 0x1723703a926f8889},
      {0x93588f2971828778, 0x43f65b8611ab7585, 0x3183aaf5ec279fdf, 0xfa73d7e18ac99df6, 0x64e176a6a64c99b0, 0x179fa78c58388f1f},
      {0x672a0a11ca2aef12, 0x0d11b9b52aa3f16b, 0xa44412d0699d056e, 0xc01d0177221a5ba5, 0x66e0cede6c735529, 0x05f5a71e9fddc339},
      {0xd30a88a1b062c679, 0x5ac56a5d35fc8304, 0xd0c834a6a81f290d, 0xcd5430c2da3707c7, 0xf0c27ff780500af0, 0x09245da6e2d72eae},
      {0x9f2e0676791b5156, 0xe2d1c8234918fe13, 0x4c9e459f3c561bf4, 0xa3e85e53b9d3e3c1, 0x820a121e21a70020, 0x15af618341c59acc},
      {0x7c95658c24993ab1, 0x73eb38721ca886b9, 0x5256d749477434bc, 0x8ba41902ea504a8b, 0x04a3d3f80c86ce6d, 0x18a64a87fb686eaa},
      {0xbb83e71bb920cf26, 0x2a5277ac92a73945, 0xfc0ee59f94f046a0, 0x7158cdf3786058f7, 0x7cc1061b82f945f6, 0x03f847aa9fdbe567},
      {0x8078dba56134e657, 0x1cd7ec9a43998a6e, 0xb1aa599a1a993766, 0xc9a0f62f0842ee44, 0x8e159be3b605dffa, 0x0c86ba0d4af13fc2},
      {0xe80ff2a06a52ffb1, 0x7694ca48721a906c, 0x7583183e03b08514, 0xf567afdd40cee4e2, 0x9a6d96d2e526a5fc, 0x197e9f49861f2242},
  };
  Fq c[12];
  for (int i = 0; i < 12; ++i) {
    BigInt<6> m;
    for (int k = 0; k < 6; ++k) m.w[k] = words[i][k];
    REQUIRE(Fq::from_montgomery(m, c[i]));
  }
  const Fq12 expected{Fq6{Fq2{c[0], c[1]}, Fq2{c[2], c[3]}, Fq2{c[4], c[5]}},
                      Fq6{Fq2{c[6], c[7]}, Fq2{c[8], c[9]}, Fq2{c[10], c[11]}}};
  CHECK(pairing<Engine>(G1Curve::generator(), G2Curve::generator()) == expected);
}

TEST_CASE("BN254 pairing checks of the EIP-197 precompile tests", "[pairing][vectors]") {
  using namespace bn254;
  // go-ethereum core/vm/testdata/precompiles/bn256Pairing.json: input = pairs of 192 bytes, each
  // G1 x, y then G2 x.c1, x.c0, y.c1, y.c0 (big-endian, imaginary part first); true when the
  // product of the pairings is 1.
  struct Case {
    const char* name;
    const char* input;
    bool expected;
  };
  const Case cases[] = {
      {"jeff1",
       "1c76476f4def4bb94541d57ebba1193381ffa7aa76ada664dd31c16024c43f593034dd2920f673e204fee2811c678745fc819b55d3e9d294e45c9b03a76aef41209dd15ebff5d46c4bd888e51a93cf99a7329636c63514396b4a452003a35bf704bf11ca01483bfa8b34b43561848d28905960114c8ac04049af4b6315a416782bb8324af6cfc93537a2ad1a445cfd0ca2a71acd7ac41fadbf933c2a51be344d120a2a4cf30c1bf9845f20c6fe39e07ea2cce61f0c9bb048165fe5e4de877550111e129f1cf1097710d41c4ac70fcdfa5ba2023c6ff1cbeac322de49d1b6df7c2032c61a830e3c17286de9462bf242fca2883585b93870a73853face6a6bf411198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c21800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa",
       true},
      {"jeff2",
       "2eca0c7238bf16e83e7a1e6c5d49540685ff51380f309842a98561558019fc0203d3260361bb8451de5ff5ecd17f010ff22f5c31cdf184e9020b06fa5997db841213d2149b006137fcfb23036606f848d638d576a120ca981b5b1a5f9300b3ee2276cf730cf493cd95d64677bbb75fc42db72513a4c1e387b476d056f80aa75f21ee6226d31426322afcda621464d0611d226783262e21bb3bc86b537e986237096df1f82dff337dd5972e32a8ad43e28a78a96a823ef1cd4debe12b6552ea5f06967a1237ebfeca9aaae0d6d0bab8e28c198c5a339ef8a2407e31cdac516db922160fa257a5fd5b280642ff47b65eca77e626cb685c84fa6d3b6882a283ddd1198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c21800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa",
       true},
      {"jeff3",
       "0f25929bcb43d5a57391564615c9e70a992b10eafa4db109709649cf48c50dd216da2f5cb6be7a0aa72c440c53c9bbdfec6c36c7d515536431b3a865468acbba2e89718ad33c8bed92e210e81d1853435399a271913a6520736a4729cf0d51eb01a9e2ffa2e92599b68e44de5bcf354fa2642bd4f26b259daa6f7ce3ed57aeb314a9a87b789a58af499b314e13c3d65bede56c07ea2d418d6874857b70763713178fb49a2d6cd347dc58973ff49613a20757d0fcc22079f9abd10c3baee245901b9e027bd5cfc2cb5db82d4dc9677ac795ec500ecd47deee3b5da006d6d049b811d7511c78158de484232fc68daf8a45cf217d1c2fae693ff5871e8752d73b21198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c21800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa",
       true},
      {"jeff6",
       "1c76476f4def4bb94541d57ebba1193381ffa7aa76ada664dd31c16024c43f593034dd2920f673e204fee2811c678745fc819b55d3e9d294e45c9b03a76aef41209dd15ebff5d46c4bd888e51a93cf99a7329636c63514396b4a452003a35bf704bf11ca01483bfa8b34b43561848d28905960114c8ac04049af4b6315a416782bb8324af6cfc93537a2ad1a445cfd0ca2a71acd7ac41fadbf933c2a51be344d120a2a4cf30c1bf9845f20c6fe39e07ea2cce61f0c9bb048165fe5e4de877550111e129f1cf1097710d41c4ac70fcdfa5ba2023c6ff1cbeac322de49d1b6df7c103188585e2364128fe25c70558f1560f4f9350baf3959e603cc91486e110936198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c21800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa",
       false},
      {"one_point",
       "00000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000002198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c21800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa",
       false},
      {"two_point_match_4",
       "105456a333e6d636854f987ea7bb713dfd0ae8371a72aea313ae0c32c0bf10160cf031d41b41557f3e7e3ba0c51bebe5da8e6ecd855ec50fc87efcdeac168bcc0476be093a6d2b4bbf907172049874af11e1b6267606e00804d3ff0037ec57fd3010c68cb50161b7d1d96bb71edfec9880171954e56871abf3d93cc94d745fa114c059d74e5b6c4ec14ae5864ebe23a71781d86c29fb8fb6cce94f70d3de7a2101b33461f39d9e887dbb100f170a2345dde3c07e256d1dfa2b657ba5cd030427000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000021a2c3013d2ea92e13c800cde68ef56a294b883f6ac35d25f587c09b1b3c635f7290158a80cd3d66530f74dc94c94adb88f5cdb481acca997b6e60071f08a115f2f997f3dbd66a7afe07fe7862ce239edba9e05c5afff7f8a1259c9733b2dfbb929d1691530ca701b4a106054688728c9972c8512e9789e9567aae23e302ccd75",
       true},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    const std::vector<std::uint8_t> in = test::bytes_from_hex(c.input);
    REQUIRE(in.size() % 192 == 0);
    std::vector<G1Affine> ps;
    std::vector<G2Affine> qs;
    for (std::size_t off = 0; off < in.size(); off += 192) {
      Fq w[6];
      for (int k = 0; k < 6; ++k) REQUIRE(Fq::from_bytes_be(in.data() + off + 32 * k, w[k]));
      ps.push_back(G1Affine::from_xy(w[0], w[1]));
      qs.push_back(G2Affine::from_xy(Fq2{w[3], w[2]}, Fq2{w[5], w[4]}));
      CHECK(ps.back().is_on_curve());
      CHECK(qs.back().is_on_curve());
      CHECK(is_in_g2<Engine>(qs.back()));
    }
    CHECK(multi_pairing<Engine>(ps, qs).is_one() == c.expected);
  }
}

// tests/interop/noble_pairing.mjs prints noble's pairings; run when node and tests/interop's
// node_modules (`npm ci` there) are present, and reported as skipped otherwise.
TEMPLATE_TEST_CASE("pairings agree with @noble/curves 1.9.7", "[pairing][interop]", bls12_381::Engine, bn254::Engine) {
  using E = TestType;
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  using Fq = typename E::Fq;
  namespace fs = std::filesystem;
  const fs::path interop = fs::path(ZKFORGE_TESTS_DIR) / "interop";
  if (!fs::exists(interop / "node_modules" / "@noble" / "curves") || std::system("node --version > /dev/null 2>&1") != 0) {
    WARN("SKIP: @noble/curves cross-check (needs node and `npm ci` in " << interop.string() << ")");
    return;
  }
  auto rng = engine_rng<E>("noble");
  INFO(E::name << ", seed " << test::seed());
  std::vector<Affine<G1>> ps;
  std::vector<Affine<G2>> qs;
  std::ostringstream json;
  json << "{\"curve\": \"" << E::name << "\", \"pairs\": [";
  auto dec = [](const Fq& v) { return "\"" + test::to_mpz(v).get_str() + "\""; };
  for (int i = 0; i < 3; ++i) {
    ps.push_back(random_point<G1>(rng));
    qs.push_back(random_point<G2>(rng));
    const auto& p = ps.back();
    const auto& q = qs.back();
    json << (i ? ", " : "") << "{\"p\": [" << dec(p.x) << ", " << dec(p.y) << "], \"q\": [[" << dec(q.x.c0) << ", "
         << dec(q.x.c1) << "], [" << dec(q.y.c0) << ", " << dec(q.y.c1) << "]]}";
  }
  json << "]}";
  const fs::path input = fs::temp_directory_path() / ("zkforge_noble_" + std::string(E::name) + "_" +
                                                      std::to_string(test::seed()) + ".json");
  std::ofstream(input) << json.str();
  const std::string command = "node " + (interop / "noble_pairing.mjs").string() + " " + input.string();
  FILE* out = popen(command.c_str(), "r");
  REQUIRE(out != nullptr);
  std::string text;
  char buf[4096];
  while (std::fgets(buf, sizeof buf, out)) text += buf;
  const int status = pclose(out);
  fs::remove(input);
  REQUIRE(status == 0);

  auto parse = [](const std::string& line) {
    std::istringstream in(line);
    Fq c[12];
    for (auto& x : c) {
      std::string s;
      in >> s;
      x = test::from_mpz<Fq>(mpz_class(s));
    }
    using Fq2 = typename E::Fq2;
    using Fq6 = Fp6<E>;
    return Fp12<E>{Fq6{Fq2{c[0], c[1]}, Fq2{c[2], c[3]}, Fq2{c[4], c[5]}},
                   Fq6{Fq2{c[6], c[7]}, Fq2{c[8], c[9]}, Fq2{c[10], c[11]}}};
  };
  std::istringstream lines(text);
  std::string line;
  for (int i = 0; i < 3; ++i) {
    REQUIRE(std::getline(lines, line));
    CHECK(parse(line) == pairing<E>(ps[i], qs[i]));
  }
  REQUIRE(std::getline(lines, line));
  CHECK(parse(line) == multi_pairing<E>(ps, qs));
}
