/* MARS 4.5's command line (MarsLaunch.parseCommandArgs): each word is tried
 * as a switch, a register, an existing file, a step count and a memory
 * range, in that order. The facts are in docs/mars-cli.md. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "mars_impl.h"
#include "mips_isa.h"

/* help.txt of ../shared/mars, after the copyright: what "mars h" prints. */
static const char mars_help[] =
    "Usage:  Mars  [options] filename [additional filenames]\n"
    "  Valid options (not case sensitive, separate by spaces) are:\n"
    "      a  -- assemble only, do not simulate\n"
    "  ae<n>  -- terminate MARS with integer exit code <n> if an assemble error occurs.\n"
    "  ascii  -- display memory or register contents interpreted as ASCII codes.\n"
    "      b  -- brief - do not display register/memory address along with contents\n"
    "      d  -- display MARS debugging statements\n"
    "     db  -- MIPS delayed branching is enabled\n"
    "    dec  -- display memory or register contents in decimal.\n"
    "   dump <segment> <format> <file> -- memory dump of specified memory segment\n"
    "            in specified format to specified file.  Option may be repeated.\n"
    "            Dump occurs at the end of simulation unless 'a' option is used.\n"
    "            Segment and format are case-sensitive and possible values are:\n"
    "            <segment> = .text, .data\n"
    "            <format> = AsciiText, Binary, BinaryText, HexText, HEX, SegmentWindow\n"
    "      h  -- display this help.  Use by itself with no filename.\n"
    "    hex  -- display memory or register contents in hexadecimal (default)\n"
    "     ic  -- display count of MIPS basic instructions 'executed'\n"
    "     mc <config>  -- set memory configuration.  Argument <config> is\n"
    "            case-sensitive and possible values are: Default for the default\n"
    "            32-bit address space, CompactDataAtZero for a 32KB memory with\n"
    "            data segment at address 0, or CompactTextAtZero for a 32KB\n"
    "            memory with text segment at address 0.\n"
    "     me  -- display MARS messages to standard err instead of standard out. \n"
    "            Can separate messages from program output using redirection\n"
    "     nc  -- do not display copyright notice (for cleaner redirected/piped output).\n"
    "     np  -- use of pseudo instructions and formats not permitted\n"
    "      p  -- Project mode - assemble all files in the same directory as given file.\n"
    "  se<n>  -- terminate MARS with integer exit code <n> if a simulation (run) error occurs.\n"
    "     sm  -- start execution at statement with global label main, if defined\n"
    "    smc  -- Self Modifying Code - Program can write and branch to either text or data "
    "segment\n"
    "    <n>  -- where <n> is an integer maximum count of steps to simulate.\n"
    "            If 0, negative or not specified, there is no maximum.\n"
    " $<reg>  -- where <reg> is number or name (e.g. 5, t3, f10) of register whose \n"
    "            content to display at end of run.  Option may be repeated.\n"
    "<reg_name>  -- where <reg_name> is name (e.g. t3, f10) of register whose\n"
    "            content to display at end of run.  Option may be repeated. \n"
    "            The $ is not required.\n"
    "<m>-<n>  -- memory address range from <m> to <n> whose contents to\n"
    "            display at end of run. <m> and <n> may be hex or decimal,\n"
    "            must be on word boundary, <m> <= <n>.  Option may be repeated.\n"
    "     pa  -- Program Arguments follow in a space-separated list.  This\n"
    "            option must be placed AFTER ALL FILE NAMES, because everything\n"
    "            that follows it is interpreted as a program argument to be\n"
    "            made available to the MIPS program at runtime.\n"
    "If more than one filename is listed, the first is assumed to be the main\n"
    "unless the global statement label 'main' is defined in one of the files.\n"
    "Exception handler not automatically assembled.  Add it to the file list.\n"
    "Options used here do not affect MARS Settings menu values and vice versa.\n";

static int java_digit(char c, int radix)
{
    int d = c >= '0' && c <= '9' ? c - '0'
            : c >= 'a' && c <= 'z' ? c - 'a' + 10
            : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : 99;
    return d < radix ? d : -1;
}

