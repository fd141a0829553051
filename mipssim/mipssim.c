/* mipssim: assembles MIPS source files as MARS 4.5 does and runs them with
 * MARS's syscalls, the terminal or pipes as the program's console. */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "mars.h"
#include "mips_check.h"
#include "mips_asm.h"
#include "mips_dap.h"
#include "mips_debug.h"
#include "mips_display.h"
#include "mips_isa.h"
#include "mipssim_run.h"

static void mipssim_usage(FILE *out)
{
    fputs("Usage: mipssim [OPTION]... FILE.asm... [--args ARG...]\n"
          "\n"
          "Assembles the files together as MARS 4.5 does (text in command-line order,\n"
          "labels local to their file unless .globl) and runs the program with MARS's\n"
          "syscalls, from 0x00400000. Nothing runs if any file has an error.\n"
          "\n"
          "Options (MARS's command-line word in brackets):\n"
          "  --start-main        start at the global label main, if there is one [sm]\n"
          "  --limit N           stop after N instructions\n"
          "  --fs-root DIR       file syscalls (13-16) resolve names against DIR and\n"
          "                      cannot leave it (default: the working directory);\n"
          "                      .include then reads only files inside the folder of\n"
          "                      the (first) program file, by relative paths\n"
          "  --max-output BYTES  stop once the program has written BYTES bytes to the\n"
          "                      console, stderr and files together (default 100000000)\n"
          "  --clock MS          syscall 30 answers MS (ms since 1970) and 1 ms more at\n"
          "                      each call, and a sleep (32) moves it on: the fixed\n"
          "                      clock of a graded run, whose report gives MS\n"
          "  --random-seed N     a random stream (40-44) that syscall 40 has not\n"
          "                      seeded starts as java.util.Random(N + its number),\n"
          "                      as in a graded run, whose report gives N\n"
          "  --db                delayed branching, in the assembler and the machine [db]\n"
          "  --smc               allow self-modifying code [smc]\n"
          "  --np                no pseudo-instructions [np]\n"
          "  --count             print the instructions executed on stderr at the end [ic]\n"
          "  --regs              print the registers on stderr after the run\n"
          "  --mem LOW-HIGH      print the words from LOW to HIGH (word addresses,\n"
          "                      decimal or 0x hex) on stderr after the run, as MARS's\n"
          "                      LOW-HIGH word does; may be repeated\n"
          "  --we                warnings are errors [we]\n"
          "  --check[=LIST]      check the program while it runs, findings on stderr\n"
          "                      (docs/checks.md); LIST: checks by name, -NAME to leave\n"
          "                      one out, all, none, and the modifiers poison and\n"
          "                      error (default: every check, no modifier). The checks:\n"
          ,
          out);
    for (unsigned k = 0; k < MIPS_CHECK_NAME_COUNT; k++)
        fprintf(out, "                        %-11s %s\n", mips_check_names[k].name,
                mips_check_names[k].help);
    fputs(mipssim_devices_help, out);
    fputs("  --dap               serve the Debug Adapter Protocol on stdin and stdout\n"
          "                      for an editor (docs/dap.md); give it alone: the\n"
          "                      program and its options come with the launch request\n"
          "  -d, --debug         run under the debugger, stopped before the first\n"
          "                      instruction (docs/debugger.md); commands come from\n"
          "                      stdin, the program's input from --input\n"
          "  -x FILE             with -d: run the debugger commands in FILE first\n"
          "  --input FILE        with -d: the program's input (default: the terminal,\n"
          "                      or none when stdin is not a terminal)\n"
          "  --args ARG...       everything after it is the program's arguments [pa]:\n"
          "                      strings stored downward from 0x7ffffffc, $a0 = argc,\n"
          "                      $a1 = argv (NULL-terminated), $sp below them\n"
          "  --                  the arguments that follow are files, not options\n"
          "  --mars WORD...      be the mars front end: MARS 4.5's command line and\n"
          "                      output (also when this program is named mars)\n"
          "  -h, --help          print this help and exit\n"
          "\n"
          "The program reads stdin and writes stdout exactly as written (from a\n"
          "terminal, syscall 12 takes each key at once). Everything mipssim says itself\n"
          "goes to stderr: assembly errors, and a runtime error as FILE:LINE:COL with\n"
          "the faulting pc, MARS's message and the source line.\n"
          "\n"
          "Exit status:\n",
          out);
#define MIPSSIM_EXIT_HELP(name, value, text) fprintf(out, "  %-5d %s\n", value, text);
    MIPSSIM_EXITS(MIPSSIM_EXIT_HELP)
#undef MIPSSIM_EXIT_HELP
    fprintf(out, "  N     after syscall 17: the program's $a0 & 0xff, whichever number that is\n"
                 "  %d+N killed by signal N (the terminal is restored first)\n",
            MIPSSIM_EXIT_SIGNAL);
}

