/* Random map files: see hw4_mapgen.h. */
#include "hw4_mapgen.h"

#include <stdio.h>

/* Every symbol the handout lists but the hero, floor weighted so maps look
 * like dungeons. */
static const char symbols[] = "......##/>$*mB?";

bool hw4_write_random_map(const char *dir, const char *name, grade_rng *rng)
{
    char path[4096];
    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path)
        return false;
    bool big = grade_rng_range(rng, 0, 3) == 0;
    int rows = grade_rng_range(rng, 1, big ? 99 : 20), cols = grade_rng_range(rng, 1, big ? 99 : 20);
    int hero = grade_rng_range(rng, 0, rows * cols - 1);
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    fprintf(f, "%02d\n%02d\n", rows, cols);
    for (int i = 0; i < rows * cols; i++) {
        fputc(i == hero ? '@' : symbols[grade_rng_next(rng) % (sizeof symbols - 1)], f);
        if (i % cols == cols - 1)
            fputc('\n', f);
    }
    fprintf(f, "%02d\n", (int)grade_rng_range(rng, 1, 99));
    return fclose(f) == 0;
}
