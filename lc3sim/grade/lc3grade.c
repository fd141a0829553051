/* lc3grade: grades LC-3 Nim submissions as lc3tools' sample grader does.
 * The command line here, on the one every grader shares (grade_cli.h);
 * the gradings, each in its own limited process, in lc3grade_run.c. */
#include <stdlib.h>
#include <string.h>

#include "lc3grade.h"

static void usage(FILE *out)
{
    fputs("Usage: lc3grade nim [OPTION]... SUBMISSION...\n"
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
          "\n",
          out);
    grade_cli_help_seed(out);
    fputs("  --mode MODE       similarity (default): lc3tools' rule, case, whitespace and\n"
          "                    punctuation ignored, partial points from a similarity of\n"
          "                    0.2; exact: the expected bytes or nothing\n"
          "  --ignore-privilege  user mode may touch system space and devices, as\n"
          "                    lc3tools' --ignore-privilege (an exception scores 0)\n",
          out);
    grade_cli_help_options(out, LC3GRADE_CPU_SECONDS);
    fputc('\n', out);
    grade_cli_help_batch(out);
    fputs("\n"
          "Exit status: 0 graded (whatever the scores), 1 something could not be graded\n"
          "(no scratch folder, a missing submission: the report and the CSV say why; no\n"
          "results.json is written), 2 bad command line.\n",
          out);
}

/* Nim's own options on the shared command line. */
static int nim_option(void *ctx, const char *a, const char *value)
{
    lc3grade_options *o = ctx;
    if (!strcmp(a, "--ignore-privilege"))
        return o->suite.ignore_privilege = true, GRADE_CLI_FLAG;
    if (!strcmp(a, "--mode") && value) {
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
                        .usage = usage, .ctx = &o, .cpu_seconds = LC3GRADE_CPU_SECONDS};
    int status = grade_cli_parse(&o.cli, argc, argv);
    if (status < 0)
        status = grade_cli_check(&o.cli);
    if (status < 0) {
        o.suite.seed = o.cli.seed;
        o.suite.seed_from_source = !o.cli.seed_given;
        status = lc3grade_run(&o);
    }
    grade_cli_free(&o.cli);
    return status;
}
