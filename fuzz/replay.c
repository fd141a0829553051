/* Replays fuzz inputs without libFuzzer: calls the target's
 * LLVMFuzzerTestOneInput on every file named, and on every file in every
 * directory named, so the regular sanitizer build re-checks the seed
 * corpus and every crash ever kept. A crash or sanitizer report fails the
 * test; the file being run is printed first so the culprit is known. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_util.h"

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    uint8_t *bytes = malloc(FUZZ_MAX_INPUT + 1);
    if (!bytes)
        abort();
    size_t n = fread(bytes, 1, FUZZ_MAX_INPUT + 1, f);
    fclose(f);
    fprintf(stderr, "replay: %s (%zu bytes)\n", path, n);
    LLVMFuzzerTestOneInput(bytes, n);
    free(bytes);
    return 0;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

static int run_dir(const char *dir, int *count)
{
    struct dirent **names;
    int n = scandir(dir, &names, NULL, by_name);
    if (n < 0) {
        perror(dir);
        return 1;
    }
    int failed = 0;
    char path[1024];
    for (int i = 0; i < n; i++) {
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        /* README and .gitkeep explain the directory; they are no input */
        if (names[i]->d_name[0] != '.' && strcmp(names[i]->d_name, "README.md") != 0 &&
            stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
            failed |= run_file(path);
            ++*count;
        }
        free(names[i]);
    }
    free(names);
    return failed;
}

int main(int argc, char **argv)
{
    int failed = 0, count = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            failed = 1;
        } else if (S_ISDIR(st.st_mode)) {
            failed |= run_dir(argv[i], &count);
        } else {
            failed |= run_file(argv[i]);
            count++;
        }
    }
    printf("replayed %d inputs\n", count);
    return failed;
}
