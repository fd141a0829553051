/* The LC-3 assembler's passes: lay the statements out in .ORIG blocks and
 * define labels (pass 1), then check operands and encode (pass 2). Every
 * error of the file is reported; messages come from lc3_messages.def. */
#include "lc3_asm.h"

#include <stdlib.h>
#include <string.h>

#include "../front/literal.h"
#include "lc3_isa.h"
#include "lc3_parse.h"

typedef enum lc3_msg {
#define LC3_MSG(id, level, text) MSG_##id,
#include "lc3_messages.def"
#undef LC3_MSG
} lc3_msg;

static const struct {
    diag_level level;
    const char *text;
} messages[] = {
#define LC3_MSG(id, level, text) {level, text},
#include "lc3_messages.def"
#undef LC3_MSG
};

typedef struct assembler {
    diag_sink *diags;
    lc3_parse parse;
    symtab symbols;
    lc3_block *blocks;
    src_loc *block_locs; /* the .ORIG of each block */
    size_t block_count;
    size_t *stmt_block; /* block of each statement, or SIZE_MAX outside blocks */
    uint16_t *stmt_addr;
} assembler;

static void report(assembler *as, src_loc loc, lc3_msg msg, ...)
{
    va_list ap;
    va_start(ap, msg);
    diag_vreport(as->diags, messages[msg].level, loc, messages[msg].text, ap);
    va_end(ap);
}

enum directive {
#define LC3_DIRECTIVE(id, name, description) DIR_##id,
#include "lc3_directives.def"
#undef LC3_DIRECTIVE
    DIR_UNKNOWN
};

static enum directive directive_of(const char *name)
{
    static const char *const names[] = {
#define LC3_DIRECTIVE(id, name, description) name,
#include "lc3_directives.def"
#undef LC3_DIRECTIVE
    };
    for (int d = 0; d < DIR_UNKNOWN; d++)
        if (ascii_equal_fold(name, strlen(name), names[d]))
            return (enum directive)d;
    return DIR_UNKNOWN;
}

/* The value text as the user wrote it, for messages. */
static const char *spelled(const lc3_arg *arg, char *buf, size_t size)
{
    size_t len;
    const char *line = source_line(arg->loc.file, arg->loc.line, &len);
    if (line && (size_t)(arg->loc.col - 1 + arg->loc.len) <= len)
        snprintf(buf, size, "%.*s", arg->loc.len, line + arg->loc.col - 1);
    else
        snprintf(buf, size, "%lld", (long long)arg->num);
    return buf;
}

/* Words a statement occupies. */
static long stmt_size(const lc3_stmt *s)
{
    if (s->kind == LC3_STMT_INSN || s->kind == LC3_STMT_UNKNOWN)
        return 1;
    if (s->kind != LC3_STMT_DIRECTIVE)
        return 0;
    switch (directive_of(s->name)) {
    case DIR_FILL:
        return 1;
    case DIR_STRINGZ:
        return s->arg_count == 1 && s->args[0].kind == LC3_ARG_STRING
                   ? (long)s->args[0].len + 1 : 1;
    case DIR_BLKW:
        if (s->arg_count >= 1 && s->arg_count <= 2 && s->args[0].kind == LC3_ARG_NUM &&
            s->args[0].num >= 1 && s->args[0].num <= 0x10000)
            return (long)s->args[0].num;
        return 0; /* reported by layout */
    default:
        return 0;
    }
}

static void define_label(assembler *as, const lc3_stmt *s, uint16_t addr)
{
    if (!s->label)
        return;
    bool existed;
    symbol *sym = symtab_define(&as->symbols, s->label, strlen(s->label), addr, s->label_loc,
                                &existed);
    if (existed) {
        report(as, s->label_loc, MSG_DUPLICATE_LABEL, s->label);
        report(as, sym->where, MSG_FIRST_DEFINED, sym->name);
    }
}

static void open_block(assembler *as, uint16_t origin, src_loc where)
{
    size_t n = as->block_count++;
    as->blocks = realloc(as->blocks, as->block_count * sizeof *as->blocks);
    as->block_locs = realloc(as->block_locs, as->block_count * sizeof *as->block_locs);
    if (!as->blocks || !as->block_locs)
        abort();
    as->blocks[n] = (lc3_block){origin, NULL, NULL, 0, where};
    as->block_locs[n] = where;
}

