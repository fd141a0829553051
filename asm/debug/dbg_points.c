/* Breakpoints, watchpoints and displays: the lists, their commands, and
 * the checks execution makes after each step. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "dbg_impl.h"
#include "dbg_expr.h"
#include "grow.h"

static dbg_point *new_point(dbg_session *s)
{
    if (s->point_count == s->point_size) {
        dbg_point *points = grow_array(s->points, &s->point_size,
                                       s->point_count + 1, sizeof *points);
        if (!points)
            return NULL;
        s->points = points;
    }
    dbg_point *p = &s->points[s->point_count++];
    *p = (dbg_point){.id = s->next_point_id++, .enabled = true};
    return p;
}

/* Reads the watched bytes (units of the target's addressing). */
static bool read_watched(dbg_session *s, const dbg_point *p, uint8_t *bytes)
{
    dbg_target *t = s->t;
    if (t->byte_addressed) {
        uint32_t v;
        if (!t->read(t->ctx, p->addr, p->size, &v))
            return false;
        memcpy(bytes, &v, sizeof v);
        return true;
    }
    uint32_t v;
    if (!t->read(t->ctx, p->addr, t->word_bytes, &v))
        return false;
    memcpy(bytes, &v, sizeof v);
    return true;
}

static uint32_t watched_value(const dbg_point *p)
{
    uint32_t v;
    memcpy(&v, p->old, sizeof v);
    return v;
}

dbg_point *dbg_add_break(dbg_session *s, uint32_t addr, bool temporary, const char *cond,
                         const char *text, char *err)
{
    bool holds;
    if (cond && !dbg_condition(s->t, cond, &holds, err))
        return NULL;
    dbg_point *p = new_point(s);
    if (!p) {
        snprintf(err, DBG_ERROR_SIZE, "out of memory");
        return NULL;
    }
    p->kind = DBG_BREAK;
    p->temporary = temporary;
    p->addr = addr;
    p->cond = cond ? dbg_strdup(cond) : NULL;
    p->text = dbg_strdup(text);
    return p;
}

bool dbg_set_hit_condition(dbg_point *p, const char *text, char *err)
{
    text = dbg_skip_space(text);
    dbg_hit_op op = DBG_HIT_GE;
    if (strncmp(text, "==", 2) == 0)
        op = DBG_HIT_EQ, text += 2;
    else if (strncmp(text, ">=", 2) == 0)
        op = DBG_HIT_GE, text += 2;
    else if (*text == '>')
        op = DBG_HIT_GT, text++;
    else if (*text == '%')
        op = DBG_HIT_EVERY, text++;
    else if (*text == '=')
        op = DBG_HIT_EQ, text++;
    text = dbg_skip_space(text);
    char *end;
    unsigned long long n = strtoull(text, &end, 10);
    if (end == text || *dbg_skip_space(end) || (op == DBG_HIT_EVERY && n == 0) ||
        !isdigit((unsigned char)*text)) {
        snprintf(err, DBG_ERROR_SIZE, "A hit count is N, ==N, >=N, >N or %%N (N a whole number).");
        return false;
    }
    p->hit_op = op;
    p->hit_count = n;
    return true;
}

bool dbg_break_hit(dbg_point *p)
{
    p->hits++;
    switch (p->hit_op) {
    case DBG_HIT_ANY: return true;
    case DBG_HIT_EQ: return p->hits == p->hit_count;
    case DBG_HIT_GE: return p->hits >= p->hit_count;
    case DBG_HIT_GT: return p->hits > p->hit_count;
    case DBG_HIT_EVERY: return p->hits % p->hit_count == 0;
    }
    return true;
}

void dbg_cmd_break(dbg_session *s, const char *args, bool temporary)
{
    dbg_target *t = s->t;
    char where[256];
    snprintf(where, sizeof where, "%s", *args ? args : "");
    uint32_t addr;
    char err[DBG_ERROR_SIZE];
    char *cond = strstr(where, " if ");
    if (cond) {
        *cond = '\0';
        cond = (char *)dbg_skip_space(cond + 4);
        size_t len = strlen(cond);
        while (len > 0 && isspace((unsigned char)cond[len - 1]))
            cond[--len] = '\0';
        if (!*cond) {
            dbg_printf(s, "A condition is an expression, or two compared (R0==2, $t0 > 5).\n");
            return;
        }
    }
    if (!*where)
        addr = t->pc(t->ctx);
    else if (!dbg_location(t, where, &addr, err)) {
        dbg_printf(s, "%s\n", err);
        return;
    }
    dbg_point *p = dbg_add_break(s, addr, temporary, cond, *where ? where : "here", err);
    if (!p) {
        dbg_printf(s, "%s\n", err);
        return;
    }
    dbg_printf(s, "%s %d at ", temporary ? "Temporary breakpoint" : "Breakpoint", p->id);
    dbg_print_addr(s, addr);
    dbg_source src;
    if (t->source_of(t->ctx, addr, &src))
        dbg_printf(s, ": file %s, line %d.", t->files[src.file]->path, src.line);
    dbg_printf(s, "\n");
}

