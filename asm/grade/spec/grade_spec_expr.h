/* The spec's expressions (docs/grader-spec.md, "Expressions"): numbers
 * and characters, a case's int and char arguments and lets, a struct's
 * fields, a grid's rows, columns and cells, an array's or string's
 * elements, lengths, + - * / % &, comparisons,
 * `in "SET"`, and, or, not; in a must-call's condition also the state
 * after the reference's run (`after p.health`, `map changed`). The tree
 * only: parsed by grade_spec_expr_parse.c (a part of the parser),
 * evaluated on a case by grade_spec_eval.c (grade_spec_draw.h). It names
 * arguments and lets by their index in the function, so it needs none of
 * the model that holds it (grade_spec.h). ISA-free. */
#ifndef GRADE_SPEC_EXPR_H
#define GRADE_SPEC_EXPR_H

#include <stdbool.h>
#include <stdint.h>

typedef struct grade_expr grade_expr;

typedef enum grade_expr_op {
    GX_NUMBER,  /* number */
    GX_ARG,     /* argument ref: an int, char, length or formula */
    GX_LET,     /* let ref */
    GX_LENGTH,  /* length of argument ref */
    GX_FIELD,   /* field number `field` of the struct argument ref */
    GX_ROWS,    /* the grid argument ref's rows */
    GX_COLS,    /* and columns */
    GX_CELL,    /* the grid ref's cell [a][b]; -1 off the grid */
    GX_ELEM,    /* element [a] of the array or string ref (0 off its end); of an
                   array of records, its field `field` (-1: a plain element) */
    GX_INSIDE_LEN,  /* the length of what field `field` of record [a] of ref holds: a
                       string's characters, an array's elements */
    GX_INSIDE_ELEM, /* and its element [b] (0 off its end) */
    GX_DEREF,   /* what the pointer field a reads points to, in argument ref: its
                   record's field `field`, or (field -1) its element [b] (0 off its
                   end); a is a record's GX_ELEM or a GX_DEREF of a pointer field */
    GX_CHANGED, /* 1 when the reference changed argument ref's bytes */
    GX_AFTER,   /* a, read in the state after the reference's run */
    GX_NEG, GX_NOT,
    GX_ADD, GX_SUB, GX_BITAND,
    GX_MUL, GX_DIV, GX_MOD,  /* C's: truncated toward 0; a divisor of 0 is a spec error */
    GX_LT, GX_LE, GX_GT, GX_GE, GX_EQ, GX_NE,
    GX_IN,      /* a is one of the characters of set */
    GX_AND, GX_OR,
} grade_expr_op;

struct grade_expr {
    grade_expr_op op;
    int32_t number;
    int ref, field;
    char *set;             /* GX_IN: the characters (malloc'd, NUL-ended) */
    int line, col;         /* GX_DEREF: where it is written, for a null pointer's error */
    grade_expr *a, *b;
};

void grade_expr_free(grade_expr *e);
/* A deep copy (a must-call's condition shared by several callees). */
grade_expr *grade_expr_copy(const grade_expr *e);

#endif
