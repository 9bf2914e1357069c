/* SPDX-License-Identifier: Apache-2.0 */
/* What the C consumers of tests/package share: CHECK, which counts failures and names the line, and
 * read_file, a whole file in memory (NUL-terminated, so that JSON can be read as text). */
#ifndef ZKFORGE_TESTS_C_CHECK_H
#define ZKFORGE_TESTS_C_CHECK_H

#include <stdio.h>
#include <stdlib.h>

static int failures = 0;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

typedef struct {
  unsigned char* data;
  size_t size;
} bytes;

/* DIR/NAME whole; exits with 2 when it cannot be read. */
static bytes read_file(const char* dir, const char* name) {
  char path[4096];
  bytes b = {NULL, 0};
  FILE* f;
  snprintf(path, sizeof path, "%s/%s", dir, name);
  f = fopen(path, "rb");
  if (f == NULL) {
    fprintf(stderr, "cannot open %s\n", path);
    exit(2);
  }
  fseek(f, 0, SEEK_END);
  b.size = (size_t)ftell(f);
  fseek(f, 0, SEEK_SET);
  b.data = malloc(b.size + 1);
  if (b.data == NULL || fread(b.data, 1, b.size, f) != b.size) exit(2);
  b.data[b.size] = 0;
  fclose(f);
  return b;
}

#endif /* ZKFORGE_TESTS_C_CHECK_H */
