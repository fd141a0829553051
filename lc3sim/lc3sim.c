/* lc3sim: runs an LC-3 program (.asm or .obj) on the built-in operating
 * system, with the terminal or pipes as its keyboard and display. */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "cli.h"
#include "console.h"
#include "lc3_check.h"
#include "lc3_dap.h"
#include "lc3_debug.h"
#include "lc3_isa.h"
#include "lc3_load.h"
#include "lc3_machine.h"
#include "lc3_session.h"
#include "lc3sim_video.h"

#define LC3SIM_VERSION "0.1.0"

/* Exit statuses, listed once: the enum and --help both come from here. */
#define LC3SIM_EXITS(X)                                                                    \
    X(HALTED, 0, "the machine halted")                                                     \
    X(LOAD, 1, "the program or the OS could not be loaded (assembly errors, unreadable\n" \
               "        or malformed file)")                                               \
    X(USAGE, 2, "bad command line")                                                        \
    X(LIMIT, 3, "the instruction limit (--limit) was reached")                            \
    X(INPUT_ENDED, 4, "the program waited for a key after its input had ended")           \
    X(OUTPUT, 5, "the program's output could not be written (e.g. the reading end of\n"  \
                 "        a pipe was closed); the run stops there")                        \
    X(EXCEPTION, 6, "the program raised an exception (access violation, illegal opcode,\n"   \
                    "        RTI in user mode): the OS's message is on the display, and\n"    \
                    "        where it happened on stderr (--check=error: the run stopped\n"   \
                    "        there, before the OS's handler)")                               \
    X(CHECK, 8, "--check=error: a check found a mistake; the run stopped there")

typedef enum lc3sim_exit {
#define LC3SIM_EXIT_ENUM(name, value, text) LC3SIM_EXIT_##name = value,
    LC3SIM_EXITS(LC3SIM_EXIT_ENUM)
#undef LC3SIM_EXIT_ENUM
    LC3SIM_EXIT_SIGNAL = 128, /* + N when killed by signal N */
} lc3sim_exit;

/* How long a program polling the keyboard may block the host before the
 * machine runs on: short enough to feel instant, long enough not to spin. */
enum { LC3SIM_KEY_WAIT_MS = 10 };

/* Instructions per lc3_run call: between calls, output is flushed (so a
 * program that prints and then computes shows its output) and a closed
 * output stops the run. */
enum { LC3SIM_CHUNK = 1u << 20 };

typedef struct lc3sim_options {
    const char *program;
    const char *os_path;   /* NULL: the built-in OS */
    bool has_pc;
    uint16_t pc;
    bool ignore_privilege;
    bool trace;
    bool stats;
    uint64_t limit;        /* 0: no limit */
    bool debug;            /* -d: run under the debugger (lc3_debug.h) */
    const char *script;    /* -x: debugger commands to run first */
    const char *input_path; /* --input: the program's keyboard under the debugger */
    bool check;            /* --check: lc3_check.h */
    unsigned check_set;    /* bits by LC3_CHECK_*, the modifier included */
    unsigned check_saved;  /* --check-saved: the registers `saved` expects back */
    lc3sim_video_options video; /* --video, --keys, --frames (lc3sim_video.h) */
} lc3sim_options;

