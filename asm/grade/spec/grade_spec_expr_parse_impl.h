/* The expression parser's insides (grade_spec_expr_parse.c), shared with
 * the parse of what follows an argument's name (grade_spec_expr_access.c:
 * fields, elements, cells). */
#ifndef GRADE_SPEC_EXPR_PARSE_IMPL_H
#define GRADE_SPEC_EXPR_PARSE_IMPL_H

#include "grade_spec_expr.h"
#include "grade_spec_impl.h"

typedef enum { X_NAME, X_NUM, X_CHAR, X_STRING, X_SYM, X_OP, X_END } xkind;

typedef struct xtok {
    xkind kind;
    const char *start;
    int len, col;
    const spec_tok *line_tok;
} xtok;

enum { NESTING_MAX = 32 };

typedef struct xparser {
    spec_parser *p;
    int tok, off;   /* the line token and the offset in it of the next piece */
    int depth;
    bool after;     /* `after` and `changed` allowed (a must-call's condition) */
    bool inside;    /* after `length`: a record's string or array field names its
                       length (GX_INSIDE_LEN) */
    bool erred;
} xparser;

grade_expr *spec_x_node(grade_expr_op op, grade_expr *a, grade_expr *b);
/* The next piece of the line, without taking it; taking it. */
xtok spec_x_peek(const xparser *x);
void spec_x_advance(xparser *x);
bool spec_x_is_sym(const xtok *t, char c);
bool spec_x_is_name(const xtok *t, const char *w);
void spec_x_xerror(xparser *x, const xtok *t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* c next (taken), or an error that adds why. */
bool spec_x_expect_sym(xparser *x, char c, const char *why);
/* The operators from level on (0: or, the loosest). */
grade_expr *spec_x_binary(xparser *x, int level);
/* After argument arg's name: `.FIELD` (a struct's, a record's, a grid's
 * rows and cols), or `[...]` (an element, a record's field, a cell; name
 * the argument's word, for its error). */
grade_expr *spec_x_member(xparser *x, int arg);
grade_expr *spec_x_cell(xparser *x, int arg, const xtok *name);

#endif
