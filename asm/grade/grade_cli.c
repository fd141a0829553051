/* The graders' shared command line: the options, the list file, the usage
 * errors, the help lines, and the runner they decide. */
#include "grade_cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum { LIST_MAX = 1 << 20 }; /* submissions a list may name */

int grade_cli_bad_usage(const grade_cli *cli, const char *what, const char *arg)
{
    fprintf(stderr, "%s: %s%s%s\nTry '%s --help'.\n", cli->tool, what, arg ? " " : "",
            arg ? arg : "", cli->tool);
    return GRADE_EXIT_USAGE;
}

bool grade_cli_number(const char *s, uint64_t *value)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s || *end || s[0] == '-')
        return false;
    *value = v;
    return true;
}

static void add_path(grade_cli *cli, const char *path)
{
    char *copy = strdup(path);
    if (!copy)
        abort();
    cli->paths[cli->path_count++] = copy;
}

/* Appends the lines of a list file to the submissions, as they are: a
 * space at either end is kept, so the batch can say it is why the path
 * names no file. */
static bool read_list(const char *file, grade_cli *cli)
{
    FILE *in = fopen(file, "r");
    if (!in)
        return false;
    char line[4096];
    while (fgets(line, sizeof line, in) && cli->path_count < LIST_MAX) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[strspn(line, " \t")])
            add_path(cli, line);
    }
    fclose(in);
    return true;
}

/* The shared options, each with a value: 1 taken, 0 none of them or a
 * wrong value, -1 a list that cannot be read. */
static int shared_option(grade_cli *cli, const char *a, const char *value)
{
    uint64_t n;
    if (!strcmp(a, "--seed") && grade_cli_number(value, &n))
        cli->seed = n, cli->seed_given = true;
    else if (!strcmp(a, "--secret-seed") && grade_cli_number(value, &n))
        cli->seed = n, cli->seed_given = cli->seed_secret = true;
    else if (!strcmp(a, "--jobs") && grade_cli_number(value, &n) && n > 0 && n < 256)
        cli->jobs = (int)n, cli->batch = true;
    else if (!strcmp(a, "--note"))
        cli->note = value;
    else if (!strcmp(a, "--cpu") && grade_cli_number(value, &n) && n > 0 && n <= 3600)
        cli->cpu_seconds = (int)n;
    else if (!strcmp(a, "--json"))
        cli->json = value;
    else if (!strcmp(a, "--csv"))
        cli->csv = value, cli->batch = true;
    else if (!strcmp(a, "--reports"))
        cli->reports_dir = value, cli->batch = true;
    else if (!strcmp(a, "--html"))
        cli->html = value, cli->batch = true;
    else if (!strcmp(a, "--list")) {
        if (!read_list(value, cli))
            return -1;
        cli->batch = true;
    } else
        return 0;
    return 1;
}

/* The shared options' names: a grader's hook never sees them. */
static bool is_shared(const char *a)
{
    static const char *const names[] = {"--seed", "--secret-seed", "--jobs", "--cpu", "--note", "--json",
                                        "--csv", "--reports", "--list", "--html", "--quiet"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(a, names[i]))
            return true;
    return false;
}

int grade_cli_parse(grade_cli *cli, int argc, char **argv)
{
    cli->paths = calloc((size_t)argc + LIST_MAX, sizeof *cli->paths);
    if (!cli->paths)
        abort();
    if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        cli->usage(stdout);
        return GRADE_EXIT_GRADED;
    }
    for (int k = 0; argc >= 2 && cli->assignments[k] && !cli->assignment; k++)
        if (!strcmp(argv[1], cli->assignments[k]))
            cli->assignment = cli->assignments[k];
    int first = 2;
    if (!cli->assignment && cli->spec_allowed && argc >= 2 && !strcmp(argv[1], "--spec")) {
        if (argc < 3)
            return grade_cli_bad_usage(cli, "a value must follow", "--spec");
        cli->spec = argv[2];
        first = 3;
    }
    if (!cli->assignment && !cli->spec) {
        char what[200] = "the first word names the assignment:";
        for (int k = 0; cli->assignments[k]; k++)
            snprintf(what + strlen(what), sizeof what - strlen(what), "%s %s",
                     k ? " or" : "", cli->assignments[k]);
        return grade_cli_bad_usage(cli, what, NULL);
    }
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            cli->usage(stdout);
            return GRADE_EXIT_GRADED;
        } else if (a[0] != '-') {
            add_path(cli, a);
            continue;
        } else if (!strcmp(a, "--quiet")) {
            cli->quiet = true;
            continue;
        }
        int own = is_shared(a) ? GRADE_CLI_UNKNOWN : cli->option(cli->ctx, a, value);
        if (own == GRADE_CLI_FLAG)
            continue;
        if (!value)
            return grade_cli_bad_usage(cli, "a value must follow", a);
        i++;
        if (own == GRADE_CLI_VALUE)
            continue;
        int shared = own == GRADE_CLI_UNKNOWN ? shared_option(cli, a, value) : 0;
        if (shared > 0)
            continue;
        if (shared < 0)
            return grade_cli_bad_usage(cli, "cannot read the list", value);
        return grade_cli_bad_usage(cli, "bad option or value:", a);
    }
    return -1;
}

