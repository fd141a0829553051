/* The command line every grader shares: `TOOL ASSIGNMENT [OPTION]...
 * SUBMISSION...` with --seed, --json, --list, --jobs, --csv, --reports,
 * --html, --quiet, --note, --cpu and -h/--help, the same usage errors and exit statuses
 * (grade_run.h). A grader adds its own options through a hook and its own
 * help around the shared lines, then runs on the core's runner. */
#ifndef GRADE_CLI_H
#define GRADE_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "grade_run.h"

/* What a grader's option hook says of an option. */
enum {
    GRADE_CLI_UNKNOWN = 0, /* not its option */
    GRADE_CLI_FLAG = 1,    /* taken, without a value */
    GRADE_CLI_VALUE = 2,   /* taken with the value after it */
    GRADE_CLI_BAD = -1,    /* its option, but the value is wrong */
};

typedef struct grade_cli {
    const char *tool;          /* "mipsgrade": messages */
    const char *const *assignments; /* the first words it grades, NULL-ended */
    const char *assignment;    /* the one given (NULL with --spec) */
    bool spec_allowed;         /* the grader grades by spec: `--spec FILE` may stand
                                  in the assignment word's place */
    const char *spec;          /* that FILE (docs/grader-spec.md) */
    /* The grader's options: called with the option and the word after it
     * (NULL at the end); says which of the above it is. */
    int (*option)(void *ctx, const char *option, const char *value);
    void (*usage)(FILE *out);  /* the whole --help text */
    void *ctx;
    uint64_t seed;
    bool seed_given;
    bool seed_secret;          /* --secret-seed: results.json does not show it */
    const char *json;          /* one submission: results.json here */
    const char *note;          /* one submission: a line the reports begin with */
    const char *csv;           /* several: the scores here (default stdout) */
    const char *reports_dir;   /* several: each submission's text report here */
    const char *html;          /* several: the report page here */
    bool quiet;                /* several: no progress line, no summary */
    int jobs;
    int cpu_seconds;           /* a grading's CPU time (a safety net, grade_run.h) */
    bool batch;                /* --list, --reports, --jobs, --csv, --html or several paths */
    const char **paths;
    int path_count;
} grade_cli;

/* Reads argv into cli (tool, assignments, option, usage, ctx,
 * spec_allowed and cpu_seconds set by the caller). Returns -1 to go on, or the exit status:
 * 0 after --help, GRADE_EXIT_USAGE after a message on stderr. Call
 * grade_cli_check after the grader's own checks. */
int grade_cli_parse(grade_cli *cli, int argc, char **argv);

/* The checks on the whole line: a submission given, --json and --note for
 * one only; then several paths make a batch. -1 or GRADE_EXIT_USAGE. */
int grade_cli_check(grade_cli *cli);

/* "TOOL: WHAT ARG\nTry 'TOOL --help'." on stderr; GRADE_EXIT_USAGE. */
int grade_cli_bad_usage(const grade_cli *cli, const char *what, const char *arg);

/* Reads a decimal number, no sign. */
bool grade_cli_number(const char *s, uint64_t *value);

/* The help's lines for --seed, and for the options from --json to --help
 * (default_cpu: --cpu's default), and its paragraph on batches. */
void grade_cli_help_seed(FILE *out);
void grade_cli_help_options(FILE *out, int default_cpu);
void grade_cli_help_batch(FILE *out);

/* The runner's fields the command line decides (grade_run.h); the grader
 * adds title, folder_file, max_score, ctx, grade and write. */
grade_runner grade_cli_runner(const grade_cli *cli);

/* One submission or a batch, as the command line said. */
int grade_cli_run(const grade_cli *cli, const grade_runner *run);

/* Frees the paths the command line and the list gave. */
void grade_cli_free(grade_cli *cli);

#endif
