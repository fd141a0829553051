/* Fuzz target: the hw4 grader (mipsgrade) on a random submission. The
 * input is written to a file in the scratch directory and graded with one
 * random case per function. The maps are copied beside it for every run
 * and the grader reads them there (a submission's file syscalls resolve in
 * a scratch folder the grader makes under TMPDIR and removes). */
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "hw4_suite.h"

#ifndef FUZZ_MAPS_DIR
#error "FUZZ_MAPS_DIR: the project's maps/"
#endif

static const char *const map_names[] = {"map1.txt", "map2.txt", "map3.txt", "big.txt",
                                        "tiny.txt", "smallest.txt", "flood.txt",
                                        "allsymbols.txt", "bossstart.txt"};

static void copy_maps(const char *dir)
{
    char path[1024], bytes[16384];
    for (size_t i = 0; i < sizeof map_names / sizeof map_names[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", FUZZ_MAPS_DIR, map_names[i]);
        FILE *f = fopen(path, "rb");
        if (!f)
            continue;
        size_t n = fread(bytes, 1, sizeof bytes, f);
        fclose(f);
        fuzz_write_file(dir, map_names[i], bytes, n);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return -1;
    const char *dir = fuzz_scratch_dir();
    fuzz_clear_dir(dir);
    copy_maps(dir);
    if (!fuzz_write_file(dir, "submission.asm", data, size))
        return 0;
    char path[600];
    snprintf(path, sizeof path, "%s/submission.asm", dir);
    hw4_suite_options options = {.seed = size, .maps_dir = dir, .random_cases = 1};
    hw4_report report;
    hw4_grade(path, &options, &report);
    hw4_report_free(&report);
    return 0;
}
