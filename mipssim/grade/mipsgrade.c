/* mipsgrade: grades MIPS submissions by a spec: MipsHack (hw4) by the one
 * carried in the binary (mipsgrade_hw4.c), any assignment by --spec FILE
 * (mipsgrade_spec.c). The command line here; the gradings, each in its own
 * limited process, on the grading core (asm/grade/grade_run.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mipsgrade.h"


static void usage(FILE *out)
{
    fputs("Usage: mipsgrade hw4 [OPTION]... SUBMISSION...\n"
          "  or:  mipsgrade --spec FILE [OPTION]... SUBMISSION...\n"
          "\n"
          "Grades MipsHack (CSE 220 homework 4) submissions by its spec\n"
          "(reference-asm/mips/hw4.spec, built in): each of the eleven functions is\n"
          "called alone on hand-written and random states, with random values in every\n"
          "other register and around its structures, and compared with the reference\n"
          "solution on the same state: return values, every byte of memory, $s0-$s7 $fp\n"
          "$gp $sp preserved, the helpers it must call, no output. docs/grader.md lists\n"
          "the points.\n"
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
          "  --cases N         random states per function (default: the spec's own number)\n"
          "  --maps DIR        the map files init_game is tested on (default: the\n"
          "                    maps installed with mipsgrade, <bindir>/../share/asmtools/\n"
          "                    maps, or <bindir>/maps in a build tree); every one the\n"
          "                    spec names must be there, or nothing is graded\n",
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

/* mipsgrade's own options on the shared command line (grade_cli.h). */
static int hw4_option(void *ctx, const char *a, const char *value)
{
    grade_options *o = ctx;
    uint64_t n;
    if (!value)
        return GRADE_CLI_UNKNOWN;
    if (!strcmp(a, "--cases"))
        return grade_cli_number(value, &n) && n > 0 && n < 10000
                   ? (o->random_cases = (int)n, GRADE_CLI_VALUE)
                   : GRADE_CLI_BAD;
    if (!strcmp(a, "--only"))
        return o->only = value, GRADE_CLI_VALUE;
    if (!strcmp(a, "--maps"))
        return o->maps_dir = value, GRADE_CLI_VALUE;
    return GRADE_CLI_UNKNOWN;
}

int main(int argc, char **argv)
{
    static const char *const assignments[] = {"hw4", NULL};
    grade_options o;
    memset(&o, 0, sizeof o);
    o.cli = (grade_cli){.tool = "mipsgrade", .assignments = assignments, .option = hw4_option,
                        .usage = usage, .ctx = &o, .cpu_seconds = DEFAULT_CPU_SECONDS,
                        .spec_allowed = true};
    int status = grade_cli_parse(&o.cli, argc, argv);
    if (status < 0)
        status = grade_cli_check(&o.cli);
    if (status < 0 && o.cli.spec) {
        o.maps_dir = NULL; /* the spec's own paths say where its files are */
        status = mipsgrade_run_spec(&o); /* the seed: --seed, else the spec's */
    } else if (status < 0) {
        status = mipsgrade_run_hw4(&o);
    }
    /* The spec goes with the process. Freeing it here, after the
     * grading's fork, wrote to its pages again and unmapped its arrays
     * one by one: 3% of a grading. A sanitizer build still frees it, so
     * its leak check sees every block. */
#ifdef GRADE_SANITIZED
    grade_spec_free(&o.spec);
#endif
    grade_cli_free(&o.cli);
    return status;
}
