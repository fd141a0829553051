/* A grading spec (docs/grader-spec.md): the text file a TA writes to grade
 * an assignment against its reference solution, parsed by hand into the
 * plain model below. ISA-free: register and syscall names are the
 * machine's, looked up through grade_spec_isa, so both graders share the
 * parser, the model and the errors. */
#ifndef GRADE_SPEC_H
#define GRADE_SPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "grade_spec_expr.h"
#include "source.h"

/* What the parser asks the machine: its register and syscall names, and
 * which registers carry arguments. Each lookup returns the number, or -1
 * for a name the machine does not have. */
typedef struct grade_spec_isa {
    const char *name;                                 /* "MIPS": messages */
    const char *article;                              /* before name: NULL "a", or "an" */
    int (*reg)(const char *name, size_t len);         /* "$a0" -> 4 */
    int (*syscall)(const char *name, size_t len);     /* "sbrk" -> 9 */
    uint64_t arg_regs;                                /* bit r: r carries an argument */
    uint64_t default_preserved;                       /* the course's callee-saved set */
    int return_regs[2];                               /* "$v0" "$v1"; -1 when absent */
    uint64_t print_syscalls;  /* what `compare output` allows besides `syscalls allow` */
    unsigned rules_absent;    /* the whole-file rules (GRADE_RULE_*) its programs cannot break */
    bool no_program_args;     /* a program test gives no arguments (`args`) */
    bool no_files;            /* its calls open no files: no `file-name` argument */
    /* The LC-3's memory is of 16-bit words: every element (a string's
     * character, an array's element, a struct's field, a grid's byte) is
     * one word, `word` means 16 bits, and memory compares word by word. */
    bool word_elements;
    bool random_machine;      /* a program test may run on a randomized machine */
    bool function_input;      /* a function's cases may give keys (`stdin`) */
    bool reference_callees;   /* it can run the reference's callees (`callees from`) */
    const char *hex_prefix;   /* before hexadecimal numbers in messages: "x"; NULL: "0x" */
} grade_spec_isa;

/* Limits that keep every generated case inside the grader's data window. */
enum {
    GRADE_SPEC_NAME_MAX = 48,
    GRADE_SPEC_ARGS_MAX = 8,
    GRADE_SPEC_FIELDS_MAX = 32,
    GRADE_SPEC_STRING_MAX = 4096,  /* characters of a generated string */
    GRADE_SPEC_ARRAY_MAX = 1024,   /* elements of an array */
    GRADE_SPEC_BUFFER_MAX = 10000, /* bytes of a buffer or file: hw4's largest map, 99 x 99
                                      cells and 2 bytes, fits */
    GRADE_SPEC_CASES_MAX = 1000,   /* random cases of a function */
    GRADE_SPEC_WINDOW = 0x7000,    /* bytes all of a case's structures may take */
    GRADE_SPEC_LETS_MAX = 8,       /* named values of a function (let) */
    GRADE_SPEC_SETS_MAX = 16,      /* set steps of a function */
    GRADE_SPEC_INCLUDES_MAX = 8,   /* files a spec lets a submission .include */
};

typedef enum grade_gen_kind {
    GRADE_GEN_INT,    /* lo..hi */
    GRADE_GEN_CHAR,   /* one of set */
    GRADE_GEN_STRING, /* lo..hi characters of set, NUL-ended; or text */
    GRADE_GEN_ARRAY,  /* lo..hi elements of elem_size bytes in elo..ehi; or values */
    GRADE_GEN_BUFFER, /* lo bytes of noise, writable */
    GRADE_GEN_STRUCT, /* fields byte by byte */
    GRADE_GEN_FILE,   /* the bytes of text (a path) and a NUL */
    GRADE_GEN_LENGTH, /* the length of argument of */
    GRADE_GEN_GRID,   /* byte rows (lo..hi), byte cols (elo..ehi), then rows x cols
                         cells of set, each with bit or'ed in bit_percent% of them */
    GRADE_GEN_FILE_NAME, /* the NUL-ended base name of a file (text: its bytes) put in
                            the case's own folder; missing: the name, and no file */
    GRADE_GEN_EXPR,   /* a number computed from the arguments before it (expr) */
    GRADE_GEN_INDEX,  /* a let: a position in argument of, 0..length - 1 (0 when empty) */
    GRADE_GEN_STRINGS, /* a string table: value_count pointers to the NUL-ended strings
                          of text, laid out after them */
    GRADE_GEN_RECORDS, /* lo..hi records of type rec (single: one, by its address), the
                          strings of their string fields laid out after them */
    GRADE_GEN_POINTER, /* the address of argument of (into: of one of its elements,
                          drawn); a case's value: lo, the element */
} grade_gen_kind;

