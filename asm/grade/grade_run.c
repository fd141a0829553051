/* The gradings, each in a child process: the parent makes its scratch
 * folder (and the files its reports go to), the child sets its limits and
 * grades, and the parent reads the one result line, writes what a killed
 * child could not, and removes the scratch folder whatever happened in it.
 * A batch is grade_run_batch.c; the checks before it grade_run_check.c. */
#define _GNU_SOURCE /* open_memstream, dprintf */
#include <errno.h>
#include <fcntl.h>
#ifdef __GLIBC__
#include <malloc.h> /* mallopt */
#endif
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "grade_run_impl.h"

#include "grade_escape.h"
#include "grade_json.h"
#include "grade_scratch.h"

/* AddressSanitizer reserves terabytes of address space for its shadow
 * memory: a sanitizer build cannot run under an address-space limit. gcc
 * says so with __SANITIZE_ADDRESS__, clang with __has_feature. */
#if defined(__SANITIZE_ADDRESS__)
#define GRADE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GRADE_ASAN 1
#endif
#endif

enum {
    MEMORY_MB = 1024,
    FILE_MB = 16,              /* the largest file a child may write (its report) */
    REPORT_MAX = 256 << 10,    /* bytes of a text report or results.json */
};

/* ---- in the child ------------------------------------------------------ */

static void set_limits(int cpu_seconds)
{
#ifdef M_TRIM_THRESHOLD
    /* A grading makes and frees a machine per case: glibc would give the
     * heap's top back to the system after each (a brk and a TLB flush),
     * a quarter of a grading's time. The child's heap goes with it. */
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
    struct rlimit cpu = {(rlim_t)cpu_seconds, (rlim_t)cpu_seconds + 1};
    setrlimit(RLIMIT_CPU, &cpu);
#if !defined(GRADE_ASAN)
    struct rlimit mem = {(rlim_t)MEMORY_MB << 20, (rlim_t)MEMORY_MB << 20};
    setrlimit(RLIMIT_AS, &mem);
#endif
    struct rlimit fsize = {(rlim_t)FILE_MB << 20, (rlim_t)FILE_MB << 20};
    setrlimit(RLIMIT_FSIZE, &fsize);
    /* For a process that sleeps instead of computing; far past the CPU
     * limit, so a busy machine alone never sets it off. */
    alarm(grade_run_wall_seconds(cpu_seconds));
}

/* Writes a report made in memory, cut at REPORT_MAX with a note. */
static void put_capped(FILE *out, const char *text, size_t len)
{
    if (len <= REPORT_MAX) {
        fwrite(text, 1, len, out);
        return;
    }
    size_t cut = REPORT_MAX;
    while (cut > 0 && text[cut - 1] != '\n')
        cut--;
    fwrite(text, 1, cut, out);
    fprintf(out, "... the report is cut here: %zu more bytes\n", len - cut);
}

static void put_report(const grade_runner *run, FILE *out, const void *report, bool json)
{
    char *text = NULL;
    size_t size = 0;
    FILE *buf = open_memstream(&text, &size);
    if (!buf)
        return;
    run->write(run->ctx, report, buf, json, false);
    fclose(buf);
    if (json && size > REPORT_MAX) {
        /* A cut JSON is no JSON: the score and why, without the details. */
        run->write(run->ctx, report, out, true, true);
    } else if (json) {
        put_capped(out, text, size);
    } else {
        /* The last line of defence of a text report: whatever a writer
         * let through, no control byte but its line ends reaches a
         * terminal (results.json's strings are escaped as written). */
        char *shown = NULL;
        size_t shown_size = 0;
        FILE *escaped = open_memstream(&shown, &shown_size);
        if (escaped) {
            grade_escape_text(escaped, text ? text : "", size, true);
            fclose(escaped);
            put_capped(out, shown ? shown : "", shown_size);
        }
        free(shown);
    }
    free(text);
}

void grade_run_put_report(const grade_runner *run, FILE *out, const void *report, bool json)
{
    put_report(run, out, report, json);
}

/* A submission path a folder stands for: its folder_file. A link is graded
 * as itself (and refused), never followed. */
static char *submission_file(const grade_runner *run, const char *path)
{
    struct stat st;
    size_t len = strlen(path) + strlen(run->folder_file) + 2;
    char *file = malloc(len);
    if (!file)
        abort();
    if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
        snprintf(file, len, "%s/%s", path, run->folder_file);
    else
        snprintf(file, len, "%s", path);
    return file;
}

/* Grades paths[j->index] in its scratch, the text report to j->report_fd
 * and results.json to j->json_fd (each -1: none); "graded SCORE MAX" or
 * "error WHY" on result_fd. Never returns. */
