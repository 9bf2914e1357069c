// SPDX-License-Identifier: Apache-2.0
// The NTT of both scalar fields against the O(n^2) DFT and Horner evaluation, the roots of unity of
// both conventions against their definition and published values, and the front end's errors.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "support/cpu_lanes.hpp"
#include "support/seed.hpp"
#include "zkforge/ntt/ntt.hpp"

using namespace zkforge;

// Failures print field elements as canonical hexadecimal.
template <class P>
struct Catch::StringMaker<Fp<P>> {
  static std::string convert(const Fp<P>& v) {
    const auto x = v.to_int();
    std::string s = "0x";
    char word[17];
    for (std::size_t i = Fp<P>::kLimbs; i-- > 0;) {
      std::snprintf(word, sizeof word, "%016llx", static_cast<unsigned long long>(x.w[i]));
      s += word;
    }
    return s;
  }
};

namespace {

constexpr RootConvention kConventions[] = {RootConvention::snarkjs, RootConvention::zkcrypto};

bool input_reversed(NttOrder o) { return o == NttOrder::RN || o == NttOrder::RR; }
bool output_reversed(NttOrder o) { return o == NttOrder::NR || o == NttOrder::RR; }

// The test's own bit reversal: one bit at a time, independent of the library's.
std::size_t reverse(std::size_t i, std::size_t bits) {
  std::size_t r = 0;
  for (std::size_t b = 0; b < bits; ++b) r |= ((i >> b) & 1) << (bits - 1 - b);
  return r;
}

std::size_t log2_exact(std::size_t n) {
  std::size_t k = 0;
  while ((std::size_t{1} << k) < n) ++k;
  return k;
}

// v in natural order laid out in the given order (element i at position bitrev(i) if reversed).
template <class F>
std::vector<F> arrange(const std::vector<F>& v, bool reversed) {
  if (!reversed) return v;
  std::vector<F> r(v.size());
  const std::size_t bits = log2_exact(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) r[reverse(i, bits)] = v[i];
  return r;
}

template <class F>
std::vector<F> random_vector(std::size_t n, std::mt19937_64& rng) {
  std::vector<F> v(n);
  for (auto& x : v) x = F::random(rng);
  return v;
}

// "" if got equals want, else where they first differ: a failure names an index, not 2^k values.
template <class F>
std::string first_difference(const std::vector<F>& got, const std::vector<F>& want) {
  if (got.size() != want.size()) return "sizes " + std::to_string(got.size()) + " and " + std::to_string(want.size());
  for (std::size_t i = 0; i < got.size(); ++i)
    if (got[i] != want[i])
      return "index " + std::to_string(i) + " of " + std::to_string(got.size()) + ": got " +
             Catch::StringMaker<F>::convert(got[i]) + ", want " + Catch::StringMaker<F>::convert(want[i]);
  return "";
}

template <class F>
F horner(const std::vector<F>& coefficients, const F& x) {
  F acc = F::zero();
  for (std::size_t j = coefficients.size(); j-- > 0;) acc = acc * x + coefficients[j];
  return acc;
}

// sum_j a[j] * (shift * w^i)^j for every i < n: the O(n^2) reference.
template <class F>
std::vector<F> dft(const std::vector<F>& a, const F& w, const F& shift) {
  std::vector<F> r(a.size());
  F point = shift;
  for (std::size_t i = 0; i < a.size(); ++i, point *= w) r[i] = horner(a, point);
  return r;
}

// The transform of natural-order x with the config, taken in its input order and returned in natural order.
template <class F>
std::vector<F> transform(const std::vector<F>& x, const NttConfig<F>& config) {
  std::vector<F> v = arrange(x, input_reversed(config.order));
  ntt(Cpu{}, HostSpan<F>(v), config);
  return output_reversed(config.order) ? arrange(v, true) : v;  // bit reversal is an involution
}

template <class F>
NttConfig<F> config_of(NttDirection direction, NttOrder order, RootConvention convention = RootConvention::zkcrypto) {
  NttConfig<F> c;
  c.direction = direction;
  c.order = order;
  c.convention = convention;
  return c;
}

}  // namespace

