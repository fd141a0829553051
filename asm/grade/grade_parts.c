/* Points and findings per part (grade_parts.h): kept in the child, sent on
 * its result pipe, read back by the batch. */
#define _GNU_SOURCE /* dprintf */
#include "grade_parts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void grade_parts_init(grade_parts *p, int count, const char *file)
{
    memset(p, 0, sizeof *p);
    p->count = count < GRADE_PARTS_MAX ? count : GRADE_PARTS_MAX;
    const char *slash = strrchr(file, '/');
    snprintf(p->file, sizeof p->file, "%s", slash ? slash + 1 : file);
}

void grade_parts_max(grade_parts *p, int part, double max)
{
    if (part >= 0 && part < p->count)
        p->part[part].max = max;
}

void grade_parts_score(grade_parts *p, int part, double score)
{
    if (part >= 0 && part < p->count)
        p->part[part].score += score;
}

static bool word_byte(unsigned char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           c == '_' || c == '$';
}

static bool digit(char c)
{
    return c >= '0' && c <= '9';
}

static bool hex(char c)
{
    return digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* An LC-3 hex number at s: x and hex digits up to the word's end. */
static bool lc3_hex(const char *s)
{
    if ((*s != 'x' && *s != 'X') || !hex(s[1]))
        return false;
    for (s++; word_byte((unsigned char)*s); s++)
        if (!hex(*s))
            return false;
    return true;
}

void grade_finding_key(char *dst, size_t size, const char *text, const char *file)
{
    size_t n = 0, file_len = strlen(file);
    const char *s = text;
    while (*s && n + 1 < size) {
        if (file_len && !strncmp(s, file, file_len) && n + 5 < size) {
            memcpy(dst + n, "FILE", 4);
            n += 4;
            s += file_len;
            continue;
        }
        /* After a backslash: an escape such as \xff, not a number. */
        bool alone = s == text || (!word_byte((unsigned char)s[-1]) && s[-1] != '\\');
        if (alone && (digit(*s) || (*s == '-' && digit(s[1])) || lc3_hex(s))) {
            s++;
            while (word_byte((unsigned char)*s) || (*s == '.' && digit(s[1])))
                s++;
            dst[n++] = 'N';
            continue;
        }
        unsigned char c = (unsigned char)*s++;
        dst[n++] = c < 0x20 || c == 0x7f ? ' ' : (char)c;
    }
    /* Never half a character: drop continuation bytes back to a start. */
    if (*s) {
        size_t cut = n;
        while (cut > 0 && ((unsigned char)dst[cut - 1] & 0xc0) == 0x80)
            cut--;
        if (cut > 0 && ((unsigned char)dst[cut - 1] & 0xc0) == 0xc0)
            n = cut - 1;
    }
    dst[n] = '\0';
}

void grade_parts_finding(grade_parts *p, int part, const char *text)
{
    if (part < 0 || part >= p->count)
        return;
    grade_part *g = &p->part[part];
    char key[GRADE_FINDING_KEY];
    grade_finding_key(key, sizeof key, text, p->file);
    if (!key[0])
        return;
    for (int i = 0; i < g->finding_count; i++)
        if (!strcmp(g->findings[i], key))
            return;
    if (g->finding_count < GRADE_PART_FINDINGS)
        memcpy(g->findings[g->finding_count++], key, sizeof key);
}

void grade_parts_findings(grade_parts *p, int part, const grade_findings *list)
{
    for (size_t i = 0; i < list->count; i++)
        grade_parts_finding(p, part, list->items[i].text);
}

void grade_parts_not_graded(grade_parts *p, int part)
{
    if (part >= 0 && part < p->count)
        p->part[part].not_graded = true;
}

void grade_parts_send(int fd, const grade_parts *p)
{
    for (int i = 0; i < p->count; i++) {
        dprintf(fd, "part %d %.4f %.4f\n", i, p->part[i].score, p->part[i].max);
        if (p->part[i].not_graded)
            dprintf(fd, "not-graded %d\n", i);
        for (int k = 0; k < p->part[i].finding_count; k++)
            dprintf(fd, "finding %d %s\n", i, p->part[i].findings[k]);
    }
}

bool grade_parts_receive(grade_part *parts, int count, const char *line)
{
    int i, used = 0;
    double score, max;
    if (sscanf(line, "part %d %lf %lf", &i, &score, &max) == 3) {
        if (i < 0 || i >= count)
            return false;
        parts[i].score = score;
        parts[i].max = max;
        return true;
    }
    if (sscanf(line, "not-graded %d", &i) == 1) {
        if (i < 0 || i >= count)
            return false;
        parts[i].not_graded = true;
        return true;
    }
    if (sscanf(line, "finding %d %n", &i, &used) == 1 && used > 0) {
        if (i < 0 || i >= count || parts[i].finding_count >= GRADE_PART_FINDINGS)
            return false;
        snprintf(parts[i].findings[parts[i].finding_count++], GRADE_FINDING_KEY, "%s",
                 line + used);
        return true;
    }
    return false;
}

grade_part_grade grade_part_classify(const grade_part *part)
{
    if (part->not_graded)
        return GRADE_PART_NOT_GRADED;
    if (part->score >= part->max - 1e-9 && part->finding_count == 0)
        return GRADE_PART_FULL;
    if (part->max > 0 ? part->score <= 1e-9 : part->finding_count > 0)
        return GRADE_PART_ZERO;
    return GRADE_PART_PARTIAL;
}

void grade_parts_all(grade_parts *p, const grade_findings *fatal, bool assembled)
{
    for (int i = 0; i < p->count; i++) {
        if (fatal->count > 0)
            grade_parts_finding(p, i, fatal->items[0].text);
        else if (!assembled)
            grade_parts_finding(p, i, "the file does not assemble");
    }
}