static void child(const grade_runner *o, const job *j, int result_fd)
{
    set_limits(o->cpu_seconds);
    char *file = submission_file(o, o->paths[j->index]);
    grade_score score = {0};
    void *report = o->grade(o->ctx, file, j->scratch, &score);
    FILE *out = j->report_fd >= 0 ? fdopen(j->report_fd, "w") : NULL;
    if (out) {
        put_report(o, out, report, false);
        fflush(out);
    }
    FILE *json = j->json_fd >= 0 && !score.error ? fdopen(j->json_fd, "w") : NULL;
    if (json) {
        put_report(o, json, report, true);
        fflush(json);
    }
    if (score.error) {
        dprintf(result_fd, "error %s\n", score.error);
    } else {
        dprintf(result_fd, "graded %.4f %.4f%s\n", score.score, score.max,
                score.part_not_graded ? " part-not-graded" : "");
        if (score.parts)
            grade_parts_send(result_fd, score.parts);
    }
    _exit(0);
}

/* ---- in the parent ----------------------------------------------------- */

unsigned grade_run_wall_seconds(int cpu_seconds)
{
    return 10 * (unsigned)cpu_seconds + 60;
}

/* The lines after the result line: each part's points and findings. */
static void read_parts(outcome *r, char *lines)
{
    for (int i = 0; r->parts && i < r->part_count; i++)
        r->parts[i] = (grade_part){0};
    while (r->parts && *lines) {
        char *end = lines + strcspn(lines, "\n");
        bool last = *end == '\0';
        *end = '\0';
        grade_parts_receive(r->parts, r->part_count, lines);
        lines = last ? end : end + 1;
    }
}

void grade_run_outcome(job *j, int wstatus, outcome *r)
{
    /* A pipe's buffer: the child has written it all before it exits. */
    enum { RESULT_MAX = 64 << 10 };
    char *buf = malloc(RESULT_MAX);
    if (!buf)
        abort();
    size_t got = 0;
    ssize_t n;
    while (got < RESULT_MAX - 1 && (n = read(j->fd, buf + got, RESULT_MAX - 1 - got)) != 0) {
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            break;
        got += (size_t)n;
    }
    close(j->fd);
    buf[got] = '\0';
    size_t first = strcspn(buf, "\n");
    char *rest = buf[first] ? buf + first + 1 : buf + first;
    buf[first] = '\0';
    r->score = 0;
    r->graded = false;
    if (WIFSIGNALED(wstatus)) {
        /* The CPU limit (SIGXCPU, then SIGKILL at the hard limit) or the
         * alarm: a safety net, never a score. Budgets in instructions end
         * every test of a runaway submission long before it. */
        int sig = WTERMSIG(wstatus);
        bool time = sig == SIGXCPU || sig == SIGALRM || sig == SIGKILL;
        snprintf(r->status, sizeof r->status, "error: %s",
                 time ? GRADE_TOO_SLOW : "the grader crashed");
    } else if (sscanf(buf, "graded %lf %lf", &r->score, &r->max) == 2) {
        snprintf(r->status, sizeof r->status, "graded");
        r->graded = true;
        r->part_not_graded = strstr(buf, " part-not-graded") != NULL;
        read_parts(r, rest);
    } else if (strncmp(buf, "error ", 6) == 0) {
        snprintf(r->status, sizeof r->status, "error: %.560s", buf + 6);
    } else {
        snprintf(r->status, sizeof r->status, "error: the grader crashed");
    }
    free(buf);
}

void grade_run_short_report(FILE *out, const grade_runner *o, int index, const outcome *r)
{
    const char *why = strncmp(r->status, "error: ", 7) ? r->status : r->status + 7;
    fprintf(out, "%s: ", o->title);
    grade_escape_text(out, o->paths[index], strlen(o->paths[index]), false);
    fprintf(out, "\n\nNot graded: %s.\n", why);
    if (!strcmp(why, GRADE_TOO_SLOW))
        fprintf(out, "(The limit, %d s of CPU time and %u s in all, is a safety net: the "
                     "tests are bounded in instructions, not seconds.)\n", o->cpu_seconds,
                grade_run_wall_seconds(o->cpu_seconds));
    fprintf(out, "This is no fault of the submission's: it has no score.\n");
}