TEMPLATE_TEST_CASE("roots of unity: w[k]^(2^k) = 1 and w[k]^(2^(k-1)) = -1 for every k, both conventions",
                   "[ntt][roots]", bls12_381::Fr, bn254::Fr) {
  using F = TestType;
  constexpr std::size_t s = F::kTwoAdicity;
  CHECK(Domain<F>::snarkjs_nqr() == F::from_u64(5));
  for (RootConvention c : kConventions) {
    INFO(F::Params::name << ", convention " << root_convention_name(c));
    CHECK(Domain<F>::max_root(c) == Domain<F>::root_of_unity(s, c));
    for (std::size_t k = 0; k <= s; ++k) {
      INFO("k = " << k);
      const F w = Domain<F>::root_of_unity(k, c);
      F x = w;
      for (std::size_t i = 1; i < k; ++i) x = x.sqr();  // w^(2^(k-1)) for k >= 1
      if (k >= 1) CHECK(x == -F::one());
      CHECK((k == 0 ? w : x.sqr()) == F::one());
      if (k < s) CHECK(Domain<F>::root_of_unity(k + 1, c).sqr() == w);
      const Domain<F> d(k, c);
      CHECK(d.log_n() == k);
      CHECK(d.size() == std::size_t{1} << k);
      CHECK(d.convention() == c);
      CHECK(d.omega() == w);
      CHECK(d.omega() * d.omega_inv() == F::one());
      CHECK(d.n_inv() * F::from_u64(std::uint64_t{1} << k) == F::one());
    }
  }
  CHECK(Domain<F>::max_root(RootConvention::zkcrypto) == F::two_adic_root());
  CHECK_THROWS_MATCHES(Domain<F>(s + 1), Error,
                       Catch::Predicate<Error>([](const Error& e) { return e.code() == Errc::invalid_argument; }));
}

// The odd coset's shift, whose powers the GPU's forward transform from bit-reversed input takes in its
// twiddles: psi = w[k + 1] of the same convention and 1 <= k < s, nothing else (psi^3 and -psi are shifts
// with g^n = -1 too; BLS12-381's two conventions have different roots).
TEMPLATE_TEST_CASE("roots of unity: the odd coset's shift is the root of 2n of the domain's convention, and only it",
                   "[ntt][roots]", bls12_381::Fr, bn254::Fr) {
  using F = TestType;
  constexpr std::size_t s = F::kTwoAdicity;
  for (RootConvention c : kConventions) {
    const RootConvention other = c == RootConvention::snarkjs ? RootConvention::zkcrypto : RootConvention::snarkjs;
    for (std::size_t k = 1; k < s; ++k) {
      INFO(F::Params::name << ", convention " << root_convention_name(c) << ", k = " << k);
      const F psi = Domain<F>::root_of_unity(k + 1, c);
      CHECK(Domain<F>::is_odd_coset(k, psi, c));
      CHECK_FALSE(Domain<F>::is_odd_coset(k, psi * psi * psi, c));
      CHECK_FALSE(Domain<F>::is_odd_coset(k, -psi, c));
      CHECK_FALSE(Domain<F>::is_odd_coset(k, Domain<F>::root_of_unity(k, c), c));
      CHECK_FALSE(Domain<F>::is_odd_coset(k + 1, psi, c));
      CHECK(Domain<F>::is_odd_coset(k, psi, other) == (Domain<F>::root_of_unity(k + 1, other) == psi));
    }
    CHECK_FALSE(Domain<F>::is_odd_coset(0, Domain<F>::root_of_unity(1, c), c));  // n = 1: no transform
    CHECK_FALSE(Domain<F>::is_odd_coset(s, Domain<F>::root_of_unity(s, c), c));  // no root of 2^(s + 1)
  }
  // BLS12-381's conventions differ from w[3] on (w[1] = -1 and w[2] agree), BN254's agree throughout.
  CHECK(Domain<F>::is_odd_coset(2, Domain<F>::root_of_unity(3, RootConvention::snarkjs), RootConvention::zkcrypto) ==
        std::is_same_v<F, bn254::Fr>);
}

