# SPDX-License-Identifier: Apache-2.0
"""zkforge from Python: Groth16 proofs of snarkjs keys, their verification, MSM and NTT (ctypes over libzkforge).

Scalars are Python ints (canonical, below the curve's r); points are bytes in snarkjs' layout
(point_bytes(curve, group) each). Curves are named as everywhere in zkforge: "bn254" (or "bn128",
"alt_bn128") and "bls12_381" (or "bls12381", "bls12-381"). Every failure raises ZkforgeError, whose
status and message are libzkforge's.
"""
import ctypes
import os

from ._native import SCALAR_BYTES, Device, Error, NttOptions, ProverOptions, lib

__all__ = ["ZkforgeError", "Prover", "Proof", "verify", "msm", "ntt", "point_bytes", "version", "backends"]

_MEMORY = {"pooled": 0, "synchronous": 1, "deferred": 2}
_GROUPS = {"g1": 1, "g2": 2}
_ROOTS = {"zkcrypto": 0, "snarkjs": 1}


class ZkforgeError(Exception):
    """A libzkforge call failed: status is its zkforge_status, message names the cause."""

    def __init__(self, status, message):
        super().__init__(message)  # libzkforge's message starts with the status's name
        self.status = status
        self.message = message


_INVALID_ARGUMENT, _SIZE_MISMATCH, _NOT_CANONICAL = 6, 7, 3


def _fail(status, message):
    """A ZkforgeError found here, before libzkforge is called: its message as libzkforge's would start."""
    raise ZkforgeError(status, lib.zkforge_status_name(status).decode() + ": " + message)


def _check(call, *args):
    error = Error()
    status = call(*args, ctypes.byref(error))
    if status != 0:
        raise ZkforgeError(status, error.message.decode(errors="replace"))


def _text(value, what):
    """A str (or a path: os.fsencode's bytes) as the NUL-terminated bytes C reads; an embedded NUL would
    cut it short."""
    raw = value.encode() if isinstance(value, str) else os.fsencode(value)
    if b"\0" in raw:
        _fail(_INVALID_ARGUMENT, what + " holds a NUL byte")
    return raw


def _choice(table, name, what):
    if name not in table:
        _fail(_INVALID_ARGUMENT, "%s %r is none of %s" % (what, name, ", ".join(table)))
    return table[name]


def version():
    return lib.zkforge_version().decode()


def backends():
    return lib.zkforge_backends().decode().split(",")


def _curve(name):
    curve = ctypes.c_int32()
    _check(lib.zkforge_curve_from_name, _text(name, "the curve name"), ctypes.byref(curve))
    return curve.value


def _device(backend, device):
    if not 0 <= device < 2**31:  # ctypes would wrap it into the 32-bit field
        _fail(_INVALID_ARGUMENT, "%d is not a device index" % device)
    return Device(_text(backend, "the backend name"), device)


def point_bytes(curve, group="g1"):
    return lib.zkforge_point_bytes(_curve(curve), _choice(_GROUPS, group, "group"))


def _scalar_bytes(values, name=None):
    """32 little-endian bytes per value; an error names value i as "scalar i", or as `name`."""
    out = []
    for i, v in enumerate(values):
        v = int(v)
        if not 0 <= v < 2 ** (8 * SCALAR_BYTES):
            _fail(_NOT_CANONICAL, "%s is not below 2^%d" % (name or "scalar %d" % i, 8 * SCALAR_BYTES))
        out.append(v.to_bytes(SCALAR_BYTES, "little"))
    return b"".join(out)


class Proof:
    """snarkjs' proof.json and public.json texts of one proof."""

    def __init__(self, proof_json, public_json):
        self.proof_json = proof_json
        self.public_json = public_json