static void lc3sim_usage(FILE *out)
{
    fputs("Usage: lc3sim [OPTION]... PROGRAM.asm|PROGRAM.obj\n"
          "\n"
          "Runs an LC-3 program on the built-in operating system. A file whose name\n"
          "ends in .obj is read as an object file (classic or lc3tools' format);\n"
          "any other is assembled first.\n"
          "The program starts at its first .ORIG: in user mode with R6 = x0000 when\n"
          "that is in user space (x3000-xFDFF), else in supervisor mode with\n"
          "R6 = x3000 (a setup that ends in RTI to user code), as lc3tools starts it.\n"
          "\n"
          "Options:\n"
          "  --os FILE           run on the operating system in FILE (.asm or .obj)\n"
          "                      instead of the built-in one\n"
          "  --pc ADDR           start at ADDR (x3000, 0x3000 or 12288)\n"
          "  --ignore-privilege  let user code reach system memory and the device\n"
          "                      registers (RTI in user mode still faults)\n"
          "  --limit N           stop after N instructions (the OS's included)\n"
          "  --trace             print each instruction on stderr before it runs:\n"
          "                      address, word, disassembly\n"
          "  --stats             print the instructions executed and the speed on\n"
          "                      stderr at the end\n"
          "  --check[=LIST]      report convention mistakes and uninitialized reads on\n"
          "                      stderr while the program runs (docs/checks.md);\n"
          "                      LIST: saved, return, uninit-mem, stack, all, none,\n"
          "                      -NAME; error (the first finding stops the run)\n"
          "  --check-saved=REGS  the registers the saved check wants back (default\n"
          "                      R1-R6, all but R0 and R7; e.g. R1-R5, R4,R5)\n"
          ,
          out);
    fputs(lc3sim_video_help, out);
    fputs("  --dap               serve the Debug Adapter Protocol on stdin and stdout\n"
          "                      for an editor (docs/dap.md); give it alone: the\n"
          "                      program and its options come with the launch request\n"
          "  -d, --debug         run under the debugger, stopped before the first\n"
          "                      instruction (docs/debugger.md); commands come from\n"
          "                      stdin, the program's input from --input\n"
          "  -x FILE             with -d: run the debugger commands in FILE first\n"
          "  --input FILE        with -d: the program's keyboard (default: the\n"
          "                      terminal, or none when stdin is not a terminal)\n"
          "  -h, --help          print this help and exit\n"
          "  --version           print the version and exit\n"
          "\n"
          "The program reads stdin: from a terminal each key reaches it at once,\n"
          "without Enter and without echo (Ctrl-C still stops lc3sim); from a file or\n"
          "a pipe, byte for byte. Its output goes to stdout exactly as written;\n"
          "everything lc3sim says itself goes to stderr.\n"
          "\n"
          "Exit status:\n",
          out);
#define LC3SIM_EXIT_HELP(name, value, text) fprintf(out, "  %-5d %s\n", value, text);
    LC3SIM_EXITS(LC3SIM_EXIT_HELP)
#undef LC3SIM_EXIT_HELP
    fprintf(out, "  %d+N killed by signal N (the terminal is restored first)\n",
            LC3SIM_EXIT_SIGNAL);
}

static int lc3sim_bad_usage(const char *fmt, const char *arg)
{
    fputs("lc3sim: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'lc3sim --help' for more information.\n", stderr);
    return LC3SIM_EXIT_USAGE;
}

/* x3000, X3000, 0x3000 or decimal, up to xFFFF. */
static bool lc3sim_parse_address(const char *text, uint16_t *out)
{
    unsigned base = 10;
    if (text[0] == 'x' || text[0] == 'X') {
        base = 16;
        text += 1;
    } else if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        base = 16;
        text += 2;
    }
    if (!*text)
        return false;
    uint32_t value = 0;
    for (; *text; text++) {
        unsigned digit;
        if (*text >= '0' && *text <= '9')
            digit = (unsigned)(*text - '0');
        else if (base == 16 && *text >= 'a' && *text <= 'f')
            digit = (unsigned)(*text - 'a' + 10);
        else if (base == 16 && *text >= 'A' && *text <= 'F')
            digit = (unsigned)(*text - 'A' + 10);
        else
            return false;
        value = value * base + digit;
        if (value > 0xFFFF)
            return false;
    }
    *out = (uint16_t)value;
    return true;
}

/* Fills opt from the command line. Returns -1 to go on and run, or the exit
 * status to end with (after --help, --version or a mistake). */
