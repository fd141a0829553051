/* The `mars` front end: MARS 4.5's command line over the same engine as
 * mipssim, a drop-in for `java -jar Mars.jar ...` in course scripts. It
 * takes MARS's words (docs/mars-cli.md) and prints what MARS prints, byte
 * for byte; where MARS crashes or hangs it says why on stderr and exits
 * with one of mipssim's statuses instead. */
#ifndef MARS_H
#define MARS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "mips_display.h"

typedef struct mars_dump_request {
    const char *segment, *format, *file; /* as typed; checked after the run, as MARS does */
} mars_dump_request;

typedef struct mars_options {
    FILE *out;               /* MARS's messages: stdout, or stderr with "me" */
    bool simulate;           /* not "a" */
    bool project;            /* "p": every .asm and .s beside the first file */
    bool pseudo;             /* not "np" */
    bool delayed_branching;  /* "db" */
    bool warnings_are_errors; /* "we" */
    bool start_main;         /* "sm" */
    bool self_modifying;     /* "smc" */
    bool count;              /* "ic" */
    bool verbose;            /* not "b": name or address before each value */
    mips_display_format display; /* "hex" (default), "dec", "ascii" */
    int32_t max_steps;       /* "<n>"; 0 or less: no limit */
    int assemble_error_status, simulate_error_status; /* "ae<n>", "se<n>" */
    const char **files;      /* as typed, in order */
    int file_count;
    const char **registers;  /* "$t0", "$5", "$f2": as they are displayed */
    int register_count;
    uint32_t *ranges;        /* pairs of word addresses, low and high */
    int range_count;
    mars_dump_request *dumps;
    int dump_count;
    char **args;             /* after "pa" */
    int arg_count;
    int refused_status;      /* MARS would run, this build cannot (a memory
                                configuration it lacks): exit with it */
} mars_options;

/* Parses MARS's words (argv[1..]) as MarsLaunch does, printing its
 * messages (copyright, help, "Invalid Command Argument: x") to opt->out.
 * Returns whether to go on and assemble; false after help or a bad word.
 * The arrays in opt are allocated; mars_options_free releases them. */
bool mars_parse(int argc, char **argv, mars_options *opt);
void mars_options_free(mars_options *opt);

/* Assembles and runs as MARS does; returns the process's exit status. */
int mars_run(const mars_options *opt);

/* Java's Integer.decode: optional sign, then 0x / 0X / # hex, 0 octal or
 * decimal, within 32 bits. False for anything else ("" included). */
bool mars_java_decode(const char *s, int32_t *value);

/* main() for the mars front end. */
int mars_main(int argc, char **argv);

#endif