class Prover:
    """A Groth16 prover of a snarkjs .zkey (a path, or the file's bytes), read once.

    prove_wtns and prove may be called from several threads at once.
    """

    _handle = None

    def __init__(self, zkey, backend="cpu", device=0, memory="pooled", threads=0):
        if not 0 <= threads < 2**32:  # ctypes would wrap a negative count to a huge one
            _fail(_INVALID_ARGUMENT, "threads %d is not a count of threads (0 uses every core)" % threads)
        options = ProverOptions(_device(backend, device), _choice(_MEMORY, memory, "memory policy"), threads)
        handle = ctypes.c_void_p()
        if isinstance(zkey, (bytes, bytearray)):
            _check(lib.zkforge_prover_create_zkey, ctypes.byref(handle), bytes(zkey), len(zkey), ctypes.byref(options))
        else:
            _check(lib.zkforge_prover_create_zkey_file, ctypes.byref(handle), _text(os.fsencode(zkey), "the key path"),
                   ctypes.byref(options))
        self._handle = handle

    def close(self):
        if self._handle:
            lib.zkforge_prover_destroy(self._handle)
            self._handle = None

    def __del__(self):
        self.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _open(self):
        if not self._handle:
            _fail(_INVALID_ARGUMENT, "the prover is closed")
        return self._handle

    @property
    def num_wires(self):
        return lib.zkforge_prover_num_wires(self._open())

    @property
    def num_public(self):
        return lib.zkforge_prover_num_public(self._open())

    def _proof(self, call, *args):
        proof = ctypes.c_void_p()
        _check(call, self._open(), *args, ctypes.byref(proof))
        try:
            return Proof(lib.zkforge_proof_json(proof).decode(), lib.zkforge_proof_public_json(proof).decode())
        finally:
            lib.zkforge_proof_destroy(proof)

    def prove_wtns(self, wtns):
        """A proof of a circom witness file's bytes."""
        return self._proof(lib.zkforge_prover_prove_wtns, bytes(wtns), len(wtns))

    def prove(self, witness):
        """A proof of the whole witness: ints, wire 0 = 1, then the public inputs, then the private wires."""
        witness = list(witness)
        return self._proof(lib.zkforge_prover_prove, _scalar_bytes(witness), len(witness), 0)


def verify(verification_key_json, public_json, proof_json):
    """True if snarkjs' proof satisfies the verification key for the public inputs (JSON texts)."""
    valid = ctypes.c_int32(-1)
    _check(lib.zkforge_groth16_verify_json, _text(verification_key_json, "the verification key"),
           _text(public_json, "the public inputs"), _text(proof_json, "the proof"), ctypes.byref(valid))
    return valid.value == 1


def msm(curve, points, scalars, group="g1", backend="cpu", device=0):
    """sum scalars[i] * points[i]: points as bytes (point_bytes each), scalars as ints; one point's bytes."""
    scalars = list(scalars)
    points = bytes(points)
    size = point_bytes(curve, group)
    if len(points) != len(scalars) * size:
        _fail(_SIZE_MISMATCH, "%d bytes of points for %d scalars: %d bytes a point" % (len(points), len(scalars), size))
    result = ctypes.create_string_buffer(size)
    _check(lib.zkforge_msm, _curve(curve), _GROUPS[group], ctypes.byref(_device(backend, device)), points,
           _scalar_bytes(scalars), len(scalars), 0, result)
    return result.raw


def ntt(curve, values, inverse=False, coset=None, roots="zkcrypto", backend="cpu", device=0):
    """The NTT of len(values) = 2^k ints, natural order in and out: forward evaluates at coset * omega^i,
    inverse interpolates from there (coset None: 1)."""
    values = list(values)
    data = ctypes.create_string_buffer(_scalar_bytes(values), len(values) * SCALAR_BYTES)
    shift = ctypes.create_string_buffer(_scalar_bytes([coset], "the coset shift"), SCALAR_BYTES) if coset is not None else None
    options = NttOptions(1 if inverse else 0, ctypes.cast(shift, ctypes.c_void_p) if shift else None,
                         _choice(_ROOTS, roots, "root convention"))
    _check(lib.zkforge_ntt, _curve(curve), ctypes.byref(_device(backend, device)), data, len(values), 0,
           ctypes.byref(options))
    raw = data.raw
    return [int.from_bytes(raw[i:i + SCALAR_BYTES], "little") for i in range(0, len(raw), SCALAR_BYTES)]
