/* The LC-3 language server's line scans (lc3_lsp_impl.h): the words of
 * each statement, for the semantic tokens and for the checks, which must
 * tell an instruction's word from data that looks like one. */
#include "lc3_lsp_impl.h"

#include <ctype.h>
#include <stdlib.h>

#include "lc3_isa.h"

enum { MAX_WORDS = 8 };

/* One line's words outside strings and the comment: a label's definition
 * first if there is one, then its operator and operands. */
typedef struct statement {
    size_t start[MAX_WORDS], len[MAX_WORDS];
    size_t count;
    bool label;      /* word 0 defines a label */
    bool instruction; /* the operator (word label) is a mnemonic */
} statement;

static bool word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '.';
}

static void scan(const char *line, size_t len, statement *st)
{
    st->count = 0;
    for (size_t i = 0; i < len && line[i] != ';' && st->count < MAX_WORDS;) {
        if (line[i] == '"') { /* a string: up to its closing quote */
            for (i++; i < len && line[i] != '"'; i++)
                i += line[i] == '\\';
            i++;
        } else if (word_char(line[i])) {
            size_t from = i;
            while (i < len && word_char(line[i]))
                i++;
            st->start[st->count] = from;
            st->len[st->count++] = i - from;
        } else {
            i++;
        }
    }
    st->label = st->count > 0 && !lc3_find_mnemonic(line + st->start[0], st->len[0]) &&
                lc3_directive_find(line + st->start[0], st->len[0]) == LC3_DIR_COUNT;
    size_t op = st->label;
    st->instruction = op < st->count && lc3_find_mnemonic(line + st->start[op], st->len[op]);
}

static bool is_register(const char *word, size_t len)
{
    return len == 2 && (word[0] == 'R' || word[0] == 'r') && word[1] >= '0' && word[1] <= '7';
}

/* A register's modifier: its use by the convention. */
static unsigned use_modifier(const char *word)
{
    switch (lc3_register_use((unsigned)(word[1] - '0'))) {
    case LC3_USE_ARGUMENT: return LSP_MOD_ARGUMENT | LSP_MOD_RESULT;
    case LC3_USE_GENERAL: return 0;
    case LC3_USE_POINTER: return LSP_MOD_POINTER;
    case LC3_USE_RETURN: return LSP_MOD_RETURN;
    }
    return 0;
}

void lc3_lsp_tokens(const char *text, size_t len, const lsp_program *prog, lsp_tokens *out)
{
    size_t at = 0, line_len;
    const char *line;
    statement st;
    for (int no = 0; (line = lsp_next_line(text, len, &at, &line_len)); no++) {
        scan(line, line_len, &st);
        for (size_t i = 0; i < st.count; i++) {
            const char *word = line + st.start[i];
            if (i == 0 && st.label)
                lsp_tokens_add(out, no, st.start[i], st.len[i], LSP_TOKEN_LABEL,
                               LSP_MOD_DECLARATION);
            else if (i == (size_t)st.label && st.instruction)
                lsp_tokens_add(out, no, st.start[i], st.len[i], LSP_TOKEN_KEYWORD, 0);
            else if (i > (size_t)st.label && is_register(word, st.len[i]))
                lsp_tokens_add(out, no, st.start[i], st.len[i], LSP_TOKEN_REGISTER,
                               use_modifier(word));
            else if (i > (size_t)st.label && lsp_program_has_label(prog, word, st.len[i], true))
                lsp_tokens_add(out, no, st.start[i], st.len[i], LSP_TOKEN_LABEL, 0);
        }
    }
}

/* Where a line's instruction names its mnemonic: 1-based column (0: the
 * line holds no instruction) and length. */
typedef struct mnemonic_at {
    int col, len;
} mnemonic_at;

/* Per source line (1-based), its mnemonic_at; NULL when out of memory. */
static mnemonic_at *instruction_columns(const char *text, size_t len, int *lines)
{
    size_t at = 0, line_len;
    int count = 0;
    while (lsp_next_line(text, len, &at, &line_len))
        count++;
    mnemonic_at *col = calloc((size_t)count + 1, sizeof *col);
    if (!col)
        return NULL;
    at = 0;
    statement st;
    const char *line;
    for (int no = 1; (line = lsp_next_line(text, len, &at, &line_len)); no++) {
        scan(line, line_len, &st);
        if (st.instruction)
            col[no] = (mnemonic_at){(int)st.start[st.label] + 1, (int)st.len[st.label]};
    }
    *lines = count;
    return col;
}

/* Whether the OS has a routine at vector: its TRAP aliases are the table's
 * rows with the whole word fixed. */
static bool os_serves(unsigned vector)
{
    for (size_t i = 0; i < LC3_INSN_COUNT; i++)
        if (lc3_insns[i].mask == 0xFFFF && LC3_OPCODE(lc3_insns[i].match) == LC3_OP_TRAP &&
            LC3_TRAPVECT(lc3_insns[i].match) == vector)
            return true;
    return false;
}

typedef struct check_ctx {
    const lc3_program *prog;
    const mnemonic_at *col;
    int lines;
    lsp_program *out;
} check_ctx;

/* The column of the instruction at address, 0 when it holds none; its
 * source line in *line. */
static int instruction_at(const check_ctx *c, uint16_t address, int *line)
{
    size_t offset;
    const lc3_block *b = lc3_program_block_at(c->prog, address, &offset);
    *line = b && b->lines ? b->lines[offset] : 0;
    return *line > 0 && *line <= c->lines ? c->col[*line].col : 0;
}

static void check_word(const check_ctx *c, uint16_t address, uint16_t word, int line,
                       mnemonic_at at)
{
    char message[160];
    if (LC3_OPCODE(word) == LC3_OP_TRAP && !os_serves(LC3_TRAPVECT(word))) {
        size_t offset;
        if (lc3_program_block_at(c->prog, (uint16_t)LC3_TRAPVECT(word), &offset))
            return; /* the program fills that vector itself */
        snprintf(message, sizeof message, "TRAP x%02X: the OS has no routine at this vector "
                 "(it prints \"Undefined trap executed\" and halts)", LC3_TRAPVECT(word));
        lsp_program_check(c->out, 0, line, at.col, at.len, LSP_SEVERITY_WARNING, "unused-trap",
                          message);
    } else if (LC3_OPCODE(word) == LC3_OP_ST) {
        uint16_t target = (uint16_t)(address + 1 + LC3_PCOFF9(word));
        int target_line;
        if (!instruction_at(c, target, &target_line))
            return;
        snprintf(message, sizeof message, "ST writes x%04X, an instruction of this program "
                 "(line %d): the code is overwritten", target, target_line);
        lsp_program_check(c->out, 0, line, at.col, at.len, LSP_SEVERITY_WARNING,
                          "store-into-code", message);
    }
}

void lc3_lsp_checks(const lc3_program *prog, const char *text, size_t len, lsp_program *out)
{
    check_ctx c = {prog, NULL, 0, out};
    mnemonic_at *col = instruction_columns(text, len, &c.lines);
    if (!col)
        return;
    c.col = col;
    for (size_t b = 0; b < prog->block_count; b++) {
        const lc3_block *block = &prog->blocks[b];
        for (size_t i = 0; block->lines && i < block->count; i++) {
            int line = block->lines[i];
            if (line > 0 && line <= c.lines && col[line].col)
                check_word(&c, (uint16_t)(block->origin + i), block->words[i], line, col[line]);
        }
    }
    free(col);
}
