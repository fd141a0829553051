/* mipsgrade hw4: MipsHack graded by reference-asm/mips/hw4.spec on the spec
 * engine (mipsgrade_spec.c), as `mipsgrade --spec` grades any assignment.
 * The spec and its reference are carried in the binary (hw4_files.c,
 * generated at build time); the maps its init_game cases name are the
 * ones beside the binary, or --maps DIR's. They are laid out as in the
 * source tree, ROOT/reference-asm/mips/hw4.spec and ROOT/maps, in a
 * scratch folder the grading reads and removes at the end. */
#define _XOPEN_SOURCE 700 /* readlink */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grade_scratch.h"
#include "hw4_files.h"
#include "mipsgrade.h"
#include "source.h"

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

/* Copies every DIR/NAME.txt (a regular file) into folder; false with why. */
static bool copy_maps(const char *dir, const char *folder, char *why, size_t size)
{
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(why, size, "the maps folder %.1000s: %s", dir, strerror(errno));
        return false;
    }
    bool ok = true;
    for (struct dirent *e; ok && (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        char path[PATH_MAX];
        struct stat st;
        if (len < 5 || strcmp(e->d_name + len - 4, ".txt") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        const char *cannot = "";
        source_file *f = source_load(path, &cannot);
        if (!f) {
            snprintf(why, size, "cannot read the map %.1000s: %s", path, cannot);
            ok = false;
            break;
        }
        ok = grade_scratch_put(folder, e->d_name, f->text, f->len, why, size);
        source_free(f);
    }
    closedir(d);
    return ok;
}

/* ROOT/reference-asm/mips/{hw4.spec,hw4.asm} and ROOT/maps; the spec's
 * path in spec. False with why (the root is then removed). */
static bool lay_out(const char *maps, const char *root, char *spec, size_t spec_size,
                    char *why, size_t size)
{
    char ref[4096], mips[4096], folder[4096];
    bool ok = grade_scratch_subfolder(root, "maps", folder, sizeof folder, why, size) &&
              copy_maps(maps, folder, why, size) &&
              grade_scratch_subfolder(root, "reference-asm", ref, sizeof ref, why, size) &&
              grade_scratch_subfolder(ref, "mips", mips, sizeof mips, why, size) &&
              grade_scratch_put(mips, "hw4.spec", hw4_spec_text, hw4_spec_length, why, size) &&
              grade_scratch_put(mips, "hw4.asm", hw4_asm_text, hw4_asm_length, why, size);
    snprintf(spec, spec_size, "%s/hw4.spec", mips);
    return ok;
}

/* A root that could not be made: the runner makes each grading's scratch
 * folder where the root failed, and says why as it does for any grader; a
 * grading that still gets here is not graded, with the root's reason. */
static void *not_graded(void *ctx, const char *file, const char *scratch, grade_score *score)
{
    (void)file;
    (void)scratch;
    *score = (grade_score){.max = 100, .error = ctx};
    return ctx;
}

static void write_not_graded(void *ctx, const void *report, FILE *out, bool json, bool brief)
{
    (void)ctx;
    (void)brief;
    if (!json)
        fprintf(out, "Not graded: %s\n", (const char *)report);
}

int mipsgrade_run_hw4(grade_options *o)
{
    char *found = NULL;
    if (!o->maps_dir) {
        found = default_maps();
        if (!found) {
            fputs("mipsgrade: no maps folder next to the binary (<bindir>/../share/asmtools/"
                  "maps or <bindir>/maps): name it with --maps DIR\n", stderr);
            return EXIT_NOT_GRADED;
        }
        o->maps_dir = found;
    }
    char root[4096] = "", spec[4200], why[2048] = "";
    int status;
    if (!grade_scratch_make("mipsgrade-hw4", root, sizeof root, why, sizeof why)) {
        grade_runner run = grade_cli_runner(&o->cli);
        run.title = "MipsHack (hw4)";
        run.folder_file = "hw4.asm";
        run.comment = "#";
        run.max_score = 100;
        run.ctx = why;
        run.grade = not_graded;
        run.write = write_not_graded;
        status = grade_cli_run(&o->cli, &run);
    } else if (!lay_out(o->maps_dir, root, spec, sizeof spec, why, sizeof why)) {
        fprintf(stderr, "mipsgrade: nothing graded: %s\n", why);
        status = EXIT_NOT_GRADED;
    } else {
        o->cli.spec = spec;
        status = mipsgrade_run_spec(o);
        o->cli.spec = NULL;
    }
    if (root[0])
        grade_scratch_remove(root);
    free(found);
    o->maps_dir = NULL;
    return status;
}