static const char *what_stmt(const lc3_stmt *s)
{
    if (s->kind == LC3_STMT_EMPTY)
        return "label";
    return s->kind == LC3_STMT_DIRECTIVE ? "directive" : "instruction";
}

/* Pass 1: blocks, addresses and labels. */
static void layout(assembler *as)
{
    bool in_block = false, seen_end = false;
    uint32_t pc = 0;
    for (size_t i = 0; i < as->parse.stmt_count; i++) {
        const lc3_stmt *s = &as->parse.stmts[i];
        as->stmt_block[i] = SIZE_MAX;
        enum directive dir = s->kind == LC3_STMT_DIRECTIVE ? directive_of(s->name) : DIR_UNKNOWN;
        if (dir == DIR_ORIG) {
            if (s->arg_count != 1 || s->args[0].kind != LC3_ARG_NUM ||
                !lit_fits_unsigned(s->args[0].num, 16)) {
                report(as, s->name_loc, MSG_ORIG_ADDRESS);
                continue;
            }
            if (in_block)
                report(as, s->name_loc, MSG_ORIG_NO_END,
                       as->block_locs[as->block_count - 1].line);
            pc = (uint32_t)s->args[0].num;
            open_block(as, (uint16_t)pc, s->name_loc);
            in_block = true;
            define_label(as, s, (uint16_t)pc);
            continue;
        }
        if (dir == DIR_END) {
            if (s->arg_count)
                report(as, s->args[0].loc, MSG_END_ARGS);
            if (!in_block) {
                report(as, s->name_loc, MSG_END_WITHOUT_ORIG);
                continue;
            }
            define_label(as, s, (uint16_t)pc);
            in_block = false;
            seen_end = true;
            continue;
        }
        if (s->kind == LC3_STMT_EMPTY && !s->label)
            continue;
        if (!in_block) {
            src_loc loc = s->label && s->kind == LC3_STMT_EMPTY ? s->label_loc : s->name_loc;
            report(as, loc, seen_end ? MSG_AFTER_END : MSG_BEFORE_ORIG, what_stmt(s));
            continue;
        }
        define_label(as, s, (uint16_t)pc);
        long size = stmt_size(s);
        if (s->kind == LC3_STMT_DIRECTIVE && directive_of(s->name) == DIR_BLKW && size == 0)
            report(as, s->name_loc, MSG_BLKW_COUNT);
        if (pc <= 0xFFFF && pc + (uint32_t)size > 0x10000)
            report(as, s->name_loc, MSG_PAST_MEMORY, as->block_locs[as->block_count - 1].line);
        as->stmt_block[i] = as->block_count - 1;
        as->stmt_addr[i] = (uint16_t)pc;
        pc += (uint32_t)size;
        as->blocks[as->block_count - 1].count = pc - as->blocks[as->block_count - 1].origin;
    }
    if (in_block)
        report(as, as->block_locs[as->block_count - 1], MSG_NO_END,
               as->block_locs[as->block_count - 1].line);
}

static void check_overlaps(assembler *as)
{
    for (size_t i = 0; i < as->block_count; i++)
        for (size_t j = 0; j < i; j++) {
            const lc3_block *a = &as->blocks[i], *b = &as->blocks[j];
            uint32_t a_end = a->origin + (uint32_t)a->count, b_end = b->origin + (uint32_t)b->count;
            if (a->count && b->count && a->origin < b_end && b->origin < a_end) {
                report(as, as->block_locs[i], MSG_OVERLAP, a->origin, (unsigned)(a_end - 1),
                       as->block_locs[j].line, b->origin, (unsigned)(b_end - 1));
            }
        }
}

/* Can this operand kind take this argument? */
static bool arg_fits_kind(const lc3_arg *arg, lc3_operand kind)
{
    const lc3_operand_info *op = &lc3_operands[kind];
    if (op->is_register)
        return arg->kind == LC3_ARG_REG;
    if (op->is_pc_relative)
        return arg->kind == LC3_ARG_NUM || arg->kind == LC3_ARG_NAME;
    return arg->kind == LC3_ARG_NUM;
}

static const char *kind_phrase(lc3_operand kind)
{
    const lc3_operand_info *op = &lc3_operands[kind];
    if (op->is_register)
        return "a register";
    if (op->is_pc_relative)
        return "a label";
    if (kind == LC3_OPND_VEC8)
        return "a trap vector";
    return kind == LC3_OPND_IMM5 ? "an imm5 number" : "an offset6 number";
}

