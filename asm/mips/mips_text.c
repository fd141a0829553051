/* Instruction statements: MARS's choice of format and operand check in
 * pass 1 (Assembler.parseLine, OperandFormat), then labels resolved and
 * words made in pass 2 (ProgramStatement, ExtendedInstruction). */
#include "mips_asm_impl.h"

#include <stdlib.h>
#include <string.h>

#include "big_array.h"

/* A token as the matcher reads it (a label by kind only: its name is
 * stored when the statement is). */
static mips_operand operand_of(const mips_token *t)
{
    switch (t->kind) {
    case MIPS_LEX_REG_NAME: return (mips_operand){MIPS_TOK_REG, t->value, NULL};
    case MIPS_LEX_REG_NUMBER: return (mips_operand){MIPS_TOK_REGNUM, t->value, NULL};
    case MIPS_LEX_FREG: return (mips_operand){MIPS_TOK_FREG, t->value, NULL};
    case MIPS_LEX_INT: return (mips_operand){mips_int_kind(t->value), t->value, NULL};
    case MIPS_LEX_IDENT:
    case MIPS_LEX_OPERATOR: /* an operator name can be a label (OperandFormat) */
        return (mips_operand){MIPS_TOK_IDENT, 0, NULL};
    case MIPS_LEX_LPAREN: return (mips_operand){MIPS_TOK_LPAREN, 0, NULL};
    case MIPS_LEX_RPAREN: return (mips_operand){MIPS_TOK_RPAREN, 0, NULL};
    case MIPS_LEX_PLUS: return (mips_operand){MIPS_TOK_PLUS, 0, NULL};
    default: return (mips_operand){MIPS_TOK_OTHER, 0, NULL};
    }
}

/* Appends a label's name to as->names; returns where it starts. */
static int32_t store_name(mips_asm *as, const char *text, size_t len)
{
    if (as->names_len + len + 1 > INT32_MAX)
        asm_need_memory(NULL); /* offsets are 31 bits: far past any real program */
    as->names = asm_need_memory(grow_array(as->names, &as->names_capacity,
                                           as->names_len + len + 1, 1));
    int32_t at = (int32_t)as->names_len;
    memcpy(as->names + at, text, len);
    as->names[at + len] = '\0';
    as->names_len += len + 1;
    return at;
}

static bool is_register(mips_tok kind)
{
    return kind == MIPS_TOK_REG || kind == MIPS_TOK_REGNUM || kind == MIPS_TOK_FREG;
}

/* Stores the statement's operand tokens t[0..count) after the others. */
static uint32_t store_operands(mips_asm *as, const mips_line *line, const mips_token *t,
                               const mips_operand *ops, unsigned count)
{
    as->operands = asm_need_memory(big_array_room(as->operands, &as->operand_capacity,
                                                  as->operand_count + count, sizeof *as->operands));
    uint32_t first = (uint32_t)as->operand_count;
    for (unsigned k = 0; k < count; k++) {
        src_loc at = mips_token_loc(line, &t[k]);
        int32_t value = ops[k].value;
        if (ops[k].kind == MIPS_TOK_IDENT)
            value = store_name(as, t[k].text, t[k].len);
        else if (is_register(ops[k].kind))
            value = (int32_t)((uint32_t)value | (uint32_t)at.len << 8);
        as->operands[as->operand_count++] =
            (mips_stmt_operand){value, (uint32_t)at.col << 8 | (uint8_t)ops[k].kind};
    }
    return first;
}

static mips_tok operand_kind(const mips_stmt_operand *o)
{
    return (mips_tok)(o->col_kind & 0xff);
}

static int operand_col(const mips_stmt_operand *o)
{
    return (int)(o->col_kind >> 8);
}

/* A label's or a register's length (no other is asked for). */
static int operand_len(const mips_asm *as, const mips_stmt_operand *o)
{
    if (operand_kind(o) == MIPS_TOK_IDENT)
        return (int)strlen(as->names + o->value);
    return (int)((uint32_t)o->value >> 8);
}

/* A stored statement's operands as the encoder reads them. */
static void load_operands(const mips_asm *as, const mips_stmt *s, mips_operand *ops)
{
    const mips_stmt_operand *o = &as->operands[s->first_operand];
    for (unsigned k = 0; k < s->operand_count; k++) {
        mips_tok kind = operand_kind(&o[k]);
        int32_t value = is_register(kind) ? o[k].value & 0xff : o[k].value;
        ops[k] = (mips_operand){kind, value,
                                kind == MIPS_TOK_IDENT ? as->names + o[k].value : NULL};
    }
}

