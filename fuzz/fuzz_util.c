/* The scratch directory and the discarding sink of fuzz_util.h. Both live
 * for the whole process: a fuzzer runs millions of inputs, and making a
 * directory per input would dominate the time. */
#include "fuzz_util.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char scratch[512];

void fuzz_clear_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    char path[1024];
    while ((e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unlink(path);
    }
    closedir(d);
}

static void remove_scratch(void)
{
    fuzz_clear_dir(scratch);
    rmdir(scratch);
}

const char *fuzz_scratch_dir(void)
{
    if (scratch[0])
        return scratch;
    const char *tmp = getenv("TMPDIR");
    snprintf(scratch, sizeof scratch, "%s/asmtools-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(scratch)) {
        perror("fuzz: mkdtemp");
        abort();
    }
    atexit(remove_scratch);
    return scratch;
}

bool fuzz_write_file(const char *dir, const char *name, const void *bytes, size_t len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    bool ok = fwrite(bytes, 1, len, f) == len;
    return fclose(f) == 0 && ok;
}

FILE *fuzz_null_file(void)
{
    static FILE *null;
    if (!null && !(null = fopen("/dev/null", "w"))) {
        perror("fuzz: /dev/null");
        abort();
    }
    return null;
}