typedef struct grade_field {
    int size; /* 1, 2 or 4 bytes */
    int32_t lo, hi;
    char name[GRADE_SPEC_NAME_MAX]; /* "row", or "" (then only its number names it) */
} grade_field;

/* A field of a record type (`record NAME`): an integer of a range, a bit
 * set, a character, a string (a pointer to it, the string laid out after
 * the records), or a pointer into another input. */
typedef enum grade_record_field_kind {
    GRADE_FIELD_INT,     /* lo..hi */
    GRADE_FIELD_BITS,    /* any of the bits of hi (lo = 0) */
    GRADE_FIELD_CHAR,    /* one of set */
    GRADE_FIELD_STRING,  /* lo..hi characters of set, or text (a constant) */
    GRADE_FIELD_POINTER, /* the address of input `target` (into: of one of its elements) */
    GRADE_FIELD_ARRAY,   /* the address of a constant array (text: its count, 4 bytes,
                            then its elements), laid out after the records */
    GRADE_FIELD_LINK,    /* the address of the next record of its array, 0 in the last:
                            the records are a linked list */
    GRADE_FIELD_ELEMENTS, /* count elements of elem_size bytes inside the record, each
                             lo..hi (MIPS) */
} grade_record_field_kind;

typedef struct grade_record_field {
    char name[GRADE_SPEC_NAME_MAX];
    grade_record_field_kind kind;
    int size;                  /* bytes: 1, 2 or 4 (a pointer: 4) */
    uint32_t offset;           /* in the record: MIPS aligns it to its size */
    int32_t lo, hi;
    char set[256];
    char *text;                /* a constant string or array (malloc'd), or NULL */
    size_t text_len;
    int elem_size;             /* an array's elements: 1, 2 or 4 bytes */
    uint32_t count;            /* ELEMENTS: how many */
    uint32_t align;            /* what its array is aligned to after the records */
    char target[GRADE_SPEC_NAME_MAX]; /* a pointer: the input it points into */
    bool into;                 /* a pointer to one of target's elements, drawn */
    int line, col;
} grade_record_field;

typedef struct grade_spec_record {
    char name[GRADE_SPEC_NAME_MAX];
    grade_record_field fields[GRADE_SPEC_FIELDS_MAX];
    int field_count;
    uint32_t size;             /* one record's bytes, padded to its largest field */
    int line;
} grade_spec_record;

/* The index of r's link field (its records make a list), or -1. */
int grade_spec_record_link(const grade_spec_record *r);

