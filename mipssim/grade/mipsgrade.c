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
          "  --seed N          the random states (default: a hash of the file, so the\n"
          "                    same file gets the same report; the report prints it)\n"
          "  --only FUNC       only that function's tests\n"
          "  --cases N         random states per function (default 12)\n"
          "  --maps DIR        the map files init_game is tested on (default: the\n"
          "                    maps installed with mipsgrade, <bindir>/../share/asmtools/\n"
          "                    maps, or <bindir>/maps in a build tree); every one must be\n"
          "                    there and parse, or nothing is graded\n"
          "  --json FILE       one submission: Gradescope's results.json\n"
          "  --list FILE       grade the submissions FILE lists, one a line, as a batch\n"
          "  --jobs N          a batch: N at a time (default 2)\n"
          "  --csv FILE        a batch: the scores as CSV (default: stdout)\n"
          "  --reports DIR     a batch: each one's text report as DIR/<n>-<path>.txt (n\n"
          "                    its place in the batch, the path's / and other signs as\n"
          "                    _), named in the CSV's report column\n"
          "  --note TEXT       one submission: a line the report and results.json begin\n"
          "                    with (Gradescope's run_autograder says which file it took)\n"
          "  --cpu SECONDS     the CPU time a grading may take (default 20; twice that\n"
          "                    on the clock); past it the submission scores 0\n"
          "  -h, --help        this help\n"
          "\n"
          "Several submissions, --list, --jobs, --reports or --csv make a batch. Every\n"
          "grading runs in its own process under limits of CPU time, memory, file size\n"
          "and wall-clock time, in a fresh scratch folder removed after it.\n"
          "\n"
          "Exit status: 0 graded (whatever the scores), 1 something could not be graded\n"
          "(no scratch folder, a missing map or submission: the report and the CSV say\n"
          "why; no results.json is written), 2 bad command line.\n",
          out);
}

static int bad_usage(const char *what, const char *arg)
{
    fprintf(stderr, "mipsgrade: %s%s%s\nTry 'mipsgrade --help'.\n", what, arg ? " " : "",
            arg ? arg : "");
    return EXIT_USAGE;
}

static bool parse_number(const char *s, uint64_t *value)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s || *end || s[0] == '-')
        return false;
    *value = v;
    return true;
}

/* Appends the lines of a list file to the submissions, as they are: a
 * space at either end is kept, so the batch can say it is why the path
 * names no file. */
static bool read_list(const char *file, grade_options *o, int max)
{
    FILE *in = fopen(file, "r");
    if (!in)
        return false;
    char line[4096];
    while (fgets(line, sizeof line, in) && o->path_count < max) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[strspn(line, " \t")])
            o->paths[o->path_count++] = strdup(line);
    }
    fclose(in);
    return true;
}

static int parse_args(int argc, char **argv, grade_options *o)
{
    if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        usage(stdout);
        return EXIT_GRADED;
    }
    if (argc < 2 || strcmp(argv[1], "hw4") != 0)
        return bad_usage("the first word names the assignment: hw4", NULL);
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t n;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return EXIT_GRADED;
        } else if (a[0] != '-') {
            o->paths[o->path_count++] = strdup(a);
            continue;
        }
        if (!value)
            return bad_usage("a value must follow", a);
        i++;
        if (!strcmp(a, "--seed") && parse_number(value, &n))
            o->suite.seed = n, o->seed_given = true;
        else if (!strcmp(a, "--cases") && parse_number(value, &n) && n > 0 && n < 10000)
            o->suite.random_cases = (int)n;
        else if (!strcmp(a, "--jobs") && parse_number(value, &n) && n > 0 && n < 256)
            o->jobs = (int)n, o->batch = true;
        else if (!strcmp(a, "--note"))
            o->note = value;
        else if (!strcmp(a, "--cpu") && parse_number(value, &n) && n > 0 && n <= 3600)
            o->cpu_seconds = (int)n;
        else if (!strcmp(a, "--only"))
            o->suite.only = value;
        else if (!strcmp(a, "--maps"))
            o->suite.maps_dir = value;
        else if (!strcmp(a, "--json"))
            o->json = value;
        else if (!strcmp(a, "--csv"))
            o->csv = value, o->batch = true;
        else if (!strcmp(a, "--reports"))
            o->reports_dir = value, o->batch = true;
        else if (!strcmp(a, "--list")) {
            if (!read_list(value, o, 1 << 20))
                return bad_usage("cannot read the list", value);
            o->batch = true;
        } else
            return bad_usage("bad option or value:", a);
    }
    if (o->suite.only) {
        bool known = false;
        for (int f = 0; f < HW4_FUNCTIONS; f++)
            known = known || !strcmp(o->suite.only, hw4_function_names[f]);
        if (!known)
            return bad_usage("--only names no hw4 function:", o->suite.only);
    }
    if (o->path_count == 0)
        return bad_usage("no submission given", NULL);
    if (o->json && o->batch)
        return bad_usage("--json is for one submission, not a batch", NULL);
    if (o->note && o->batch)
        return bad_usage("--note is for one submission, not a batch", NULL);
    o->batch = o->batch || o->path_count > 1;
    return -1;
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
    grade_options o;
    memset(&o, 0, sizeof o);
    o.cpu_seconds = DEFAULT_CPU_SECONDS;
    o.paths = calloc((size_t)argc + (1 << 20), sizeof *o.paths);
    if (!o.paths)
        return 1;
    char *found_maps = NULL;
    int status = parse_args(argc, argv, &o);
    if (status < 0 && !maps_ready(&o, &found_maps))
        status = EXIT_NOT_GRADED;
    if (status < 0) {
        o.suite.seed_from_source = !o.seed_given;
        status = o.batch ? mipsgrade_batch(&o) : mipsgrade_single(&o);
    }
    free(found_maps);
    for (int i = 0; i < o.path_count; i++)
        free((char *)o.paths[i]);
    free(o.paths);
    return status;
}
