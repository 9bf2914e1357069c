// SPDX-License-Identifier: Apache-2.0
// Readers of snarkjs' Groth16 JSON files: verification_key.json, proof.json and public.json.
//
// Numbers are JSON strings, decimal or "0x" hexadecimal, of canonical (not Montgomery) values; JSON
// numbers are refused, as snarkjs refuses them. A point is [x, y] or [x, y, z]: z = 1 affine, z = 0
// the point at infinity, any other z Jacobian (x = X/Z^2, y = Y/Z^3), as snarkjs reads it. G2
// coordinates are [c0, c1] pairs. The curve is the vk's "curve" ("bn128" or "bls12381"; snarkjs'
// spellings bn254, altbn128, bls12-381 too); the proof's own "curve" is not consulted, as in snarkjs.
// Stricter than snarkjs: coordinates must be below q (snarkjs accepts x + q).
//
// Every failure throws zkforge::Error whose message starts with the file and the field: io_error
// (a file that cannot be read, or is not a regular file: io/input_file.hpp), malformed_file (JSON
// syntax, a missing field, a wrong type, an unknown curve or protocol),
// not_canonical (a number not below q or r), not_on_curve, size_mismatch (nPublic against IC).
// Subgroup membership is left to groth16::PreparedVerifyingKey, which checks it once.
#pragma once

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "zkforge/error.hpp"
#include "zkforge/field/fp2.hpp"
#include "zkforge/groth16/verifying_key.hpp"
#include "zkforge/io/input_file.hpp"
#include "zkforge/io/output_files.hpp"

namespace zkforge::snarkjs {

enum class JsonCurve { bn128, bls12381 };

namespace detail {

// Where a value sits: "proof.json: pi_b[1][0]".
inline std::string where(const std::string& file, const std::string& field) { return file + ": " + field; }

inline const nlohmann::json& member(const nlohmann::json& obj, const char* key, const std::string& file) {
  if (!obj.is_object()) throw Error(Errc::malformed_file, file + ": expected a JSON object at the top level");
  const auto it = obj.find(key);
  if (it == obj.end()) throw Error(Errc::malformed_file, where(file, key) + ": missing");
  return *it;
}

enum class NumberSyntax { ok, not_a_number, too_wide };

// A decimal or 0x-hexadecimal string into an N-word integer.
template <std::size_t N>
NumberSyntax parse_uint(const std::string& s, BigInt<N>& out) {
  const bool hex = s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  const std::uint64_t base = hex ? 16 : 10;
  std::size_t i = hex ? 2 : 0;
  if (i == s.size()) return NumberSyntax::not_a_number;
  BigInt<N> v{};
  for (; i < s.size(); ++i) {
    const char c = s[i];
    std::uint64_t d = 0;
    if (c >= '0' && c <= '9') d = static_cast<std::uint64_t>(c - '0');
    else if (hex && c >= 'a' && c <= 'f') d = static_cast<std::uint64_t>(c - 'a' + 10);
    else if (hex && c >= 'A' && c <= 'F') d = static_cast<std::uint64_t>(c - 'A' + 10);
    else return NumberSyntax::not_a_number;
    std::uint64_t carry = d;  // v = base v + d
    for (std::size_t k = 0; k < N; ++k) v.w[k] = arch::mac(0, v.w[k], base, carry);
    if (carry != 0) return NumberSyntax::too_wide;
  }
  out = v;
  return NumberSyntax::ok;
}

// A canonical integer below `modulus`, called `what` (q or r) in the messages.
template <std::size_t N>
BigInt<N> read_below(const nlohmann::json& v, const BigInt<N>& modulus, const char* what, const std::string& at) {
  if (!v.is_string()) throw Error(Errc::malformed_file, at + ": expected a string holding a decimal or 0x-hex number");
  const std::string& s = v.get_ref<const std::string&>();
  BigInt<N> x{};
  const NumberSyntax r = parse_uint(s, x);
  if (r == NumberSyntax::not_a_number)
    throw Error(Errc::malformed_file, at + ": \"" + s + "\" is not a decimal or 0x-hex number");
  if (r == NumberSyntax::too_wide || x >= modulus) throw Error(Errc::not_canonical, at + ": value is not below " + what);
  return x;
}

// Coordinates: an Fq element is one number, an Fq2 element the pair [c0, c1].
template <class F>
struct JsonField {
  static F read(const nlohmann::json& v, const std::string& at) {
    F out{};
    F::from_int(read_below(v, F::kModulus, "q", at), out);
    return out;
  }
};
template <class F>
struct JsonField<Fp2<F>> {
  static Fp2<F> read(const nlohmann::json& v, const std::string& at) {
    if (!v.is_array() || v.size() != 2) throw Error(Errc::malformed_file, at + ": expected [c0, c1]");
    return Fp2<F>{JsonField<F>::read(v[0], at + "[0]"), JsonField<F>::read(v[1], at + "[1]")};
  }
};

template <class C>
Affine<C> read_point(const nlohmann::json& v, const std::string& at) {
  using Field = typename C::Field;
  using Reader = JsonField<Field>;
  if (!v.is_array() || (v.size() != 2 && v.size() != 3))
    throw Error(Errc::malformed_file, at + ": expected a point [x, y] or [x, y, z]");
  const Field x = Reader::read(v[0], at + "[0]");
  const Field y = Reader::read(v[1], at + "[1]");
  const Field z = v.size() == 3 ? Reader::read(v[2], at + "[2]") : Field::one();
  Affine<C> p = Affine<C>::identity();
  if (z.is_zero()) return p;
  if (z.is_one()) {
    p = Affine<C>::from_xy(x, y);
  } else {
    const Field zi = z.inverse(), zi2 = zi.sqr();
    p = Affine<C>::from_xy(x * zi2, y * zi2 * zi);
  }
  if (!p.is_on_curve()) throw Error(Errc::not_on_curve, at + ": point not on the curve");
  return p;
}

// The point of curve C in member `key` of obj, named "file: key" in messages.
template <class C>
Affine<C> member_point(const nlohmann::json& obj, const char* key, const std::string& file) {
  return read_point<C>(member(obj, key, file), where(file, key));
}

inline void check_protocol(const nlohmann::json& obj, const std::string& file) {
  const auto it = obj.find("protocol");
  if (it != obj.end() && *it != "groth16")
    throw Error(Errc::malformed_file, where(file, "protocol") + ": not groth16");
}

}  // namespace detail

// Parses the JSON text of the file `name`; Error(malformed_file) naming the file if it is not JSON.
inline nlohmann::json parse_json(const std::string& text, const std::string& name) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw Error(Errc::malformed_file, name + ": not valid JSON (" + e.what() + ")");
  }
}

