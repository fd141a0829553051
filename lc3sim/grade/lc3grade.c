/* lc3grade: grades LC-3 Nim submissions as lc3tools' sample grader does,
 * or any LC-3 assignment by a spec (--spec FILE, lc3grade_spec.c).
 * The command line here, on the one every grader shares (grade_cli.h);
 * the gradings, each in its own limited process, in lc3grade_run.c. */
#include <stdlib.h>
#include <string.h>

#include "lc3grade.h"

static void usage(FILE *out)
{
    fputs("Usage: lc3grade nim [OPTION]... SUBMISSION...\n"
          "  or:  lc3grade --spec FILE [OPTION]... SUBMISSION...\n"
          "\n"
          "Grades LC-3 Nim submissions (three rows of 3, 5 and 8 rocks) as lc3tools'\n"
          "sample grader does: the whole program runs on the LC-3 with its operating\n"
          "system, the moves typed as keys, and its output is compared with what a\n"
          "correct program prints. lc3tools' seven tests make the 100 points; nine more\n"
          "checks (every kind of invalid move, a win for each player, whole and empty\n"
          "rows) are reported at 0 points. docs/grader.md lists the tests and the rule.\n"
          "\n"
          "A SUBMISSION is a .asm file, or a folder holding nim.asm: a regular file, never\n"
          "a link (a link, a FIFO or a device scores 0 with a finding).\n"
          "\n"
          "With --spec FILE, any LC-3 assignment is graded by the spec FILE instead: each\n"
          "of its subroutines is called (R7 a return address no code lives at, R6 the\n"
          "stack) on the same random registers and memory in the submission and in the\n"
          "reference solution the spec names, and the results, memory and conventions\n"
          "compared; its program tests run the whole program on keys (docs/grader-spec.md,\n"
          "\"The LC-3\"). A spec with errors is reported, and nothing graded.\n"
          "\n",
          out);
    grade_cli_help_seed(out);
    fputs("  --mode MODE       similarity (default): lc3tools' rule, case, whitespace and\n"
          "                    punctuation ignored, partial points from a similarity of\n"
          "                    0.2; exact: the expected bytes or nothing (not with --spec:\n"
          "                    a spec says how each test compares)\n"
          "  --only NAME       with --spec: only that function or program test\n"
          "  --cases N         with --spec: random cases per function instead of the spec's\n"
          "  --ignore-privilege  user mode may touch system space and devices, as\n"
          "                    lc3tools' --ignore-privilege (an exception scores 0)\n",
          out);
    grade_cli_help_options(out, LC3GRADE_CPU_SECONDS);
    fputc('\n', out);
    grade_cli_help_batch(out);
    fputs("\n"
          "Exit status: 0 graded (whatever the scores), 1 something could not be graded\n"
          "(no scratch folder, a missing submission, a spec with errors or a reference\n"
          "that breaks its own spec everywhere: the report and the CSV say why; no\n"
          "results.json is written), 2 bad command line, 3 graded but for the functions\n"
          "a spec's reference breaks (the report names them; results.json leaves them\n"
          "out of the total).\n",
          out);
}

/* Nim's own options on the shared command line, and --spec's. */
static int nim_option(void *ctx, const char *a, const char *value)
{
    lc3grade_options *o = ctx;
    uint64_t n;
    if (!strcmp(a, "--ignore-privilege"))
        return o->suite.ignore_privilege = true, GRADE_CLI_FLAG;
    if (!strcmp(a, "--only") && value)
        return o->only = value, GRADE_CLI_VALUE;
    if (!strcmp(a, "--cases") && value)
        return grade_cli_number(value, &n) && n > 0 && n < 10000
                   ? (o->random_cases = (int)n, GRADE_CLI_VALUE)
                   : GRADE_CLI_BAD;
    if (!strcmp(a, "--mode") && value) {
        o->mode_given = true;
        if (!strcmp(value, "similarity"))
            o->suite.mode = NIM_MODE_SIMILARITY;
        else if (!strcmp(value, "exact"))
            o->suite.mode = NIM_MODE_EXACT;
        else
            return GRADE_CLI_BAD;
        return GRADE_CLI_VALUE;
    }
    return GRADE_CLI_UNKNOWN;
}

int main(int argc, char **argv)
{
    static const char *const assignments[] = {"nim", NULL};
    lc3grade_options o;
    memset(&o, 0, sizeof o);
    o.cli = (grade_cli){.tool = "lc3grade", .assignments = assignments, .option = nim_option,
                        .usage = usage, .ctx = &o, .cpu_seconds = LC3GRADE_CPU_SECONDS,
                        .spec_allowed = true};
    int status = grade_cli_parse(&o.cli, argc, argv);
    if (status < 0 && o.cli.spec && o.mode_given)
        status = grade_cli_bad_usage(&o.cli, "--mode is the Nim grader's; a spec says how "
                                     "each test compares:", o.cli.spec);
    if (status < 0 && !o.cli.spec && (o.only || o.random_cases))
        status = grade_cli_bad_usage(&o.cli, "--only and --cases go with --spec:", "nim");
    if (status < 0)
        status = grade_cli_check(&o.cli);
    if (status < 0) {
        /* The seed: --seed, else the assignment's (a spec's, after it is read). */
        o.suite.seed = o.cli.seed_given ? o.cli.seed : NIM_DEFAULT_SEED;
        status = o.cli.spec ? lc3grade_run_spec(&o) : lc3grade_run(&o);
    }
    grade_spec_free(&o.spec);
    grade_cli_free(&o.cli);
    return status;
}
