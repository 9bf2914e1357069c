/* SPDX-License-Identifier: Apache-2.0 */
/* supra_seal C2's interface from C99, against an installed libzkforge: the SRS handle (created with
 * the cache and without, cloned, evicted, dropped) and a batch of three circuits proved with
 * zkforge_c2_prove from what C2's callers hold (Montgomery scalars, density bitmaps and popcounts, r
 * and s), each proof equal to the one the original key gave (tests/package/c2_fixture.cpp); a popcount
 * that disagrees with its bitmap, and a missing file, are errors that say which.
 * usage: consumer DIR   (DIR holds the fixture's params.bin and batch.bin) */
#include <string.h>

#include <zkforge/zkforge.h>

#include "c_check.h"

static unsigned char* at; /* the next unread byte of batch.bin */

static uint64_t u64(void) {
  uint64_t v;
  memcpy(&v, at, 8);
  at += 8;
  return v;
}

static const void* take(uint64_t bytes) {
  const void* p = at;
  at += bytes;
  return p;
}

int main(int argc, char** argv) {
  char path[4096];
  bytes file;
  uint64_t k, i;
  zkforge_c2_batch batch;
  const void *a[3], *b[3], *c[3], *inputs[3], *aux[3];
  const zkforge_c2_proof* expected;
  zkforge_c2_proof proofs[3];
  zkforge_srs *srs = NULL, *cached = NULL, *copy;
  zkforge_error error;

  if (argc != 2) return 2;
  file = read_file(argv[1], "batch.bin");
  at = file.data;
  memset(&batch, 0, sizeof batch);
  k = batch.num_circuits = u64();
  if (k != 3) return 2;
  batch.actual_size = u64();
  batch.input_assignment_size = u64();
  batch.aux_assignment_size = u64();
  batch.a_aux_total_density = u64();
  batch.b_input_total_density = u64();
  batch.b_aux_total_density = u64();
  batch.a_aux_density = take((batch.aux_assignment_size + 63) / 64 * 8);
  batch.b_input_density = take((batch.input_assignment_size + 63) / 64 * 8);
  batch.b_aux_density = take((batch.aux_assignment_size + 63) / 64 * 8);
  for (i = 0; i < k; ++i) {
    inputs[i] = take(batch.input_assignment_size * ZKFORGE_SCALAR_BYTES);
    aux[i] = take(batch.aux_assignment_size * ZKFORGE_SCALAR_BYTES);
    a[i] = take(batch.actual_size * ZKFORGE_SCALAR_BYTES);
    b[i] = take(batch.actual_size * ZKFORGE_SCALAR_BYTES);
    c[i] = take(batch.actual_size * ZKFORGE_SCALAR_BYTES);
  }
  batch.a = a;
  batch.b = b;
  batch.c = c;
  batch.input_assignments = inputs;
  batch.aux_assignments = aux;
  batch.r = take(k * ZKFORGE_SCALAR_BYTES);
  batch.s = take(k * ZKFORGE_SCALAR_BYTES);
  expected = take(k * sizeof(zkforge_c2_proof));
  CHECK(at == file.data + file.size && sizeof(zkforge_c2_proof) == 384);

  snprintf(path, sizeof path, "%s/params.bin", argv[1]);
  CHECK(zkforge_srs_create(&srs, path, 0, &error) == ZKFORGE_OK);
  CHECK(zkforge_srs_create(&cached, path, 1, &error) == ZKFORGE_OK);
  copy = zkforge_srs_clone(cached);
  zkforge_srs_evict(cached);
  zkforge_srs_drop(cached); /* the clone keeps the parameters */

  CHECK(zkforge_c2_prove(srs, &batch, NULL, proofs, &error) == ZKFORGE_OK);
  if (error.status != ZKFORGE_OK) fprintf(stderr, "c2 prove: %s\n", error.message);
  for (i = 0; i < k; ++i) CHECK(memcmp(&proofs[i], &expected[i], sizeof proofs[i]) == 0);
  memset(proofs, 0, sizeof proofs); /* again on the same handle: the prover its first call kept */
  CHECK(zkforge_c2_prove(srs, &batch, NULL, proofs, &error) == ZKFORGE_OK);
  for (i = 0; i < k; ++i) CHECK(memcmp(&proofs[i], &expected[i], sizeof proofs[i]) == 0);
  memset(proofs, 0, sizeof proofs); /* through the clone of an evicted and dropped handle */
  CHECK(zkforge_c2_prove(copy, &batch, NULL, proofs, &error) == ZKFORGE_OK);
  for (i = 0; i < k; ++i) CHECK(memcmp(&proofs[i], &expected[i], sizeof proofs[i]) == 0);

  batch.b_aux_total_density += 1;
  CHECK(zkforge_c2_prove(srs, &batch, NULL, proofs, &error) == ZKFORGE_ERROR_SIZE_MISMATCH);
  CHECK(strstr(error.message, "b_aux_density") != NULL);
  zkforge_srs_drop(copy);
  zkforge_srs_drop(srs);

  snprintf(path, sizeof path, "%s/missing.params", argv[1]);
  CHECK(zkforge_srs_create(&srs, path, 1, &error) == ZKFORGE_ERROR_IO);
  CHECK(strstr(error.message, "missing.params") != NULL);
  free(file.data);
  printf("c2 consumer: %s\n", failures == 0 ? "ok" : "FAILED");
  return failures == 0 ? 0 : 1;
}
