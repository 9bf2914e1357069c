/* SPDX-License-Identifier: Apache-2.0 */
/* The C interface from C99, against an installed libzkforge: the version, curve names, a prover of
 * the bundled bn128 circuit proving from a .wtns and from a witness array (also from four threads at
 * once), every proof checked by zkforge's verifier and a changed public input refused; errors that
 * name their cause; rapidsnark's buffer protocol and return codes; the NTT there and back; the MSM's
 * identity and its refusal of a point off the curve.
 * With COMPILED_DIR/chain.zkf, chain1018's bn128 key compiled (zkforge key compile): provers of it from
 * its file and from its bytes (changed after the prover is made), and a damaged copy refused naming the damage.
 * usage: consumer DATA_DIR [COMPILED_DIR]   (DATA_DIR: tests/data, holding chain1018/ and groth16/); the
 * provers run on the CPU, or on the backend ZKFORGE_TEST_BACKEND names (cuda, hip) when it is set. */
#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS beside C99 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <zkforge/rapidsnark.h>
#include <zkforge/zkforge.h>

#include "c_check.h"

static uint32_t u32_at(const unsigned char* p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The values of a .wtns (section 2) and their count, from the iden3 container's section table. */
static const unsigned char* wtns_values(bytes wtns, uint64_t* count) {
  size_t at = 12;
  uint32_t sections = u32_at(wtns.data + 8), i;
  for (i = 0; i < sections; ++i) {
    uint32_t id = u32_at(wtns.data + at);
    uint64_t size = u32_at(wtns.data + at + 4) | (uint64_t)u32_at(wtns.data + at + 8) << 32;
    if (id == 2) {
      *count = size / ZKFORGE_SCALAR_BYTES;
      return wtns.data + at + 12;
    }
    at += 12 + (size_t)size;
  }
  return NULL;
}

static const char* data_dir;
static bytes vk_json;

/* A copy of `size` bytes that ends where an unreadable page begins (a read past it faults), or NULL. */
static unsigned char* before_guard_page(const unsigned char* data, size_t size, void** map, size_t* map_size) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t pages = (size + page - 1) / page;
  unsigned char* base;
  *map_size = (pages + 1) * page;
  *map = mmap(NULL, *map_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (*map == MAP_FAILED) return NULL;
  base = *map;
  if (mprotect(base + pages * page, page, PROT_NONE) != 0) return NULL;
  memcpy(base + pages * page - size, data, size);
  return base + pages * page - size;
}

static int verifies(const zkforge_proof* proof) {
  int32_t valid = -1;
  zkforge_error error;
  zkforge_status s = zkforge_groth16_verify_json((const char*)vk_json.data, zkforge_proof_public_json(proof),
                                                 zkforge_proof_json(proof), &valid, &error);
  if (s != ZKFORGE_OK) fprintf(stderr, "verify: %s\n", error.message);
  return s == ZKFORGE_OK && valid == 1;
}

typedef struct {
  const zkforge_prover* prover;
  bytes wtns;
  int ok;
} job;

static void* prove_in_thread(void* arg) {
  job* j = arg;
  zkforge_proof* proof = NULL;
  j->ok = zkforge_prover_prove_wtns(j->prover, j->wtns.data, j->wtns.size, &proof, NULL) == ZKFORGE_OK &&
          verifies(proof);
  zkforge_proof_destroy(proof);
  return NULL;
}

static void test_prover(void) {
  char dir[4096];
  zkforge_prover* prover = NULL;
  zkforge_proof* proof = NULL;
  zkforge_error error;
  zkforge_prover_options options = zkforge_prover_options_default();
  bytes wtns, short_wtns;
  uint64_t count = 0;
  const unsigned char* values;
  pthread_t threads[4];
  job jobs[4];
  int i;
  void* map = NULL;
  size_t map_size = 0;
  unsigned char* guarded;
  int32_t valid = -1;
  char *changed, *at;

  snprintf(dir, sizeof dir, "%s/chain1018/bn128", data_dir);
  vk_json = read_file(dir, "verification_key.json");
  wtns = read_file(dir, "witness.wtns");
  snprintf(dir + strlen(dir), sizeof dir - strlen(dir), "/chain.zkey");
  options.threads = 2;
  if (getenv("ZKFORGE_TEST_BACKEND") != NULL) options.device.backend = getenv("ZKFORGE_TEST_BACKEND");
  CHECK(zkforge_prover_create_zkey_file(&prover, dir, &options, &error) == ZKFORGE_OK);
  CHECK(zkforge_prover_curve(prover) == ZKFORGE_CURVE_BN254);
  CHECK(zkforge_prover_num_public(prover) == 3);

  CHECK(zkforge_prover_prove_wtns(prover, wtns.data, wtns.size, &proof, &error) == ZKFORGE_OK);
  CHECK(verifies(proof));
  /* A changed public input: the same proof no longer verifies. */
  changed = malloc(strlen(zkforge_proof_public_json(proof)) + 2);
  strcpy(changed, zkforge_proof_public_json(proof));
  /* the last digit of the first value, changed by one: still below r */
  at = strchr(changed + 2, '"') - 1;
  *at = (char)('0' + ((*at - '0') ^ 1));
  CHECK(zkforge_groth16_verify_json((const char*)vk_json.data, changed, zkforge_proof_json(proof), &valid, &error) ==
        ZKFORGE_OK);
  CHECK(valid == 0);
  if (valid != 0) fprintf(stderr, "changed public inputs %s: %s\n", changed, error.message);
  free(changed);
  zkforge_proof_destroy(proof);

  values = wtns_values(wtns, &count);
  CHECK(values != NULL && count == zkforge_prover_num_wires(prover));
  CHECK(zkforge_prover_prove(prover, values, count, ZKFORGE_SCALAR_CANONICAL, &proof, &error) == ZKFORGE_OK);
  CHECK(verifies(proof));
  zkforge_proof_destroy(proof);
  CHECK(zkforge_prover_prove(prover, values, count - 1, ZKFORGE_SCALAR_CANONICAL, &proof, &error) ==
        ZKFORGE_ERROR_SIZE_MISMATCH);
  CHECK(strstr(error.message, "the witness has") != NULL);
  /* A count one past the buffer, which ends at an unreadable page: refused before any value is read. */
  guarded = before_guard_page(values, count * ZKFORGE_SCALAR_BYTES, &map, &map_size);
  CHECK(guarded != NULL);
  CHECK(zkforge_prover_prove(prover, guarded, count + 1, ZKFORGE_SCALAR_CANONICAL, &proof, &error) ==
        ZKFORGE_ERROR_SIZE_MISMATCH);
  CHECK(strstr(error.message, "the witness has 1025 values, the key 1024 wires") != NULL);
  munmap(map, map_size);

  for (i = 0; i < 4; ++i) {
    jobs[i].prover = prover;
    jobs[i].wtns = wtns;
    jobs[i].ok = 0;
    CHECK(pthread_create(&threads[i], NULL, prove_in_thread, &jobs[i]) == 0);
  }
  for (i = 0; i < 4; ++i) {
    pthread_join(threads[i], NULL);
    CHECK(jobs[i].ok);
  }

  snprintf(dir, sizeof dir, "%s/groth16/bn128", data_dir);
  short_wtns = read_file(dir, "witness.wtns");
  CHECK(zkforge_prover_prove_wtns(prover, short_wtns.data, short_wtns.size, &proof, &error) ==
        ZKFORGE_ERROR_SIZE_MISMATCH);
  zkforge_prover_destroy(prover);

  CHECK(zkforge_prover_create_zkey_file(&prover, "/nonexistent.zkey", NULL, &error) == ZKFORGE_ERROR_IO);
  CHECK(strstr(error.message, "/nonexistent.zkey") != NULL);
  options.device.backend = "vulkan";
  CHECK(zkforge_prover_create_zkey(&prover, wtns.data, wtns.size, &options, &error) ==
        ZKFORGE_ERROR_BACKEND_UNAVAILABLE);
  CHECK(strstr(error.message, "'vulkan'") != NULL);
  /* More threads than a prover may ask for: refused before any thread is started. */
  options = zkforge_prover_options_default();
  options.threads = UINT32_MAX;
  snprintf(dir, sizeof dir, "%s/chain1018/bn128/chain.zkey", data_dir);
  CHECK(zkforge_prover_create_zkey_file(&prover, dir, &options, &error) == ZKFORGE_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(error.message, "threads 4294967295 is more than 1024") != NULL);
  /* The calls that only read a handle take NULL. */
  CHECK(zkforge_prover_curve(NULL) == -1);
  CHECK(zkforge_prover_num_wires(NULL) == 0 && zkforge_prover_num_public(NULL) == 0);
  CHECK(zkforge_proof_json(NULL) == NULL && zkforge_proof_public_json(NULL) == NULL);
  free(short_wtns.data);
  free(wtns.data);
}

/* A prover of the compiled key in `folder`, made from the file and from its bytes, proves what verifies;
 * the bytes with one flipped in the first section are refused. */
static void test_compiled_key(const char* folder) {
  char dir[4096], path[4096];
  zkforge_prover* from_file = NULL;
  zkforge_prover* from_bytes = NULL;
  zkforge_proof* proof = NULL;
  zkforge_error error;
  zkforge_prover_options options = zkforge_prover_options_default();
  bytes key, wtns;

  snprintf(dir, sizeof dir, "%s/chain1018/bn128", data_dir);
  wtns = read_file(dir, "witness.wtns");
  key = read_file(folder, "chain.zkf");
  snprintf(path, sizeof path, "%s/chain.zkf", folder);
  options.threads = 2;
  if (getenv("ZKFORGE_TEST_BACKEND") != NULL) options.device.backend = getenv("ZKFORGE_TEST_BACKEND");
  CHECK(zkforge_prover_create_zkey_file(&from_file, path, &options, &error) == ZKFORGE_OK);
  CHECK(zkforge_prover_curve(from_file) == ZKFORGE_CURVE_BN254);
  CHECK(zkforge_prover_num_public(from_file) == 3);
  CHECK(zkforge_prover_prove_wtns(from_file, wtns.data, wtns.size, &proof, &error) == ZKFORGE_OK);
  CHECK(verifies(proof));
  zkforge_proof_destroy(proof);
  zkforge_prover_destroy(from_file);

  CHECK(zkforge_prover_create_zkey(&from_bytes, key.data, key.size, &options, &error) == ZKFORGE_OK);
  key.data[4096 + 100] ^= 1; /* inside section 1: the bytes are the caller's, the prover has its own */
  CHECK(zkforge_prover_num_wires(from_bytes) == 1024);
  CHECK(zkforge_prover_prove_wtns(from_bytes, wtns.data, wtns.size, &proof, &error) == ZKFORGE_OK);
  CHECK(verifies(proof));
  zkforge_proof_destroy(proof);
  zkforge_prover_destroy(from_bytes);

  CHECK(zkforge_prover_create_zkey(&from_bytes, key.data, key.size, &options, &error) == ZKFORGE_ERROR_MALFORMED_FILE);
  CHECK(strstr(error.message, "key buffer at byte 4096: section 1 (points") != NULL);
  CHECK(strstr(error.message, "the section is damaged") != NULL);
  free(key.data);
  free(wtns.data);
}

static void test_rapidsnark(void) {
  char path[4096], proof[4096], pub[1024], message[256];
  unsigned long long proof_size = 10, public_size = sizeof pub, capacity = 0;
  void* prover = NULL;
  bytes wtns, short_wtns;

  snprintf(path, sizeof path, "%s/chain1018/bn128", data_dir);
  wtns = read_file(path, "witness.wtns");
  snprintf(path + strlen(path), sizeof path - strlen(path), "/chain.zkey");
  CHECK(groth16_prover_create_zkey_file(&prover, path, message, sizeof message) == PROVER_OK);
  /* A short proof buffer: the sizes needed come back, the terminator counted. */
  CHECK(groth16_prover_prove(prover, wtns.data, wtns.size, proof, &proof_size, pub, &public_size, message,
                             sizeof message) == PROVER_ERROR_SHORT_BUFFER);
  CHECK(proof_size > 10 && proof_size <= sizeof proof);
  groth16_proof_size(&capacity);
  CHECK(proof_size <= capacity);
  CHECK(groth16_prover_prove(prover, wtns.data, wtns.size, proof, &proof_size, pub, &public_size, message,
                             sizeof message) == PROVER_OK);
  CHECK(proof_size == strlen(proof) && public_size == strlen(pub));
  CHECK(strstr(proof, "\"pi_a\"") != NULL && pub[0] == '[');
  CHECK(groth16_public_size_for_zkey_file(path, &capacity, message, sizeof message) == PROVER_OK);
  CHECK(capacity == 3 * 82 + 4);

  snprintf(path, sizeof path, "%s/groth16/bn128", data_dir);
  short_wtns = read_file(path, "witness.wtns");
  proof_size = sizeof proof;
  public_size = sizeof pub;
  CHECK(groth16_prover_prove(prover, short_wtns.data, short_wtns.size, proof, &proof_size, pub, &public_size, message,
                             sizeof message) == PROVER_INVALID_WITNESS_LENGTH);
  groth16_prover_destroy(prover);
  CHECK(groth16_prover_zkey_file("/nonexistent.zkey", wtns.data, wtns.size, proof, &proof_size, pub, &public_size,
                                 message, sizeof message) == PROVER_ERROR);
  CHECK(strstr(message, "/nonexistent.zkey") != NULL);
  free(short_wtns.data);
  free(wtns.data);
}

static void test_ntt_and_msm(void) {
  unsigned char data[8 * ZKFORGE_SCALAR_BYTES], original[sizeof data], shift[ZKFORGE_SCALAR_BYTES] = {7};
  unsigned char point[96], result[96];
  zkforge_ntt_options options = {ZKFORGE_NTT_FORWARD, shift, ZKFORGE_ROOTS_SNARKJS};
  zkforge_device cpu = {"cpu", 0};
  zkforge_error error;
  size_t i;

  memset(data, 0, sizeof data);
  for (i = 0; i < 8; ++i) data[i * ZKFORGE_SCALAR_BYTES] = (unsigned char)(3 * i + 1);
  memcpy(original, data, sizeof data);
  CHECK(zkforge_ntt(ZKFORGE_CURVE_BLS12_381, &cpu, data, 8, ZKFORGE_SCALAR_CANONICAL, &options, &error) == ZKFORGE_OK);
  CHECK(memcmp(data, original, sizeof data) != 0);
  options.direction = ZKFORGE_NTT_INVERSE;
  CHECK(zkforge_ntt(ZKFORGE_CURVE_BLS12_381, &cpu, data, 8, ZKFORGE_SCALAR_CANONICAL, &options, &error) == ZKFORGE_OK);
  CHECK(memcmp(data, original, sizeof data) == 0);
  CHECK(zkforge_ntt(ZKFORGE_CURVE_BN254, NULL, data, 6, ZKFORGE_SCALAR_CANONICAL, NULL, &error) ==
        ZKFORGE_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(error.message, "not a power of two") != NULL);

  CHECK(zkforge_point_bytes(ZKFORGE_CURVE_BLS12_381, ZKFORGE_G1) == sizeof point);
  memset(point, 0, sizeof point); /* the point at infinity */
  CHECK(zkforge_msm(ZKFORGE_CURVE_BLS12_381, ZKFORGE_G1, NULL, point, original, 1, ZKFORGE_SCALAR_CANONICAL, result,
                    &error) == ZKFORGE_OK);
  CHECK(memcmp(result, point, sizeof point) == 0);
  point[0] = 1; /* x = 1 (in Montgomery form), y = 0: not on the curve */
  CHECK(zkforge_msm(ZKFORGE_CURVE_BLS12_381, ZKFORGE_G1, NULL, point, original, 1, ZKFORGE_SCALAR_CANONICAL, result,
                    &error) == ZKFORGE_ERROR_NOT_ON_CURVE);
  CHECK(strstr(error.message, "point 0") != NULL);
}

int main(int argc, char** argv) {
  zkforge_curve curve = -1;
  zkforge_error error;
  if (argc != 2 && argc != 3) {
    fprintf(stderr, "usage: %s DATA_DIR [COMPILED_DIR]\n", argv[0]);
    return 2;
  }
  data_dir = argv[1];
  CHECK(strcmp(zkforge_version(), ZKFORGE_VERSION_STRING) == 0);
  CHECK(strncmp(zkforge_backends(), "cpu", 3) == 0);
  CHECK(zkforge_curve_from_name("bn128", &curve, &error) == ZKFORGE_OK && curve == ZKFORGE_CURVE_BN254);
  CHECK(zkforge_curve_from_name("bls12-381", &curve, &error) == ZKFORGE_OK && curve == ZKFORGE_CURVE_BLS12_381);
  CHECK(zkforge_curve_from_name("ed25519", &curve, &error) == ZKFORGE_ERROR_INVALID_ARGUMENT);
  CHECK(error.status == ZKFORGE_ERROR_INVALID_ARGUMENT && strstr(error.message, "ed25519") != NULL);
  CHECK(strcmp(zkforge_status_name(ZKFORGE_ERROR_NOT_ON_CURVE), "not on curve") == 0);
  test_prover();
  if (argc == 3) test_compiled_key(argv[2]);
  test_rapidsnark();
  test_ntt_and_msm();
  printf("c consumer (provers on %s): %s\n", getenv("ZKFORGE_TEST_BACKEND") != NULL ? getenv("ZKFORGE_TEST_BACKEND") : "cpu",
         failures == 0 ? "ok" : "FAILED");
  return failures == 0 ? 0 : 1;
}