TEST_CASE("roots of unity: published values (SNARKJS-FORMATS.md)", "[ntt][roots]") {
  using B = bls12_381::Fr;
  using N = bn254::Fr;
  const N bn_w28 = N::from_hex("0x2a3c09f0a58a7e8500e0a7eb8ef62abc402d111e41112ed49bd61b6e725b19f0");
  CHECK(Domain<N>::root_of_unity(28, RootConvention::snarkjs) == bn_w28);
  CHECK(Domain<N>::root_of_unity(28, RootConvention::zkcrypto) == bn_w28);
  CHECK(Domain<B>::root_of_unity(32, RootConvention::snarkjs) ==
        B::from_hex("0x0212d79e5b416b6f0fd56dc8d168d6c0c4024ff270b3e0941b788f500b912f1f"));
  CHECK(Domain<B>::root_of_unity(32, RootConvention::zkcrypto) ==
        B::from_hex("0x16a2a19edfe81f20d09b681922c813b4b63683508c2280b93829971f439f0d2b"));
  CHECK(Domain<B>::root_of_unity(10, RootConvention::snarkjs) ==
        B::from_hex("0x2f27b09858f43cef3ed6d55a6350721d79efd6b0570bf109d58a5af42d010ff9"));
}

TEMPLATE_TEST_CASE("NTT equals the O(n^2) DFT for n = 2^0 .. 2^10, every order, both directions and conventions",
                   "[ntt]", bls12_381::Fr, bn254::Fr) {
  using F = TestType;
  auto rng = test::rng_for(101 + F::kBits);
  for (std::size_t k = 0; k <= 10; ++k) {
    const std::size_t n = std::size_t{1} << k;
    const std::vector<F> x = random_vector<F>(n, rng);
    for (RootConvention c : kConventions) {
      const Domain<F> d(k, c);
      const std::vector<F> evaluations = dft(x, d.omega(), F::one());
      std::vector<F> coefficients = dft(x, d.omega_inv(), F::one());
      for (auto& v : coefficients) v *= d.n_inv();
      for (const bool ifma : test::lane_paths()) {
        test::use_ifma_lanes(ifma);
        for (NttOrder o : kNttOrders) {
          INFO(F::Params::name << ", n = 2^" << k << ", order " << ntt_order_name(o) << ", convention "
                               << root_convention_name(c) << ", IFMA lanes " << ifma << ", seed " << test::seed());
          CHECK(first_difference(transform(x, config_of<F>(NttDirection::forward, o, c)), evaluations) == "");
          CHECK(first_difference(transform(x, config_of<F>(NttDirection::inverse, o, c)), coefficients) == "");
        }
      }
      test::use_ifma_lanes(true);
    }
  }
}

TEMPLATE_TEST_CASE("coset NTT evaluates at shift * omega^i and its inverse interpolates from there, n = 2^0 .. 2^8",
                   "[ntt][coset]", bls12_381::Fr, bn254::Fr) {
  using F = TestType;
  auto rng = test::rng_for(202 + F::kBits);
  for (std::size_t k = 0; k <= 8; ++k) {
    const std::size_t n = std::size_t{1} << k;
    const std::vector<F> x = random_vector<F>(n, rng);
    const F shift = F::random(rng);
    const Domain<F> d(k);
    const std::vector<F> evaluations = dft(x, d.omega(), shift);
    // coefficient j of the inverse: shift^-j / n * sum_i x[i] omega^(-ij)
    std::vector<F> coefficients = dft(x, d.omega_inv(), F::one());
    F scale = d.n_inv();
    const F shift_inv = shift.inverse();
    for (auto& v : coefficients) {
      v *= scale;
      scale *= shift_inv;
    }
    for (NttOrder o : kNttOrders) {
      INFO(F::Params::name << ", n = 2^" << k << ", order " << ntt_order_name(o) << ", seed " << test::seed());
      NttConfig<F> forward = config_of<F>(NttDirection::forward, o), inverse = config_of<F>(NttDirection::inverse, o);
      forward.coset = inverse.coset = shift;
      CHECK(first_difference(transform(x, forward), evaluations) == "");
      CHECK(first_difference(transform(x, inverse), coefficients) == "");
    }
  }
}

