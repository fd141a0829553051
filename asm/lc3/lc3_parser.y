/* The LC-3 grammar: one statement per line, an optional label, then an
 * opcode or a directive with its operands (commas optional). Actions build
 * the intermediate form of lc3_parse.h; the passes in lc3_asm.c check and
 * encode it. A bad line is reported and skipped; parsing goes on. */
%define api.pure full
%define api.prefix {lc3yy}
%define parse.error detailed
%locations
%expect 0

%code requires {
#include "lc3_parse.h"
typedef void *yyscan_t;
}

%param {yyscan_t scanner}
%parse-param {lc3_parse *p}

%union {
    lc3_token tok;
    lc3_stmt stmt;
}

%code {
#include <stdlib.h>
#include <string.h>

int lc3yylex(LC3YYSTYPE *lval, LC3YYLTYPE *lloc, yyscan_t scanner);

static void lc3yyerror(LC3YYLTYPE *loc, yyscan_t scanner, lc3_parse *p, const char *msg)
{
    (void)scanner;
    if (loc->first_line == p->last_error_line)
        return; /* the scanner already said what is wrong with this line */
    p->last_error_line = loc->first_line;
    /* "syntax error, unexpected ','": the first half says nothing. */
    const char *prefix = "syntax error, ";
    if (strncmp(msg, prefix, strlen(prefix)) == 0)
        msg += strlen(prefix);
    diag_error(p->diags, lc3_loc(p, loc->first_line, loc->first_column, loc->last_column),
               "%s", msg);
}

static src_loc at(lc3_parse *p, LC3YYLTYPE l)
{
    return lc3_loc(p, l.first_line, l.first_column, l.last_column);
}

static lc3_arg token_arg(lc3_parse *p, lc3_arg_kind kind, lc3_token *t, LC3YYLTYPE l)
{
    lc3_arg a = {kind, t->num, t->text, t->len, at(p, l), kind == LC3_ARG_NUM && t->text};
    t->text = NULL;
    return a;
}

static lc3_stmt named(lc3_parse *p, lc3_stmt_kind kind, lc3_token *t, LC3YYLTYPE l)
{
    lc3_stmt s;
    memset(&s, 0, sizeof s);
    s.kind = kind;
    s.insn = t->insn;
    s.name = t->text;
    s.name_loc = at(p, l);
    t->text = NULL;
    return s;
}

static void set_label(lc3_parse *p, lc3_stmt *s, lc3_token *t, LC3YYLTYPE l)
{
    /* The book has no NOP, so it is a name here; lc3tools assembles it as
     * the word x0000, so a line that means it would shift every address. */
    const char *n = t->text;
    if (n && (n[0] | 32) == 'n' && (n[1] | 32) == 'o' && (n[2] | 32) == 'p' && !n[3])
        diag_warning(p->diags, at(p, l), "'%s' is a label here and takes no word; lc3tools "
                     "assembles NOP as the word x0000 (write .FILL x0000 for that)", n);
    s->label = t->text;
    s->label_loc = at(p, l);
    t->text = NULL;
}
}

%token EOL "end of line"
%token <tok> NAME "label"
%token <tok> NUMNAME "hex or binary number"
%token <tok> NUM "number"
%token <tok> REG "register"
%token <tok> OPCODE "opcode"
%token <tok> DIRECTIVE "directive"
%token <tok> STRING "string"
%token BAD "invalid character"

%type <stmt> stmt label

%destructor { free($$.text); } <tok>
%destructor { free($$.label); free($$.name); } <stmt>

%%

input
    : %empty
    | input line
    ;

line
    : EOL                 { lc3_stmt s = {0}; lc3_finish_stmt(p, s); }
    | label EOL           { lc3_finish_stmt(p, $1); }
    | stmt EOL            { lc3_finish_stmt(p, $1); }
    | label stmt EOL      { $2.label = $1.label; $2.label_loc = $1.label_loc; lc3_finish_stmt(p, $2); }
    | NAME first_arg more_args EOL
        {
            /* A name that is not an opcode, with operands: a misspelled
             * opcode, or a label before one. A name in column 1 is taken
             * as a label, as LC-3 sources are laid out. */
            lc3_stmt s = named(p, LC3_STMT_UNKNOWN, &$1, @1);
            lc3_finish_stmt(p, s);
        }
    | error EOL           { yyerrok; lc3_stmt s = {0}; s.kind = LC3_STMT_EMPTY; lc3_finish_stmt(p, s); }
    ;

label
    : NAME                { memset(&$$, 0, sizeof $$); set_label(p, &$$, &$1, @1); }
    | NAME ':'            { memset(&$$, 0, sizeof $$); set_label(p, &$$, &$1, @1); }
    | NUMNAME             {
                            memset(&$$, 0, sizeof $$);
                            diag_warning(p->diags, at(p, @1), "label '%s' looks like a number: "
                                         "an operand spelled '%s' is read as the number, not "
                                         "this label", $1.text, $1.text);
                            set_label(p, &$$, &$1, @1);
                          }
    | NUMNAME ':'         {
                            memset(&$$, 0, sizeof $$);
                            diag_warning(p->diags, at(p, @1), "label '%s' looks like a number: "
                                         "an operand spelled '%s' is read as the number, not "
                                         "this label", $1.text, $1.text);
                            set_label(p, &$$, &$1, @1);
                          }
    | REG ':'             {
                            memset(&$$, 0, sizeof $$);
                            diag_error(p->diags, at(p, @1), "'R%d' is a register name and "
                                       "cannot be a label", (int)$1.num);
                          }
    | REG                 {
                            memset(&$$, 0, sizeof $$);
                            diag_error(p->diags, at(p, @1), "'R%d' is a register name and "
                                       "cannot be a label", (int)$1.num);
                          }
    | OPCODE ':'          {
                            memset(&$$, 0, sizeof $$);
                            diag_error(p->diags, at(p, @1), "'%s' is an opcode and cannot be "
                                       "a label", $1.text);
                            free($1.text);
                          }
    ;

stmt
    : OPCODE args_opt     { $$ = named(p, LC3_STMT_INSN, &$1, @1); }
    | DIRECTIVE args_opt  { $$ = named(p, LC3_STMT_DIRECTIVE, &$1, @1); }
    ;

args_opt
    : %empty
    | args
    ;

args
    : arg
    | args ',' arg
    | args arg
    ;

more_args
    : %empty
    | more_args ',' arg
    | more_args arg
    ;

/* The first operand after an unknown name cannot be an opcode, so that
 * "LABEL OPCODE ..." is read as a label and a statement. */
first_arg
    : REG                 { lc3_push_arg(p, token_arg(p, LC3_ARG_REG, &$1, @1)); }
    | NUM                 { lc3_push_arg(p, token_arg(p, LC3_ARG_NUM, &$1, @1)); }
    | NUMNAME             { lc3_push_arg(p, token_arg(p, LC3_ARG_NUM, &$1, @1)); }
    | NAME                { lc3_push_arg(p, token_arg(p, LC3_ARG_NAME, &$1, @1)); }
    | STRING              { lc3_push_arg(p, token_arg(p, LC3_ARG_STRING, &$1, @1)); }
    ;

arg
    : first_arg
    | OPCODE              { lc3_push_arg(p, token_arg(p, LC3_ARG_OPCODE, &$1, @1)); }
    ;

%%