static const char *kind_noun(lc3_operand kind)
{
    const char *phrase = kind_phrase(kind);
    return phrase + (phrase[1] == ' ' ? 2 : 3); /* past "a " or "an " */
}

static const char *arg_phrase(const lc3_arg *arg)
{
    switch (arg->kind) {
    case LC3_ARG_REG: return "a register";
    case LC3_ARG_NUM: return "a number";
    case LC3_ARG_NAME: return "a label";
    case LC3_ARG_STRING: return "a string";
    case LC3_ARG_OPCODE: return "an opcode";
    }
    return "something else";
}

/* "3 operands (register, register, register or imm5)" for messages. */
static void describe_forms(const lc3_insn_info *first, char *buf, size_t size)
{
    const lc3_insn_info *form = first;
    unsigned count = form->operand_count;
    if (count == 0) {
        snprintf(buf, size, "no operands");
        return;
    }
    int n = snprintf(buf, size, "%u operand%s (", count, count == 1 ? "" : "s");
    for (unsigned i = 0; i < count && (size_t)n < size; i++) {
        n += snprintf(buf + n, size - (size_t)n, "%s%s", i ? ", " : "",
                      kind_noun(form->operands[i]));
        for (const lc3_insn_info *alt = form + 1;
             alt < lc3_insns + LC3_INSN_COUNT && strcmp(alt->mnemonic, form->mnemonic) == 0; alt++)
            if (alt->operands[i] != form->operands[i] && (size_t)n < size)
                n += snprintf(buf + n, size - (size_t)n, " or %s", kind_noun(alt->operands[i]));
    }
    if ((size_t)n < size)
        snprintf(buf + n, size - (size_t)n, ")");
}

/* Picks the table row whose operand kinds match the arguments, or reports
 * why none does. */
static const lc3_insn_info *choose_form(assembler *as, const lc3_stmt *s)
{
    for (size_t a = 0; a < s->arg_count; a++)
        if (s->args[a].kind == LC3_ARG_OPCODE) {
            report(as, s->args[a].loc, MSG_OPCODE_AS_LABEL, s->args[a].text);
            return NULL;
        }
    const lc3_insn_info *end = lc3_insns + LC3_INSN_COUNT;
    const lc3_insn_info *same_count = NULL;
    for (const lc3_insn_info *f = s->insn; f < end && strcmp(f->mnemonic, s->insn->mnemonic) == 0; f++) {
        if (f->operand_count != s->arg_count)
            continue;
        if (!same_count)
            same_count = f;
        bool fits = true;
        for (unsigned i = 0; i < f->operand_count; i++)
            fits = fits && arg_fits_kind(&s->args[i], f->operands[i]);
        if (fits)
            return f;
    }
    char forms[160];
    describe_forms(s->insn, forms, sizeof forms);
    if (!same_count) {
        src_loc loc = s->arg_count > s->insn->operand_count
                          ? s->args[s->insn->operand_count].loc : s->name_loc;
        report(as, loc, MSG_OPERAND_COUNT, s->insn->mnemonic, forms, s->arg_count,
               s->arg_count == 1 ? "was" : "were");
        return NULL;
    }
    /* Name the first argument no form of this arity accepts. */
    for (unsigned i = 0; i < s->arg_count; i++) {
        bool any = false;
        const char *wanted = kind_phrase(same_count->operands[i]);
        for (const lc3_insn_info *f = same_count; f < end && strcmp(f->mnemonic, s->insn->mnemonic) == 0; f++)
            if (f->operand_count == s->arg_count && arg_fits_kind(&s->args[i], f->operands[i]))
                any = true;
        if (!any) {
            char want[64];
            snprintf(want, sizeof want, "%s", wanted);
            for (const lc3_insn_info *f = same_count + 1; f < end && strcmp(f->mnemonic, s->insn->mnemonic) == 0; f++)
                if (f->operand_count == s->arg_count && f->operands[i] != same_count->operands[i])
                    snprintf(want + strlen(want), sizeof want - strlen(want), " or %s",
                             kind_phrase(f->operands[i]));
            report(as, s->args[i].loc, MSG_OPERAND_KIND, i + 1, s->insn->mnemonic, want,
                   arg_phrase(&s->args[i]));
            return NULL;
        }
    }
    return NULL;
}