/* A file for the child to write to, with no name: unlinked at once. */
static int staged_file(const char *scratch, char *why, size_t size)
{
    char path[4096 + 32];
    snprintf(path, sizeof path, "%s/.staged-XXXXXX", scratch);
    int fd = mkstemp(path);
    if (fd < 0) {
        snprintf(why, size, "cannot make a file in %s: %s", scratch, strerror(errno));
        return -1;
    }
    unlink(path);
    return fd;
}

bool grade_run_start(const grade_runner *o, job *j, char *why, size_t size)
{
    if (!grade_scratch_make(o->tool, j->scratch, sizeof j->scratch, why, size))
        return false;
    if (j->staged && (j->report_fd = staged_file(j->scratch, why, size)) < 0)
        return false;
    if (j->staged && o->json && (j->json_fd = staged_file(j->scratch, why, size)) < 0)
        return false;
    int fds[2];
    if (pipe(fds) != 0) {
        snprintf(why, size, "cannot make a pipe: %s", strerror(errno));
        return false;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        child(o, j, fds[1]);
    }
    close(fds[1]);
    if (pid < 0) {
        close(fds[0]);
        snprintf(why, size, "cannot start a process: %s", strerror(errno));
        return false;
    }
    j->pid = pid;
    j->fd = fds[0];
    return true;
}

const char *grade_run_missing(const char *path)
{
    struct stat st;
    if (lstat(path, &st) == 0)
        return NULL;
    size_t len = strlen(path);
    bool spaced = strchr(" \t", path[0]) || (len && strchr(" \t", path[len - 1]));
    return spaced ? "no such file (the line has a space or tab at its start or end)"
                  : "no such file";
}

static void close_staged(job *j)
{
    if (j->report_fd >= 0)
        close(j->report_fd);
    if (j->json_fd >= 0)
        close(j->json_fd);
    j->report_fd = j->json_fd = -1;
}

/* Copies what the child wrote to fd into out; false on a write error. */
static bool copy_staged(int fd, FILE *out)
{
    char buf[8192];
    ssize_t n;
    if (lseek(fd, 0, SEEK_SET) != 0)
        return false;
    while ((n = read(fd, buf, sizeof buf)) != 0) {
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 || fwrite(buf, 1, (size_t)n, out) != (size_t)n)
            return false;
    }
    return fflush(out) == 0;
}

/* results.json from what the child staged; false, said on stderr, if not. */
static bool write_json(const grade_runner *o, int fd)
{
    FILE *json = fopen(o->json, "w");
    bool ok = json && copy_staged(fd, json);
    if (json && fclose(json) != 0)
        ok = false;
    if (!ok) {
        fprintf(stderr, "%s: cannot write %s: %s\n", o->tool, o->json, strerror(errno));
        unlink(o->json);
    }
    return ok;
}

/* The report and results.json are staged in unnamed files and shown only
 * when the child finished: a child killed midway leaves neither a half
 * report nor a results.json (Gradescope then shows a failure to grade). */
int grade_run_single(const grade_runner *o)
{
    job j = {.index = 0, .report_fd = -1, .json_fd = -1};
    char why[600];
    if (o->json)
        unlink(o->json); /* an old one must not pass for this grading */
    const char *gone = grade_run_missing(o->paths[0]);
    if (gone) {
        printf("%s: ", o->title);
        grade_escape_text(stdout, o->paths[0], strlen(o->paths[0]), false);
        printf("\n\nNot graded: %s.\n", gone);
        return GRADE_EXIT_NOT_GRADED;
    }
    j.staged = true;
    if (!grade_run_start(o, &j, why, sizeof why)) {
        printf("%s: ", o->title);
        grade_escape_text(stdout, o->paths[0], strlen(o->paths[0]), false);
        printf("\n\nNot graded: %s.\n", why);
        close_staged(&j);
        grade_scratch_remove(j.scratch);
        return GRADE_EXIT_NOT_GRADED;
    }
    int wstatus = 0;
    while (waitpid(j.pid, &wstatus, 0) < 0 && errno == EINTR)
        ;
    outcome r = {0};
    grade_run_outcome(&j, wstatus, &r);
    int status = !r.graded ? GRADE_EXIT_NOT_GRADED
                 : r.part_not_graded ? GRADE_EXIT_PART_NOT_GRADED : GRADE_EXIT_GRADED;
    if (WIFSIGNALED(wstatus))
        grade_run_short_report(stdout, o, 0, &r);
    else if (!copy_staged(j.report_fd, stdout))
        status = GRADE_EXIT_NOT_GRADED;
    if (r.graded && o->json && !write_json(o, j.json_fd))
        status = GRADE_EXIT_NOT_GRADED;
    close_staged(&j);
    grade_scratch_remove(j.scratch);
    return status;
}

double grade_run_clock(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}
