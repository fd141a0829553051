/* tmgrammar_mips.c: the grammar of MIPS in MARS 4.5's dialect, from
 * mips_basic.def, mips_pseudo.def, mips_directives.def and the register
 * names of mips_isa.c. Basic mnemonics and those that exist only as
 * pseudo-instructions get different scopes; a basic mnemonic with pseudo
 * forms too (add with a 32-bit immediate) counts as basic. */
#include "tmgrammar.h"

#include <stdlib.h>
#include <string.h>

#include "mips_isa.h"

static const char *const basic_examples[] = {
#define MIPS_BASIC(example, format, encoding, roles, description) example,
#include "mips_basic.def"
#undef MIPS_BASIC
};

static const char *const pseudo_examples[] = {
#define MIPS_PSEUDO(example, expansion, description) example,
#include "mips_pseudo.def"
#undef MIPS_PSEUDO
};

static const char *const directive_names[] = {
#define MIPS_DIRECTIVE(id, name, description) name,
#include "mips_directives.def"
#undef MIPS_DIRECTIVE
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* MARS's identifiers may hold '.', '$' and '_' (mips_lex.c). */
#define NOT_AFTER_WORD "(?<![\\w.$])"
#define NOT_BEFORE_WORD "(?![\\w.$])"
#define IDENTIFIER "[A-Za-z_.$][\\w.$]*"

static void mnemonic_of(tm_words *w, const char *example)
{
    tm_words_add(w, example, strcspn(example, " "));
}

static void capture(tm_json *j, const char *index, const char *name)
{
    tm_open(j, index, '{');
    tm_string(j, "name", name);
    tm_close(j, '}');
}

/* An instruction: its mnemonic, then operands up to a comment or the end
 * of the line, so an operand spelled like a mnemonic reads as a label. */
static void instruction_rule(tm_json *j, const char *key, const char *scope, const tm_words *w)
{
    char *alt = tm_alternation(w);
    char *begin = malloc(strlen(alt) + 64);
    if (!begin)
        abort();
    sprintf(begin, "(?i)" NOT_AFTER_WORD "(%s)" NOT_BEFORE_WORD, alt);
    tm_open(j, key, '{');
    tm_string(j, "begin", begin);
    tm_open(j, "beginCaptures", '{');
    capture(j, "1", scope);
    tm_close(j, '}');
    tm_string(j, "end", "(?=#|$)");
    tm_open(j, "patterns", '[');
    tm_include(j, "#operands");
    tm_close(j, ']');
    tm_close(j, '}');
    free(alt);
    free(begin);
}

/* ".eqv NAME" and ".macro NAME": the directive, then the name it defines. */
static void defining_rule(tm_json *j, const char *key, const char *directive, const char *scope)
{
    char re[128];
    snprintf(re, sizeof re, "(?i)" NOT_AFTER_WORD "(\\%s)\\s+(" IDENTIFIER ")", directive);
    tm_open(j, key, '{');
    tm_string(j, "match", re);
    tm_open(j, "captures", '{');
    capture(j, "1", "keyword.control.directive.mips");
    capture(j, "2", scope);
    tm_close(j, '}');
    tm_close(j, '}');
}

static void escapes(tm_json *j)
{
    /* MARS's escapes (mips_lex.c); any other \x stands for x. */
    tm_open(j, "escape", '{');
    tm_open(j, "patterns", '[');
    tm_match_rule(j, "constant.character.escape.mips", "\\\\[ntr\\\\'\"bf0]");
    tm_match_rule(j, "constant.character.escape.other.mips", "\\\\.");
    tm_close(j, ']');
    tm_close(j, '}');
    tm_open(j, "string", '{');
    tm_string(j, "name", "string.quoted.double.mips");
    tm_string(j, "begin", "\"");
    tm_string(j, "end", "\"|$");
    tm_open(j, "patterns", '[');
    tm_include(j, "#escape");
    tm_close(j, ']');
    tm_close(j, '}');
    /* 'a', '\n', '\101': a character is an integer operand in MARS. */
    tm_open(j, "char", '{');
    tm_string(j, "name", "string.quoted.single.mips");
    tm_string(j, "match", "'(\\\\[0-7]{3}|\\\\.|[^\\\\'])'");
    tm_open(j, "captures", '{');
    tm_open(j, "1", '{');
    tm_open(j, "patterns", '[');
    tm_match_rule(j, "constant.character.escape.octal.mips", "\\\\[0-7]{3}");
    tm_include(j, "#escape");
    tm_close(j, ']');
    tm_close(j, '}');
    tm_close(j, '}');
    tm_close(j, '}');
}

/* What MARS reads as numbers (Binary.stringToInt and Java's doubles):
 * signed decimal, 0x hex, leading-0 octal, and decimal reals. */
static void numbers(tm_json *j)
{
    tm_open(j, "number", '{');
    tm_open(j, "patterns", '[');
    tm_match_rule(j, "constant.numeric.float.mips",
                  NOT_AFTER_WORD "[-+]?(?:\\d+\\.\\d*(?:[eE][-+]?\\d+)?|\\.\\d+(?:[eE][-+]?\\d+)?"
                  "|\\d+[eE][-+]?\\d+)" NOT_BEFORE_WORD);
    tm_match_rule(j, "constant.numeric.hex.mips",
                  NOT_AFTER_WORD "[-+]?0[xX][0-9A-Fa-f]+" NOT_BEFORE_WORD);
    tm_match_rule(j, "constant.numeric.octal.mips",
                  NOT_AFTER_WORD "[-+]?0[0-7]+" NOT_BEFORE_WORD);
    tm_match_rule(j, "constant.numeric.decimal.mips",
                  NOT_AFTER_WORD "[-+]?\\d+" NOT_BEFORE_WORD);
    tm_close(j, ']');
    tm_close(j, '}');
}

static void registers(tm_json *j)
{
    tm_words names = {0};
    for (unsigned r = 0; mips_register_name(r); r++) {
        const char *name = mips_register_name(r);
        tm_words_add(&names, name, strlen(name));
    }
    char *alt = tm_alternation(&names);
    char *named = malloc(strlen(alt) + 64);
    if (!named)
        abort();
    sprintf(named, "\\$%s" NOT_BEFORE_WORD, alt); /* names are case-sensitive */
    tm_open(j, "register", '{');
    tm_open(j, "patterns", '[');
    tm_match_rule(j, "variable.language.register.mips", named);
    tm_match_rule(j, "variable.language.register.float.mips",
                  "\\$f(?:3[01]|[12][0-9]|[0-9])" NOT_BEFORE_WORD);
    tm_match_rule(j, "variable.language.register.number.mips",
                  "\\$0*(?:3[01]|[12][0-9]|[0-9])" NOT_BEFORE_WORD);
    tm_close(j, ']');
    tm_close(j, '}');
    free(alt);
    free(named);
    tm_words_free(&names);
}

static void operands(tm_json *j)
{
    tm_open(j, "operands", '{');
    tm_open(j, "patterns", '[');
    tm_include(j, "#comment");
    tm_include(j, "#string");
    tm_include(j, "#char");
    tm_include(j, "#register");
    tm_include(j, "#number");
    tm_match_rule(j, "variable.parameter.macro.mips", "%\\w+");
    tm_match_rule(j, "variable.other.label.mips", IDENTIFIER);
    tm_close(j, ']');
    tm_close(j, '}');
}

bool tm_write_mips(FILE *out)
{
    tm_words basic = {0}, pseudo = {0}, directives = {0};
    for (size_t i = 0; i < COUNT(basic_examples); i++)
        mnemonic_of(&basic, basic_examples[i]);
    for (size_t i = 0; i < COUNT(pseudo_examples); i++) {
        size_t len = strcspn(pseudo_examples[i], " ");
        char name[32];
        snprintf(name, sizeof name, "%.*s", (int)len, pseudo_examples[i]);
        if (!tm_words_has(&basic, name))
            tm_words_add(&pseudo, name, len);
    }
    for (size_t i = 0; i < COUNT(directive_names); i++)
        tm_words_add(&directives, directive_names[i], strlen(directive_names[i]));

    tm_json j = {.out = out, .first = true};
    tm_begin(&j, "MIPS (MARS)", "source.mips");
    tm_open(&j, "fileTypes", '[');
    tm_string(&j, NULL, "asm");
    tm_string(&j, NULL, "s");
    tm_close(&j, ']');
    tm_open(&j, "patterns", '[');
    static const char *const top[] = {
        "#comment", "#string", "#char", "#label-definition", "#eqv", "#macro", "#directive",
        "#instruction", "#pseudo-instruction", "#macro-call", "#operands",
    };
    for (size_t i = 0; i < COUNT(top); i++)
        tm_include(&j, top[i]);
    tm_close(&j, ']');

    tm_open(&j, "repository", '{');
    tm_open(&j, "comment", '{');
    tm_string(&j, "name", "comment.line.number-sign.mips");
    tm_string(&j, "match", "#.*$");
    tm_close(&j, '}');
    escapes(&j);
    tm_open(&j, "label-definition", '{');
    tm_string(&j, "match", "(" IDENTIFIER ")\\s*(:)");
    tm_open(&j, "captures", '{');
    capture(&j, "1", "entity.name.function.label.mips");
    capture(&j, "2", "punctuation.separator.label.mips");
    tm_close(&j, '}');
    tm_close(&j, '}');
    defining_rule(&j, "eqv", ".eqv", "entity.name.constant.eqv.mips");
    defining_rule(&j, "macro", ".macro", "entity.name.function.macro.mips");
    char *alt = tm_alternation(&directives);
    char *re = malloc(strlen(alt) + 64);
    if (!re)
        abort();
    sprintf(re, "(?i)" NOT_AFTER_WORD "%s" NOT_BEFORE_WORD, alt);
    tm_open(&j, "directive", '{');
    tm_string(&j, "name", "keyword.control.directive.mips");
    tm_string(&j, "match", re);
    tm_close(&j, '}');
    free(alt);
    free(re);
    instruction_rule(&j, "instruction", "keyword.other.instruction.mips", &basic);
    instruction_rule(&j, "pseudo-instruction", "keyword.other.instruction.pseudo.mips", &pseudo);
    /* A name with its arguments in parentheses, where a statement starts:
     * the use of a .macro (MARS's calls look so: print_int ($t1)). */
    tm_open(&j, "macro-call", '{');
    tm_string(&j, "name", "entity.name.function.macro.call.mips");
    tm_string(&j, "match", NOT_AFTER_WORD IDENTIFIER "(?=\\s*\\()");
    tm_close(&j, '}');
    registers(&j);
    numbers(&j);
    operands(&j);
    tm_close(&j, '}');
    tm_close(&j, '}');

    tm_words_free(&basic);
    tm_words_free(&pseudo);
    tm_words_free(&directives);
    return !ferror(out);
}
