/* The mars front end's run (MarsLaunch.runCommand and the post-mortem
 * displays): MARS's file list and paths, its assembly and runtime error
 * reports, the step limit, then registers, memory and dumps. The facts are
 * in docs/mars-cli.md. */
#include <dirent.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "mars.h"
#include "mars_impl.h"
#include "mips_asm.h"
#include "mipssim_run.h"

/* MARS names a file by Java's getAbsolutePath: the working directory, '/'
 * and the name as typed, not normalised. */
static char *mars_absolute(const char *name)
{
    if (name[0] == '/')
        return strdup(name);
    char cwd[PATH_MAX];
    if (!getcwd(cwd, sizeof cwd))
        return strdup(name);
    size_t len = strlen(cwd) + strlen(name) + 2;
    char *path = malloc(len);
    if (path)
        snprintf(path, len, "%s/%s", cwd, name);
    return path;
}

static bool mars_source_name(const char *name)
{
    size_t len = strlen(name);
    return (len > 4 && strcasecmp(name + len - 4, ".asm") == 0) ||
           (len > 2 && strcasecmp(name + len - 2, ".s") == 0);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Appends path unless the list has it already. */
static void mars_add_path(mars_files *list, char *path)
{
    for (size_t i = 0; path && i < list->count; i++)
        if (strcmp(list->paths[i], path) == 0) {
            free(path);
            return;
        }
    if (path)
        list->paths[list->count++] = path;
}

/* "p": every .asm and .s file in the first file's folder (sorted by name;
 * MARS takes the folder's own order), the first file leading, then the
 * other files named on the command line. */
static bool mars_project_files(const mars_options *opt, mars_files *list, char *lead)
{
    char *dir = strdup(lead);
    if (!dir)
        return false;
    *strrchr(dir, '/') = '\0';
    DIR *d = opendir(*dir ? dir : "/");
    size_t cap = (size_t)opt->file_count + 1;
    char **found = NULL;
    size_t found_count = 0;
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        if (!mars_source_name(e->d_name))
            continue;
        char **grown = realloc(found, (found_count + 1) * sizeof *found);
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        char *path = malloc(len);
        if (!grown || !path) {
            free(grown ? grown : found);
            free(path);
            closedir(d);
            free(dir);
            return false;
        }
        found = grown;
        snprintf(path, len, "%s/%s", dir, e->d_name);
        found[found_count++] = path;
    }
    if (d)
        closedir(d);
    free(dir);
    qsort(found, found_count, sizeof *found, by_name);
    list->paths = calloc(cap + found_count, sizeof *list->paths);
    if (!list->paths)
        return false;
    mars_add_path(list, lead);
    for (size_t i = 0; i < found_count; i++)
        mars_add_path(list, found[i]);
    free(found);
    for (int i = 1; i < opt->file_count; i++)
        mars_add_path(list, mars_absolute(opt->files[i]));
    return true;
}

bool mars_file_list(const mars_options *opt, mars_files *list)
{
    memset(list, 0, sizeof *list);
    char *lead = mars_absolute(opt->files[0]);
    if (!lead)
        return false;
    if (opt->project)
        return mars_project_files(opt, list, lead);
    free(lead);
    list->paths = calloc((size_t)opt->file_count, sizeof *list->paths);
    if (!list->paths)
        return false;
    /* MIPSprogram.prepareFilesForAssembly: the lead file is one program
     * object, which every naming of it puts at the front again (so
     * mars_assemble gives it one source_file); any other file named twice
     * is two programs. */
    size_t leads = 0;
    for (int i = 0; i < opt->file_count; i++) {
        char *path = mars_absolute(opt->files[i]);
        if (!path)
            return false;
        bool lead = i == 0 || strcmp(path, list->paths[0]) == 0;
        size_t at = lead ? leads++ : list->count;
        memmove(list->paths + at + 1, list->paths + at, (list->count - at) * sizeof *list->paths);
        list->paths[at] = path;
        list->count++;
    }
    return true;
}

void mars_files_free(mars_files *list)
{
    for (size_t i = 0; i < list->count; i++)
        free(list->paths[i]);
    free(list->paths);
}

/* Assembles the files as MARS does, its report on opt->out. */
static bool mars_assemble(const mars_options *opt, const mars_files *list,
                          source_file **sources, mips_program *prog, bool *assembled,
                          bool *only_warnings)
{
    *assembled = false;
    *only_warnings = false;
    for (size_t i = 0; i < list->count; i++) {
        const char *why;
        if (i > 0 && strcmp(list->paths[i], list->paths[0]) == 0) {
            sources[i] = sources[0]; /* the lead file, named again */
            continue;
        }
        sources[i] = source_load(list->paths[i], &why);
        if (!sources[i]) {
            fprintf(opt->out, "Error in %s: cannot read the file: %s\n\n", list->paths[i], why);
            fputs("Processing terminated due to errors.\n", opt->out);
            return false;
        }
    }
    mips_asm_options options = mips_asm_default_options();
    options.allow_pseudo = opt->pseudo;
    options.delayed_branching = opt->delayed_branching;
    options.warnings_are_errors = opt->warnings_are_errors;
    options.stop_like_mars = true;
    diag_sink diags;
    diag_init(&diags, opt->out);
    diags.style = DIAG_STYLE_MARS;
    *assembled = true;
    bool ok = mips_assemble((const source_file *const *)sources, list->count, &options,
                            &diags, prog);
    *only_warnings = !ok && diags.errors == 0;
    if (!ok)
        fputs("\nProcessing terminated due to errors.\n", opt->out);
    else if (diags.warnings > 0)
        fputc('\n', opt->out);
    diag_free(&diags);
    return ok;
}

