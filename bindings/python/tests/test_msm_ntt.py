# SPDX-License-Identifier: Apache-2.0
"""MSM and NTT against Python's own integers: BN254 G1 sums by affine double-and-add (G2: linearity), and the NTT as
the plain sum over the domain (forward, inverse, coset), with zkcrypto's roots."""
import random

import pytest

import zkforge

Q = 21888242871839275222246405745257275088696311157297823662689037894645226208583  # BN254 base field
R = 21888242871839275222246405745257275088548364400416034343698204186575808495617  # BN254 scalar field
GENERATOR = 5  # BN254 Fr's multiplicative generator: zkcrypto's roots are 5^((r-1)/n)


def add(p, q):
    """Affine sum on y^2 = x^3 + 3 over Fq; None is the point at infinity."""
    if p is None:
        return q
    if q is None:
        return p
    if p[0] == q[0] and (p[1] + q[1]) % Q == 0:
        return None
    if p == q:
        slope = 3 * p[0] * p[0] * pow(2 * p[1], -1, Q) % Q
    else:
        slope = (q[1] - p[1]) * pow(q[0] - p[0], -1, Q) % Q
    x = (slope * slope - p[0] - q[0]) % Q
    return x, (slope * (p[0] - x) - p[1]) % Q


def mul(k, p):
    out = None
    while k:
        if k & 1:
            out = add(out, p)
        p = add(p, p)
        k >>= 1
    return out


def encode(p):
    """snarkjs' layout: x then y, little-endian Montgomery (x * 2^256 mod q); infinity all zeros."""
    if p is None:
        return bytes(64)
    return b"".join((c * 2**256 % Q).to_bytes(32, "little") for c in p)


def test_msm_matches_double_and_add():
    rng = random.Random(7)
    points = [mul(rng.randrange(1, R), (1, 2)) for _ in range(20)] + [None]
    scalars = [rng.randrange(R) for _ in points[:-3]] + [0, 1, R - 1]
    expected = None
    for k, p in zip(scalars, points):
        expected = add(expected, mul(k, p))
    assert zkforge.point_bytes("bn128") == 64
    got = zkforge.msm("bn254", b"".join(encode(p) for p in points), scalars)
    assert got == encode(expected)


def test_msm_refuses_scalars_and_points_out_of_range():
    with pytest.raises(zkforge.ZkforgeError, match="scalar 0 is not below r"):
        zkforge.msm("bn254", encode((1, 2)), [R])
    with pytest.raises(zkforge.ZkforgeError, match="not on the curve"):
        zkforge.msm("bn254", encode((1, 3)), [1])
    for k in (-1, 2**256):
        with pytest.raises(zkforge.ZkforgeError, match="scalar 0 is not below 2\\^256") as wide:
            zkforge.msm("bn254", encode((1, 2)), [k])
        assert wide.value.status == 3  # ZKFORGE_ERROR_NOT_CANONICAL


def test_msm_refuses_points_that_are_not_one_per_scalar():
    p = encode((1, 2))
    for points, scalars in ((b"", [1]), (p, [1, 1]), (p + p, [5]), (p[:-1], [1])):
        with pytest.raises(zkforge.ZkforgeError, match="bytes of points for") as mismatch:
            zkforge.msm("bn254", points, scalars)
        assert mismatch.value.status == 7  # ZKFORGE_ERROR_SIZE_MISMATCH
    with pytest.raises(zkforge.ZkforgeError, match="group 'g3' is none of g1, g2"):
        zkforge.msm("bn254", p, [1], group="g3")


def evaluate(coefficients, at):
    return sum(c * pow(at, j, R) for j, c in enumerate(coefficients)) % R


@pytest.mark.parametrize("coset", [None, 7])
def test_ntt_is_the_sum_over_the_domain(coset):
    rng = random.Random(11)
    n = 16
    omega = pow(GENERATOR, (R - 1) // n, R)
    shift = coset or 1
    values = [rng.randrange(R) for _ in range(n)]
    forward = zkforge.ntt("bn254", values, coset=coset)
    assert forward == [evaluate(values, shift * pow(omega, i, R) % R) for i in range(n)]
    assert zkforge.ntt("bn254", forward, inverse=True, coset=coset) == values


def test_ntt_refuses_sizes_that_are_not_powers_of_two():
    with pytest.raises(zkforge.ZkforgeError, match="not a power of two"):
        zkforge.ntt("bn254", [1, 2, 3])


def test_g2_msm_is_linear():
    # BN254 G2's generator (EIP-197), coordinates c0 + c1 u
    x = (10857046999023057135944570762232829481370756359578518086990519993285655852781,
         11559732032986387107991004021392285783925812861821192530917403151452391805634)
    y = (8495653923123431417604973247489272438418190587263600148770280649306958101930,
         4082367875863433681332203403145435568316851327593401208105741076214120093531)
    g2 = b"".join((c * 2**256 % Q).to_bytes(32, "little") for c in x + y)
    assert zkforge.point_bytes("bn254", "g2") == len(g2)
    a, b = 12345, R - 3
    twice = zkforge.msm("bn254", g2 + g2, [a, b], group="g2")
    assert twice == zkforge.msm("bn254", g2, [(a + b) % R], group="g2")
    assert twice != zkforge.msm("bn254", g2, [a + b - R + 1], group="g2")