static int mipssim_bad_usage(const char *fmt, const char *arg)
{
    fputs("mipssim: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'mipssim --help' for more information.\n", stderr);
    return MIPSSIM_EXIT_USAGE;
}

/* --check or --check=LIST; false when arg is neither. */
static bool mipssim_check_option(const char *arg, mipssim_options *opt, int *status)
{
    if (strncmp(arg, "--check", 7) != 0 || (arg[7] != '\0' && arg[7] != '='))
        return false;
    char why[512];
    opt->check = true;
    if (!check_parse(arg[7] ? arg + 8 : NULL, mips_check_names, MIPS_CHECK_NAME_COUNT,
                     MIPS_CHECK_COUNT, &opt->check_set, why, sizeof why))
        *status = mipssim_bad_usage("--check: %s", why);
    return true;
}

/* A flag without a value; false when arg is none of them. */
static bool mipssim_flag(const char *arg, mipssim_options *opt)
{
    static const struct {
        const char *name;
        size_t offset;
    } flags[] = {
        {"--start-main", offsetof(mipssim_options, start_main)},
        {"--db", offsetof(mipssim_options, delayed_branching)},
        {"--smc", offsetof(mipssim_options, self_modifying)},
        {"--np", offsetof(mipssim_options, no_pseudo)},
        {"--count", offsetof(mipssim_options, count)},
        {"--regs", offsetof(mipssim_options, regs)},
        {"--we", offsetof(mipssim_options, warnings_are_errors)},
        {"-d", offsetof(mipssim_options, debug)},
        {"--debug", offsetof(mipssim_options, debug)},
    };
    for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++)
        if (strcmp(arg, flags[f].name) == 0) {
            *(bool *)((char *)opt + flags[f].offset) = true;
            return true;
        }
    return false;
}

/* A whole number from 0 up that fits in 64 bits. */
static bool whole_number(const char *text, uint64_t *out)
{
    if (strcmp(text, "0") == 0) {
        *out = 0;
        return true;
    }
    return cli_parse_count(text, out);
}

/* An option that takes a value; -1 when arg is none of them (or its value
 * is missing: *missing), else -2 to go on or the exit status. */
static int mipssim_valued(int argc, char **argv, int *i, mipssim_options *opt, bool *missing)
{
    const char *value;
    if ((value = cli_option_value("--limit", argc, argv, i, missing))) {
        if (!cli_parse_count(value, &opt->limit))
            return mipssim_bad_usage("--limit needs a positive whole number, not '%s'", value);
    } else if ((value = cli_option_value("--max-output", argc, argv, i, missing))) {
        if (!cli_parse_count(value, &opt->max_output))
            return mipssim_bad_usage("--max-output needs a positive number of bytes, not '%s'",
                                     value);
    } else if ((value = cli_option_value("--clock", argc, argv, i, missing))) {
        if (!whole_number(value, &opt->time.clock_ms))
            return mipssim_bad_usage("--clock needs a whole number of ms, not '%s'", value);
        opt->time.fixed_clock = true;
    } else if ((value = cli_option_value("--random-seed", argc, argv, i, missing))) {
        if (!whole_number(value, &opt->time.random_seed))
            return mipssim_bad_usage("--random-seed needs a whole number, not '%s'", value);
        opt->time.fixed_random = true;
    } else if ((value = cli_option_value("--mem", argc, argv, i, missing))) {
        if (mips_parse_word_range(value, &opt->ranges[2 * opt->range_count],
                                  &opt->ranges[2 * opt->range_count + 1]) != 1)
            return mipssim_bad_usage("--mem needs LOW-HIGH, word addresses with LOW <= HIGH, "
                                     "not '%s'", value);
        opt->range_count++;
    } else if ((value = cli_option_value("-x", argc, argv, i, missing))) {
        opt->debug_script = value;
    } else if ((value = cli_option_value("--input", argc, argv, i, missing))) {
        opt->input_path = value;
    } else if ((value = cli_option_value("--fs-root", argc, argv, i, missing))) {
        struct stat st;
        if (stat(value, &st) != 0 || !S_ISDIR(st.st_mode))
            return mipssim_bad_usage("--fs-root needs a directory, not '%s'", value);
        opt->fs_root = value;
    } else {
        return -1;
    }
    return -2;
}

