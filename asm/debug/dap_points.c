/* The DAP server's breakpoints (dap_impl.h): source lines in any of the
 * program's files, labels, addresses and watched memory, each request
 * replacing its kind's points in the core, with conditions and hit counts. */
#define _XOPEN_SOURCE 700
#include "dap_impl.h"
#include "dbg_expr.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

const char *dap_point_reason(int owner)
{
    switch (owner) {
    case DAP_OWNER_FUNCTION: return "function breakpoint";
    case DAP_OWNER_INSTRUCTION: return "instruction breakpoint";
    case DAP_OWNER_DATA: return "data breakpoint";
    default: return "breakpoint";
    }
}

/* Deletes the points of one owner. */
static void delete_owned(dap_server *srv, int owner)
{
    for (size_t i = srv->s.point_count; i > 0; i--)
        if (srv->s.points[i - 1].owner == owner)
            dbg_delete_point(&srv->s, srv->s.points[i - 1].id);
}

static const char *last_component(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The program's file a client's path names: the same file, or failing
 * that the same last component. */
static bool find_file(dap_server *srv, const char *path, size_t *file)
{
    char want[PATH_MAX], have[PATH_MAX];
    if (!realpath(path, want))
        snprintf(want, sizeof want, "%s", path);
    for (int pass = 0; pass < 2; pass++)
        for (size_t f = 0; f < srv->t->file_count; f++) {
            dap_file_path(srv, f, have, sizeof have);
            if (pass == 0 ? strcmp(have, want) == 0
                          : strcmp(last_component(have), last_component(want)) == 0) {
                *file = f;
                return true;
            }
        }
    return false;
}

/* One breakpoint of a response: verified with its place, or not with why. */
static void write_point(dap_server *srv, const dbg_point *p, const char *message)
{
    json_begin_object(&srv->w);
    json_key_bool(&srv->w, "verified", p != NULL);
    if (p) {
        json_key_int(&srv->w, "id", p->id);
        dbg_source src;
        if (srv->t->source_of(srv->t->ctx, p->addr, &src)) {
            json_key(&srv->w, "source");
            dap_write_source(srv, src.file);
            json_key_int(&srv->w, "line", src.line);
        }
        char addr[32];
        dap_addr_text(srv, p->addr, addr, sizeof addr);
        json_key_string(&srv->w, "instructionReference", addr);
    } else {
        json_key_string(&srv->w, "message", message);
    }
    json_end_object(&srv->w);
}

/* Makes a breakpoint at addr with a request's condition and hit count:
 * NULL with the reason in err. */
static dbg_point *add_break(dap_server *srv, uint32_t addr, const json_value *bp, int owner,
                            const char *text, char *err)
{
    const char *cond = json_get_string(bp, "condition");
    const char *hits = json_get_string(bp, "hitCondition");
    if (cond && !*dbg_skip_space(cond))
        cond = NULL;
    dbg_point *p = dbg_add_break(&srv->s, addr, false, cond, text, err);
    if (p && hits && *dbg_skip_space(hits) && !dbg_set_hit_condition(p, hits, err)) {
        dbg_delete_point(&srv->s, p->id);
        return NULL;
    }
    if (p)
        p->owner = owner;
    return p;
}

void dap_set_breakpoints(dap_server *srv, const json_value *req)
{
    if (!dap_need_program(srv, req))
        return;
    const json_value *args = json_get_object(req, "arguments");
    const json_value *source = json_get_object(args, "source");
    const json_value *list = json_get_array(args, "breakpoints");
    const char *path = json_get_string(source, "path");
    if (!path)
        path = json_get_string(source, "name");
    size_t file = 0;
    bool known = path && find_file(srv, path, &file);
    if (known)
        delete_owned(srv, DAP_OWNER_SOURCE + (int)file);
    dap_begin_response(srv, req, true, NULL);
    json_key(&srv->w, "body");
    json_begin_object(&srv->w);
    json_key(&srv->w, "breakpoints");
    json_begin_array(&srv->w);
    for (size_t i = 0; list && i < list->count; i++) {
        const json_value *bp = &list->items[i];
        int64_t line = 0;
        char err[DBG_ERROR_SIZE] = "";
        uint32_t addr;
        dbg_source src;
        dbg_point *p = NULL;
        if (!known) {
            snprintf(err, sizeof err, "Not a file of this program.");
        } else if (!json_get_int(bp, "line", &line) || line < 1 || line > INT_MAX ||
                   !srv->t->line_addr(srv->t->ctx, file, (int)line, &addr) ||
                   !srv->t->source_of(srv->t->ctx, addr, &src) || src.file != file ||
                   src.line != line ||
                   (srv->host->is_data && srv->host->is_data(srv->host->ctx, addr))) {
            snprintf(err, sizeof err, "No code on this line.");
        } else {
            char text[300];
            snprintf(text, sizeof text, "%s:%d", last_component(srv->t->files[file]->path),
                     (int)line);
            p = add_break(srv, addr, bp, DAP_OWNER_SOURCE + (int)file, text, err);
        }
        write_point(srv, p, err);
    }
    json_end_array(&srv->w);
    json_end_object(&srv->w);
    dap_send(srv);
}

/* setFunctionBreakpoints and setInstructionBreakpoints: each item's
 * address from its label, or its instruction reference and offset. */
static void set_address_points(dap_server *srv, const json_value *req, int owner)
{
    if (!dap_need_program(srv, req))
        return;
    const json_value *list = json_get_array(json_get_object(req, "arguments"), "breakpoints");
    delete_owned(srv, owner);
    dap_begin_response(srv, req, true, NULL);
    json_key(&srv->w, "body");
    json_begin_object(&srv->w);
    json_key(&srv->w, "breakpoints");
    json_begin_array(&srv->w);
    for (size_t i = 0; list && i < list->count; i++) {
        const json_value *bp = &list->items[i];
        char err[DBG_ERROR_SIZE] = "";
        uint32_t addr = 0;
        dbg_point *p = NULL;
        const char *name = json_get_string(bp, owner == DAP_OWNER_FUNCTION ? "name"
                                                                          : "instructionReference");
        int64_t offset = 0;
        json_get_int(bp, "offset", &offset);
        if (!name)
            snprintf(err, sizeof err, "No %s given.", owner == DAP_OWNER_FUNCTION ? "name" : "address");
        else if (owner == DAP_OWNER_FUNCTION && !srv->t->symbol_value(srv->t->ctx, name, &addr))
            snprintf(err, sizeof err, "No label %.100s.", name);
        else if (owner == DAP_OWNER_INSTRUCTION && !dbg_eval(srv->t, name, &addr, err))
            ;
        else
            p = add_break(srv, addr + (uint32_t)offset, bp, owner, name, err);
        write_point(srv, p, err);
    }
    json_end_array(&srv->w);
    json_end_object(&srv->w);
    dap_send(srv);
}

void dap_set_function_breakpoints(dap_server *srv, const json_value *req)
{
    set_address_points(srv, req, DAP_OWNER_FUNCTION);
}

void dap_set_instruction_breakpoints(dap_server *srv, const json_value *req)
{
    set_address_points(srv, req, DAP_OWNER_INSTRUCTION);
}

/* A watch's unit: a word (4 bytes on MIPS, one word on the LC-3). */
static unsigned watch_size(const dap_server *srv)
{
    return srv->t->byte_addressed ? srv->t->word_bytes : 1;
}

void dap_data_breakpoint_info(dap_server *srv, const json_value *req)
{
    if (!dap_need_program(srv, req))
        return;
    const json_value *args = json_get_object(req, "arguments");
    const char *name = json_get_string(args, "name");
    int64_t ref = 0;
    json_get_int(args, "variablesReference", &ref);
    uint32_t addr = 0;
    char err[DBG_ERROR_SIZE] = "";
    bool ok = name && (ref == DAP_REF_DATA ? srv->t->symbol_value(srv->t->ctx, name, &addr)
                       : ref == 0          ? dbg_location(srv->t, name, &addr, err)
                                           : false);
    dap_begin_response(srv, req, true, NULL);
    json_key(&srv->w, "body");
    json_begin_object(&srv->w);
    if (ok) {
        char id[96], text[64], description[200];
        dap_addr_text(srv, addr, text, sizeof text);
        snprintf(id, sizeof id, "%s/%u", text, watch_size(srv));
        snprintf(description, sizeof description, "%.100s (the word at %s)", name, text);
        json_key_string(&srv->w, "dataId", id);
        json_key_string(&srv->w, "description", description);
        json_key(&srv->w, "accessTypes");
        json_begin_array(&srv->w);
        json_string(&srv->w, "write");
        json_end_array(&srv->w);
    } else {
        json_key(&srv->w, "dataId");
        json_null(&srv->w);
        json_key_string(&srv->w, "description",
                        ref > 0 && ref != DAP_REF_DATA ? "Registers cannot be watched, only memory."
                        : *err ? err : "Not a label or an address.");
    }
    json_end_object(&srv->w);
    dap_send(srv);
}

void dap_set_data_breakpoints(dap_server *srv, const json_value *req)
{
    if (!dap_need_program(srv, req))
        return;
    const json_value *list = json_get_array(json_get_object(req, "arguments"), "breakpoints");
    delete_owned(srv, DAP_OWNER_DATA);
    dap_begin_response(srv, req, true, NULL);
    json_key(&srv->w, "body");
    json_begin_object(&srv->w);
    json_key(&srv->w, "breakpoints");
    json_begin_array(&srv->w);
    for (size_t i = 0; list && i < list->count; i++) {
        const char *id = json_get_string(&list->items[i], "dataId");
        char err[DBG_ERROR_SIZE] = "No dataId given.", where[64] = "";
        uint32_t addr;
        dbg_point *p = NULL;
        const char *slash = id ? strrchr(id, '/') : NULL;
        if (slash && (size_t)(slash - id) < sizeof where) {
            memcpy(where, id, (size_t)(slash - id));
            where[slash - id] = '\0';
            unsigned size = (unsigned)strtoul(slash + 1, NULL, 10);
            if (!dbg_eval(srv->t, where, &addr, err))
                ;
            else if (size != watch_size(srv))
                snprintf(err, sizeof err, "A watch is one word.");
            else
                p = dbg_add_watch(&srv->s, addr, size, where, err);
        }
        if (p) {
            uint32_t offset;
            const char *label = srv->t->symbol_at(srv->t->ctx, addr, &offset);
            if (label && offset == 0) {
                free(p->text);
                p->text = dbg_strdup(label);
            }
            p->owner = DAP_OWNER_DATA;
        }
        json_begin_object(&srv->w);
        json_key_bool(&srv->w, "verified", p != NULL);
        if (p)
            json_key_int(&srv->w, "id", p->id);
        else
            json_key_string(&srv->w, "message", err);
        json_end_object(&srv->w);
    }
    json_end_array(&srv->w);
    json_end_object(&srv->w);
    dap_send(srv);
}
