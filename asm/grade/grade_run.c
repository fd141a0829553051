/* The gradings, each in a child process: the parent makes its scratch
 * folder (and its report file), the child sets its limits and grades, and
 * the parent reads the one result line, writes what a killed child could
 * not, and removes the scratch folder whatever happened in it. */
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
#include <unistd.h>

#include "grade_run.h"

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
    alarm(2 * (unsigned)cpu_seconds); /* a process that sleeps instead of computing */
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

/* Grades paths[index] in scratch, the text report to report_fd (-1:
 * none), results.json to o->json; "graded SCORE MAX" or "error WHY" on
 * result_fd. Never returns. */
static void child(const grade_runner *o, int index, const char *scratch, int report_fd,
                  int result_fd)
{
    set_limits(o->cpu_seconds);
    char *file = submission_file(o, o->paths[index]);
    grade_score score = {0};
    void *report = o->grade(o->ctx, file, scratch, &score);
    FILE *out = report_fd == STDOUT_FILENO ? stdout
                : report_fd >= 0           ? fdopen(report_fd, "w")
                                           : NULL;
    if (out) {
        put_report(o, out, report, false);
        fflush(out);
    }
    if (o->json && !score.error) {
        FILE *json = fopen(o->json, "w");
        if (json) {
            put_report(o, json, report, true);
            fclose(json);
        } else {
            fprintf(stderr, "%s: cannot write %s: %s\n", o->tool, o->json, strerror(errno));
        }
    }
    if (score.error)
        dprintf(result_fd, "error %s\n", score.error);
    else
        dprintf(result_fd, "graded %.4f %.4f\n", score.score, score.max);
    _exit(0);
}

/* ---- in the parent ----------------------------------------------------- */

typedef struct job {
    pid_t pid;
    int fd;          /* the child's one result line */
    int index;
    int report_fd;   /* the report file, or -1 */
    char scratch[4096];
    char report[256]; /* its name in the reports folder */
} job;

/* What became of a child: "graded" with its score, or why not. */
typedef struct outcome {
    double score, max;
    char status[600];
    bool error; /* not the submission's doing */
} outcome;

static void read_outcome(job *j, int wstatus, outcome *r)
{
    char buf[700] = "";
    size_t got = 0;
    ssize_t n;
    while (got < sizeof buf - 1 && (n = read(j->fd, buf + got, sizeof buf - 1 - got)) != 0) {
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            break;
        got += (size_t)n;
    }
    close(j->fd);
    buf[got] = '\0';
    buf[strcspn(buf, "\n")] = '\0';
    r->score = 0;
    r->error = false;
    if (WIFSIGNALED(wstatus)) {
        int sig = WTERMSIG(wstatus);
        bool time = sig == SIGXCPU || sig == SIGALRM || sig == SIGKILL;
        snprintf(r->status, sizeof r->status, "%s", time ? "out of time" : "grader crashed");
        r->error = !time;
    } else if (sscanf(buf, "graded %lf %lf", &r->score, &r->max) == 2) {
        snprintf(r->status, sizeof r->status, "graded");
    } else if (strncmp(buf, "error ", 6) == 0) {
        snprintf(r->status, sizeof r->status, "error: %.560s", buf + 6);
        r->error = true;
    } else {
        snprintf(r->status, sizeof r->status, "grader crashed");
        r->error = true;
    }
}

/* The report a child that did not finish could not write. */
static void short_report(FILE *out, const grade_runner *o, int index, const outcome *r,
                         double max)
{
    fprintf(out, "%s: ", o->title);
    grade_escape_text(out, o->paths[index], strlen(o->paths[index]), false);
    fputs("\n\n", out);
    if (!strcmp(r->status, "out of time"))
        fprintf(out, "Stopped: out of time (the grading may take %d s of CPU time and %d s "
                     "in all), so it scores 0.\n\nTotal: 0.0 / %.1f\n", o->cpu_seconds,
                2 * o->cpu_seconds, max);
    else
        fprintf(out, "Not graded: %s.\nThis is no fault of the submission's: it has no "
                     "score.\n", r->status);
}