static const char *example_of(mips_form form)
{
    return form.basic ? form.basic->example : form.pseudo->example;
}

/* Reports why no format took the operands, in OperandFormat's words: the
 * count on the mnemonic, a type or range on the operand. */
static void report_mismatch(mips_asm *as, const mips_line *line, const mips_token *t,
                            const mips_match *m)
{
    bool count = m->why == MIPS_MATCH_TOO_FEW || m->why == MIPS_MATCH_TOO_MANY;
    const mips_token *culprit = count ? &t[0] : &t[1 + m->bad_token];
    char *text = mips_spell(culprit);
    src_loc loc = mips_token_loc(line, culprit);
    if (count)
        mips_report(as, loc, m->why == MIPS_MATCH_TOO_FEW ? MIPS_MSG_TOO_FEW_OPERANDS
                                                          : MIPS_MSG_TOO_MANY_OPERANDS,
                    text, example_of(m->form));
    else
        mips_report(as, loc, m->why == MIPS_MATCH_OUT_OF_RANGE ? MIPS_MSG_OUT_OF_RANGE
                                                               : MIPS_MSG_WRONG_TYPE,
                    text);
    free(text);
}

void mips_text_statement(mips_asm *as, const mips_line *line, const mips_token *t, size_t n)
{
    if (t[0].kind != MIPS_LEX_OPERATOR) {
        /* MARS's matchInstruction: the name of a macro defined so far means
         * the use matched none of its parameter counts, or came too early. */
        bool macro = as->pp && mips_preproc_is_macro(as->pp, t[0].text, t[0].len);
        char *text = mips_spell(&t[0]);
        mips_report(as, mips_token_loc(line, &t[0]),
                    macro ? MIPS_MSG_MACRO_NO_MATCH : MIPS_MSG_NOT_AN_OPERATOR, text);
        free(text);
        return;
    }
    /* More tokens than any format has can only be "Too many"; the matcher
     * reads operands only when the counts agree. */
    unsigned count = n - 1 > 255 ? 255 : (unsigned)(n - 1);
    unsigned stored = count < MIPS_MAX_TOKENS ? count : MIPS_MAX_TOKENS;
    mips_operand ops[MIPS_MAX_TOKENS];
    for (unsigned k = 0; k < stored; k++)
        ops[k] = operand_of(&t[1 + k]);
    mips_match m = mips_match_mnemonic((unsigned)t[0].value, ops, count,
                                       as->options.allow_pseudo);
    src_loc where = mips_token_loc(line, &t[0]);
    if (m.not_allowed)
        mips_report(as, where, MIPS_MSG_PSEUDO_NOT_ALLOWED);
    if (m.why != MIPS_MATCH_OK) {
        report_mismatch(as, line, t, &m);
        return;
    }
    unsigned words = m.form.basic ? 1
                                  : mips_expansion_length(m.form.pseudo,
                                                          as->options.delayed_branching);
    mips_stmt s;
    memset(&s, 0, sizeof s);
    size_t row = m.form.pseudo ? (size_t)(m.form.pseudo - mips_pseudo_at(0))
                               : (size_t)(m.form.basic - mips_basic_at(0));
    if (row > MIPS_STMT_ROW_MASK)
        abort(); /* the tables have a few hundred rows */
    s.row = (uint16_t)(row | (m.form.pseudo ? MIPS_STMT_PSEUDO : 0) |
                       (m.not_allowed ? MIPS_STMT_REFUSED : 0)); /* MARS sizes it, then fails */
    s.address = as->text_address[as->text_space];
    s.unit = as->unit;
    s.first_operand = store_operands(as, line, &t[1], ops, stored);
    s.operand_count = (uint8_t)stored;
    s.col = where.col;
    s.first_col = line->tokens[0].col;
    s.file = (uint32_t)mips_program_file_index(as->prog, line->file);
    s.line = (uint32_t)line->line;
    s.parts = (uint8_t)words;
    as->stmts = asm_need_memory(big_array_room(as->stmts, &as->stmt_capacity, as->stmt_count + 1,
                                               sizeof *as->stmts));
    as->stmts[as->stmt_count++] = s;
    as->text_address[as->text_space] += 4 * words;
}

/* MARS reports these at the line alone (column 0); the operator is where
 * this project's diagnostics point. */
static src_loc where_of(const mips_asm *as, const mips_stmt *s)
{
    mips_form form = mips_stmt_form(s);
    int len = (int)strlen(form.basic ? form.basic->mnemonic : form.pseudo->mnemonic);
    return (src_loc){as->prog->files[s->file], (int)s->line, s->col, len};
}

