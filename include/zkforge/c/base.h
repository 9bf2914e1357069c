/* SPDX-License-Identifier: Apache-2.0 */
/* What every call of zkforge's C interface shares: status codes and the error record, curves, scalar
 * forms, where work runs (backend and device), the library's version.
 *
 * Conventions of the whole C interface (libzkforge, C99):
 *   - every call that can fail returns a zkforge_status (ZKFORGE_OK = 0) and takes a last argument
 *     `zkforge_error* error` (NULL allowed) that receives the same status and a message naming the
 *     cause (file, section, byte offset, index, expected against found); no C++ exception crosses;
 *   - handles are opaque pointers made by a *_create call and given back by its *_destroy;
 *   - sizes are uint64_t counts of elements unless they say bytes; scalars are 32 bytes little-endian,
 *     in the form the call's zkforge_scalar_form names; points use snarkjs' layout (below).
 * Thread safety: calls on distinct handles never interfere; what each handle allows is said where it
 * is declared. Errors are reported only through `error`: there is no global or thread-local state. */
#ifndef ZKFORGE_C_BASE_H
#define ZKFORGE_C_BASE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int32_t zkforge_status;
enum {
  ZKFORGE_OK = 0,
  ZKFORGE_ERROR_INVALID_LENGTH = 1,      /* an encoding or buffer of the wrong size */
  ZKFORGE_ERROR_INVALID_FLAGS = 2,       /* flag bits that contradict the encoding or each other */
  ZKFORGE_ERROR_NOT_CANONICAL = 3,       /* a field element or scalar not below its modulus */
  ZKFORGE_ERROR_NOT_ON_CURVE = 4,        /* coordinates that do not satisfy the curve equation */
  ZKFORGE_ERROR_NOT_IN_SUBGROUP = 5,     /* a point outside the prime-order subgroup */
  ZKFORGE_ERROR_INVALID_ARGUMENT = 6,    /* a value outside what the call accepts (a NULL pointer too) */
  ZKFORGE_ERROR_SIZE_MISMATCH = 7,       /* two sizes that must agree do not */
  ZKFORGE_ERROR_MALFORMED_FILE = 8,      /* a key, witness or parameter file whose structure is wrong */
  ZKFORGE_ERROR_BACKEND_UNAVAILABLE = 9, /* a backend this library was not built with */
  ZKFORGE_ERROR_DEVICE = 10,             /* an error reported by a GPU runtime */
  ZKFORGE_ERROR_OUT_OF_MEMORY = 11,      /* an allocation that could not be served */
  ZKFORGE_ERROR_RANDOM_SOURCE = 12,      /* the operating system's random source failed */
  ZKFORGE_ERROR_INTERNAL = 13,           /* a failure zkforge did not foresee: a bug, please report it */
  ZKFORGE_ERROR_IO = 14                  /* a file that cannot be opened, read or written (the message names it) */
};

#define ZKFORGE_ERROR_MESSAGE_SIZE 1024

typedef struct zkforge_error {
  zkforge_status status;
  char message[ZKFORGE_ERROR_MESSAGE_SIZE]; /* NUL-terminated, cut to fit; "" when status is ZKFORGE_OK */
} zkforge_error;

/* "ok", "not on curve", ...: the name of a status. */
const char* zkforge_status_name(zkforge_status status);

/* The library's version, "MAJOR.MINOR.PATCH" (zkforge/version.h has the headers' own). */
const char* zkforge_version(void);

typedef int32_t zkforge_curve;
enum {
  ZKFORGE_CURVE_BN254 = 0,    /* alt_bn128, snarkjs' bn128 */
  ZKFORGE_CURVE_BLS12_381 = 1 /* snarkjs' bls12381 */
};

/* The curve a name stands for: "bn254", "bn128", "alt_bn128"; "bls12_381", "bls12381", "bls12-381". */
zkforge_status zkforge_curve_from_name(const char* name, zkforge_curve* curve, zkforge_error* error);

typedef int32_t zkforge_group;
enum { ZKFORGE_G1 = 1, ZKFORGE_G2 = 2 };

/* Bytes of one point in snarkjs' layout: affine x then y, each base-field element little-endian in
 * Montgomery form (an Fq2 element as c0 then c1), the point at infinity all zero bytes. BN254: 64 (G1)
 * and 128 (G2); BLS12-381: 96 and 192 (for BLS12-381 the same bytes as blst's affine points). 0 for
 * an unknown curve or group. */
uint64_t zkforge_point_bytes(zkforge_curve curve, zkforge_group group);

typedef int32_t zkforge_scalar_form;
enum {
  ZKFORGE_SCALAR_CANONICAL = 0, /* the integer itself, below r */
  ZKFORGE_SCALAR_MONTGOMERY = 1 /* x * 2^256 mod r (blst_fr, arkworks, supra_seal) */
};

#define ZKFORGE_SCALAR_BYTES 32

/* Where work runs: a backend by name and, for a GPU backend, the device's index. A call on a GPU
 * backend makes its device the calling thread's current one (cudaSetDevice, hipSetDevice) and leaves
 * it so. */
typedef struct zkforge_device {
  const char* backend; /* "cpu", "cuda" or "hip"; NULL means "cpu" */
  int32_t index;       /* GPU index (0 for "cpu"); an index with no GPU is ZKFORGE_ERROR_INVALID_ARGUMENT */
} zkforge_device;

/* The backends built into this library, comma-separated: "cpu", "cpu,cuda" or "cpu,hip". */
const char* zkforge_backends(void);

#ifdef __cplusplus
}
#endif

#endif /* ZKFORGE_C_BASE_H */