static int lc3sim_parse_args(int argc, char **argv, lc3sim_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->check_saved = LC3_CHECK_SAVED_DEFAULT;
    bool options_done = false;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char *value;
        bool missing = false;
        int status;
        if (options_done || arg[0] != '-' || arg[1] == '\0') {
            if (opt->program)
                return lc3sim_bad_usage("one program at a time (got '%s' too)", arg);
            opt->program = arg;
        } else if (strcmp(arg, "--") == 0) {
            options_done = true;
        } else if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            lc3sim_usage(stdout);
            return LC3SIM_EXIT_HALTED;
        } else if (strcmp(arg, "--version") == 0) {
            printf("lc3sim %s\n", LC3SIM_VERSION);
            return LC3SIM_EXIT_HALTED;
        } else if (strcmp(arg, "--ignore-privilege") == 0) {
            opt->ignore_privilege = true;
        } else if (strcmp(arg, "--trace") == 0) {
            opt->trace = true;
        } else if (strcmp(arg, "--stats") == 0) {
            opt->stats = true;
        } else if (strncmp(arg, "--check", 7) == 0 && (arg[7] == '\0' || arg[7] == '=')) {
            char why[512];
            opt->check = true;
            if (!check_parse(arg[7] ? arg + 8 : NULL, lc3_check_names, LC3_CHECK_NAME_COUNT,
                             LC3_CHECK_COUNT, &opt->check_set, why, sizeof why))
                return lc3sim_bad_usage("--check: %s", why);
        } else if ((value = cli_option_value("--check-saved", argc, argv, &i, &missing))) {
            char why[200];
            if (!lc3_check_parse_saved(value, &opt->check_saved, why, sizeof why))
                return lc3sim_bad_usage("%s", why);
        } else if (strcmp(arg, "-d") == 0 || strcmp(arg, "--debug") == 0) {
            opt->debug = true;
        } else if (strcmp(arg, "--dap") == 0) {
            return lc3sim_bad_usage("%s", "--dap takes no other arguments: the program and its "
                                          "options come with the launch request");
        } else if ((value = cli_option_value("-x", argc, argv, &i, &missing))) {
            opt->script = value;
        } else if ((value = cli_option_value("--input", argc, argv, &i, &missing))) {
            opt->input_path = value;
        } else if ((value = cli_option_value("--os", argc, argv, &i, &missing))) {
            opt->os_path = value;
        } else if ((value = cli_option_value("--pc", argc, argv, &i, &missing))) {
            if (!lc3sim_parse_address(value, &opt->pc))
                return lc3sim_bad_usage("--pc needs an address from x0000 to xFFFF "
                                        "(x3000, 0x3000 or 12288), not '%s'", value);
            opt->has_pc = true;
        } else if ((value = cli_option_value("--limit", argc, argv, &i, &missing))) {
            if (!cli_parse_count(value, &opt->limit))
                return lc3sim_bad_usage("--limit needs a positive whole number, not '%s'",
                                        value);
        } else if (!missing && (status = lc3sim_video_option(argc, argv, &i, &opt->video,
                                                              &missing, lc3sim_bad_usage)) != -1) {
            if (status != -2)
                return status;
        } else if (missing) {
            return lc3sim_bad_usage("%s needs a value", arg);
        } else {
            return lc3sim_bad_usage("unknown option '%s'", arg);
        }
    }
    if (!opt->program)
        return lc3sim_bad_usage("%s", "no program given");
    if (opt->video.frames_dir && !opt->video.video)
        return lc3sim_bad_usage("%s", "--frames needs the display: --video");
    if (opt->video.frame_every && !opt->video.frames_dir)
        return lc3sim_bad_usage("%s", "--frame-every needs --frames");
    if (opt->debug && (opt->video.keys_path || opt->video.frames_dir))
        return lc3sim_bad_usage("%s", "under the debugger only --video (its screenshot "
                                      "command): not --keys or --frames yet");
    return -1;
}

/* The machine's keyboard and display, connected to the console. The machine
 * keeps this context from its start on; the console joins it once opened. */
typedef struct lc3sim_host {
    console *con;
    lc3sim_video *video;   /* with --keys: the keys come from it */
    const lc3_machine *m;
} lc3sim_host;

static int lc3sim_poll_key(void *ctx, bool may_wait)
{
    lc3sim_host *host = ctx;
    if (host->video && host->video->o->keys_path)
        return lc3sim_video_key(host->video, host->m);
    if (host->video && may_wait)
        lc3sim_video_waiting(host->video, host->m);
    int byte = console_read_byte(host->con, may_wait ? LC3SIM_KEY_WAIT_MS : 0);
    if (byte >= 0)
        return byte;
    return byte == CONSOLE_EOF ? LC3_KEY_EOF : LC3_KEY_NONE;
}