/* Fills opt from the command line. Returns -1 to go on and run, or the exit
 * status to end with (after --help or a mistake). */
static int mipssim_parse_args(int argc, char **argv, mipssim_options *opt)
{
    bool options_done = false;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        bool missing = false;
        int status;
        if (options_done || arg[0] != '-' || arg[1] == '\0') {
            opt->files[opt->file_count++] = arg;
        } else if (strcmp(arg, "--") == 0) {
            options_done = true;
        } else if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            mipssim_usage(stdout);
            return MIPSSIM_EXIT_OK;
        } else if (strcmp(arg, "--dap") == 0) {
            return mipssim_bad_usage("%s", "--dap takes no other arguments: the program and its "
                                           "options come with the launch request");
        } else if (strcmp(arg, "--args") == 0) {
            opt->args = argv + i + 1;
            opt->arg_count = argc - i - 1;
            break;
        } else if (mipssim_flag(arg, opt)) {
            continue;
        } else if ((status = -1, mipssim_check_option(arg, opt, &status))) {
            if (status >= 0)
                return status;
        } else if ((status = mipssim_valued(argc, argv, &i, opt, &missing)) != -1) {
            if (status != -2)
                return status;
        } else if (!missing && (status = mipssim_devices_option(argc, argv, &i, &opt->dev,
                                                                &missing, mipssim_bad_usage)) != -1) {
            if (status != -2)
                return status;
        } else if (missing) {
            return mipssim_bad_usage("%s needs a value", arg);
        } else {
            return mipssim_bad_usage("unknown option '%s'", arg);
        }
    }
    if (opt->file_count == 0)
        return mipssim_bad_usage("%s", "no program given");
    if (opt->dev.frames_dir && !opt->dev.bitmap)
        return mipssim_bad_usage("%s", "--frames needs a display: --bitmap");
    if (opt->dev.frame_every && !opt->dev.frames_dir)
        return mipssim_bad_usage("%s", "--frame-every needs --frames");
    if (opt->debug && (opt->dev.mmio || opt->dev.frames_dir))
        return mipssim_bad_usage("%s", "under the debugger only --bitmap (its screenshot "
                                       "command): not --mmio, --keys or --frames yet");
    return -1;
}

/* The command line's sources for the session (mips_source_assemble). */
static mips_source_options source_options(const mipssim_options *opt)
{
    return (mips_source_options){.paths = opt->files, .count = opt->file_count,
                                 .allow_pseudo = !opt->no_pseudo,
                                 .delayed_branching = opt->delayed_branching,
                                 .warnings_are_errors = opt->warnings_are_errors,
                                 .confine_includes = opt->fs_root != NULL};
}

/* The debugger's configuration from the command line's options. */
static mips_debug_config debug_config(const mipssim_options *opt)
{
    mips_debug_config c = mips_debug_default_config();
    c.session.machine = (mips_machine_options){.self_modifying_code = opt->self_modifying,
                                               .delayed_branching = opt->delayed_branching};
    c.session.syscalls.root = opt->fs_root;
    c.session.syscalls.output_cap = opt->max_output;
    c.session.syscalls.time = opt->time;
    c.args = opt->args;
    c.arg_count = opt->arg_count;
    c.source_count = opt->file_count;
    c.check_set = opt->check ? opt->check_set : 0;
    c.script = opt->debug_script;
    c.input_path = opt->input_path;
    c.limit = opt->limit;
    c.usage_status = MIPSSIM_EXIT_USAGE;
    c.bitmap = opt->dev.bitmap;
    c.display = opt->dev.display;
    c.failure_status = MIPSSIM_EXIT_ASSEMBLY;
    return c;
}

/* Loads the assembled program into a new machine, arguments included, and
 * runs it; the console is opened only now, so nothing that failed before
 * has touched the terminal. */
