/* The ISA-free parts of --check (check.h). */
#include "check.h"

#include <string.h>

static int check_index(const check_name *names, unsigned count, const char *s, size_t n)
{
    for (unsigned i = 0; i < count; i++)
        if (strlen(names[i].name) == n && memcmp(names[i].name, s, n) == 0)
            return (int)i;
    return -1;
}

bool check_parse(const char *spec, const check_name *names, unsigned count,
                 unsigned check_count, unsigned *set, char *why, size_t why_size)
{
    const unsigned all = (1u << check_count) - 1;
    *set = all;
    if (!spec || !*spec)
        return true;
    for (const char *item = spec; ; ) {
        const char *comma = strchr(item, ',');
        size_t n = comma ? (size_t)(comma - item) : strlen(item);
        bool off = n > 0 && item[0] == '-';
        const char *name = item + off;
        size_t len = n - off;
        int k = check_index(names, count, name, len);
        if (len == 3 && memcmp(name, "all", 3) == 0) {
            *set = off ? *set & ~all : *set | all;
        } else if (len == 4 && memcmp(name, "none", 4) == 0 && !off) {
            *set &= ~all;
        } else if (k < 0) {
            snprintf(why, why_size, "unknown check '%.*s' (the checks: all, none, -NAME, ",
                     (int)n, item);
            size_t used = strlen(why);
            for (unsigned i = 0; i < count && used < why_size; i++)
                used += (size_t)snprintf(why + used, why_size - used, "%s%s", names[i].name,
                                         i + 1 < count ? ", " : ")");
            return false;
        } else {
            /* A list that begins with a check by name means only what it names. */
            if (item == spec && !off && (unsigned)k < check_count)
                *set &= ~all;
            *set = off ? *set & ~(1u << k) : *set | 1u << k;
        }
        if (!comma)
            return true;
        item = comma + 1;
    }
}

void check_format(unsigned set, const check_name *names, unsigned count, char *buf,
                  size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < count && used < size; i++)
        if (set & 1u << i)
            used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? "," : "",
                                     names[i].name);
    if (used == 0)
        snprintf(buf, size, "none");
}

bool check_seen_add(check_seen *seen, uint64_t key)
{
    const size_t slots = sizeof seen->slots / sizeof seen->slots[0];
    uint64_t stored = key + 1;
    size_t i = (size_t)((stored * 0x9E3779B97F4A7C15ull) >> 40) % slots;
    while (seen->slots[i] != 0) {
        if (seen->slots[i] == stored)
            return false;
        i = (i + 1) % slots;
    }
    if (seen->count >= CHECK_SEEN_MAX) {
        seen->dropped++;
        return false;
    }
    seen->slots[i] = stored;
    seen->count++;
    return true;
}

static void check_show_line(FILE *out, const check_line *at)
{
    fprintf(out, "%5d | %.*s\n", at->line, (int)at->text_len, at->text);
}

void check_print(FILE *out, const char *check, const check_line *at, uint32_t address,
                 const char *message)
{
    if (!at || !at->path) {
        fprintf(out, "0x%08x: check [%s]: %s\n", (unsigned)address, check, message);
        return;
    }
    fprintf(out, "%s:%d: check [%s]: %s\n", at->path, at->line, check, message);
    check_show_line(out, at);
}

void check_print_note(FILE *out, const check_line *at, const char *message)
{
    if (!at || !at->path)
        return;
    fprintf(out, "%s:%d: note: %s\n", at->path, at->line, message);
    check_show_line(out, at);
}
