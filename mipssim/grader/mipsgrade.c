/* mipsgrade: grades MipsHack (hw4) submissions. One submission: a report on
 * stdout (and --json for Gradescope). Several: each graded in its own
 * process under CPU-time and memory limits, --jobs at a time, and a CSV of
 * scores, so a submission that crashes, hangs or floods costs only itself. */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "grade_report.h"
#include "hw4_suite.h"

/* AddressSanitizer reserves terabytes of address space for its shadow
 * memory: a sanitizer build cannot run under an address-space limit. gcc
 * says so with __SANITIZE_ADDRESS__, clang with __has_feature. */
#if defined(__SANITIZE_ADDRESS__)
#define MIPSGRADE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MIPSGRADE_ASAN 1
#endif
#endif

#ifndef MIPSGRADE_MAPS_DIR
#define MIPSGRADE_MAPS_DIR "maps"
#endif

enum { EXIT_OK = 0, EXIT_USAGE = 2, CPU_SECONDS = 20, MEMORY_MB = 1024 };

typedef struct grade_options {
    hw4_suite_options suite;
    const char *json;        /* one submission: results.json here */
    const char *csv;         /* several: the scores here (default stdout) */
    const char *reports_dir; /* several: each submission's text report here */
    int jobs;
    bool seed_given;
    const char **paths;
    int path_count;
} grade_options;

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
          "A SUBMISSION is a .asm file, or a folder holding hw4.asm.\n"
          "\n"
          "  --seed N          the random states (default: a hash of the file, so the\n"
          "                    same file gets the same report; the report prints it)\n"
          "  --only FUNC       only that function's tests\n"
          "  --cases N         random states per function (default 12)\n"
          "  --maps DIR        the map files init_game is tested on (default: the\n"
          "                    project's maps/)\n"
          "  --json FILE       one submission: Gradescope's results.json\n"
          "  --list FILE       grade the submissions FILE lists, one a line\n"
          "  --jobs N          several submissions: N at a time (default 2)\n"
          "  --csv FILE        several: the scores as CSV (default: stdout)\n"
          "  --reports DIR     several: each one's text report as DIR/<name>.txt\n"
          "  -h, --help        this help\n"
          "\n"
          "Exit status: 0 graded (whatever the scores), 2 bad command line.\n",
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

/* Appends the lines of a list file to the submissions. */
static bool read_list(const char *file, grade_options *o, int max)
{
    FILE *in = fopen(file, "r");
    if (!in)
        return false;
    char line[4096];
    while (fgets(line, sizeof line, in) && o->path_count < max) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0])
            o->paths[o->path_count++] = strdup(line);
    }
    fclose(in);
    return true;
}

static int parse_args(int argc, char **argv, grade_options *o)
{
    if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        usage(stdout);
        return EXIT_OK;
    }
    if (argc < 2 || strcmp(argv[1], "hw4") != 0)
        return bad_usage("the first word names the assignment: hw4", NULL);
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t n;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return EXIT_OK;
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
            o->jobs = (int)n;
        else if (!strcmp(a, "--only"))
            o->suite.only = value;
        else if (!strcmp(a, "--maps"))
            o->suite.maps_dir = value;
        else if (!strcmp(a, "--json"))
            o->json = value;
        else if (!strcmp(a, "--csv"))
            o->csv = value;
        else if (!strcmp(a, "--reports"))
            o->reports_dir = value;
        else if (!strcmp(a, "--list")) {
            if (!read_list(value, o, 1 << 20))
                return bad_usage("cannot read the list", value);
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
    return -1;
}

/* A folder stands for the hw4.asm in it. */
static char *submission_file(const char *path)
{
    struct stat st;
    size_t len = strlen(path) + 16;
    char *file = malloc(len);
    if (!file)
        return NULL;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        snprintf(file, len, "%s/hw4.asm", path);
    else
        snprintf(file, len, "%s", path);
    return file;
}

static int grade_one(const grade_options *o)
{
    char *file = submission_file(o->paths[0]);
    hw4_report report;
    hw4_grade(file, &o->suite, &report);
    grade_report_text(stdout, &report);
    int status = EXIT_OK;
    if (o->json) {
        FILE *out = fopen(o->json, "w");
        if (out) {
            grade_report_json(out, &report);
            fclose(out);
        } else {
            fprintf(stderr, "mipsgrade: cannot write %s: %s\n", o->json, strerror(errno));
            status = 1;
        }
    }
    hw4_report_free(&report);
    free(file);
    return status;
}

