/* The --keys file (keys.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keys.h"
#include "grow.h"

static bool parse_key(const char *t, uint8_t *key)
{
    if (t[0] && !t[1] && t[0] != '#') {
        *key = (uint8_t)t[0];
        return true;
    }
    if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X') && t[2]) {
        char *end;
        unsigned long v = strtoul(t + 2, &end, 16);
        if (*end == '\0' && v <= 0xff) {
            *key = (uint8_t)v;
            return true;
        }
    }
    return false;
}

bool key_script_load(key_script *ks, const char *path, char *why, size_t why_size)
{
    memset(ks, 0, sizeof *ks);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(why, why_size, "%s: %s", path, strerror(errno));
        return false;
    }
    char line[256];
    size_t cap = 0;
    unsigned lineno = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        lineno++;
        char count[64], key[64], extra[2];
        if (line[0] == '#' || strspn(line, " \t\r\n") == strlen(line))
            continue;
        int n = sscanf(line, "%63s %63s %1s", count, key, extra);
        char *end;
        errno = 0;
        unsigned long long at = strtoull(count, &end, 10);
        key_event e = {.at = at};
        if (n != 2 || *end || errno || count[0] == '-' || !parse_key(key, &e.key)) {
            snprintf(why, why_size, "%s:%u: expected 'COUNT KEY' (KEY one character or 0xHH)",
                     path, lineno);
            ok = false;
        } else if (ks->count && at < ks->events[ks->count - 1].at) {
            snprintf(why, why_size, "%s:%u: the count %llu is below the line before's", path,
                     lineno, at);
            ok = false;
        } else {
            if (ks->count == cap) {
                key_event *grown = grow_array(ks->events, &cap, ks->count + 1, sizeof *grown);
                if (!grown) {
                    snprintf(why, why_size, "out of memory");
                    ok = false;
                    break;
                }
                ks->events = grown;
            }
            ks->events[ks->count++] = e;
        }
    }
    fclose(f);
    if (!ok)
        key_script_free(ks);
    return ok;
}

void key_script_free(key_script *ks)
{
    free(ks->events);
    memset(ks, 0, sizeof *ks);
}

uint64_t key_script_until(const key_script *ks, uint64_t count)
{
    if (ks->next >= ks->count)
        return UINT64_MAX;
    uint64_t at = ks->events[ks->next].at;
    return at > count ? at - count : 0;
}

int key_script_take(key_script *ks, uint64_t count)
{
    if (ks->next < ks->count && ks->events[ks->next].at <= count)
        return ks->events[ks->next++].key;
    return -1;
}
