/* Command-line pieces both simulators parse the same way. */
#ifndef ASM_CLI_H
#define ASM_CLI_H

#include <stdbool.h>
#include <stdint.h>

/* A positive decimal count that fits in 64 bits. */
bool cli_parse_count(const char *text, uint64_t *out);

/* The value of an option that takes one, written "--opt VALUE" or
 * "--opt=VALUE"; NULL when argv[*i] is not that option. Advances *i past a
 * separate value; sets *missing when the value is missing. */
const char *cli_option_value(const char *name, int argc, char **argv, int *i, bool *missing);

#endif