static void lc3sim_put_char(void *ctx, uint8_t byte)
{
    lc3sim_host *host = ctx;
    console_put(host->con, byte);
}

/* "x3000  x5260  AND R1, R1, #0" for the instruction about to run. */
static void lc3sim_trace(const lc3_machine *m)
{
    uint16_t pc = lc3_pc(m);
    uint16_t word = lc3_peek(m, pc);
    char text[80];
    lc3_disasm(word, pc, NULL, NULL, text, sizeof text);
    fprintf(stderr, "x%04X  x%04X  %s\n", pc, word, text);
}

/* The program's output so far, before a finding (in order on a terminal). */
static void lc3sim_flush(void *ctx)
{
    lc3sim_host *host = ctx;
    if (host->con)
        console_flush(host->con);
}

/* Runs the session until the machine stops, the limit is reached or the
 * output closes (then *output_closed). Between chunks of LC3SIM_CHUNK
 * instructions the output is flushed; --trace runs one at a time. */
static lc3_run_stop lc3sim_run(lc3_session *s, console *con, const lc3sim_options *opt,
                               lc3sim_video *video, bool *output_closed)
{
    lc3_machine *m = lc3_session_machine(s);
    *output_closed = false;
    for (;;) {
        uint64_t budget = opt->trace ? 1 : LC3SIM_CHUNK;
        if (opt->limit) {
            uint64_t done = lc3_instruction_count(m);
            if (done >= opt->limit)
                return LC3_RUN_LIMIT;
            if (opt->limit - done < budget)
                budget = opt->limit - done;
        }
        if (video)
            budget = lc3sim_video_pace(video, m, budget);
        if (opt->trace) {
            /* The program's output so far, then the line: in order on a
             * terminal where both streams meet. */
            console_flush(con);
            lc3sim_trace(m);
        }
        lc3_run_result r = lc3_session_run(s, budget);
        if (r.stop != LC3_RUN_LIMIT)
            return r.stop;
        if (!console_flush(con)) {
            *output_closed = true;
            return LC3_RUN_LIMIT;
        }
    }
}

