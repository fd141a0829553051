/* The parts of the mars front end (mars.c, mars_sim.c, mars_dump.c). */
#ifndef MARS_IMPL_H
#define MARS_IMPL_H

#include <stdio.h>

#include "mars.h"
#include "mips_machine.h"
#include "mips_session.h"

/* The files MARS assembles, by the absolute names its messages show. */
typedef struct mars_files {
    char **paths;
    size_t count;
} mars_files;

bool mars_file_list(const mars_options *opt, mars_files *list);
void mars_files_free(mars_files *list);

/* Runs the session's loaded program (its arguments stored) on a console
 * opened now, prints MARS's messages and post-mortem displays, and returns
 * the exit status. */
int mars_simulate(const mars_options *opt, mips_session *session, const mips_program *prog);

/* The "dump" requests, after the run (m NULL: nothing was assembled). */
void mars_dump_all(const mars_options *opt, const mips_machine *m, const mips_program *prog);

/* MARS's JVM and non-ASCII bytes (mars_charset.c): whether the locale's
 * charset is UTF-8; Java's string of a command-line word (UTF-8, U+FFFD
 * for what its decoder refuses); the bytes the JVM gives the host for a
 * Java string (a file name, System.out: '?' for what ASCII lacks); and a
 * raw word as MARS echoes it. The strings are malloc'd (NULL: no memory). */
bool mars_locale_utf8(void);
char *mars_java_string(const char *raw);
char *mars_host_bytes(const char *java);
void put_java_word(FILE *out, const char *raw);

#endif