/* After a failed assembly MARS still dumps what pass 1 wrote to memory:
 * the data, and the code when it was stored: nothing but warnings under
 * "we" failed it, or errors of the code generation only (MARS stores the
 * code before checking either; an earlier error stops it before). */
static void mars_dump_failed(const mars_options *opt, const mips_program *prog,
                             bool only_warnings)
{
    if (opt->dump_count == 0)
        return;
    mips_program data_only;
    mips_machine *m = NULL;
    if (prog) {
        data_only = *prog; /* a view: it frees nothing */
        if (!only_warnings && !prog->text_stored) {
            data_only.segments[MIPS_SEG_TEXT].size = 0;
            data_only.segments[MIPS_SEG_KTEXT].size = 0;
        }
        m = mips_machine_new(NULL);
        if (m && !mips_machine_load(m, &data_only, MIPS_TEXT_BASE)) {
            mips_machine_free(m);
            m = NULL;
        }
    }
    mars_dump_all(opt, m, m ? &data_only : NULL);
    mips_machine_free(m);
}

/* main if it is a global label in a text segment ("sm"), else .text. */
static uint32_t mars_start(const mips_program *prog, const mars_options *opt)
{
    const symbol *main_sym = opt->start_main ? symtab_find(&prog->globals, "main", 4) : NULL;
    if (main_sym && (main_sym->flags & MIPS_SYM_TEXT))
        return (uint32_t)main_sym->value;
    return MIPS_TEXT_BASE;
}

int mars_run(const mars_options *opt)
{
    if (opt->file_count == 0) {
        mars_dump_all(opt, NULL, NULL); /* MARS dumps even when nothing was assembled */
        return 0;
    }
    mars_files list;
    if (!mars_file_list(opt, &list)) {
        fputs("mars: out of memory\n", stderr);
        return MIPSSIM_EXIT_ASSEMBLY;
    }
    source_file **sources = calloc(list.count ? list.count : 1, sizeof *sources);
    mips_program prog;
    bool assembled = false, only_warnings = false;
    int status = 0;
    if (!sources) {
        fputs("mars: out of memory\n", stderr);
        status = MIPSSIM_EXIT_ASSEMBLY;
    } else if (!mars_assemble(opt, &list, sources, &prog, &assembled, &only_warnings)) {
        status = opt->assemble_error_status & 0xff;
        mars_dump_failed(opt, assembled ? &prog : NULL, only_warnings);
    } else {
        mips_session_config cfg = mips_session_default_config();
        cfg.machine = (mips_machine_options){.self_modifying_code = opt->self_modifying,
                                             .delayed_branching = opt->delayed_branching};
        cfg.syscalls.ascii_file_names = !mars_locale_utf8();
        mips_session *s = mips_session_new(&cfg);
        mips_machine *m = s ? mips_session_machine(s) : NULL;
        if (!s || !mips_session_load_program(s, &prog, mars_start(&prog, opt))) {
            fprintf(stderr, "mars: %s\n", s ? "the program does not fit in memory"
                                             : "out of memory");
            status = MIPSSIM_EXIT_ASSEMBLY;
        } else if (!opt->simulate) {
            mars_dump_all(opt, m, &prog);
        } else if (!mips_session_store_args(s, opt->args, opt->arg_count)) {
            fputs("mars: the program arguments do not fit in the stack\n", stderr);
            status = MIPSSIM_EXIT_USAGE;
        } else {
            status = mars_simulate(opt, s, &prog);
            mars_dump_all(opt, m, &prog);
        }
        mips_session_free(s);
    }
    if (assembled)
        mips_program_free(&prog);
    for (size_t i = 0; sources && i < list.count; i++)
        if (i == 0 || sources[i] != sources[0])
            source_free(sources[i]);
    free(sources);
    mars_files_free(&list);
    fflush(opt->out);
    return status;
}

static char **free_words(char **words, int count)
{
    for (int i = 0; i < count; i++)
        free(words[i]);
    free(words);
    return NULL;
}

int mars_main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("mars: MARS's graphical interface is not built here; give it MARS's command-line\n"
              "words, e.g. 'mars nc prog.asm' ('mars h' lists them)\n", stderr);
        return MIPSSIM_EXIT_USAGE;
    }
    /* The words as MARS's JVM has them: file names and echoes in the
     * host's bytes, program arguments as Java's strings (mips_store_args
     * takes their chars). */
    char **words = calloc((size_t)argc + 1, sizeof *words);
    bool program_args = false;
    for (int i = 0; words && i < argc; i++) {
        char *java = mars_java_string(argv[i]);
        words[i] = java && !program_args ? mars_host_bytes(java) : java;
        if (words[i] != java)
            free(java);
        if (!words[i]) {
            words = free_words(words, i);
            break;
        }
        program_args = program_args || (i > 0 && strcasecmp(argv[i], "pa") == 0);
    }
    if (!words) {
        fputs("mars: out of memory\n", stderr);
        return MIPSSIM_EXIT_USAGE;
    }
    mars_options opt;
    int status = 0;
    if (mars_parse(argc, words, &opt))
        status = mars_run(&opt);
    else
        fflush(opt.out);
    if (opt.refused_status)
        status = opt.refused_status;
    mars_options_free(&opt);
    free_words(words, argc);
    return status;
}