/* How an argument is made, or (literal) what a hand-written case sets. */
typedef struct grade_gen {
    grade_gen_kind kind;
    int32_t lo, hi;            /* int: the values; string, array: the lengths; buffer: size */
    int elem_size;             /* array: 1, 2 or 4 */
    int32_t elo, ehi;          /* array: the elements' values */
    char set[256];             /* char, string: the characters (NUL-ended, no NUL in it) */
    grade_field fields[GRADE_SPEC_FIELDS_MAX];
    int field_count;
    int of;                    /* length, bits_of: the argument's index */
    bool bits_of;              /* buffer: one bit per unit of of's length, rounded up */
    bool zero;                 /* buffer: all zero bytes, not noise */
    char *file_name;           /* file-name: the name the function gets (malloc'd) */
    bool missing;              /* file-name: no such file in the case's folder */
    bool grid_file;            /* file-name: a grid's text made for each case (lo..hi
                                  rows, elo..ehi columns, cells of set) */
    uint8_t one;               /* grid file: the character exactly one cell holds, or 0 */
    bool then;                 /* grid file: a last line with a number in tlo..thi */
    int32_t tlo, thi;
    uint8_t bit;               /* grid: a flag bit some cells carry */
    int bit_percent;
    bool writable;
    bool increasing;           /* array: strictly increasing elements */
    bool uniform;              /* int, char, string, array: no bias to the edges */
    bool literal;              /* a case's value: text / values, not a range */
    char *text;                /* string literal, file path; malloc'd */
    size_t text_len;
    int32_t *values;           /* array literal; malloc'd */
    size_t value_count;
    grade_expr *expr;          /* GRADE_GEN_EXPR: the formula; owned */
    const grade_spec_record *rec; /* GRADE_GEN_RECORDS: the type (the spec's) */
    bool single;               /* one record, not an array of them */
    bool list;                 /* records linked by their link field, passed as the
                                  first one's address, 0 when there is none */
    bool into;                 /* a pointer to one of of's elements, not to its start */
    int8_t targets[GRADE_SPEC_FIELDS_MAX]; /* rec's pointer fields: the argument each
                                  points into (this one's own index when itself) */
    int line, col;
} grade_gen;

typedef struct grade_spec_arg {
    char name[GRADE_SPEC_NAME_MAX];
    int reg;                   /* the register, or -1 for the next stack word */
    grade_gen gen;
    int line, col;
    uint32_t address;          /* a program's memory input: where it lies (reg -2) */
} grade_spec_arg;

/* grade_spec_arg.reg of a program's memory input, and of its keys drawn
 * for each run (`stdin NAME = GENERATOR`: a string's characters). */
enum { GRADE_SPEC_AT_ADDRESS = -2, GRADE_SPEC_AT_KEYS = -3 };

typedef enum grade_op { GRADE_LT, GRADE_LE, GRADE_GT, GRADE_GE, GRADE_EQ, GRADE_NE } grade_op;

/* A precondition: a condition the drawn case must meet. */
typedef struct grade_spec_require {
    grade_expr *cond;
    int line, col;
} grade_spec_require;

/* `let NAME = ...`: a value drawn with the arguments but not passed (gen,
 * an int or char), or a formula over them (expr), usable in expressions. */
typedef struct grade_spec_let {
    char name[GRADE_SPEC_NAME_MAX];
    grade_gen gen;
    grade_expr *expr;          /* the formula, or NULL: drawn from gen */
    int line, col;
} grade_spec_let;

/* `set TARGET = VALUE [when COND]`: a struct field or grid cell written
 * after the draw, before the preconditions. */
typedef struct grade_spec_set {
    grade_expr *target, *value, *when;
    int line;
} grade_spec_set;

typedef enum grade_compare_kind {
    GRADE_CMP_REG, GRADE_CMP_MEMORY, GRADE_CMP_OUTPUT,
    GRADE_CMP_FILES, /* the files of the case's own folder after the call */
    GRADE_CMP_LIST,  /* the linked records a register points to, followed by their link */
} grade_compare_kind;

typedef struct grade_spec_compare {
    grade_compare_kind kind;
    int reg;                   /* GRADE_CMP_REG */
    int arg;                   /* GRADE_CMP_MEMORY */
    uint8_t mask;              /* the bits of each byte that count (0xff) */
    bool sign;                 /* GRADE_CMP_REG: only the sign counts (-, 0, +) */
    bool as_char;              /* GRADE_CMP_REG: a character, shown as one in reports */
    bool any_bit_order;        /* a bit array: its bytes' bits in either order, all alike */
    int dont_care_grid;        /* the bit of this grid argument's cell (row, col) may be
                                  either (when on the grid); -1: none */
    int dont_care_row, dont_care_col; /* int arguments */
    const grade_spec_record *rec; /* GRADE_CMP_LIST: the records' type (has a link) */
} grade_spec_compare;