dbg_point *dbg_add_watch(dbg_session *s, uint32_t addr, unsigned size, const char *text,
                         char *err)
{
    dbg_target *t = s->t;
    if (t->byte_addressed && addr % size != 0) {
        snprintf(err, DBG_ERROR_SIZE, "The address must be a multiple of %u.", size);
        return NULL;
    }
    dbg_point *p = new_point(s);
    if (!p) {
        snprintf(err, DBG_ERROR_SIZE, "out of memory");
        return NULL;
    }
    p->kind = DBG_WATCH;
    p->addr = addr;
    p->size = size;
    if (!read_watched(s, p, p->old)) {
        snprintf(err, DBG_ERROR_SIZE, "Cannot access memory at %s%0*x.", t->hex_prefix,
                 (int)t->addr_digits, addr);
        s->point_count--;
        s->next_point_id--; /* the number was never shown */
        return NULL;
    }
    p->text = dbg_strdup(text);
    return p;
}

void dbg_cmd_watch(dbg_session *s, const char *args)
{
    dbg_target *t = s->t;
    char expr[256];
    snprintf(expr, sizeof expr, "%s", args);
    unsigned size = t->byte_addressed ? t->word_bytes : 1;
    /* An optional size after the address: 1, 2 or 4 bytes on MIPS. */
    char *last = strrchr(expr, ' ');
    if (last && isdigit((unsigned char)last[1])) {
        unsigned n = (unsigned)strtoul(last + 1, NULL, 10);
        if (t->byte_addressed && n != 1 && n != 2 && n != 4) {
            dbg_printf(s, "A watchpoint watches 1, 2 or 4 bytes.\n");
            return;
        }
        if (!t->byte_addressed && n != 1) {
            dbg_printf(s, "A watchpoint watches one word.\n");
            return;
        }
        size = n;
        *last = '\0';
    }
    uint32_t addr;
    char err[DBG_ERROR_SIZE];
    if (!*expr) {
        dbg_printf(s, "Usage: watch ADDRESS|LABEL [SIZE]\n");
        return;
    }
    if (!dbg_location(t, expr, &addr, err)) {
        dbg_printf(s, "%s\n", err);
        return;
    }
    dbg_point *p = dbg_add_watch(s, addr, size, expr, err);
    if (!p) {
        dbg_printf(s, "%s\n", err);
        return;
    }
    dbg_printf(s, "Watchpoint %d: %s (", p->id, expr);
    dbg_print_addr(s, addr);
    dbg_printf(s, ", %u %s%s)\n", size, t->byte_addressed ? "byte" : "word", size == 1 ? "" : "s");
}

/* Applies fn to the points args lists by number (all without numbers). */
static void for_points(dbg_session *s, const char *args, void (*fn)(dbg_session *, size_t, bool),
                       bool flag)
{
    args = dbg_skip_space(args);
    if (!*args) {
        for (size_t i = s->point_count; i > 0; i--)
            fn(s, i - 1, flag);
        return;
    }
    while (*args) {
        char *end;
        long id = strtol(args, &end, 10);
        if (end == args) {
            dbg_printf(s, "Bad breakpoint number '%s'\n", args);
            return;
        }
        size_t i = 0;
        while (i < s->point_count && s->points[i].id != id)
            i++;
        if (i == s->point_count)
            dbg_printf(s, "No breakpoint number %ld.\n", id);
        else
            fn(s, i, flag);
        args = dbg_skip_space(end);
    }
}

static void delete_one(dbg_session *s, size_t i, bool flag)
{
    (void)flag;
    free(s->points[i].text);
    free(s->points[i].cond);
    memmove(&s->points[i], &s->points[i + 1], (s->point_count - i - 1) * sizeof *s->points);
    s->point_count--;
}

static void enable_one(dbg_session *s, size_t i, bool enable)
{
    s->points[i].enabled = enable;
    if (enable && s->points[i].kind == DBG_WATCH)
        read_watched(s, &s->points[i], s->points[i].old);
}

void dbg_cmd_delete(dbg_session *s, const char *args)
{
    for_points(s, args, delete_one, false);
}

void dbg_cmd_enable(dbg_session *s, const char *args, bool enable)
{
    for_points(s, args, enable_one, enable);
}

