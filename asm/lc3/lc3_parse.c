/* Drives the LC-3 scanner and parser and collects the statements they build. */
#include "lc3_parse.h"

#include "../front/alloc.h"

#include <stdlib.h>
#include <string.h>

#include "lc3_parser.h"
#define YYSTYPE LC3YYSTYPE
#define YYLTYPE LC3YYLTYPE
#include "lc3_lexer.h"

src_loc lc3_loc(const lc3_parse *p, int line, int first_col, int last_col)
{
    int len = last_col >= first_col ? last_col - first_col + 1 : 1;
    return (src_loc){p->src, line, first_col, len};
}

void lc3_push_arg(lc3_parse *p, lc3_arg arg)
{
    p->pending = asm_need_memory(grow_array(p->pending, &p->pending_cap, p->pending_count + 1,
                                            sizeof *p->pending));
    p->pending[p->pending_count++] = arg;
}

void lc3_finish_stmt(lc3_parse *p, lc3_stmt s)
{
    lc3_arg *args = p->pending;
    size_t count = p->pending_count;
    /* "LOOP ADDD R1" with LOOP in column 1: LOOP is a label, ADDD the
     * unknown opcode. */
    if (s.kind == LC3_STMT_UNKNOWN && s.name_loc.col == 1 && count > 0 &&
        args[0].kind == LC3_ARG_NAME) {
        s.label = s.name;
        s.label_loc = s.name_loc;
        s.name = args[0].text;
        s.name_loc = args[0].loc;
        memmove(args, args + 1, (count - 1) * sizeof *args);
        count--;
    }
    s.line = p->line - 1; /* the scanner has moved past this line's EOL */
    if (count) {
        s.args = malloc(count * sizeof *s.args);
        if (!s.args)
            abort();
        memcpy(s.args, args, count * sizeof *args);
    }
    s.arg_count = count;
    p->pending_count = 0;
    p->stmts = asm_need_memory(grow_array(p->stmts, &p->stmt_cap, p->stmt_count + 1,
                                          sizeof *p->stmts));
    p->stmts[p->stmt_count++] = s;
}

void lc3_parse_source(lc3_parse *p)
{
    p->line = 1;
    p->col = 1;
    yyscan_t scanner;
    if (lc3yylex_init_extra(p, &scanner) != 0)
        abort();
    YY_BUFFER_STATE buf = lc3yy_scan_bytes(p->src->text, (int)p->src->len, scanner);
    lc3yyparse(scanner, p);
    lc3yy_delete_buffer(buf, scanner);
    lc3yylex_destroy(scanner);
    /* Operands of a line cut short by an error are not anyone's. */
    for (size_t i = 0; i < p->pending_count; i++)
        free(p->pending[i].text);
    p->pending_count = 0;
}

void lc3_parse_free(lc3_parse *p)
{
    for (size_t i = 0; i < p->stmt_count; i++) {
        lc3_stmt *s = &p->stmts[i];
        free(s->label);
        free(s->name);
        for (size_t a = 0; a < s->arg_count; a++)
            free(s->args[a].text);
        free(s->args);
    }
    free(p->stmts);
    free(p->pending);
    for (size_t i = 0; i < p->wide_count; i++)
        free(p->wide_names[i]);
    free(p->wide_names);
    memset(p, 0, sizeof *p);
}