// Reads (io::InputFile: a regular file, opened without blocking) and parses a JSON file.
inline nlohmann::json read_json_file(const std::string& path) {
  return parse_json(io::InputFile(path).read_all("the JSON text"), path);
}

// The verification key's curve; snarkjs' name normalisation (letters and digits only, any case).
inline JsonCurve verification_key_curve(const nlohmann::json& vk, const std::string& file) {
  const nlohmann::json& c = detail::member(vk, "curve", file);
  if (!c.is_string()) throw Error(Errc::malformed_file, detail::where(file, "curve") + ": expected a string");
  std::string name;
  for (const char ch : c.get<std::string>()) {
    const auto u = static_cast<unsigned char>(ch);
    if (std::isalnum(u)) name += static_cast<char>(std::tolower(u));
  }
  if (name == "bn128" || name == "bn254" || name == "altbn128") return JsonCurve::bn128;
  if (name == "bls12381") return JsonCurve::bls12381;
  throw Error(Errc::malformed_file, detail::where(file, "curve") + ": unknown curve \"" + c.get<std::string>() +
                                        "\" (expected bn128 or bls12381)");
}

template <class E>
groth16::VerifyingKey<E> parse_verification_key(const nlohmann::json& vk, const std::string& file) {
  using detail::member;
  using detail::where;
  detail::check_protocol(vk, file);
  groth16::VerifyingKey<E> key;
  key.alpha_1 = detail::member_point<typename E::G1>(vk, "vk_alpha_1", file);
  key.beta_2 = detail::member_point<typename E::G2>(vk, "vk_beta_2", file);
  key.gamma_2 = detail::member_point<typename E::G2>(vk, "vk_gamma_2", file);
  key.delta_2 = detail::member_point<typename E::G2>(vk, "vk_delta_2", file);
  const nlohmann::json& ic = member(vk, "IC", file);
  if (!ic.is_array() || ic.empty()) throw Error(Errc::malformed_file, where(file, "IC") + ": expected a non-empty array of points");
  for (std::size_t i = 0; i < ic.size(); ++i)
    key.ic.push_back(detail::read_point<typename E::G1>(ic[i], where(file, "IC[" + std::to_string(i) + "]")));
  const auto n = vk.find("nPublic");
  if (n != vk.end()) {
    if (!n->is_number_integer() || n->get<std::int64_t>() < 0)
      throw Error(Errc::malformed_file, where(file, "nPublic") + ": expected a count");
    const auto count = n->get<std::uint64_t>();
    if (count + 1 != key.ic.size())
      throw Error(Errc::size_mismatch, where(file, "nPublic") + ": " + std::to_string(count) + " public inputs but " +
                                           std::to_string(key.ic.size()) + " IC points");
  }
  return key;
}