// Sizes from 2^11 on go through the passes over the whole array and the parallel blocks; odd and
// even log sizes place the single radix-2 level differently.
TEMPLATE_TEST_CASE("NTT at 2^11 .. 2^16 agrees with Horner at sampled points, and all orders agree",
                   "[ntt]", bls12_381::Fr, bn254::Fr) {
  using F = TestType;
  auto rng = test::rng_for(303 + F::kBits);
  for (std::size_t k : {11, 12, 13, 14, 16}) {
    const std::size_t n = std::size_t{1} << k;
    INFO(F::Params::name << ", n = 2^" << k << ", seed " << test::seed());
    const std::vector<F> x = random_vector<F>(n, rng);
    const Domain<F> d(k);
    const std::vector<F> y = transform(x, config_of<F>(NttDirection::forward, NttOrder::NN));
    std::vector<std::size_t> samples = {0, 1, n / 2, n - 1};
    for (int i = 0; i < 12; ++i) samples.push_back(static_cast<std::size_t>(rng() % n));
    for (std::size_t i : samples) {
      INFO("evaluation " << i);
      CHECK(y[i] == horner(x, d.omega().pow(BigInt<1>::from_u64(i))));
    }
    for (const bool ifma : test::lane_paths()) {
      test::use_ifma_lanes(ifma);
      for (NttOrder o : kNttOrders) {
        INFO("order " << ntt_order_name(o) << ", IFMA lanes " << ifma);
        CHECK(first_difference(transform(x, config_of<F>(NttDirection::forward, o)), y) == "");
        CHECK(first_difference(transform(y, config_of<F>(NttDirection::inverse, o)), x) == "");
      }
    }
    test::use_ifma_lanes(true);
  }
}

TEMPLATE_TEST_CASE("inverse(forward(x)) = x up to 2^20, with and without a coset", "[ntt][large]", bls12_381::Fr,
                   bn254::Fr) {
  using F = TestType;
  auto rng = test::rng_for(404 + F::kBits);
  struct Case {
    std::size_t log_n;
    NttOrder forward, inverse;
    bool coset;
  };
  for (const Case& t : {Case{17, NttOrder::NN, NttOrder::NN, true}, Case{18, NttOrder::RR, NttOrder::RR, false},
                        Case{20, NttOrder::NR, NttOrder::RN, false}}) {
    INFO(F::Params::name << ", n = 2^" << t.log_n << ", forward " << ntt_order_name(t.forward) << ", inverse "
                         << ntt_order_name(t.inverse) << (t.coset ? ", coset" : "") << ", seed " << test::seed());
    const std::vector<F> x = random_vector<F>(std::size_t{1} << t.log_n, rng);
    NttConfig<F> forward = config_of<F>(NttDirection::forward, t.forward, RootConvention::snarkjs);
    NttConfig<F> inverse = config_of<F>(NttDirection::inverse, t.inverse, RootConvention::snarkjs);
    if (t.coset) forward.coset = inverse.coset = F::random(rng);
    std::vector<F> v = x;
    ntt(Cpu{}, HostSpan<F>(v), forward);
    CHECK(first_difference(v, x) != "");
    ntt(Cpu{}, HostSpan<F>(v), inverse);
    CHECK(first_difference(v, x) == "");
  }
}