int grade_cli_check(grade_cli *cli)
{
    if (cli->path_count == 0)
        return grade_cli_bad_usage(cli, "no submission given", NULL);
    if (cli->json && cli->batch)
        return grade_cli_bad_usage(cli, "--json is for one submission, not a batch", NULL);
    if (cli->note && cli->batch)
        return grade_cli_bad_usage(cli, "--note is for one submission, not a batch", NULL);
    cli->batch = cli->batch || cli->path_count > 1;
    return -1;
}

void grade_cli_help_seed(FILE *out)
{
    fputs("  --seed N          the random states (default: the assignment's own, a\n"
          "                    spec's 'seed' or a hash of the spec; the report prints it)\n"
          "  --secret-seed N   --seed N, but results.json, which students see, does not\n"
          "                    show it (the text report does, for the TA)\n",
          out);
}

void grade_cli_help_options(FILE *out, int default_cpu)
{
    fprintf(out,
            "  --json FILE       one submission: Gradescope's results.json\n"
            "  --list FILE       grade the submissions FILE lists, one a line, as a batch\n"
            "  --jobs N          a batch: N at a time (default 2)\n"
            "  --csv FILE        a batch: the scores as CSV (default: stdout)\n"
            "  --reports DIR     a batch: each one's text report as DIR/<n>-<path>.txt (n\n"
            "                    its place in the batch, the path's / and other signs as\n"
            "                    _), named in the CSV's report column\n"
            "  --html FILE       a batch: a report page, one file with no link outside\n"
            "                    it but to the reports (--reports): a histogram of\n"
            "                    totals, each part's full, partial and zero counts, the\n"
            "                    most common findings, every submission (sortable)\n"
            "  --quiet           a batch: no progress line (shown only on a terminal) and\n"
            "                    no summary on stderr, only errors\n"
            "  --note TEXT       one submission: a line the report and results.json begin\n"
            "                    with (Gradescope's run_autograder says which file it took)\n"
            "  --cpu SECONDS     the CPU time a grading may take (default %d, a safety\n"
            "                    net: tests are bounded in instructions; 10 times that\n"
            "                    and 60 s on the clock); past it: not graded, exit 1\n"
            "  -h, --help        this help\n",
            default_cpu);
}

void grade_cli_help_batch(FILE *out)
{
    fputs("Several submissions, --list, --jobs, --reports, --csv or --html make a batch.\n"
          "Every grading runs in its own process under limits of CPU time, memory, file\n"
          "size and wall-clock time, in a fresh scratch folder removed after it. The CSV\n"
          "has a row per submission in the order given, and a column per function or\n"
          "test after the fixed ones. On a terminal a line shows the progress; at the\n"
          "end a summary on stderr gives the counts, the totals' mean, median and\n"
          "spread, and per function or test how many got full, partial and zero points\n"
          "and the most common finding (numbers in it shown as N).\n",
          out);
}

grade_runner grade_cli_runner(const grade_cli *cli)
{
    return (grade_runner){
        .tool = cli->tool,
        .json = cli->json,
        .note = cli->note,
        .csv = cli->csv,
        .reports_dir = cli->reports_dir,
        .html = cli->html,
        .quiet = cli->quiet,
        .jobs = cli->jobs,
        .cpu_seconds = cli->cpu_seconds,
        .paths = cli->paths,
        .path_count = cli->path_count,
    };
}

int grade_cli_run(const grade_cli *cli, const grade_runner *run)
{
    return cli->batch ? grade_run_batch(run) : grade_run_single(run);
}

void grade_cli_free(grade_cli *cli)
{
    for (int i = 0; i < cli->path_count; i++)
        free((char *)cli->paths[i]);
    free(cli->paths);
    cli->paths = NULL;
    cli->path_count = 0;
}
