// SPDX-License-Identifier: Apache-2.0
// snarkjs JSON readers: the forms snarkjs accepts (hex, 2-element and Jacobian points, infinity) and
// every rejection, each naming the file and the field.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "support/errors.hpp"
#include "support/gmp_oracle.hpp"
#include "support/seed.hpp"
#include "zkforge/groth16/verifier.hpp"
#include "zkforge/io/snarkjs_json.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

using namespace zkforge;
using nlohmann::json;

namespace {

template <class E>
std::string fixture(const char* file) {
  return std::string(ZKFORGE_TESTS_DIR) + "/data/groth16/" + (E::kFamily == PairingFamily::bn ? "bn128/" : "bls12381/") + file;
}

// The code and message of the Error that fn throws.
template <class Fn>
std::pair<Errc, std::string> error_of(Fn fn) {
  const Error e = test::error_thrown_by(fn);
  return {e.code(), e.what()};
}

template <class F>
std::string hex(const F& v) {
  return "0x" + test::to_mpz(v).get_str(16);
}
template <class F>
std::string dec(const F& v) {
  return test::to_mpz(v).get_str();
}

}  // namespace

TEMPLATE_TEST_CASE("snarkjs JSON: the forms snarkjs accepts", "[groth16][json]", bls12_381::Engine, bn254::Engine) {
  using E = TestType;
  using Fq = typename E::Fq;
  auto rng = test::rng_for(std::hash<std::string>{}(std::string(E::name) + "json forms"));
  INFO(E::name << ", seed " << test::seed());
  const json vk_json = snarkjs::read_json_file(fixture<E>("verification_key.json"));
  const json proof_json = snarkjs::read_json_file(fixture<E>("proof.json"));
  const json pub_json = snarkjs::read_json_file(fixture<E>("public.json"));
  CHECK(snarkjs::verification_key_curve(vk_json, "vk") ==
        (E::kFamily == PairingFamily::bn ? snarkjs::JsonCurve::bn128 : snarkjs::JsonCurve::bls12381));
  const auto vk = snarkjs::parse_verification_key<E>(vk_json, "vk");
  const auto pub = snarkjs::parse_public_inputs<E>(pub_json, "public");
  const auto proof = snarkjs::parse_proof<E>(proof_json, "proof");

  json p = proof_json;
  // pi_a as "0x" hex, pi_c without z, pi_b in Jacobian coordinates (X = x Z^2, Y = y Z^3)
  p["pi_a"] = {hex(proof.a.x), hex(proof.a.y), "0x1"};
  p["pi_c"] = {dec(proof.c.x), dec(proof.c.y)};
  const typename E::Fq2 z = E::Fq2::random(rng);
  const auto x = proof.b.x * z.sqr(), y = proof.b.y * z.sqr() * z;
  p["pi_b"] = json::array({json::array({dec(x.c0), dec(x.c1)}), json::array({dec(y.c0), dec(y.c1)}),
                          json::array({dec(z.c0), dec(z.c1)})});
  const auto q = snarkjs::parse_proof<E>(p, "proof");
  CHECK(q.a == proof.a);
  CHECK(q.b == proof.b);
  CHECK(q.c == proof.c);
  CHECK(groth16::verify(vk, pub, q));

  p["pi_c"] = {"1", "1", "0"};  // z = 0: the point at infinity, whatever x and y
  CHECK(snarkjs::parse_proof<E>(p, "proof").c.is_identity());
  const Fq g1z = Fq::random(rng);
  p["pi_c"] = {dec(proof.c.x * g1z.sqr()), dec(proof.c.y * g1z.sqr() * g1z), dec(g1z)};
  CHECK(snarkjs::parse_proof<E>(p, "proof").c == proof.c);

  json v = vk_json;
  v.erase("nPublic");
  v["curve"] = E::kFamily == PairingFamily::bn ? "BN254" : "bls12-381";
  CHECK(snarkjs::verification_key_curve(v, "vk") == snarkjs::verification_key_curve(vk_json, "vk"));
  CHECK(snarkjs::parse_verification_key<E>(v, "vk").ic.size() == vk.ic.size());
}