bool mars_java_decode(const char *s, int32_t *value)
{
    bool negative = *s == '-';
    if (*s == '-' || *s == '+')
        s++;
    int radix = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        radix = 16, s += 2;
    else if (s[0] == '#')
        radix = 16, s++;
    else if (s[0] == '0' && s[1] != '\0')
        radix = 8, s++;
    if (*s == '\0' || *s == '-' || *s == '+')
        return false;
    int64_t magnitude = 0;
    for (; *s; s++) {
        int d = java_digit(*s, radix);
        if (d < 0 || (magnitude = magnitude * radix + d) > (int64_t)INT32_MAX + 1)
            return false;
    }
    if (!negative && magnitude > INT32_MAX)
        return false;
    *value = (int32_t)(negative ? -magnitude : magnitude);
    return true;
}

/* RegisterFile.getUserRegister or Coprocessor1.getRegister of name ("$...").
 * The latter reads the number after "$f" with Binary.stringToInt, so
 * "$f0x2", "$f+3", "$f010" and even "$f" count (mips_display_unnamed_fp). */
static bool mars_is_register(const char *name)
{
    bool is_number, is_float;
    if (mips_register(name, strlen(name), &is_number, &is_float) >= 0)
        return true;
    int32_t f;
    return strncmp(name, "$f", 2) == 0 && mips_parse_int(name + 2, strlen(name + 2), &f) &&
           f >= 0 && f <= 31;
}

static bool word_is(const char *word, const char *name)
{
    return strcasecmp(word, name) == 0;
}

/* ae<n> / se<n>: true when word is prefix followed by a number. */
static bool mars_status_word(const char *word, const char *prefix, int *status)
{
    int32_t n;
    if (strncasecmp(word, prefix, 2) != 0 || !mars_java_decode(word + 2, &n))
        return false;
    *status = n;
    return true;
}

static bool mars_switch(const char *w, mars_options *opt)
{
    if (word_is(w, "a") || word_is(w, "ad") || word_is(w, "da"))
        opt->simulate = false;
    else if (word_is(w, "d"))
        ; /* MARS's own debugging output: nothing to show here */
    else if (word_is(w, "p"))
        opt->project = true;
    else if (word_is(w, "dec"))
        opt->display = MIPS_DISPLAY_DECIMAL;
    else if (word_is(w, "hex"))
        opt->display = MIPS_DISPLAY_HEX;
    else if (word_is(w, "ascii"))
        opt->display = MIPS_DISPLAY_ASCII;
    else if (word_is(w, "b"))
        opt->verbose = false;
    else if (word_is(w, "db"))
        opt->delayed_branching = true;
    else if (word_is(w, "np") || word_is(w, "ne"))
        opt->pseudo = false;
    else if (word_is(w, "we"))
        opt->warnings_are_errors = true;
    else if (word_is(w, "sm"))
        opt->start_main = true;
    else if (word_is(w, "smc"))
        opt->self_modifying = true;
    else if (word_is(w, "ic"))
        opt->count = true;
    else
        return false;
    return true;
}

/* A register to display, with or without its '$'. */
static bool mars_register_word(const char *w, mars_options *opt)
{
    if (w[0] == '$') {
        if (mars_is_register(w))
            opt->registers[opt->register_count++] = strdup(w);
        else
            fprintf(opt->out, "Invalid Register Name: %s\n", w); /* and MARS goes on */
        return true;
    }
    size_t len = strlen(w);
    char *named = malloc(len + 2);
    if (!named)
        return false;
    named[0] = '$';
    memcpy(named + 1, w, len + 1);
    if (mars_is_register(named)) {
        opt->registers[opt->register_count++] = named;
        return true;
    }
    free(named);
    return false;
}

/* One word that is not a switch MARS handles before the loop. Returns
 * whether the command line is still good. */
