/* Command-line pieces both simulators parse the same way. */
#include "cli.h"

#include <string.h>

bool cli_parse_count(const char *text, uint64_t *out)
{
    if (!*text)
        return false;
    uint64_t value = 0;
    for (; *text; text++) {
        if (*text < '0' || *text > '9')
            return false;
        unsigned digit = (unsigned)(*text - '0');
        if (value > (UINT64_MAX - digit) / 10)
            return false;
        value = value * 10 + digit;
    }
    *out = value;
    return value > 0;
}

const char *cli_option_value(const char *name, int argc, char **argv, int *i, bool *missing)
{
    size_t len = strlen(name);
    const char *arg = argv[*i];
    if (strncmp(arg, name, len) != 0)
        return NULL;
    if (arg[len] == '=')
        return arg + len + 1;
    if (arg[len] != '\0')
        return NULL;
    if (*i + 1 >= argc) {
        *missing = true;
        return NULL;
    }
    *i += 1;
    return argv[*i];
}