static double lc3sim_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Says why the run ended (on stderr, after the program's output) and picks
 * the exit status. */
static int lc3sim_finish(lc3_session *s, console *con, lc3_run_stop stop, bool output_closed)
{
    const lc3_machine *m = lc3_session_machine(s);
    console_flush(con);
    if (output_closed || console_output_closed(con)) {
        int err = console_output_error(con);
        /* A reader that went away is no news to the user: stop quietly. */
        if (err != EPIPE)
            fprintf(stderr, "lc3sim: cannot write the program's output: %s\n", strerror(err));
        return LC3SIM_EXIT_OUTPUT;
    }
    if (stop == LC3_RUN_FINDING) {
        fprintf(stderr, "lc3sim: stopped at the first finding (--check=error)\n");
        return LC3SIM_EXIT_CHECK;
    }
    bool raised = lc3_exception_count(m) > 0;
    if (raised)
        lc3_loaded_report_exception(lc3_session_program(s), m, "lc3sim", stderr);
    switch (stop) {
    case LC3_RUN_HALTED:
        return raised ? LC3SIM_EXIT_EXCEPTION : LC3SIM_EXIT_HALTED;
    case LC3_RUN_EXCEPTION:
        fprintf(stderr, "lc3sim: stopped at the exception (--check=error)\n");
        return LC3SIM_EXIT_EXCEPTION;
    case LC3_RUN_LIMIT:
        fprintf(stderr,
                "lc3sim: instruction limit reached after %" PRIu64
                " instructions; stopped at x%04X\n",
                lc3_instruction_count(m), lc3_pc(m));
        return LC3SIM_EXIT_LIMIT;
    case LC3_RUN_INPUT_EOF:
        fprintf(stderr, "lc3sim: input ended while the program waits for a key\n");
        return LC3SIM_EXIT_INPUT_ENDED;
    case LC3_RUN_FINDING: /* said above */
    case LC3_RUN_HOOK:    /* lc3sim sets no hook and arms neither stop */
    case LC3_RUN_AT_HALT:
    case LC3_RUN_AT_PC:
        break;
    }
    return LC3SIM_EXIT_HALTED;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--dap") == 0)
        return lc3_dap_main();
    lc3sim_options opt;
    int status = lc3sim_parse_args(argc, argv, &opt);
    if (status >= 0)
        return status;
    if (opt.debug) {
        lc3_debug_options d = {opt.program, opt.os_path, opt.has_pc, opt.pc,
                               opt.ignore_privilege, opt.limit, opt.script, opt.input_path,
                               opt.check ? opt.check_set : 0, opt.check_saved,
                               opt.video.video};
        return lc3_debug_main(&d);
    }

    /* The console is opened once the program has loaded, so a program that
     * fails to load never touches the terminal. */
    lc3sim_host host = {.con = NULL};
    bool stop_at_error = opt.check && (opt.check_set & 1u << LC3_CHECK_ERROR);
    lc3_session_config config = {
        .io = {.ctx = &host, .poll_key = lc3sim_poll_key, .put_char = lc3sim_put_char},
        .tool = "lc3sim",
        .errors = stderr,
        .os_path = opt.os_path,
        .has_pc = opt.has_pc,
        .pc = opt.pc,
        .ignore_privilege = opt.ignore_privilege,
        /* An exception is the worst finding: --check=error stops there too. */
        .stop_at_finding = stop_at_error,
        .stop_at_exception = stop_at_error,
        .check_set = opt.check ? opt.check_set : 0,
        .check_saved = opt.check_saved,
        .check_out = stderr,
        .check_flush = lc3sim_flush,
        .check_flush_ctx = &host,
    };
    lc3_session *s = lc3_session_new(&config);
    if (!s) {
        fprintf(stderr, "lc3sim: out of memory\n");
        return LC3SIM_EXIT_LOAD;
    }
    if (!lc3_session_load_file(s, opt.program)) {
        lc3_session_free(s);
        return LC3SIM_EXIT_LOAD;
    }
    console *con = console_open(STDIN_FILENO, STDOUT_FILENO);
    if (!con) {
        fprintf(stderr, "lc3sim: out of memory\n");
        lc3_session_free(s);
        return LC3SIM_EXIT_LOAD;
    }
    host.con = con;
    host.m = lc3_session_machine(s);
    lc3sim_video video;
    bool has_video = opt.video.video || opt.video.keys_path;
    if (has_video) {
        if (!lc3sim_video_start(&video, &opt.video, con)) {
            console_close(con);
            lc3_session_free(s);
            return LC3SIM_EXIT_USAGE;
        }
        host.video = &video;
    }

    double start = lc3sim_seconds();
    bool output_closed;
    lc3_run_stop stop = lc3sim_run(s, con, &opt, has_video ? &video : NULL, &output_closed);
    double seconds = lc3sim_seconds() - start;

    bool frames_ok = !has_video || lc3sim_video_finish(&video, lc3_session_machine(s));
    status = lc3sim_finish(s, con, stop, output_closed);
    if (!frames_ok && status == LC3SIM_EXIT_HALTED)
        status = LC3SIM_EXIT_OUTPUT; /* a frame was not written: said already */
    lc3_checker *checker = lc3_session_checker(s);
    if (checker && lc3_check_dropped(checker))
        fprintf(stderr, "lc3sim: %llu more findings not reported (past %d)\n",
                (unsigned long long)lc3_check_dropped(checker), CHECK_SEEN_MAX);
    if (opt.stats) {
        uint64_t count = lc3_instruction_count(lc3_session_machine(s));
        fprintf(stderr, "lc3sim: %" PRIu64 " instructions in %.3f s, %.2f M instructions/s\n",
                count, seconds, seconds > 0 ? (double)count / seconds / 1e6 : 0.0);
    }
    console_close(con);
    lc3_session_free(s);
    return status;
}