static bool lookup(assembler *as, const lc3_arg *arg, int64_t *value)
{
    symbol *sym = symtab_find(&as->symbols, arg->text, strlen(arg->text));
    if (!sym) {
        report(as, arg->loc, MSG_UNDEFINED_LABEL, arg->text);
        return false;
    }
    *value = sym->value;
    return true;
}

/* Lumetta's lc3as (lc3tools 0.12) takes a number that does not fit a
 * field as the field's bit pattern when it is one: a 16-bit word read as
 * signed (xFFFF is -1), and for a signed n-bit field up to 2^n - 1 (x1F in
 * imm5 is -1), for trapvect8 down to -128 (#-1 is xFF). Students of courses
 * that use it write these. true with *taken the value meant. */
static bool field_pattern(const lc3_operand_info *op, int64_t v, int32_t min, int32_t max,
                          int64_t *taken)
{
    int64_t field = (int64_t)1 << op->bits;
    if (v >= 0x8000 && v <= 0xFFFF)
        v -= 0x10000;
    if (op->is_signed && v > max && v < field)
        v -= field;
    else if (!op->is_signed && v < 0 && v >= -(field / 2))
        v += field;
    *taken = v;
    return v >= min && v <= max;
}

/* Resolves and range-checks each operand, then encodes. */
static bool encode_insn(assembler *as, const lc3_stmt *s, uint16_t addr, uint16_t *word)
{
    const lc3_insn_info *form = choose_form(as, s);
    if (!form)
        return false;
    int32_t values[3] = {0, 0, 0};
    bool ok = true;
    for (unsigned i = 0; i < form->operand_count; i++) {
        const lc3_arg *arg = &s->args[i];
        lc3_operand kind = form->operands[i];
        const lc3_operand_info *op = &lc3_operands[kind];
        int32_t min, max;
        lc3_operand_range(kind, &min, &max);
        int64_t v = arg->num;
        char text[64];
        if (arg->kind == LC3_ARG_NAME) {
            int64_t target;
            if (!lookup(as, arg, &target)) {
                ok = false;
                continue;
            }
            v = target - ((int64_t)addr + 1);
            if (v < min || v > max) {
                report(as, arg->loc, MSG_LABEL_DISTANCE, arg->text, (long)v, op->name, min, max);
                ok = false;
                continue;
            }
        } else if (op->is_pc_relative && v >= min && v <= max) {
            report(as, arg->loc, MSG_NUMBER_AS_OFFSET, spelled(arg, text, sizeof text),
                   (unsigned)(uint16_t)(addr + 1), (unsigned)(uint16_t)(addr + 1 + v));
        } else if (v < min || v > max) {
            int64_t taken;
            if (!op->is_register && field_pattern(op, v, min, max, &taken)) {
                report(as, arg->loc, MSG_FIELD_PATTERN, spelled(arg, text, sizeof text),
                       op->name, min, max, (long)taken, (int)(op->bits + 3) / 4,
                       (unsigned long)taken & ((1ul << op->bits) - 1));
                values[i] = (int32_t)taken;
                continue;
            }
            if (kind == LC3_OPND_VEC8)
                report(as, arg->loc, MSG_TRAP_RANGE, spelled(arg, text, sizeof text));
            else if (!op->is_register)
                report(as, arg->loc, MSG_IMM_RANGE, spelled(arg, text, sizeof text), op->name,
                       min, max);
            ok = false;
            continue;
        }
        values[i] = (int32_t)v;
    }
    return ok && lc3_encode(form, values, word) < 0;
}

static bool fill_value(assembler *as, const lc3_arg *arg, uint16_t *word)
{
    int64_t v;
    char text[64];
    if (arg->kind == LC3_ARG_NAME) {
        if (!lookup(as, arg, &v))
            return false;
    } else if (arg->kind == LC3_ARG_NUM) {
        v = arg->num;
        if (v < -32768 || v > 65535) {
            report(as, arg->loc, MSG_FILL_RANGE, spelled(arg, text, sizeof text));
            return false;
        }
    } else {
        if (arg->kind == LC3_ARG_OPCODE)
            report(as, arg->loc, MSG_OPCODE_AS_LABEL, arg->text);
        else
            report(as, arg->loc, MSG_FILL_ARG);
        return false;
    }
    *word = (uint16_t)v;
    return true;
}

