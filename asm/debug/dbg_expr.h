/* Expressions and locations of the debugger's commands: registers ($t0,
 * R3, pc), labels (their address), numbers (10, 0x1f, x3000, #-5, 'A'),
 * + - * / % with parentheses, unary - and * (the word at an address); and
 * LOCATION: an expression (label, label+offset, address) or FILE:LINE. */
#ifndef DBG_EXPR_H
#define DBG_EXPR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dbg.h"

enum { DBG_ERROR_SIZE = 160 };

/* Evaluates text; false with a message in err (DBG_ERROR_SIZE bytes). */
bool dbg_eval(const dbg_target *t, const char *text, uint32_t *value, char *err);

/* A condition: EXPR, true when not zero, or EXPR OP EXPR with OP one of
 * == != < <= > >=, comparing the values as signed words. False with a
 * message in err when it cannot be evaluated. */
bool dbg_condition(const dbg_target *t, const char *text, bool *result, char *err);

/* The address text names: FILE:LINE (the first code at or after the line;
 * FILE may be the path as given or its last component) or an expression. */
bool dbg_location(const dbg_target *t, const char *text, uint32_t *addr, char *err);

/* The register a whole text names ($t0, R3, pc ...), or -1. */
int dbg_register(const dbg_target *t, const char *text);

#endif
