/* The language server's LC-3 adapter (lsp.h): the assembler run
 * in-process on the editor's buffer, and hover and completion words from
 * the tables (lc3_isa.def, lc3_directives.def, lc3_registers.def); the
 * checks and semantic tokens are in lc3_lsp_scan.c. */
#include "lc3_lsp.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../lsp/lsp.h"
#include "lc3_asm.h"
#include "lc3_isa.h"
#include "lc3_lsp_impl.h"

static bool word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '.';
}

static void collect(void *ctx, diag_level level, src_loc loc, const char *text)
{
    lsp_program *prog = ctx;
    int severity = level == DIAG_ERROR     ? LSP_SEVERITY_ERROR
                   : level == DIAG_WARNING ? LSP_SEVERITY_WARNING
                                           : LSP_SEVERITY_INFO;
    lsp_program_diag(prog, 0, loc.line, loc.col, loc.len, severity, text);
}

static void assemble(const lsp_source *sources, size_t count, lsp_program *out)
{
    (void)count; /* an LC-3 program is one file */
    source_file *src = source_from_memory(sources[0].path, sources[0].text, sources[0].len);
    lsp_program_file(out, sources[0].path, sources[0].text, sources[0].len);
    diag_sink diags;
    diag_init(&diags, NULL);
    diags.collect = collect;
    diags.collect_ctx = out;
    lc3_program prog;
    if (lc3_assemble(src, &diags, &prog))
        lc3_lsp_checks(&prog, sources[0].text, sources[0].len, out);
    for (size_t i = 0; i < prog.symbols.capacity; i++) {
        const symbol *s = symtab_slot_symbol(&prog.symbols, i);
        if (!s)
            continue;
        lsp_label l = {s->name, s->value, 0, s->where.line, s->where.col, false, true};
        lsp_program_label(out, &l);
    }
    if (diags.errors > diags.max_errors && diags.max_errors)
        lsp_program_diag(out, 0, 0, 0, 0, LSP_SEVERITY_INFO, "more errors are not shown");
    diag_free(&diags);
    lc3_program_free(&prog);
    source_free(src);
}

/* How a form's operand reads in its syntax. */
static const char *operand_word(const lc3_insn_info *insn, unsigned i)
{
    switch (insn->operands[i]) {
    case LC3_OPND_R_DR: return insn->flags & LC3_STORE ? "SR" : "DR";
    case LC3_OPND_R_SR1: return insn->operands[2] == LC3_OPND_NONE && i == 1 ? "SR" : "SR1";
    case LC3_OPND_R_BASE: return "BaseR";
    case LC3_OPND_R_SR2: return "SR2";
    case LC3_OPND_IMM5: return "#imm5";
    case LC3_OPND_OFF6: return "#offset6";
    case LC3_OPND_PC9:
    case LC3_OPND_PC11: return "LABEL";
    case LC3_OPND_VEC8: return "trapvect8";
    case LC3_OPND_NONE: break;
    }
    return "";
}

/* "ADD DR, SR1, #imm5". */
static void add_syntax(const lc3_insn_info *insn, lsp_text *md)
{
    lsp_text_add(md, "%s", insn->mnemonic);
    for (unsigned i = 0; i < insn->operand_count; i++)
        lsp_text_add(md, "%s%s", i ? ", " : " ", operand_word(insn, i));
}

/* The form and its encoding, bit 15 first: the fixed bits, and f, s, t
 * for the first, second and third operand's field. */
static void add_form(const lc3_insn_info *insn, lsp_text *md)
{
    lsp_text_add(md, "\n`");
    add_syntax(insn, md);
    char bits[17];
    for (int b = 15; b >= 0; b--) {
        char c = (insn->match >> b) & 1 ? '1' : '0';
        for (unsigned i = 0; i < insn->operand_count; i++) {
            const lc3_operand_info *o = &lc3_operands[insn->operands[i]];
            if ((unsigned)b >= o->shift && (unsigned)b < o->shift + o->bits &&
                !((insn->mask >> b) & 1))
                c = "fst"[i];
        }
        bits[15 - b] = c;
    }
    bits[16] = '\0';
    lsp_text_add(md, "` `%s`  \n%s\n", bits, insn->description);
}

static bool hover_mnemonic(const char *word, size_t len, lsp_text *md)
{
    const lc3_insn_info *first = lc3_find_mnemonic(word, len);
    if (!first)
        return false;
    lsp_text_add(md, "**%s**\n", first->mnemonic);
    for (const lc3_insn_info *f = first; f < lc3_insns + LC3_INSN_COUNT &&
                                         strcmp(f->mnemonic, first->mnemonic) == 0;
         f++)
        add_form(f, md);
    return true;
}

/* R0-R7 in any case: the register's number, else -1. */
static int register_of(const char *word, size_t len)
{
    if (len == 2 && (word[0] == 'R' || word[0] == 'r') && word[1] >= '0' && word[1] <= '7')
        return word[1] - '0';
    return -1;
}

