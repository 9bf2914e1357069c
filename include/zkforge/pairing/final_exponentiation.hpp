// SPDX-License-Identifier: Apache-2.0
// The final exponentiation f -> f^(c (p^12 - 1)/r) that turns a Miller loop value into a pairing value.
//
// p^12 - 1 = (p^6 - 1)(p^2 + 1) * Phi_12(p) with Phi_12(p) = p^4 - p^2 + 1 divisible by r.
// Easy part: m = f^((p^6 - 1)(p^2 + 1)) = (conj(f)/f)^(p^2) * (conj(f)/f): one Fq12 inverse, a
// Frobenius map and 2 products. m lies in the cyclotomic subgroup, where inversion is conjugation
// and squaring is the 9S cyclotomic squaring.
// Hard part: m^(c Phi_12(p)/r), with c prime to r chosen so that it costs a few exponentiations by
// the curve parameter x (63-64 cyclotomic squarings each):
//   BLS12, c = 3 (Hayashida, Hayasaka, Teruya, "Efficient final exponentiation via cyclotomic
//   structure for pairings over families of elliptic curves", ePrint 2020/875):
//     3 Phi_12(p)/r = (x - 1)^2 (x + p)(x^2 + p^2 - 1) + 3; 5 exponentiations by x, 7 products, 1 cyclotomic squaring.
//   BN, c = 2u(6u^2 + 3u + 1) (Fuentes-Castaneda, Knapp, Rodriguez-Henriquez, "Faster hashing to G2",
//   SAC 2011): c Phi_12(p)/r = l0 + l1 p + l2 p^2 + l3 p^3 with l0 = 1 + 6u + 12u^2 + 12u^3,
//   l1 = 4u + 6u^2 + 12u^3, l2 = 6u + 6u^2 + 12u^3, l3 = -1 + 4u + 6u^2 + 12u^3;
//   3 exponentiations by u, 10 products, 3 cyclotomic squarings.
// With these c the pairing values are those of zkcrypto/bls12_381 and @noble/curves; tests/pairing
// checks this and the exponent itself against a plain exponentiation.
#pragma once

#include "zkforge/pairing/engine.hpp"
#include "zkforge/pairing/fp12.hpp"
#include "zkforge/pairing/signed_digits.hpp"

namespace zkforge {

// m^x for m in the cyclotomic subgroup, x = E::kX negated when E::kXNegative.
template <class E>
Fp12<E> cyclotomic_pow_x(const Fp12<E>& m) {
  static constexpr SignedDigits kDigits = cheapest_signed_digits(BigInt<2>::from_u64(E::kX));
  const Fp12<E> m_inv = m.conjugate();
  Fp12<E> r = m;
  for (std::size_t i = 1; i < kDigits.size; ++i) {
    r = r.cyclotomic_sqr();
    if (kDigits.digit[i] > 0) r *= m;
    else if (kDigits.digit[i] < 0) r *= m_inv;
  }
  return E::kXNegative ? r.conjugate() : r;
}

// The easy part, f^((p^6 - 1)(p^2 + 1)); f must not be 0.
template <class E>
Fp12<E> final_exponentiation_easy(const Fp12<E>& f) {
  const Fp12<E> t = f.conjugate() * f.inverse();
  return t.template frobenius_map<2>() * t;
}

// The hard part on m in the cyclotomic subgroup, as stated at the top.
template <class E>
Fp12<E> final_exponentiation_hard(const Fp12<E>& m) {
  if constexpr (E::kFamily == PairingFamily::bls12) {
    const Fp12<E> t0 = cyclotomic_pow_x<E>(m) * m.conjugate();    // m^(x-1)
    const Fp12<E> t1 = cyclotomic_pow_x<E>(t0) * t0.conjugate();  // m^((x-1)^2)
    const Fp12<E> t2 = cyclotomic_pow_x<E>(t1) * t1.template frobenius_map<1>();  // t1^(x+p)
    const Fp12<E> t3 = cyclotomic_pow_x<E>(cyclotomic_pow_x<E>(t2)) * t2.template frobenius_map<2>() *
                       t2.conjugate();                             // t2^(x^2+p^2-1)
    return t3 * m.cyclotomic_sqr() * m;                            // times m^3
  } else {
    const Fp12<E> a = cyclotomic_pow_x<E>(m);                      // m^u
    const Fp12<E> a2 = a.cyclotomic_sqr();                         // m^2u
    const Fp12<E> a4 = a2.cyclotomic_sqr();                        // m^4u
    const Fp12<E> a6 = a4 * a2;                                    // m^6u
    const Fp12<E> b = cyclotomic_pow_x<E>(a6);                     // m^6u^2
    const Fp12<E> c = cyclotomic_pow_x<E>(b.cyclotomic_sqr());     // m^12u^3
    const Fp12<E> d = b * c;                                       // m^(6u^2+12u^3)
    const Fp12<E> y1 = d * a4;                                     // m^l1
    const Fp12<E> y2 = d * a6;                                     // m^l2
    const Fp12<E> y0 = y2 * b * m;                                 // m^l0
    const Fp12<E> y3 = y1 * m.conjugate();                         // m^l3
    return y0 * y1.template frobenius_map<1>() * y2.template frobenius_map<2>() * y3.template frobenius_map<3>();
  }
}

template <class E>
Fp12<E> final_exponentiation(const Fp12<E>& f) {
  return final_exponentiation_hard<E>(final_exponentiation_easy<E>(f));
}

}  // namespace zkforge
