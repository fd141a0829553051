/* What the spec parser's tests share: parsing a spec's text in memory for
 * an ISA, the messages captured. Include after <cmocka.h>. */
#ifndef SPEC_FIXTURE_H
#define SPEC_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade_spec.h"

/* Parses text, named name in messages, with isa's names; the messages in
 * *messages (free them). */
static inline bool spec_fixture_parse(const char *name, const char *text,
                                      const grade_spec_isa *isa, grade_spec *spec,
                                      char **messages)
{
    source_file *f = source_from_memory(name, text, strlen(text));
    assert_non_null(f);
    size_t size = 0;
    FILE *out = open_memstream(messages, &size);
    assert_non_null(out);
    diag_sink sink;
    diag_init(&sink, out);
    bool ok = grade_spec_parse(f, isa, &sink, spec);
    diag_free(&sink);
    fclose(out);
    source_free(f);
    return ok;
}

/* The same, for a spec that must parse: its messages on stderr when not. */
static inline void spec_fixture_parse_ok(const char *name, const char *text,
                                         const grade_spec_isa *isa, grade_spec *spec)
{
    char *messages = NULL;
    bool ok = spec_fixture_parse(name, text, isa, spec, &messages);
    if (!ok)
        fprintf(stderr, "%s", messages);
    free(messages);
    assert_true(ok);
}

#endif
