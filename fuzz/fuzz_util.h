/* What the fuzz targets share: the input size bound, a scratch directory
 * per process for the files a target needs (never the project's own), and
 * an output sink that throws everything away. */
#ifndef FUZZ_UTIL_H
#define FUZZ_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Inputs above this are rejected: bigger ones find nothing new, only slow
 * every run down. */
enum { FUZZ_MAX_INPUT = 64 * 1024 };

/* The entry point each target defines (libFuzzer's, or the replay's). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* An empty directory made once per process under $TMPDIR (or /tmp) and
 * removed with its files at exit. */
const char *fuzz_scratch_dir(void);

/* Removes every file in dir (not dir itself): each run starts from the
 * same state, whatever the previous one created. */
void fuzz_clear_dir(const char *dir);

/* Writes len bytes to dir/name; false on any error. */
bool fuzz_write_file(const char *dir, const char *name, const void *bytes, size_t len);

/* /dev/null as a FILE, opened once: diagnostics and listings go there. */
FILE *fuzz_null_file(void);

#endif
