/* Random MipsHack map files for init_game's tests, within the handout's
 * "File Format": NUM_ROWS and NUM_COLS as two ASCII digits (so 1-99 each),
 * MAP_DATA a line of NUM_COLS valid symbols per row with exactly one '@',
 * STARTING_HEALTH two digits, every line ending with '\n'. A seed's maps
 * differ from every other seed's, so a table of the official maps in the
 * submission cannot pass for reading the file. */
#ifndef HW4_MAPGEN_H
#define HW4_MAPGEN_H

#include <stdbool.h>

#include "mips_checked_call.h"

enum { HW4_RANDOM_MAPS = 4 }; /* per grading, besides the files in maps/ */

/* Writes dir/name; false when it cannot. */
bool hw4_write_random_map(const char *dir, const char *name, grade_rng *rng);

#endif