/* Edit distance up to 2 between a name and a mnemonic, ignoring case (more
 * than 2 is reported as 3). */
static int distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 12 || lb > 12 || (la > lb ? la - lb : lb - la) > 2)
        return 3;
    int d[13][13];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int same = (a[i - 1] | 32) == (b[j - 1] | 32);
            int best = d[i - 1][j - 1] + !same;
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            d[i][j] = best;
        }
    return d[la][lb] > 3 ? 3 : d[la][lb];
}

/* BR with its condition letters out of order (BRpn): the name in n, z, p
 * order, or NULL. */
static const char *br_in_order(const char *name)
{
    static const char *const by_mask[8] = {NULL, "BRp", "BRz", "BRzp", "BRn", "BRnp", "BRnz", "BRnzp"};
    if ((name[0] | 32) != 'b' || (name[1] | 32) != 'r' || name[2] == '\0')
        return NULL;
    unsigned mask = 0;
    for (const char *c = name + 2; *c; c++) {
        unsigned bit = (*c | 32) == 'n' ? 4 : (*c | 32) == 'z' ? 2 : (*c | 32) == 'p' ? 1 : 0;
        if (!bit || (mask & bit))
            return NULL;
        mask |= bit;
    }
    return by_mask[mask];
}

static void report_unknown_opcode(assembler *as, const lc3_stmt *s)
{
    const char *best = br_in_order(s->name);
    if (best) {
        report(as, s->name_loc, MSG_UNKNOWN_OPCODE_HINT, s->name, best);
        return;
    }
    int best_distance = 3;
    for (size_t i = 0; i < LC3_INSN_COUNT; i++) {
        int d = distance(s->name, lc3_insns[i].mnemonic);
        if (!(lc3_insns[i].flags & LC3_DISASM_ONLY) && d < best_distance) {
            best = lc3_insns[i].mnemonic;
            best_distance = d;
        }
    }
    /* Short names are one edit from many words: suggest only near misses. */
    int allowed = strlen(s->name) > 3 ? 2 : 1;
    if (best && best_distance <= allowed)
        report(as, s->name_loc, MSG_UNKNOWN_OPCODE_HINT, s->name, best);
    else
        report(as, s->name_loc, MSG_UNKNOWN_OPCODE, s->name);
}

/* Pass 2: the words of one statement at addr into out (sized by pass 1). */
static void emit(assembler *as, const lc3_stmt *s, uint16_t addr, uint16_t *out, int *lines)
{
    long size = stmt_size(s);
    for (long w = 0; w < size; w++)
        lines[w] = s->line;
    if (s->kind == LC3_STMT_UNKNOWN) {
        report_unknown_opcode(as, s);
        return;
    }
    if (s->kind == LC3_STMT_INSN) {
        encode_insn(as, s, addr, out);
        return;
    }
    if (s->kind != LC3_STMT_DIRECTIVE)
        return; /* a label alone */
    switch (directive_of(s->name)) {
    case DIR_FILL:
        if (s->arg_count != 1)
            report(as, s->name_loc, MSG_FILL_ARG);
        else
            fill_value(as, &s->args[0], out);
        break;
    case DIR_BLKW:
        if (size > 0 && s->arg_count == 2) {
            uint16_t fill;
            if (fill_value(as, &s->args[1], &fill))
                for (long w = 0; w < size; w++)
                    out[w] = fill;
        }
        break;
    case DIR_STRINGZ:
        if (s->arg_count != 1 || s->args[0].kind != LC3_ARG_STRING) {
            report(as, s->arg_count ? s->args[0].loc : s->name_loc, MSG_STRINGZ_ARG);
            break;
        }
        for (size_t c = 0; c < s->args[0].len; c++)
            out[c] = (uint8_t)s->args[0].text[c];
        out[s->args[0].len] = 0;
        break;
    default:
        report(as, s->name_loc, MSG_UNKNOWN_DIRECTIVE, s->name);
        break;
    }
}