/* A hand-written case: values for some arguments, and explicit answers. */
typedef struct grade_spec_expect {
    int reg;
    int32_t value;
    grade_op op;               /* `expect $v0 < 0`: the register against value (signed) */
} grade_spec_expect;

typedef struct grade_spec_case {
    char label[96];
    grade_gen set[GRADE_SPEC_ARGS_MAX]; /* literal values; kind meaningful when given */
    bool given[GRADE_SPEC_ARGS_MAX];
    uint8_t same_as[GRADE_SPEC_ARGS_MAX]; /* `s2 = s1`: 1 + the argument whose address
                                             it gets (the same bytes); 0: none */
    grade_spec_expect expects[4];
    int expect_count;
    char *stdin_text;          /* the keys it reads (function_input), or NULL: the function's */
    size_t stdin_len;
    bool expect_wins;          /* `expect wins`: its expects are the truth (below) */
    int line;
} grade_spec_case;

typedef struct grade_spec_function {
    char name[GRADE_SPEC_NAME_MAX];
    double points;
    int cases;                 /* random ones */
    int cases_line, cases_col; /* where `cases` was given (0: not), for its error */
    grade_spec_arg args[GRADE_SPEC_ARGS_MAX];
    int arg_count;
    grade_spec_require requires[8];
    int require_count;
    grade_spec_let lets[GRADE_SPEC_LETS_MAX];
    int let_count;
    grade_spec_set sets[GRADE_SPEC_SETS_MAX];
    int set_count;
    grade_spec_compare compares[8]; /* GRADE_SPEC_COMPARES_MAX */
    int compare_count;
    uint64_t preserved;        /* registers it must give back */
    char must_call[4][GRADE_SPEC_NAME_MAX];
    /* The cases that need callee i: those where must_call_when[i] holds (NULL:
     * all), or (must_call_like_reference[i], `when the reference does`) those
     * where the reference's run on the case calls it: a handout that
     * prescribes the algorithm. */
    grade_expr *must_call_when[4];
    bool must_call_like_reference[4];
    int must_call_count;
    /* `callees from the reference`: a call from the submission's function
     * to one of these runs the reference's code instead (must-call still
     * counts it): the function graded apart from its own callees. */
    char reference_callees[4][GRADE_SPEC_NAME_MAX];
    int reference_callee_count;
    uint64_t allowed_syscalls; /* bit s: it may use service s */
    uint64_t required_syscalls; /* bit s: it must use s where the reference does */
    uint64_t budget_base, budget_per;
    int budget_of;             /* the argument budget_per counts, or -1 */
    uint32_t budget_more;      /* bit i: argument i's size counts too (`per s1 s2`) */
    char budget_call[GRADE_SPEC_NAME_MAX]; /* `per call of fib`: budget_per counts the
                                  reference's calls of it (and the grader's own call
                                  when it is the function); "" when not */
    grade_spec_case *hand;
    int hand_count;
    size_t hand_cap;
    char *stdin_text;          /* the keys each case reads (function_input), or NULL */
    size_t stdin_len;
    /* `expect wins`: on every case, the written expects are the truth; a
     * reference that disagrees is a warning to the TA, and the submission
     * is held to the expects, not to the reference. */
    bool expect_wins;
    int line;
} grade_spec_function;

typedef enum grade_output_scoring {
    GRADE_OUTPUT_EXACT, GRADE_OUTPUT_SIMILAR,
    GRADE_OUTPUT_VALUES, /* the numbers and words, by value (grade_spec_values.h) */
} grade_output_scoring;

/* What a program test checks when the program ends: a register, the words
 * of a range of addresses, or a memory input's words. */
typedef enum grade_result_kind { GRADE_RESULT_REG, GRADE_RESULT_RANGE, GRADE_RESULT_INPUT }
    grade_result_kind;

typedef struct grade_spec_result {
    grade_result_kind kind;
    int reg;                   /* GRADE_RESULT_REG */
    uint32_t lo, hi;           /* GRADE_RESULT_RANGE: the first and last word's addresses */
    int arg;                   /* GRADE_RESULT_INPUT: the input of the test's inputs */
} grade_spec_result;

