/* SPDX-License-Identifier: Apache-2.0 */
/* A program written against rapidsnark's prover API, as its command-line prover uses it: sizes from
 * groth16_proof_size and groth16_public_size_for_zkey_file, a prover object from the zkey file, one
 * proof of a .wtns read into memory (buffers grown once on PROVER_ERROR_SHORT_BUFFER), proof.json and
 * public.json written. Built with `cc sample.c $(pkg-config --cflags --libs zkforge)`.
 * usage: sample circuit.zkey witness.wtns proof.json public.json */
#include <stdio.h>
#include <stdlib.h>

#include <zkforge/rapidsnark.h>

static int write_text(const char* path, const char* text) {
  FILE* f = fopen(path, "w");
  int ok = f != NULL && fputs(text, f) >= 0;
  if (f != NULL) ok = fclose(f) == 0 && ok;
  return ok;
}

int main(int argc, char** argv) {
  char error[256];
  unsigned long long proof_size = 0, public_size = 0, wtns_size;
  char *proof, *pub;
  unsigned char* wtns;
  void* prover = NULL;
  FILE* f;
  int rc;

  if (argc != 5) {
    fprintf(stderr, "usage: %s circuit.zkey witness.wtns proof.json public.json\n", argv[0]);
    return 2;
  }
  f = fopen(argv[2], "rb");
  if (f == NULL) return 2;
  fseek(f, 0, SEEK_END);
  wtns_size = (unsigned long long)ftell(f);
  fseek(f, 0, SEEK_SET);
  wtns = malloc(wtns_size);
  if (fread(wtns, 1, wtns_size, f) != wtns_size) return 2;
  fclose(f);

  groth16_proof_size(&proof_size);
  if (groth16_public_size_for_zkey_file(argv[1], &public_size, error, sizeof error) != PROVER_OK ||
      groth16_prover_create_zkey_file(&prover, argv[1], error, sizeof error) != PROVER_OK) {
    fprintf(stderr, "sample: %s\n", error);
    return 1;
  }
  proof = malloc(proof_size);
  pub = malloc(public_size);
  rc = groth16_prover_prove(prover, wtns, wtns_size, proof, &proof_size, pub, &public_size, error, sizeof error);
  if (rc == PROVER_ERROR_SHORT_BUFFER) {
    proof = realloc(proof, proof_size);
    pub = realloc(pub, public_size);
    rc = groth16_prover_prove(prover, wtns, wtns_size, proof, &proof_size, pub, &public_size, error, sizeof error);
  }
  groth16_prover_destroy(prover);
  if (rc != PROVER_OK) {
    fprintf(stderr, "sample: prove failed (%d): %s\n", rc, error);
    return 1;
  }
  if (!write_text(argv[3], proof) || !write_text(argv[4], pub)) return 1;
  printf("sample: %llu-byte proof, %llu-byte public signals\n", proof_size, public_size);
  free(proof);
  free(pub);
  free(wtns);
  return 0;
}