TEMPLATE_TEST_CASE("one thread and all threads give the same result, and concurrent first uses of the twiddle cache are safe",
                   "[ntt][threads]", bls12_381::Fr, bn254::Fr) {
  using F = TestType;
  auto rng = test::rng_for(505 + F::kBits);
  const std::vector<F> x = random_vector<F>(std::size_t{1} << 15, rng);
  NttConfig<F> one = config_of<F>(NttDirection::forward, NttOrder::NR, RootConvention::snarkjs);
  one.threads = 1;
  const NttConfig<F> all = config_of<F>(NttDirection::forward, NttOrder::NR, RootConvention::snarkjs);
  CHECK(first_difference(transform(x, one), transform(x, all)) == "");

  // Sizes and a convention no other test uses, so that the callers race to build the tables.
  std::vector<std::vector<F>> results(4);
  std::vector<std::thread> callers;
  for (std::size_t t = 0; t < results.size(); ++t) {
    callers.emplace_back([&, t] {
      std::vector<F> v(x.begin(), x.begin() + (std::size_t{1} << (11 + t % 2)));
      ntt(Cpu{}, HostSpan<F>(v), config_of<F>(NttDirection::forward, NttOrder::NN, RootConvention::snarkjs));
      results[t] = v;
    });
  }
  for (auto& c : callers) c.join();
  for (std::size_t t = 0; t < results.size(); ++t) {
    const std::size_t k = 11 + t % 2;
    const std::vector<F> head(x.begin(), x.begin() + (std::size_t{1} << k));
    const F w = Domain<F>::root_of_unity(k, RootConvention::snarkjs);
    for (std::size_t i : {std::size_t{0}, std::size_t{1}, std::size_t{777}, (std::size_t{1} << k) - 1}) {
      INFO("caller " << t << ", n = 2^" << k << ", evaluation " << i << ", seed " << test::seed());
      CHECK(results[t][i] == horner(head, w.pow(BigInt<1>::from_u64(i))));
    }
  }
}

TEMPLATE_TEST_CASE("sizes 0 and 1 are accepted, and errors name the size", "[ntt][errors]", bls12_381::Fr, bn254::Fr) {
  using F = TestType;
  auto is_invalid = [](const std::string& needle) {
    return Catch::Predicate<Error>([needle](const Error& e) {
      return e.code() == Errc::invalid_argument && std::string(e.what()).find(needle) != std::string::npos;
    });
  };
  ntt(Cpu{}, HostSpan<F>());  // size 0: nothing to do, no access
  std::vector<F> one = {F::from_u64(42)};
  NttConfig<F> c = config_of<F>(NttDirection::inverse, NttOrder::RR);
  c.coset = F::from_u64(3);
  ntt(Cpu{}, HostSpan<F>(one), c);
  CHECK(one[0] == F::from_u64(42));

  for (std::size_t n : {3, 6, 12, 1000, 1025}) {
    std::vector<F> v(n);
    CHECK_THROWS_MATCHES(ntt(Cpu{}, HostSpan<F>(v)), Error,
                         is_invalid("NTT size " + std::to_string(n) + " is not a power of two"));
  }
  // Above 2^s: the check comes before any access, so the span needs no memory.
  const std::size_t too_big = std::size_t{1} << (F::kTwoAdicity + 1);
  CHECK_THROWS_MATCHES(ntt(Cpu{}, HostSpan<F>(nullptr, too_big)), Error,
                       is_invalid("NTT size " + std::to_string(too_big) + " exceeds the largest domain"));
  std::vector<F> v(8);
  NttConfig<F> zero_shift;
  zero_shift.coset = F::zero();
  CHECK_THROWS_MATCHES(ntt(Cpu{}, HostSpan<F>(v), zero_shift), Error, is_invalid("coset shift is zero"));
}