/* Starts the child of j (scratch and report made); false when it cannot. */
static bool start(const grade_runner *o, job *j, char *why, size_t size)
{
    if (!grade_scratch_make(o->tool, j->scratch, sizeof j->scratch, why, size))
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
        child(o, j->index, j->scratch, j->report_fd, fds[1]);
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

/* Why the path names nothing to grade, or NULL: the list's lines are
 * taken as they are, so a stray space shows here. */
static const char *missing(const char *path)
{
    struct stat st;
    if (lstat(path, &st) == 0)
        return NULL;
    size_t len = strlen(path);
    bool spaced = strchr(" \t", path[0]) || (len && strchr(" \t", path[len - 1]));
    return spaced ? "error: no such file (the line has a space or tab at its start or end)"
                  : "error: no such file";
}

int grade_run_single(const grade_runner *o)
{
    job j = {.index = 0, .report_fd = STDOUT_FILENO};
    char why[600];
    if (o->json)
        unlink(o->json); /* an old one must not pass for this grading */
    const char *gone = missing(o->paths[0]);
    if (gone) {
        printf("%s: ", o->title);
        grade_escape_text(stdout, o->paths[0], strlen(o->paths[0]), false);
        printf("\n\nNot graded: %s.\n", gone + 7);
        return GRADE_EXIT_NOT_GRADED;
    }
    if (!start(o, &j, why, sizeof why)) {
        printf("%s: ", o->title);
        grade_escape_text(stdout, o->paths[0], strlen(o->paths[0]), false);
        printf("\n\nNot graded: %s.\n", why);
        grade_scratch_remove(j.scratch);
        return GRADE_EXIT_NOT_GRADED;
    }
    int wstatus = 0;
    while (waitpid(j.pid, &wstatus, 0) < 0 && errno == EINTR)
        ;
    outcome r;
    read_outcome(&j, wstatus, &r);
    grade_scratch_remove(j.scratch);
    if (WIFSIGNALED(wstatus)) {
        fflush(stdout);
        short_report(stdout, o, 0, &r, o->max_score);
        /* Out of time is the submission's doing: 0 points, and why. A
         * crash is the grader's: no results.json, so Gradescope shows a
         * failure to grade. */
        bool out_of_time = !strcmp(r.status, "out of time");
        FILE *json = o->json && !r.error && out_of_time ? fopen(o->json, "w") : NULL;
        if (json) {
            char why[256];
            snprintf(why, sizeof why, "%s%sout of time: the grading ran past its %d s of CPU "
                     "time (%d s in all), so it scores 0", o->note ? o->note : "",
                     o->note ? "\n" : "", o->cpu_seconds, 2 * o->cpu_seconds);
            grade_json_stopped(json, o->max_score, 2.0 * o->cpu_seconds, why);
            fclose(json);
        }
        if (!out_of_time)
            return GRADE_EXIT_NOT_GRADED;
    }
    return r.error ? GRADE_EXIT_NOT_GRADED : GRADE_EXIT_GRADED;
}

/* ---- a batch ----------------------------------------------------------- */

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

static void csv_row(FILE *csv, const grade_runner *o, const job *j, const outcome *r)
{
    csv_field(csv, o->paths[j->index]);
    fprintf(csv, ",%.2f,%.2f,", r->score, r->max);
    if (strpbrk(r->status, ",\"\n"))
        csv_field(csv, r->status);
    else
        fputs(r->status, csv); /* "graded", as a spreadsheet filter wants it */
    if (o->reports_dir) {
        fputc(',', csv);
        csv_field(csv, j->report);
    }
    fputc('\n', csv);
    fflush(csv);
}

/* "007-alice_hw4.asm.txt": the place in the batch and the path, with every
 * byte but letters, digits, '.', '-' and '_' as '_' (the last 160 bytes of
 * a long one). Unique by the place, whatever the paths. */
static void report_name(const grade_runner *o, int index, char *name, size_t size)
{
    int width = 1;
    for (int n = o->path_count; n >= 10; n /= 10)
        width++;
    const char *path = o->paths[index];
    size_t len = strlen(path);
    const char *tail = len > 160 ? path + len - 160 : path;
    int at = snprintf(name, size, "%0*d-", width, index + 1);
    for (; *tail && (size_t)at + 5 < size; tail++) {
        char c = *tail;
        bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                     c == '.' || c == '-' || c == '_';
        name[at++] = plain ? c : '_';
    }
    snprintf(name + at, size - (size_t)at, ".txt");
}

/* Opens the report file of j exclusively: a name taken means a collision
 * to report, never a report overwritten. */
static bool open_report(const grade_runner *o, job *j, char *why, size_t size)
{
    j->report_fd = -1;
    if (!o->reports_dir)
        return true;
    report_name(o, j->index, j->report, sizeof j->report);
    char path[4096 + 256];
    snprintf(path, sizeof path, "%s/%s", o->reports_dir, j->report);
    j->report_fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (j->report_fd < 0) {
        snprintf(why, size, "cannot make the report %.400s: %s", path, strerror(errno));
        return false;
    }
    return true;
}

/* After the child: the report it could not write, the scratch folder gone. */
static void finish(FILE *csv, const grade_runner *o, job *j, int wstatus, bool *any_error)
{
    outcome r = {.max = o->max_score};
    read_outcome(j, wstatus, &r);
    if (j->report_fd >= 0 && WIFSIGNALED(wstatus) && ftruncate(j->report_fd, 0) == 0) {
        FILE *out = fdopen(j->report_fd, "w");
        if (out) {
            rewind(out);
            short_report(out, o, j->index, &r, r.max);
            fclose(out);
            j->report_fd = -1;
        }
    }
    if (j->report_fd >= 0)
        close(j->report_fd);
    grade_scratch_remove(j->scratch);
    csv_row(csv, o, j, &r);
    *any_error = *any_error || r.error;
}

/* A row for a submission no child grades: missing, or no scratch folder. */
static void not_started(FILE *csv, const grade_runner *o, job *j, const char *status)
{
    outcome r = {.max = o->max_score};
    snprintf(r.status, sizeof r.status, "%s", status);
    if (j->report_fd >= 0) {
        FILE *out = fdopen(j->report_fd, "w");
        if (out) {
            short_report(out, o, j->index, &r, r.max);
            fclose(out);
        }
    }
    grade_scratch_remove(j->scratch);
    csv_row(csv, o, j, &r);
}

int grade_run_batch(const grade_runner *o)
{
    FILE *csv = o->csv ? fopen(o->csv, "w") : stdout;
    if (!csv) {
        fprintf(stderr, "%s: cannot write %s: %s\n", o->tool, o->csv, strerror(errno));
        return GRADE_EXIT_NOT_GRADED;
    }
    fputs(o->reports_dir ? "submission,score,max_score,status,report\n"
                         : "submission,score,max_score,status\n", csv);
    fflush(csv);
    int jobs = o->jobs > 0 ? o->jobs : 2;
    job *running = calloc((size_t)jobs, sizeof *running);
    if (!running)
        return GRADE_EXIT_NOT_GRADED;
    int next = 0, active = 0;
    bool any_error = false;
    while (next < o->path_count || active > 0) {
        while (active < jobs && next < o->path_count) {
            job *slot = NULL;
            for (int s = 0; s < jobs && !slot; s++)
                slot = running[s].pid == 0 ? &running[s] : NULL;
            *slot = (job){.index = next++, .report_fd = -1};
            char why[600] = "error: ";
            const char *gone = missing(o->paths[slot->index]);
            if (gone) {
                open_report(o, slot, why, sizeof why);
                not_started(csv, o, slot, gone);
            } else if (!open_report(o, slot, why + 7, sizeof why - 7) ||
                       !start(o, slot, why + 7, sizeof why - 7)) {
                not_started(csv, o, slot, why);
            } else {
                active++;
                continue;
            }
            any_error = true;
            *slot = (job){0};
        }
        if (active == 0)
            continue;
        int wstatus;
        pid_t done = wait(&wstatus);
        if (done < 0 && errno == EINTR)
            continue;
        if (done < 0)
            break;
        for (int s = 0; s < jobs; s++)
            if (running[s].pid == done) {
                finish(csv, o, &running[s], wstatus, &any_error);
                running[s].pid = 0;
                active--;
            }
    }
    free(running);
    if (csv != stdout)
        fclose(csv);
    return any_error ? GRADE_EXIT_NOT_GRADED : GRADE_EXIT_GRADED;
}