static src_loc line_of(const mips_asm *as, const mips_stmt *s)
{
    src_loc at = where_of(as, s);
    /* MARS gives ErrorMessage the statement's own line, which it takes for
     * an index into the file's line list with includes spliced in and maps
     * once more (fuzz D11): after an .include, another line is named. */
    const mips_spliced_line *spliced = as->spliced ? as->spliced[s->unit] : NULL;
    if (as->diags->style == DIAG_STYLE_MARS && spliced && at.line >= 1 &&
        (size_t)at.line <= as->spliced_count[s->unit]) {
        at.file = spliced[at.line - 1].file;
        at.line = spliced[at.line - 1].line;
    }
    return at;
}

/* Why an expansion made no words, when no register was missing; true when
 * MARS's pass 2 stops there (a jump too far). A template that is itself a pseudo-instruction
 * fails MARS's code generation instead, which reports it and goes on. */
static bool report_expansion(mips_asm *as, const mips_stmt *s, unsigned bad)
{
    const mips_template *tp = &mips_stmt_form(s).pseudo->templates[bad];
    if (!tp->basic) {
        mips_report(as, line_of(as, s), MIPS_MSG_PSEUDO_IN_EXPANSION);
        return false;
    }
    mips_report(as, line_of(as, s), MIPS_MSG_JUMP_TOO_FAR);
    return true;
}

/* NRn of register 31: MARS reports "$32" (or "$f32") at its column in the
 * statement it made of the template; this project's tools point at the
 * operand whose next register it would be. */
static void report_missing_register(mips_asm *as, const mips_stmt *s,
                                    const mips_missing_register *missing)
{
    src_loc at = where_of(as, s);
    if (as->diags->style == DIAG_STYLE_MARS) {
        at.col = missing->column;
        at.len = missing->fpu ? 4 : 3;
    } else {
        const mips_stmt_operand *stored = &as->operands[s->first_operand + missing->operand];
        at.col = operand_col(stored);
        at.len = operand_len(as, stored);
    }
    mips_report(as, at, MIPS_MSG_SYMBOL_NOT_FOUND, missing->fpu ? "$f32" : "$32");
}

/* The words MARS stores for an expansion whose template bad failed: the
 * templates before it encoded (mips_expand_shown wrote them), then
 * bad_word for it and 0 for the rest. A pseudo-instruction among the
 * templates makes 0 (fuzz/difffuzz/found/difffuzz_500030: `swr $t5,32768`
 * stores 0x34018000, 0); a missing next register, mips_missing_register's
 * word. */
static unsigned stored_expansion(const mips_asm *as, const mips_stmt *s, unsigned bad,
                                 uint32_t bad_word, uint32_t *words, int32_t *shown)
{
    const mips_pseudo *pseudo = mips_stmt_form(s).pseudo;
    unsigned before = 0;
    for (unsigned t = 0; t < bad; t++)
        before += as->options.delayed_branching || !pseudo->templates[t].only_delayed;
    unsigned n = mips_expansion_length(pseudo, as->options.delayed_branching);
    for (unsigned k = before; k < n; k++)
        words[k] = 0, shown[k] = 0;
    words[before] = bad_word;
    return n;
}

static void place(mips_asm *as, const mips_stmt *s, const uint32_t *words,
                  const int32_t *shown, unsigned n)
{
    if (as->word_count + n > UINT32_MAX)
        asm_need_memory(NULL); /* words are numbered in 32 bits: far past the 4 MB text segments */
    as->words = asm_need_memory(big_array_room(as->words, &as->word_capacity, as->word_count + n,
                                               sizeof *as->words));
    for (unsigned i = 0; i < n; i++)
        as->words[as->word_count++] =
            (mips_word){s->address + 4 * i, words[i], shown[i], (uint32_t)(s - as->stmts)};
}

/* jalr with rd == rs: MARS links first and then jumps to the link; on
 * hardware the result is unpredictable (issue 22). With $0 the link is
 * dropped and the jump goes to 0, as anyone reading it expects. */
static bool jalr_same_register(uint32_t word)
{
    unsigned rs = word >> 21 & 31, rd = word >> 11 & 31;
    return word >> 26 == 0 && (word & 0x3f) == 9 && rs == rd && rd != 0;
}

/* MARS never checks a branch offset: it keeps the whole offset and runs
 * it, while the word holds only its low 16 bits. MARS says nothing; this
 * project's tools warn, since real hardware would branch elsewhere. */