/* ---- many submissions ---------------------------------------------------- */

typedef struct job {
    pid_t pid;
    int fd;        /* the child's one result line */
    int index;
} job;

/* In the child: limits, then the grade, its report to the reports folder,
 * and "score max" on fd. */
static void child(const grade_options *o, int index, int fd)
{
    struct rlimit cpu = {CPU_SECONDS, CPU_SECONDS + 1};
    setrlimit(RLIMIT_CPU, &cpu);
#if !defined(MIPSGRADE_ASAN)
    struct rlimit mem = {(rlim_t)MEMORY_MB << 20, (rlim_t)MEMORY_MB << 20};
    setrlimit(RLIMIT_AS, &mem);
#endif
    alarm(2 * CPU_SECONDS); /* a process that sleeps instead of computing */
    char *file = submission_file(o->paths[index]);
    hw4_report report;
    hw4_grade(file, &o->suite, &report);
    if (o->reports_dir) {
        const char *base = strrchr(o->paths[index], '/');
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.txt", o->reports_dir, base ? base + 1 : o->paths[index]);
        FILE *out = fopen(path, "w");
        if (out) {
            grade_report_text(out, &report);
            fclose(out);
        }
    }
    dprintf(fd, "%.4f %.4f\n", report.score, report.max_score);
    _exit(0);
}

/* The CSV field: quoted, quotes doubled. */
static void csv_field(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

static void finish(FILE *csv, const grade_options *o, job *j, int wstatus)
{
    char buf[128] = "";
    ssize_t n = read(j->fd, buf, sizeof buf - 1);
    close(j->fd);
    buf[n > 0 ? n : 0] = '\0';
    double score = 0, max = 100;
    const char *status = "graded";
    if (WIFSIGNALED(wstatus))
        status = WTERMSIG(wstatus) == SIGXCPU || WTERMSIG(wstatus) == SIGALRM ||
                         WTERMSIG(wstatus) == SIGKILL
                     ? "out of time" : "grader crashed";
    else if (sscanf(buf, "%lf %lf", &score, &max) != 2)
        status = "no result";
    csv_field(csv, o->paths[j->index]);
    fprintf(csv, ",%.2f,%.2f,%s\n", score, max, status);
}

static int grade_many(const grade_options *o)
{
    FILE *csv = o->csv ? fopen(o->csv, "w") : stdout;
    if (!csv) {
        fprintf(stderr, "mipsgrade: cannot write %s: %s\n", o->csv, strerror(errno));
        return 1;
    }
    fputs("submission,score,max_score,status\n", csv);
    fflush(csv);
    int jobs = o->jobs > 0 ? o->jobs : 2;
    job *running = calloc((size_t)jobs, sizeof *running);
    if (!running)
        return 1;
    int next = 0, active = 0;
    while (next < o->path_count || active > 0) {
        while (active < jobs && next < o->path_count) {
            int fds[2];
            if (pipe(fds) != 0)
                break;
            fflush(NULL);
            pid_t pid = fork();
            if (pid == 0) {
                close(fds[0]);
                child(o, next, fds[1]);
            }
            close(fds[1]);
            if (pid < 0) {
                close(fds[0]);
                break;
            }
            for (int s = 0; s < jobs; s++)
                if (running[s].pid == 0) {
                    running[s] = (job){pid, fds[0], next};
                    break;
                }
            next++;
            active++;
        }
        int wstatus;
        pid_t done = wait(&wstatus);
        if (done < 0)
            break;
        for (int s = 0; s < jobs; s++)
            if (running[s].pid == done) {
                finish(csv, o, &running[s], wstatus);
                running[s].pid = 0;
                active--;
            }
    }
    free(running);
    if (csv != stdout)
        fclose(csv);
    return EXIT_OK;
}

int main(int argc, char **argv)
{
    grade_options o;
    memset(&o, 0, sizeof o);
    o.suite.maps_dir = MIPSGRADE_MAPS_DIR;
    o.paths = calloc((size_t)argc + (1 << 20), sizeof *o.paths);
    if (!o.paths)
        return 1;
    int status = parse_args(argc, argv, &o);
    if (status < 0) {
        o.suite.seed_from_source = !o.seed_given;
        status = o.path_count == 1 && !o.csv ? grade_one(&o) : grade_many(&o);
    }
    for (int i = 0; i < o.path_count; i++)
        free((char *)o.paths[i]);
    free(o.paths);
    return status;
}
