# SPDX-License-Identifier: Apache-2.0
"""libzkforge loaded with ctypes: the C interface's types and function signatures (zkforge/zkforge.h)."""
import ctypes
import os

from . import _build

ERROR_MESSAGE_SIZE = 1024
SCALAR_BYTES = 32


class Error(ctypes.Structure):
    _fields_ = [("status", ctypes.c_int32), ("message", ctypes.c_char * ERROR_MESSAGE_SIZE)]


class Device(ctypes.Structure):
    _fields_ = [("backend", ctypes.c_char_p), ("index", ctypes.c_int32)]


class ProverOptions(ctypes.Structure):
    _fields_ = [("device", Device), ("memory", ctypes.c_int32), ("threads", ctypes.c_uint32)]


class NttOptions(ctypes.Structure):
    _fields_ = [("direction", ctypes.c_int32), ("coset", ctypes.c_void_p), ("roots", ctypes.c_int32)]


def _library_path():
    """ZKFORGE_LIBRARY if set, else the libzkforge installed with this module."""
    explicit = os.environ.get("ZKFORGE_LIBRARY")
    if explicit:
        return explicit
    return os.path.normpath(os.path.join(os.path.dirname(__file__), _build.LIBRARY_FROM_MODULE))


lib = ctypes.CDLL(_library_path())

_p, _u64, _i32, _err = ctypes.c_void_p, ctypes.c_uint64, ctypes.c_int32, ctypes.POINTER(Error)
_SIGNATURES = {
    "zkforge_version": (ctypes.c_char_p, []),
    "zkforge_backends": (ctypes.c_char_p, []),
    "zkforge_status_name": (ctypes.c_char_p, [_i32]),
    "zkforge_curve_from_name": (_i32, [ctypes.c_char_p, ctypes.POINTER(_i32), _err]),
    "zkforge_point_bytes": (_u64, [_i32, _i32]),
    "zkforge_prover_create_zkey_file": (_i32, [ctypes.POINTER(_p), ctypes.c_char_p, ctypes.POINTER(ProverOptions), _err]),
    "zkforge_prover_create_zkey": (_i32, [ctypes.POINTER(_p), ctypes.c_char_p, _u64, ctypes.POINTER(ProverOptions), _err]),
    "zkforge_prover_destroy": (None, [_p]),
    "zkforge_prover_curve": (_i32, [_p]),
    "zkforge_prover_num_wires": (_u64, [_p]),
    "zkforge_prover_num_public": (_u64, [_p]),
    "zkforge_prover_prove_wtns": (_i32, [_p, ctypes.c_char_p, _u64, ctypes.POINTER(_p), _err]),
    "zkforge_prover_prove": (_i32, [_p, ctypes.c_char_p, _u64, _i32, ctypes.POINTER(_p), _err]),
    "zkforge_proof_json": (ctypes.c_char_p, [_p]),
    "zkforge_proof_public_json": (ctypes.c_char_p, [_p]),
    "zkforge_proof_destroy": (None, [_p]),
    "zkforge_groth16_verify_json": (_i32, [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(_i32), _err]),
    "zkforge_msm": (_i32, [_i32, _i32, ctypes.POINTER(Device), ctypes.c_char_p, ctypes.c_char_p, _u64, _i32, ctypes.c_char_p, _err]),
    "zkforge_ntt": (_i32, [_i32, ctypes.POINTER(Device), ctypes.c_char_p, _u64, _i32, ctypes.POINTER(NttOptions), _err]),
}
for _name, (_restype, _argtypes) in _SIGNATURES.items():
    _f = getattr(lib, _name)
    _f.restype, _f.argtypes = _restype, _argtypes