static int mipssim_execute(const mips_program *prog, const mipssim_options *opt)
{
    mips_session_config cfg = mips_session_default_config();
    cfg.machine = (mips_machine_options){.self_modifying_code = opt->self_modifying,
                                         .delayed_branching = opt->delayed_branching};
    cfg.syscalls.root = opt->fs_root;
    cfg.syscalls.output_cap = opt->max_output;
    cfg.syscalls.time = opt->time;
    /* A replay runs in instructions, not wall time (docs/devices.md). */
    cfg.syscalls.no_sleep = opt->dev.frames_dir || opt->dev.keys_path;
    mips_session *s = mips_session_new(&cfg);
    if (!s || !mips_session_load_program(s, prog, mips_program_entry(prog, opt->start_main))) {
        fprintf(stderr, "mipssim: %s\n",
                s ? "the program does not fit in memory" : "out of memory");
        mips_session_free(s);
        return MIPSSIM_EXIT_ASSEMBLY;
    }
    if (!mips_session_store_args(s, opt->args, opt->arg_count)) {
        fprintf(stderr, "mipssim: the program arguments do not fit in the stack\n");
        mips_session_free(s);
        return MIPSSIM_EXIT_USAGE;
    }
    console *con = console_open(STDIN_FILENO, STDOUT_FILENO);
    int status = MIPSSIM_EXIT_ASSEMBLY;
    if (con && mips_session_open(s, con)) {
        mips_machine *m = mips_session_machine(s);
        status = mipssim_run(s, prog, opt);
        if (opt->count)
            fprintf(stderr, "mipssim: %" PRIu64 " instructions executed\n",
                    mips_instruction_count(m));
        if (opt->regs)
            mipssim_print_regs(m);
        mips_display d = {stderr, MIPS_DISPLAY_HEX, true};
        for (int r = 0; r < opt->range_count; r++)
            mips_display_memory(&d, m, opt->ranges[2 * r], opt->ranges[2 * r + 1]);
    } else {
        fprintf(stderr, "mipssim: out of memory\n");
    }
    console_close(con);
    mips_session_free(s);
    return status;
}

/* The mars front end when the binary is called "mars" or given --mars. */
static bool mipssim_is_mars(int argc, char **argv)
{
    const char *name = argc > 0 ? strrchr(argv[0], '/') : NULL;
    name = name ? name + 1 : argc > 0 ? argv[0] : "";
    return strcmp(name, "mars") == 0 || (argc > 1 && strcmp(argv[1], "--mars") == 0);
}

int main(int argc, char **argv)
{
    if (mipssim_is_mars(argc, argv)) {
        if (argc > 1 && strcmp(argv[1], "--mars") == 0) {
            argv[1] = argv[0];
            return mars_main(argc - 1, argv + 1);
        }
        return mars_main(argc, argv);
    }
    if (argc == 2 && strcmp(argv[1], "--dap") == 0)
        return mips_dap_main();
    mipssim_options opt = {0};
    opt.files = calloc((size_t)argc, sizeof *opt.files);
    opt.ranges = calloc(2 * (size_t)argc, sizeof *opt.ranges);
    if (!opt.files || !opt.ranges) {
        free(opt.files);
        free(opt.ranges);
        fprintf(stderr, "mipssim: out of memory\n");
        return MIPSSIM_EXIT_ASSEMBLY;
    }
    int status = mipssim_parse_args(argc, argv, &opt);
    if (status >= 0) {
        free(opt.files);
        free(opt.ranges);
        return status;
    }
    source_file **files = calloc((size_t)opt.file_count, sizeof *files);
    mips_source_options sources = source_options(&opt);
    mips_program prog;
    bool assembled = false;
    status = MIPSSIM_EXIT_ASSEMBLY;
    if (!files)
        fprintf(stderr, "mipssim: out of memory\n");
    else if ((assembled = mips_source_assemble(&sources, files, &prog, stderr))) {
        mips_debug_config debug = debug_config(&opt);
        uint32_t start = mips_program_entry(&prog, opt.start_main);
        status = opt.debug ? mips_debug_main(&prog, &debug, start) : mipssim_execute(&prog, &opt);
    }
    /* mips_assemble fills prog even when it fails; an unread file means it
     * never ran. */
    bool ran_assembler = files && files[opt.file_count - 1];
    if (assembled || ran_assembler)
        mips_program_free(&prog);
    for (int f = 0; files && f < opt.file_count; f++)
        source_free(files[f]);
    free(files);
    free(opt.files);
    free(opt.ranges);
    return status;
}