static void encode_all(assembler *as)
{
    for (size_t b = 0; b < as->block_count; b++) {
        lc3_block *block = &as->blocks[b];
        size_t n = block->count ? block->count : 1;
        block->words = calloc(n, sizeof *block->words);
        block->lines = calloc(n, sizeof *block->lines);
        if (!block->words || !block->lines)
            abort();
    }
    for (size_t i = 0; i < as->parse.stmt_count; i++) {
        const lc3_stmt *s = &as->parse.stmts[i];
        if (as->stmt_block[i] == SIZE_MAX) {
            /* Directives outside blocks were handled in pass 1, except
             * unknown ones, which are reported wherever they are. */
            if (s->kind == LC3_STMT_DIRECTIVE && directive_of(s->name) == DIR_UNKNOWN)
                report(as, s->name_loc, MSG_UNKNOWN_DIRECTIVE, s->name);
            continue;
        }
        lc3_block *block = &as->blocks[as->stmt_block[i]];
        size_t offset = (uint16_t)(as->stmt_addr[i] - block->origin);
        if (offset + (size_t)stmt_size(s) > block->count)
            continue; /* runs past xFFFF: reported in pass 1 */
        emit(as, s, as->stmt_addr[i], block->words + offset, block->lines + offset);
    }
}

bool lc3_assemble(const source_file *src, diag_sink *diags, lc3_program *out)
{
    assembler as;
    memset(&as, 0, sizeof as);
    memset(out, 0, sizeof *out);
    as.diags = diags;
    as.parse.src = src;
    as.parse.diags = diags;
    symtab_init(&as.symbols, true);
    int errors_before = diags->errors;
    bool hold_back = !diags->buffered; /* print in source order at the end */
    if (hold_back)
        diag_buffer(diags);

    lc3_parse_source(&as.parse);
    size_t n = as.parse.stmt_count ? as.parse.stmt_count : 1;
    as.stmt_block = malloc(n * sizeof *as.stmt_block);
    as.stmt_addr = calloc(n, sizeof *as.stmt_addr);
    if (!as.stmt_block || !as.stmt_addr)
        abort();
    layout(&as);
    check_overlaps(&as);
    encode_all(&as);
    if (as.block_count == 0 && diags->errors == errors_before)
        report(&as, (src_loc){src, 0, 0, 0}, MSG_NO_CODE);

    out->blocks = as.blocks;
    out->block_count = as.block_count;
    out->symbols = as.symbols;
    out->source = src;
    free(as.block_locs);
    free(as.stmt_block);
    free(as.stmt_addr);
    lc3_parse_free(&as.parse);
    if (hold_back)
        diag_flush(diags);
    return diags->errors == errors_before;
}

void lc3_program_free(lc3_program *prog)
{
    for (size_t b = 0; b < prog->block_count; b++) {
        free(prog->blocks[b].words);
        free(prog->blocks[b].lines);
    }
    free(prog->blocks);
    symtab_free(&prog->symbols);
    memset(prog, 0, sizeof *prog);
}

bool lc3_obj_choose_format(const lc3_program *prog, lc3_obj_format *format,
                           diag_sink *diags)
{
    uint16_t from, to;
    size_t next;
    if (*format == LC3_OBJ_LC3TOOLS || !lc3_obj_gap(prog, &from, &to, &next)) {
        if (*format == LC3_OBJ_AUTO)
            *format = LC3_OBJ_CLASSIC;
        return true;
    }
    lc3_msg msg = *format == LC3_OBJ_CLASSIC ? MSG_OBJ_GAP_CLASSIC : MSG_OBJ_GAP_LC3TOOLS;
    diag_report(diags, messages[msg].level, prog->blocks[next].where, messages[msg].text,
                prog->blocks[next].origin, from, to);
    *format = LC3_OBJ_LC3TOOLS;
    return msg != MSG_OBJ_GAP_CLASSIC;
}

uint16_t lc3_program_entry(const lc3_program *prog)
{
    return prog->block_count ? prog->blocks[0].origin : 0x3000;
}

const lc3_block *lc3_program_block_at(const lc3_program *prog, uint16_t address, size_t *offset)
{
    for (size_t i = prog->block_count; i-- > 0;) {
        const lc3_block *b = &prog->blocks[i];
        uint16_t off = (uint16_t)(address - b->origin);
        if (off < b->count) {
            *offset = off;
            return b;
        }
    }
    return NULL;
}

int lc3_program_line(const lc3_program *prog, uint16_t address)
{
    size_t off;
    const lc3_block *b = lc3_program_block_at(prog, address, &off);
    return b && b->lines ? b->lines[off] : 0;
}
