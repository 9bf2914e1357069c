// SPDX-License-Identifier: Apache-2.0
// Published test vectors: generators and small multiples of G1 and G2 of BLS12-381 and BN254.
//
// BLS12-381: the zcash/zkcrypto serialisation of the generators and of 2G (zkcrypto/bls12_381's
// tests, the IETF pairing-friendly-curves draft). BN254: the generators of EIP-196/197 and 2G.
#include <catch2/catch.hpp>

#include "support/hex_bytes.hpp"
#include "zkforge/curve/bn254.hpp"
#include "zkforge/curve/encoding_zcash.hpp"

using namespace zkforge;
using test::bytes_from_hex;
using test::hex_from_bytes;

namespace {

template <class C>
Affine<C> times(std::uint64_t k) {
  return Jacobian<C>::from_affine(C::generator()).mul(BigInt<1>::from_u64(k)).to_affine();
}

}  // namespace

TEST_CASE("BLS12-381 G1: compressed generator, 2G, 3G and infinity", "[curve][vectors]") {
  using namespace bls12_381;
  const char* g = "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
  const char* g2 = "a572cbea904d67468808c8eb50a9450c9721db309128012543902d0ac358a62ae28f75bb8f1c7c42c39a8c5529bf0f4e";
  const char* g3 = "89ece308f9d1f0131765212deca99697b112d61f9be9a5f1f3780a51335b3ff981747a0b2ca2179b96d2c0c9024e5224";
  CHECK(hex_from_bytes(zcash::compress(G1Affine::generator())) == g);
  CHECK(hex_from_bytes(zcash::compress(times<G1Curve>(2))) == g2);
  CHECK(hex_from_bytes(zcash::compress(times<G1Curve>(3))) == g3);
  CHECK(hex_from_bytes(zcash::compress(G1Affine::identity())) == "c0" + std::string(94, '0'));
  const auto b = bytes_from_hex(g2);
  CHECK(zcash::decompress<G1Curve>(b.data(), b.size()) == times<G1Curve>(2));
}

TEST_CASE("BLS12-381 G1: uncompressed generator", "[curve][vectors]") {
  using namespace bls12_381;
  const char* g =
      "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb"
      "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1";
  CHECK(hex_from_bytes(zcash::serialize(G1Affine::generator())) == g);
  const auto b = bytes_from_hex(g);
  CHECK(zcash::deserialize<G1Curve>(b.data(), b.size()) == G1Affine::generator());
}

TEST_CASE("BLS12-381 G2: compressed generator and 2G", "[curve][vectors]") {
  using namespace bls12_381;
  const char* g =
      "93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e"
      "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8";
  const char* g2 =
      "aa4edef9c1ed7f729f520e47730a124fd70662a904ba1074728114d1031e1572c6c886f6b57ec72a6178288c47c33577"
      "1638533957d540a9d2370f17cc7ed5863bc0b995b8825e0ee1ea1e1e4d00dbae81f14b0bf3611b78c952aacab827a053";
  CHECK(hex_from_bytes(zcash::compress(G2Affine::generator())) == g);
  CHECK(hex_from_bytes(zcash::compress(times<G2Curve>(2))) == g2);
  const auto b = bytes_from_hex(g);
  CHECK(zcash::decompress<G2Curve>(b.data(), b.size()) == G2Affine::generator());
}

TEST_CASE("BN254 G1: generator (1, 2) and 2G of EIP-196", "[curve][vectors]") {
  using namespace bn254;
  CHECK(G1Affine::generator().x == Fq::from_u64(1));
  CHECK(G1Affine::generator().y == Fq::from_u64(2));
  const auto p = times<G1Curve>(2);
  CHECK(p.x == Fq::from_hex("0x030644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd3"));
  CHECK(p.y == Fq::from_hex("0x15ed738c0e0a7c92e7845f96b2ae9c0a68a6a449e3538fc7ff3ebf7a5a18a2c4"));
}

TEST_CASE("BN254 G2: the EIP-197 generator is on the twist, 2G matches", "[curve][vectors]") {
  using namespace bn254;
  CHECK(G2Affine::generator().is_on_curve());
  CHECK(G2Curve::b() * Fq2{Fq::from_u64(9), Fq::from_u64(1)} == Fq2{Fq::from_u64(3), Fq::zero()});
  const auto p = times<G2Curve>(2);
  CHECK(p.x == Fq2{Fq::from_hex("0x27dc7234fd11d3e8c36c59277c3e6f149d5cd3cfa9a62aee49f8130962b4b3b9"),
                   Fq::from_hex("0x203e205db4f19b37b60121b83a7333706db86431c6d835849957ed8c3928ad79")});
  CHECK(p.y == Fq2{Fq::from_hex("0x04bb53b8977e5f92a0bc372742c4830944a59b4fe6b1c0466e2a6dad122b5d2e"),
                   Fq::from_hex("0x195e8aa5b7827463722b8c153931579d3505566b4edf48d498e185f0509de152")});
}