static bool hover(const char *word, size_t len, lsp_text *md)
{
    lc3_directive d = lc3_directive_find(word, len);
    if (d != LC3_DIR_COUNT) {
        lsp_text_add(md, "**%s** (directive)\n\n%s\n", lc3_directive_name(d),
                     lc3_directive_description(d));
        return true;
    }
    int r = register_of(word, len);
    if (r >= 0) {
        lsp_text_add(md, "**R%d**: register %d, %s\n", r, r,
                     lc3_register_convention((unsigned)r));
        return true;
    }
    return hover_mnemonic(word, len, md);
}

static bool is_operator(const char *word, size_t len)
{
    return lc3_find_mnemonic(word, len) || lc3_directive_find(word, len) != LC3_DIR_COUNT;
}

/* Whether before ends in "TRAP " and a vector being typed. */
static bool after_trap(const char *before, size_t len)
{
    size_t i = len;
    while (i > 0 && isxdigit((unsigned char)before[i - 1]))
        i--;
    if (i > 0 && (before[i - 1] == 'x' || before[i - 1] == 'X'))
        i--;
    size_t space = i;
    i = lsp_blanks_before(before, i);
    if (i == space || i < 4)
        return false;
    const lc3_insn_info *trap = lc3_find_mnemonic(before + i - 4, 4);
    return trap && (i == 4 || !word_char(before[i - 5])) && (trap->match & 0xF000) == 0xF000 &&
           trap->operand_count == 1;
}

static bool complete(const char *before, size_t len, lsp_place place, lsp_completions *list)
{
    lsp_text doc = {0};
    if (after_trap(before, len)) {
        /* The TRAP aliases are the table's rows with the whole word fixed. */
        for (size_t i = 0; i < LC3_INSN_COUNT; i++) {
            const lc3_insn_info *f = &lc3_insns[i];
            if (f->mask != 0xFFFF || LC3_OPCODE(f->match) != LC3_OP_TRAP ||
                (f->flags & LC3_ASM_ONLY))
                continue;
            char vector[8], detail[32];
            snprintf(vector, sizeof vector, "x%02X", LC3_TRAPVECT(f->match));
            snprintf(detail, sizeof detail, "TRAP %s: %s", vector, f->mnemonic);
            lsp_complete_add(list, LSP_KIND_VALUE, vector, detail, f->description, NULL);
        }
        return true;
    }
    if (place == LSP_AT_OPERATOR) {
        for (size_t i = 0; i < LC3_INSN_COUNT; i++) {
            const lc3_insn_info *f = &lc3_insns[i];
            if ((f->flags & LC3_DISASM_ONLY) || (i > 0 && !strcmp(f[-1].mnemonic, f->mnemonic)))
                continue;
            lsp_text forms = {0};
            for (const lc3_insn_info *g = f; g < lc3_insns + LC3_INSN_COUNT &&
                                             strcmp(g->mnemonic, f->mnemonic) == 0;
                 g++) {
                lsp_text_add(&forms, "%s", g == f ? "" : " | ");
                add_syntax(g, &forms);
            }
            doc.len = 0;
            hover_mnemonic(f->mnemonic, strlen(f->mnemonic), &doc);
            lsp_complete_add(list, LSP_KIND_KEYWORD, f->mnemonic, forms.buf, doc.buf, NULL);
            lsp_text_free(&forms);
        }
        for (int d = 0; d < LC3_DIR_COUNT; d++)
            lsp_complete_add(list, LSP_KIND_KEYWORD, lc3_directive_name((lc3_directive)d),
                             "directive", lc3_directive_description((lc3_directive)d), NULL);
        lsp_text_free(&doc);
        return false; /* a line may start with a label too */
    }
    for (unsigned r = 0; r < 8; r++) {
        char name[4], detail[16];
        snprintf(name, sizeof name, "R%u", r);
        snprintf(detail, sizeof detail, "register %u", r);
        lsp_complete_add(list, LSP_KIND_VARIABLE, name, detail, lc3_register_convention(r),
                         NULL);
    }
    return false;
}

static void address(int64_t value, char *buf, size_t size)
{
    snprintf(buf, size, "x%04X", (unsigned)(value & 0xFFFF));
}

static const lsp_isa lc3_isa_adapter = {
    .name = "lc3as",
    .comment = ';',
    .fold_case = true,
    .label_colon = false,
    .multi_file = false,
    .address = address,
    .word_char = word_char,
    .assemble = assemble,
    .hover = hover,
    .is_operator = is_operator,
    .complete = complete,
    .tokens = lc3_lsp_tokens,
};

int lc3_lsp_serve(int in_fd, FILE *out)
{
    return lsp_serve(&lc3_isa_adapter, in_fd, out);
}
