/* The spec's `include` key (a part of the parser's top, grade_spec.c). */
#include "grade_spec_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* `include NAME...`: files the spec ships beside it, which a submission
 * may .include (copied into its private folder). Plain names only, each a
 * regular file there: a path could name a neighbour's submission. */
void spec_includes(spec_parser *p, const spec_tok *key)
{
    grade_spec *s = p->spec;
    if (p->isa->rules_absent & GRADE_RULE_NO_INCLUDE) {
        spec_error(p, key, "the %s has no .include: nothing to allow", p->isa->name);
        return;
    }
    if (s->include_line) {
        spec_error(p, key, "include is already given (line %d): name every file on one line",
                   s->include_line);
        return;
    }
    s->include_line = p->line;
    const spec_tok *t;
    while ((t = spec_next(p))->kind == TOK_WORD || t->kind == TOK_STRING) {
        char *name = spec_text_of(t);
        const char *why = NULL;
        if (!name[0] || strchr(name, '/') || !strcmp(name, ".") || !strcmp(name, ".."))
            why = "is not a plain file name (the file must lie beside the spec)";
        else if (s->include_count == GRADE_SPEC_INCLUDES_MAX)
            why = "is one file too many (at most 8)";
        for (int i = 0; !why && i < s->include_count; i++)
            if (!strcmp(s->includes[i], name))
                why = "is named twice";
        if (!why) {
            size_t size = strlen(s->dir) + strlen(name) + 2;
            char *path = malloc(size);
            if (!path)
                abort();
            snprintf(path, size, "%s/%s", s->dir, name);
            const char *cannot = "";
            int fd = source_open_regular(path, &cannot);
            if (fd < 0)
                why = "cannot be read beside the spec";
            else
                close(fd);
            free(path);
        }
        if (why) {
            spec_error(p, t, "'%s' %s", name, why);
            free(name);
            return;
        }
        s->includes[s->include_count++] = name;
    }
    if (t->kind != TOK_END)
        spec_error(p, t, "expected the names of files beside the spec");
    else if (s->include_count == 0)
        spec_error(p, key, "include names no file (include NAME...)");
}
