/* mipsgrade: grades MipsHack (hw4) submissions. The command line here;
 * the gradings, each in its own limited process, in mipsgrade_run.c
 * over the grading core (asm/grade/grade_run.c). */
#define _XOPEN_SOURCE 700 /* readlink */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mipsgrade.h"


static void usage(FILE *out)
{
    fputs("Usage: mipsgrade hw4 [OPTION]... SUBMISSION...\n"
          "  or:  mipsgrade --spec FILE [OPTION]... SUBMISSION...\n"
          "\n"
          "Grades MipsHack (CSE 220 homework 4) submissions: each of the eleven functions\n"
          "is called alone on the handout's examples and on random states, with random\n"
          "values in every other register and around its structures, and checked against\n"
          "the rules: return values, every byte of memory, $s0-$s7 $fp $gp $sp preserved,\n"
          "the helpers it must call, no output. docs/grader.md lists the points.\n"
          "\n"
          "A SUBMISSION is a .asm file, or a folder holding hw4.asm: a regular file, never\n"
          "a link (a link, a FIFO or a device scores 0 with a finding).\n"
          "\n"
          "With --spec FILE, any assignment is graded by the spec FILE instead: each of\n"
          "its functions is called on the same random arguments in the submission and in\n"
          "the reference solution the spec names, and the results, memory and\n"
          "conventions compared; its program tests run the whole program on an input\n"
          "(docs/grader-spec.md). A spec with errors is reported, and nothing graded.\n"
          "\n",
          out);
    grade_cli_help_seed(out);
    fputs("  --only FUNC       only that function's tests (with --spec: a function or a\n"
          "                    program test of the spec)\n"
          "  --cases N         random states per function (default 12; with --spec, the\n"
          "                    spec's own number)\n"
          "  --maps DIR        the map files init_game is tested on (default: the\n"
          "                    maps installed with mipsgrade, <bindir>/../share/asmtools/\n"
          "                    maps, or <bindir>/maps in a build tree); every one must be\n"
          "                    there and parse, or nothing is graded\n",
          out);
    grade_cli_help_options(out, DEFAULT_CPU_SECONDS);
    fputc('\n', out);
    grade_cli_help_batch(out);
    fputs("\n"
          "Exit status: 0 graded (whatever the scores), 1 something could not be graded\n"
          "(no scratch folder, a missing map or submission, a spec with errors or a\n"
          "reference that breaks its own spec everywhere: the report and the CSV say why; no\n"
          "results.json is written), 2 bad command line, 3 graded but for the functions\n"
          "a spec's reference breaks (the report names them; results.json leaves them\n"
          "out of the total).\n",
          out);
}

/* hw4's own options on the shared command line (grade_cli.h). */
static int hw4_option(void *ctx, const char *a, const char *value)
{
    grade_options *o = ctx;
    uint64_t n;
    if (!value)
        return GRADE_CLI_UNKNOWN;
    if (!strcmp(a, "--cases"))
        return grade_cli_number(value, &n) && n > 0 && n < 10000
                   ? (o->suite.random_cases = (int)n, GRADE_CLI_VALUE)
                   : GRADE_CLI_BAD;
    if (!strcmp(a, "--only"))
        return o->suite.only = value, GRADE_CLI_VALUE;
    if (!strcmp(a, "--maps"))
        return o->suite.maps_dir = value, GRADE_CLI_VALUE;
    return GRADE_CLI_UNKNOWN;
}

static int parse_args(int argc, char **argv, grade_options *o)
{
    int status = grade_cli_parse(&o->cli, argc, argv);
    if (status >= 0)
        return status;
    if (o->suite.only && !o->cli.spec) {
        bool known = false;
        for (int f = 0; f < HW4_FUNCTIONS; f++)
            known = known || !strcmp(o->suite.only, hw4_function_names[f]);
        if (!known)
            return grade_cli_bad_usage(&o->cli, "--only names no hw4 function:", o->suite.only);
    }
    return grade_cli_check(&o->cli);
}

/* The maps installed with the binary: <bindir>/../share/asmtools/maps, or
 * <bindir>/maps where the build puts a copy. Never a path compiled in: a
 * moved or installed build would grade on whatever lies there, or nothing. */
static char *default_maps(void)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return NULL;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    static const char *const below[] = {"/../share/asmtools/maps", "/maps"};
    for (size_t i = 0; i < sizeof below / sizeof below[0]; i++) {
        size_t len = strlen(exe) + strlen(below[i]) + 1;
        char *dir = malloc(len);
        struct stat st;
        if (!dir)
            return NULL;
        snprintf(dir, len, "%s%s", exe, below[i]);
        if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
            return dir;
        free(dir);
    }
    return NULL;
}

/* Every map init_game needs, there and parsing, before anything is graded:
 * grading on missing maps scores a stub 10/10. */
static bool maps_ready(grade_options *o, char **found)
{
    if (o->suite.only && strcmp(o->suite.only, "init_game") != 0)
        return true;
    if (!o->suite.maps_dir) {
        *found = default_maps();
        if (!*found) {
            fputs("mipsgrade: no maps folder next to the binary (<bindir>/../share/asmtools/"
                  "maps or <bindir>/maps): name it with --maps DIR\n", stderr);
            return false;
        }
        o->suite.maps_dir = *found;
    }
    char why[1024];
    if (!hw4_check_maps(o->suite.maps_dir, why, sizeof why)) {
        fprintf(stderr, "mipsgrade: nothing graded: %s\n", why);
        return false;
    }
    return true;
}

int main(int argc, char **argv)
{
    static const char *const assignments[] = {"hw4", NULL};
    grade_options o;
    memset(&o, 0, sizeof o);
    o.cli = (grade_cli){.tool = "mipsgrade", .assignments = assignments, .option = hw4_option,
                        .usage = usage, .ctx = &o, .cpu_seconds = DEFAULT_CPU_SECONDS,
                        .spec_allowed = true};
    char *found_maps = NULL;
    int status = parse_args(argc, argv, &o);
    if (status < 0 && o.cli.spec)
        status = mipsgrade_run_spec(&o); /* the seed: --seed, else the spec's */
    if (status < 0 && !maps_ready(&o, &found_maps))
        status = EXIT_NOT_GRADED;
    if (status < 0) {
        o.suite.seed = o.cli.seed_given ? o.cli.seed : HW4_DEFAULT_SEED;
        status = mipsgrade_run(&o);
    }
    free(found_maps);
    grade_spec_free(&o.spec);
    grade_cli_free(&o.cli);
    return status;
}