void dbg_info_breakpoints(dbg_session *s)
{
    if (s->point_count == 0) {
        dbg_printf(s, "No breakpoints or watchpoints.\n");
        return;
    }
    dbg_printf(s, "Num  Type        Enb  Address     What\n");
    for (size_t i = 0; i < s->point_count; i++) {
        const dbg_point *p = &s->points[i];
        const char *type = p->kind == DBG_WATCH ? "watchpoint" : p->temporary ? "tbreakpoint" : "breakpoint";
        dbg_printf(s, "%-4d %-11s %-4s ", p->id, type, p->enabled ? "y" : "n");
        dbg_printf(s, "%s%0*x%*s", s->t->hex_prefix, (int)s->t->addr_digits, p->addr,
                   (int)(10 - strlen(s->t->hex_prefix) - s->t->addr_digits + 2), "");
        dbg_printf(s, "%s", p->text);
        if (p->cond)
            dbg_printf(s, " if %s", p->cond);
        dbg_printf(s, "\n");
        if (p->hits)
            dbg_printf(s, "\t%s hit %llu time%s\n", p->kind == DBG_WATCH ? "watchpoint" : "breakpoint already",
                       (unsigned long long)p->hits, p->hits == 1 ? "" : "s");
    }
}

dbg_point *dbg_break_here(dbg_session *s)
{
    uint32_t pc = s->t->pc(s->t->ctx);
    for (size_t i = 0; i < s->point_count; i++) {
        dbg_point *p = &s->points[i];
        if (p->kind != DBG_BREAK || !p->enabled || p->addr != pc)
            continue;
        bool holds;
        char err[DBG_ERROR_SIZE];
        /* A condition that cannot be evaluated now (memory gone) stops. */
        if (p->cond && dbg_condition(s->t, p->cond, &holds, err) && !holds)
            continue;
        return p;
    }
    return NULL;
}

dbg_point *dbg_find_point(dbg_session *s, int id)
{
    for (size_t i = 0; i < s->point_count; i++)
        if (s->points[i].id == id)
            return &s->points[i];
    return NULL;
}

bool dbg_delete_point(dbg_session *s, int id)
{
    for (size_t i = 0; i < s->point_count; i++)
        if (s->points[i].id == id) {
            delete_one(s, i, false);
            return true;
        }
    return false;
}

dbg_point *dbg_watch_check(dbg_session *s, uint32_t writer, dbg_stop *stop)
{
    for (size_t i = 0; i < s->point_count; i++) {
        dbg_point *p = &s->points[i];
        uint8_t now[8] = {0};
        if (p->kind != DBG_WATCH || !p->enabled || !read_watched(s, p, now) ||
            memcmp(now, p->old, sizeof now) == 0)
            continue;
        dbg_format_value(s, 0, watched_value(p), stop->old_value, sizeof stop->old_value);
        memcpy(p->old, now, sizeof now);
        dbg_format_value(s, 0, watched_value(p), stop->new_value, sizeof stop->new_value);
        p->hits++;
        stop->watched = true;
        stop->point_id = p->id;
        stop->point_owner = p->owner;
        stop->writer = writer;
        snprintf(stop->watch_text, sizeof stop->watch_text, "%s", p->text);
        return p;
    }
    return NULL;
}

void dbg_watch_refresh(dbg_session *s)
{
    for (size_t i = 0; i < s->point_count; i++)
        if (s->points[i].kind == DBG_WATCH) {
            memset(s->points[i].old, 0, sizeof s->points[i].old);
            read_watched(s, &s->points[i], s->points[i].old);
        }
}

void dbg_cmd_display(dbg_session *s, char format, const char *args)
{
    if (!*args) {
        dbg_show_displays(s);
        return;
    }
    if (s->display_count == s->display_size) {
        dbg_display *d = grow_array(s->displays, &s->display_size, s->display_count + 1, sizeof *d);
        if (!d)
            return;
        s->displays = d;
    }
    dbg_display *d = &s->displays[s->display_count++];
    *d = (dbg_display){.id = s->next_display_id++, .format = format, .expr = dbg_strdup(args)};
    dbg_printf(s, "%d: ", d->id);
    if (format)
        dbg_printf(s, "/%c ", format);
    dbg_cmd_print(s, format, d->expr);
}

void dbg_cmd_undisplay(dbg_session *s, const char *args)
{
    args = dbg_skip_space(args);
    for (size_t i = s->display_count; i > 0; i--) {
        dbg_display *d = &s->displays[i - 1];
        if (*args && atoi(args) != d->id)
            continue;
        free(d->expr);
        memmove(d, d + 1, (s->display_count - i) * sizeof *d);
        s->display_count--;
    }
}

void dbg_points_free(dbg_session *s)
{
    for (size_t i = 0; i < s->point_count; i++) {
        free(s->points[i].text);
        free(s->points[i].cond);
    }
    free(s->points);
    for (size_t i = 0; i < s->display_count; i++)
        free(s->displays[i].expr);
    free(s->displays);
}