enum { GRADE_SPEC_RESULTS_MAX = 8, GRADE_SPEC_RANGE_WORDS = 256 };

typedef struct grade_spec_program {
    char name[GRADE_SPEC_NAME_MAX];
    double points;
    char **args;
    int arg_count;
    size_t arg_cap;
    char *stdin_text;          /* what the program reads (malloc'd, may hold NULs) */
    size_t stdin_len;
    char *expect;              /* the output it must print, or NULL: the reference's */
    size_t expect_len;
    bool expect_wins;          /* `expect wins`: expect is the truth, the reference's other
                                  output only a warning to the TA */
    grade_output_scoring scoring;
    unsigned ignore;           /* GRADE_IGNORE_* (grade_similarity.h) */
    uint64_t budget;
    bool randomize;            /* registers and free memory random (random_machine) */
    bool compare_files;        /* the files it leaves in its folder count too */
    int line;
    /* Whole programs on data (docs/grader-spec.md, "Memory inputs and
     * results"): memory inputs drawn for each case (inputs' args, each at
     * its address, with its lets, sets and requires; NULL: none), what is
     * checked when it ends, each a share of the points, and the output only
     * when compared (or when nothing else is). */
    grade_spec_function *inputs;
    grade_spec_result results[GRADE_SPEC_RESULTS_MAX];
    int result_count;
    bool compare_output;       /* a `compare output` line */
    bool values_hex;           /* compare output values hex: bare digits are hexadecimal */
    int cases;                 /* runs, each on new inputs (default 1) */
    char *stdin_then;          /* typed after drawn keys (`then "TEXT"`), or NULL */
    size_t stdin_then_len;
} grade_spec_program;

/* The whole-file rules. */
enum {
    GRADE_RULE_NO_DATA = 1,
    GRADE_RULE_NO_MAIN = 2,
    GRADE_RULE_NO_UNDERSCORE = 4,
    GRADE_RULE_NO_INCLUDE = 8,
    GRADE_RULE_ALL = 15,
};

typedef struct grade_spec {
    char *path;                /* the spec's own, as given */
    char *dir;                 /* its folder: what relative paths start from */
    char title[128];
    char *reference;           /* the reference's path, relative to dir already joined */
    unsigned rules;
    /* `include NAME...`: the files beside the spec a submission may
     * .include (plain names); none: .include is refused. */
    char *includes[GRADE_SPEC_INCLUDES_MAX];
    int include_count;
    int include_line;          /* the `include` line, 0 when none */
    uint64_t preserved;        /* the default of every function */
    /* The random states' default: the spec's `seed N`, else a hash of the
     * spec's bytes. Never of a submission's: a comment must not change a
     * grade. */
    uint64_t seed;
    grade_spec_function *functions;
    int function_count;
    size_t function_cap;
    grade_spec_program *programs;
    int program_count;
    size_t program_cap;
    grade_spec_record **records; /* `record NAME` types, each malloc'd (gens point in) */
    int record_count;
    size_t record_cap;
} grade_spec;

enum { GRADE_SPEC_DEFAULT_CASES = 10, GRADE_SPEC_DEFAULT_BUDGET = 100000,
       GRADE_SPEC_PROGRAM_BUDGET = 10000000 };

/* Parses file (named as it should be in messages) into *spec, reporting
 * every error to sink in the assembler's style. True when there was none;
 * either way free with grade_spec_free. Files a spec names (file PATH,
 * stdin file, expect file) are read relative to the spec's folder, never
 * through a link out of a regular file (source_open_regular). */
bool grade_spec_parse(const source_file *file, const grade_spec_isa *isa, diag_sink *sink,
                      grade_spec *spec);

/* Loads path and parses it: false after the errors (or why it cannot be
 * read) on sink. */
bool grade_spec_load(const char *path, const grade_spec_isa *isa, diag_sink *sink,
                     grade_spec *spec);

void grade_spec_free(grade_spec *spec);

/* The total points of the spec's functions and programs. */
double grade_spec_points(const grade_spec *spec);

#endif
