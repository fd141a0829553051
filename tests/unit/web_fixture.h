/* What the web API's unit tests share: a program in a file of its own
 * (breakpoints name it), loaded, and an integer field of web_state. The
 * includer has included cmocka.h. */
#ifndef WEB_FIXTURE_H
#define WEB_FIXTURE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "json.h"
#include "wasm_api.h"

/* Writes text to a new file named after prefix into path (at least 64
 * bytes) and loads it; the caller unlinks path (web_load has read it). */
static inline web_machine *web_fixture_load(const char *isa, const char *text,
                                            const char *prefix, char *path)
{
    snprintf(path, 64, "/tmp/%s_XXXXXX", prefix);
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    web_machine *w = web_load(isa, path);
    assert_non_null(w);
    return w;
}

static inline int64_t web_fixture_state_int(web_machine *w, const char *key)
{
    const char *text = web_state(w);
    char err[128];
    json_value *v = json_parse(text, strlen(text), NULL, err);
    assert_non_null(v);
    int64_t n = -1;
    assert_true(json_get_int(v, key, &n));
    json_free(v);
    return n;
}

#endif