static void warn_far_branches(mips_asm *as, const mips_stmt *s, const uint32_t *words,
                              const int32_t *shown, unsigned n)
{
    if (as->diags->style == DIAG_STYLE_MARS)
        return;
    for (unsigned i = 0; i < n; i++) {
        if (shown[i] >= INT16_MIN && shown[i] <= INT16_MAX)
            continue; /* fits, whatever the word is: no decoding */
        const mips_basic *b = mips_decode(words[i]);
        if (b && b->format == MIPS_FMT_IB) {
            mips_report(as, where_of(as, s), MIPS_MSG_BRANCH_FAR, (int)shown[i]);
            return;
        }
    }
}

/* Encodes one statement; false when MARS's pass 2 would stop here. */
static bool encode_statement(mips_asm *as, const mips_stmt *s)
{
    if (s->row & MIPS_STMT_REFUSED)
        return true;
    mips_operand ops[MIPS_MAX_TOKENS];
    load_operands(as, s, ops);
    const mips_stmt_operand *stored = &as->operands[s->first_operand];
    bool resolved = true;
    for (unsigned k = 0; k < s->operand_count && resolved; k++) {
        mips_operand *op = &ops[k];
        uint32_t address;
        if (op->kind != MIPS_TOK_IDENT)
            continue;
        resolved = mips_lookup(as, s->unit, op->label, strlen(op->label), &address);
        if (resolved)
            op->value = (int32_t)address;
        else
            mips_report(as,
                        (src_loc){as->prog->files[s->file], (int)s->line,
                                  operand_col(&stored[k]), operand_len(as, &stored[k])},
                        MIPS_MSG_SYMBOL_NOT_FOUND, op->label);
    }
    if (!resolved || as->template_failed)
        return !as->options.stop_like_mars;
    uint32_t words[MIPS_MAX_EXPANSION];
    int32_t shown[MIPS_MAX_EXPANSION];
    unsigned bad = 0, n;
    bool stop = false;
    mips_form form = mips_stmt_form(s);
    if (form.basic) {
        n = mips_encode_shown(form.basic, ops, s->address, &words[0], &bad,
                              &shown[0]) ? 1 : 0;
        if (n == 0) {
            /* MARS's code generation reports it, stores 0 and goes on
             * (tests/golden/mars/jump_too_far_dump). */
            mips_report(as, line_of(as, s), MIPS_MSG_JUMP_TOO_FAR);
            if (as->options.stop_like_mars)
                words[0] = 0, shown[0] = 0, n = 1;
        } else if (jalr_same_register(words[0])) {
            mips_report(as, where_of(as, s), MIPS_MSG_JALR_SAME_REGISTER);
        }
    } else {
        n = mips_expand_shown(form.pseudo, ops, s->address,
                              as->options.delayed_branching, words, shown, &bad);
        mips_missing_register missing;
        if (n == 0 && mips_missing_next_register(form.pseudo, bad, ops,
                                                 as->options.delayed_branching, &missing)) {
            report_missing_register(as, s, &missing);
            as->template_failed = true;
            if (as->options.stop_like_mars)
                n = stored_expansion(as, s, bad, missing.word, words, shown);
        } else if (n == 0 && !(stop = report_expansion(as, s, bad)) &&
                   as->options.stop_like_mars) {
            n = stored_expansion(as, s, bad, 0, words, shown);
        }
    }
    warn_far_branches(as, s, words, shown, n);
    place(as, s, words, shown, n);
    /* MARS's pass 2 ends at its first bad statement */
    return !(stop && as->options.stop_like_mars);
}

/* The first statement of a unit after u - 1: pass 1 makes them unit by unit. */
static size_t first_statement(const mips_asm *as, uint32_t u)
{
    size_t low = 0, high = as->stmt_count;
    while (low < high) {
        size_t mid = low + (high - low) / 2;
        if (as->stmts[mid].unit < u)
            low = mid + 1;
        else
            high = mid;
    }
    return low;
}

/* Pass 2: every label an operand names must now be known (the file's
 * own, then the global ones); MARS reports the first missing one.
 *
 * The same source_file given twice is one MARS program named twice (its
 * lead file: MIPSprogram.prepareFilesForAssembly reuses that object). Pass
 * 1 reads it each time, but only its last reading's statements remain, and
 * pass 2 encodes them once for every time it was named; the duplicate
 * addresses that makes are reported by mips_program_place_text. */
bool mips_text_encode(mips_asm *as)
{
    size_t units = as->unit_count;
    for (uint32_t u = 0; u < units; u++) {
        uint32_t last = u;
        for (uint32_t v = u + 1; v < units; v++)
            if (as->prog->files[v] == as->prog->files[u])
                last = v;
        size_t end = first_statement(as, last + 1);
        for (size_t i = first_statement(as, last); i < end; i++)
            if (!encode_statement(as, &as->stmts[i]))
                return false;
    }
    return true;
}
