/* tmgrammar_lc3.c: the grammar of the LC-3's assembly language, from
 * lc3_isa.def (mnemonics; the TRAP aliases are its rows that fix all 16
 * bits of a TRAP) and lc3_directives.def. Everything is case-insensitive,
 * as in lc3as. */
#include "tmgrammar.h"

#include <stdlib.h>
#include <string.h>

#include "lc3_isa.h"

typedef struct insn_row {
    const char *mnemonic;
    unsigned match, mask, flags;
} insn_row;

static const insn_row insn_rows[] = {
#define LC3_INSN(id, mnemonic, match, mask, op1, op2, op3, flags, description) \
    {mnemonic, match, mask, flags},
#include "lc3_isa.def"
#undef LC3_INSN
};

static const char *const directive_names[] = {
#define LC3_DIRECTIVE(id, name, description) name,
#include "lc3_directives.def"
#undef LC3_DIRECTIVE
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* lc3_lexer.l: names are letters, digits and '_'. */
#define NOT_AFTER_WORD "(?<![\\w.#])"
#define NOT_BEFORE_WORD "(?!\\w)"

/* A TRAP with its vector built in: GETC, OUT, PUTS... */
static bool is_trap_alias(const insn_row *row)
{
    return LC3_OPCODE(row->match) == LC3_OP_TRAP && row->mask == 0xFFFF;
}

static char *words_rule(const char *format, const tm_words *w)
{
    char *alt = tm_alternation(w);
    char *re = malloc(strlen(format) + strlen(alt) + 1);
    if (!re)
        abort();
    sprintf(re, format, alt);
    free(alt);
    return re;
}

static void named_match(tm_json *j, const char *key, const char *name, const char *regex)
{
    tm_open(j, key, '{');
    tm_string(j, "name", name);
    tm_string(j, "match", regex);
    tm_close(j, '}');
}

static void capture(tm_json *j, const char *index, const char *name)
{
    tm_open(j, index, '{');
    tm_string(j, "name", name);
    tm_close(j, '}');
}

bool tm_write_lc3(FILE *out)
{
    tm_words insns = {0}, traps = {0}, all = {0}, directives = {0};
    for (size_t i = 0; i < COUNT(insn_rows); i++) {
        const insn_row *row = &insn_rows[i];
        if (row->flags & LC3_DISASM_ONLY) /* NOP: printed, never assembled */
            continue;
        tm_words_add(is_trap_alias(row) ? &traps : &insns, row->mnemonic, strlen(row->mnemonic));
        tm_words_add(&all, row->mnemonic, strlen(row->mnemonic));
    }
    for (size_t i = 0; i < COUNT(directive_names); i++)
        tm_words_add(&directives, directive_names[i], strlen(directive_names[i]));

    tm_json j = {.out = out, .first = true};
    tm_begin(&j, "LC-3", "source.lc3");
    tm_open(&j, "fileTypes", '[');
    tm_string(&j, NULL, "lc3");
    tm_close(&j, ']');
    tm_open(&j, "patterns", '[');
    static const char *const top[] = {
        "#comment", "#string", "#label-definition", "#directive", "#trap-alias",
        "#instruction", "#register", "#number", "#label-reference",
    };
    for (size_t i = 0; i < COUNT(top); i++)
        tm_include(&j, top[i]);
    tm_close(&j, ']');

    tm_open(&j, "repository", '{');
    named_match(&j, "comment", "comment.line.semicolon.lc3", ";.*$");
    tm_open(&j, "string", '{');
    tm_string(&j, "name", "string.quoted.double.lc3");
    tm_string(&j, "begin", "\"");
    tm_string(&j, "end", "\"|$");
    tm_open(&j, "patterns", '[');
    /* lc3tools' escapes; another backslash stays, with a warning. */
    tm_match_rule(&j, "constant.character.escape.lc3", "\\\\[ntr\"\\\\]");
    tm_match_rule(&j, "invalid.illegal.unknown-escape.lc3", "\\\\.");
    tm_close(&j, ']');
    tm_close(&j, '}');

    /* The first name on a line that is no mnemonic or register is a label. */
    char *label = words_rule("(?i)^\\s*(?!(?:%s|R[0-7])" NOT_BEFORE_WORD ")([A-Za-z_]\\w*)"
                             NOT_BEFORE_WORD "(:?)", &all);
    tm_open(&j, "label-definition", '{');
    tm_string(&j, "match", label);
    tm_open(&j, "captures", '{');
    capture(&j, "1", "entity.name.function.label.lc3");
    capture(&j, "2", "punctuation.separator.label.lc3");
    tm_close(&j, '}');
    tm_close(&j, '}');
    free(label);

    char *re = words_rule("(?i)(?<![\\w.])%s" NOT_BEFORE_WORD, &directives);
    named_match(&j, "directive", "keyword.control.directive.lc3", re);
    free(re);
    re = words_rule("(?i)" NOT_AFTER_WORD "%s" NOT_BEFORE_WORD, &traps);
    named_match(&j, "trap-alias", "support.function.trap.lc3", re);
    free(re);
    re = words_rule("(?i)" NOT_AFTER_WORD "%s" NOT_BEFORE_WORD, &insns);
    named_match(&j, "instruction", "keyword.other.instruction.lc3", re);
    free(re);
    named_match(&j, "register", "variable.language.register.lc3",
                "(?i)" NOT_AFTER_WORD "R[0-7]" NOT_BEFORE_WORD);

    /* lc3as's numbers (literal.h): #decimal, decimal, x hex, 0x hex,
     * b binary, each with an optional sign (x-1F, #-5, -5). */
    tm_open(&j, "number", '{');
    tm_open(&j, "patterns", '[');
    tm_match_rule(&j, "constant.numeric.hex.lc3",
                  NOT_AFTER_WORD "(?:[xX]-?|[-+]?0[xX])[0-9A-Fa-f]+" NOT_BEFORE_WORD);
    tm_match_rule(&j, "constant.numeric.binary.lc3",
                  NOT_AFTER_WORD "[bB]-?[01]+" NOT_BEFORE_WORD);
    tm_match_rule(&j, "constant.numeric.decimal.lc3",
                  NOT_AFTER_WORD "#[-+]?\\d+" NOT_BEFORE_WORD);
    tm_match_rule(&j, "constant.numeric.decimal.lc3",
                  NOT_AFTER_WORD "[-+]?\\d+" NOT_BEFORE_WORD);
    tm_close(&j, ']');
    tm_close(&j, '}');
    named_match(&j, "label-reference", "variable.other.label.lc3", "[A-Za-z_]\\w*");
    tm_close(&j, '}');
    tm_close(&j, '}');

    tm_words_free(&insns);
    tm_words_free(&traps);
    tm_words_free(&all);
    tm_words_free(&directives);
    return !ferror(out);
}