static bool mars_word(int argc, char **argv, int *i, mars_options *opt)
{
    const char *w = argv[*i];
    struct stat st;
    int32_t n;
    if (word_is(w, "dump")) {
        if (argc <= *i + 3) {
            fputs("Dump command line argument requires a segment, format and file name.\n",
                  opt->out);
            return false;
        }
        opt->dumps[opt->dump_count++] = (mars_dump_request){argv[*i + 1], argv[*i + 2],
                                                            argv[*i + 3]};
        *i += 3;
        return true;
    }
    if (word_is(w, "mc")) {
        /* Only MARS's default memory map is built here. */
        const char *config = *i + 1 < argc ? argv[++*i] : "";
        if (strcmp(config, "Default") == 0)
            return true;
        if (strcmp(config, "CompactDataAtZero") == 0 ||
            strcmp(config, "CompactTextAtZero") == 0) {
            /* Not silence and status 0: a script must see that nothing ran. */
            fprintf(stderr, "mars: memory configuration %s is not supported here\n", config);
            opt->refused_status = 2;
        } else
            fprintf(opt->out, "Invalid memory configuration: %s\n", config);
        return false;
    }
    if (mars_status_word(w, "ae", &opt->assemble_error_status) ||
        mars_status_word(w, "se", &opt->simulate_error_status) || mars_switch(w, opt) ||
        mars_register_word(w, opt))
        return true;
    if (stat(w, &st) == 0) {
        opt->files[opt->file_count++] = w;
        return true;
    }
    if (mars_java_decode(w, &n)) {
        opt->max_steps = n;
        return true;
    }
    int range = mips_parse_word_range(w, &opt->ranges[2 * opt->range_count],
                                      &opt->ranges[2 * opt->range_count + 1]);
    if (range == 1) {
        opt->range_count++;
        return true;
    }
    if (range == 0) {
        fprintf(opt->out, "Invalid/unaligned address or invalid range: %s\n", w);
        return false;
    }
    fputs("Invalid Command Argument: ", opt->out);
    put_java_word(opt->out, w);
    fputc('\n', opt->out);
    return false;
}

bool mars_parse(int argc, char **argv, mars_options *opt)
{
    size_t n = (size_t)(argc > 0 ? argc : 1);
    memset(opt, 0, sizeof *opt);
    opt->out = stdout;
    opt->simulate = opt->pseudo = opt->verbose = true;
    opt->display = MIPS_DISPLAY_HEX;
    opt->max_steps = -1;
    opt->files = calloc(n, sizeof *opt->files);
    opt->registers = calloc(n, sizeof *opt->registers);
    opt->ranges = calloc(2 * n, sizeof *opt->ranges);
    opt->dumps = calloc(n, sizeof *opt->dumps);
    if (!opt->files || !opt->registers || !opt->ranges || !opt->dumps) {
        fputs("mars: out of memory\n", stderr);
        return false;
    }
    /* "me" and "nc" count wherever they are, even among program arguments. */
    bool copyright = true;
    for (int i = 1; i < argc; i++) {
        if (word_is(argv[i], "me"))
            opt->out = stderr;
        if (word_is(argv[i], "nc"))
            copyright = false;
    }
    if (copyright)
        fputs("MARS 4.5  Copyright 2003-2014 Pete Sanderson and Kenneth Vollmar\n\n", opt->out);
    if (argc == 2 && strcmp(argv[1], "h") == 0) {
        fputs(mars_help, opt->out);
        return false;
    }
    bool ok = true;
    for (int i = 1; i < argc; i++) {
        if (word_is(argv[i], "pa")) {
            opt->args = argv + i + 1;
            opt->arg_count = argc - i - 1;
            break;
        }
        if (word_is(argv[i], "me") || word_is(argv[i], "nc"))
            continue;
        if (!mars_word(argc, argv, &i, opt))
            ok = false;
    }
    return ok;
}

void mars_options_free(mars_options *opt)
{
    for (int r = 0; r < opt->register_count; r++)
        free((char *)opt->registers[r]);
    free(opt->files);
    free(opt->registers);
    free(opt->ranges);
    free(opt->dumps);
}