template <class E>
groth16::Proof<E> parse_proof(const nlohmann::json& proof, const std::string& file) {
  detail::check_protocol(proof, file);
  groth16::Proof<E> p;
  p.a = detail::member_point<typename E::G1>(proof, "pi_a", file);
  p.b = detail::member_point<typename E::G2>(proof, "pi_b", file);
  p.c = detail::member_point<typename E::G1>(proof, "pi_c", file);
  return p;
}

template <class E>
groth16::PublicInputs<E> parse_public_inputs(const nlohmann::json& pub, const std::string& file) {
  if (!pub.is_array()) throw Error(Errc::malformed_file, file + ": expected a JSON array of public inputs");
  groth16::PublicInputs<E> out;
  for (std::size_t i = 0; i < pub.size(); ++i)
    out.push_back(detail::read_below(pub[i], E::Fr::kModulus, "r", detail::where(file, "[" + std::to_string(i) + "]")));
  return out;
}

// ---- writers: snarkjs' proof.json, public.json and verification_key.json.

namespace detail {

// A canonical integer in decimal.
template <std::size_t N>
std::string decimal(BigInt<N> v) {
  if (v.is_zero()) return "0";
  constexpr std::uint64_t kChunk = 10000000000000000000ULL;  // 10^19: v = q * 10^19 + rem, from the top word
  std::vector<std::uint64_t> chunks;
  while (!v.is_zero()) {
    std::uint64_t rem = 0;
    for (std::size_t i = N; i-- > 0;) {
      const arch::u128 cur = (static_cast<arch::u128>(rem) << 64) | v.w[i];
      v.w[i] = static_cast<std::uint64_t>(cur / kChunk);
      rem = static_cast<std::uint64_t>(cur % kChunk);
    }
    chunks.push_back(rem);
  }
  std::string out = std::to_string(chunks.back());
  for (std::size_t i = chunks.size() - 1; i-- > 0;) {
    const std::string part = std::to_string(chunks[i]);
    out += std::string(19 - part.size(), '0') + part;
  }
  return out;
}

template <class F>
nlohmann::json field_json(const F& x) {
  return decimal(x.to_int());
}
template <class F>
nlohmann::json field_json(const Fp2<F>& x) {
  return nlohmann::json::array({field_json(x.c0), field_json(x.c1)});
}

// snarkjs writes affine points with z = 1 ([1, 0] on G2); the point at infinity as [0, 1, 0].
template <class C>
nlohmann::json point_json(const Affine<C>& p) {
  using F = typename C::Field;
  if (p.infinity) return nlohmann::json::array({field_json(F::zero()), field_json(F::one()), field_json(F::zero())});
  return nlohmann::json::array({field_json(p.x), field_json(p.y), field_json(F::one())});
}

}  // namespace detail

inline const char* json_curve_name(JsonCurve c) { return c == JsonCurve::bn128 ? "bn128" : "bls12381"; }

template <class E>
nlohmann::json proof_json(const groth16::Proof<E>& proof, JsonCurve curve) {
  nlohmann::json j;
  j["pi_a"] = detail::point_json(proof.a);
  j["pi_b"] = detail::point_json(proof.b);
  j["pi_c"] = detail::point_json(proof.c);
  j["protocol"] = "groth16";
  j["curve"] = json_curve_name(curve);
  return j;
}

// snarkjs' verification_key.json of a key (without vk_alphabeta_12, which `snarkjs groth16 verify` does not read).
template <class E>
nlohmann::json verification_key_json(const groth16::VerifyingKey<E>& vk, JsonCurve curve) {
  nlohmann::json j;
  j["protocol"] = "groth16";
  j["curve"] = json_curve_name(curve);
  j["nPublic"] = vk.ic.size() - 1;
  j["vk_alpha_1"] = detail::point_json(vk.alpha_1);
  j["vk_beta_2"] = detail::point_json(vk.beta_2);
  j["vk_gamma_2"] = detail::point_json(vk.gamma_2);
  j["vk_delta_2"] = detail::point_json(vk.delta_2);
  j["IC"] = nlohmann::json::array();
  for (const auto& p : vk.ic) j["IC"].push_back(detail::point_json(p));
  return j;
}

template <std::size_t N>
nlohmann::json public_inputs_json(const std::vector<BigInt<N>>& inputs) {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& x : inputs) j.push_back(detail::decimal(x));
  return j;
}

// The text of `j` laid out as snarkjs writes it (one-space indentation, a final newline).
inline std::string json_text(const nlohmann::json& j) { return j.dump(1) + "\n"; }

// Writes `j` to `path` whole or not at all (io/output_files.hpp); Error(io_error) if it cannot.
inline void write_json_file(const std::string& path, const nlohmann::json& j) { io::write_file(path, json_text(j)); }

}  // namespace zkforge::snarkjs