TEMPLATE_TEST_CASE("snarkjs JSON: rejections name the file and the field", "[groth16][json]", bls12_381::Engine,
                   bn254::Engine) {
  using E = TestType;
  using Fq = typename E::Fq;
  INFO(E::name);
  const json vk_json = snarkjs::read_json_file(fixture<E>("verification_key.json"));
  const json proof_json = snarkjs::read_json_file(fixture<E>("proof.json"));
  const json pub_json = snarkjs::read_json_file(fixture<E>("public.json"));
  auto proof_error = [](const json& p) { return error_of([&] { snarkjs::parse_proof<E>(p, "proof.json"); }); };
  auto vk_error = [](const json& v) { return error_of([&] { snarkjs::parse_verification_key<E>(v, "vk.json"); }); };
  auto pub_error = [](const json& v) { return error_of([&] { snarkjs::parse_public_inputs<E>(v, "public.json"); }); };
  using Catch::Matchers::Contains;

  json p = proof_json;
  p["pi_a"][1] = dec(Fq::from_u64(5));
  auto [code, message] = proof_error(p);
  CHECK(code == Errc::not_on_curve);
  CHECK_THAT(message, Contains("proof.json: pi_a: point not on the curve"));

  p = proof_json;
  p["pi_b"][0][1] = test::modulus_mpz<Fq>().get_str();  // x.c1 = q
  std::tie(code, message) = proof_error(p);
  CHECK(code == Errc::not_canonical);
  CHECK_THAT(message, Contains("proof.json: pi_b[0][1]: value is not below q"));

  p = proof_json;
  p["pi_c"][0] = std::string(200, '9');  // wider than any field
  CHECK(proof_error(p).first == Errc::not_canonical);

  p = proof_json;
  p["pi_c"][0] = 12345;  // a JSON number
  std::tie(code, message) = proof_error(p);
  CHECK(code == Errc::malformed_file);
  CHECK_THAT(message, Contains("proof.json: pi_c[0]: expected a string"));

  for (const char* bad : {"", "0x", "12a", "-5", " 7", "0x1g"}) {
    p = proof_json;
    p["pi_c"][1] = bad;
    std::tie(code, message) = proof_error(p);
    CHECK(code == Errc::malformed_file);
    CHECK_THAT(message, Contains("proof.json: pi_c[1]: \"" + std::string(bad) + "\" is not a decimal or 0x-hex number"));
  }

  p = proof_json;
  p.erase("pi_b");
  std::tie(code, message) = proof_error(p);
  CHECK(code == Errc::malformed_file);
  CHECK_THAT(message, Contains("proof.json: pi_b: missing"));
  p = proof_json;
  p["pi_a"] = {"1"};
  CHECK(proof_error(p).first == Errc::malformed_file);
  p = proof_json;
  p["pi_b"][1] = {"1", "2", "3"};
  CHECK_THAT(proof_error(p).second, Contains("proof.json: pi_b[1]: expected [c0, c1]"));
  p = proof_json;
  p["protocol"] = "plonk";
  CHECK_THAT(proof_error(p).second, Contains("proof.json: protocol: not groth16"));
  CHECK(proof_error(json::array()).first == Errc::malformed_file);

  json v = vk_json;
  v["curve"] = "secp256k1";
  const auto [curve_code, curve_message] = error_of([&] { snarkjs::verification_key_curve(v, "vk.json"); });
  CHECK(curve_code == Errc::malformed_file);
  CHECK_THAT(curve_message, Contains("vk.json: curve: unknown curve \"secp256k1\""));
  v = vk_json;
  v["nPublic"] = 4;
  CHECK(vk_error(v).first == Errc::size_mismatch);
  v = vk_json;
  v["IC"] = json::array();
  CHECK(vk_error(v).first == Errc::malformed_file);
  v = vk_json;
  v["IC"][3][0] = dec(Fq::from_u64(3));
  std::tie(code, message) = vk_error(v);
  CHECK(code == Errc::not_on_curve);
  CHECK_THAT(message, Contains("vk.json: IC[3]: point not on the curve"));

  json pub = pub_json;
  pub[2] = test::modulus_mpz<typename E::Fr>().get_str();
  std::tie(code, message) = pub_error(pub);
  CHECK(code == Errc::not_canonical);
  CHECK_THAT(message, Contains("public.json: [2]: value is not below r"));
  CHECK(pub_error(json::object()).first == Errc::malformed_file);
}

TEST_CASE("snarkjs JSON: unreadable files", "[groth16][json]") {
  using Catch::Matchers::Contains;
  const auto [code, message] = error_of([] { snarkjs::read_json_file("/nonexistent/verification_key.json"); });
  CHECK(code == Errc::io_error);
  CHECK_THAT(message, Contains("/nonexistent/verification_key.json: cannot open (No such file or directory)"));
  const std::filesystem::path bad =
      std::filesystem::temp_directory_path() / ("zkforge_bad_" + std::to_string(test::seed()) + ".json");
  std::ofstream(bad) << "{\"pi_a\": [\"1\", ";
  const auto [code2, message2] = error_of([&] { snarkjs::read_json_file(bad.string()); });
  std::filesystem::remove(bad);
  CHECK(code2 == Errc::malformed_file);
  CHECK_THAT(message2, Contains(bad.string() + ": not valid JSON"));
}
