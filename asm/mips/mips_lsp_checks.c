/* The language server's MIPS checks (mips_lsp_impl.h): what --check and
 * the grader would flag that the assembled program shows without running
 * it. Each is sound on the reference programs (tests/cli/lsp_checks.sh). */
#include "mips_lsp_impl.h"

#include "mips_isa.h"
#include "mips_lex.h"
#include "mips_practices.h"

typedef struct line_at {
    lsp_program *out;
    int line;
} line_at;

static void add_practice(void *ctx, mips_practice what, int col, const char *message)
{
    line_at *at = ctx;
    lsp_program_check(at->out, 0, at->line, col, 3, LSP_SEVERITY_WARNING,
                      what == MIPS_PRACTICE_GP_MEMORY ? "gp-memory" : "reserved-register",
                      message);
}

/* The grader's practices (mips_practices.h), outside kernel segments: an
 * exception handler is where $k0 and $k1 belong. */
static void check_practices(const char *text, size_t len, lsp_program *out)
{
    enum { MAX_TOKENS = 64 };
    mips_token t[MAX_TOKENS];
    bool kernel = false;
    size_t at = 0, line_len;
    const char *line;
    for (int no = 1; (line = lsp_next_line(text, len, &at, &line_len)); no++) {
        size_t n = mips_lex_line(line, line_len, t, MAX_TOKENS);
        n = n < MAX_TOKENS ? n : MAX_TOKENS;
        for (size_t i = 0; i < n; i++)
            if (t[i].kind == MIPS_LEX_DIRECTIVE &&
                (t[i].value == MIPS_DIR_KTEXT || t[i].value == MIPS_DIR_KDATA))
                kernel = true;
            else if (t[i].kind == MIPS_LEX_DIRECTIVE &&
                     (t[i].value == MIPS_DIR_TEXT || t[i].value == MIPS_DIR_DATA))
                kernel = false;
        line_at where = {out, no};
        if (!kernel)
            mips_line_practices(t, n, add_practice, &where);
    }
}

/* Where a statement at line, col (its operator) names its first register:
 * the destination a finding points at; the operator itself when none. */
static void first_register(const char *text, size_t len, int line, int col, int *at, int *width)
{
    size_t from = 0, line_len = 0;
    const char *l = NULL;
    for (int no = 0; no < line && (l = lsp_next_line(text, len, &from, &line_len)); no++)
        ;
    *at = col;
    *width = 0;
    if (!l)
        return;
    mips_token t[16];
    size_t n = mips_lex_line(l, line_len, t, 16);
    n = n < 16 ? n : 16;
    for (size_t i = 0; i < n; i++)
        if (t[i].col > col &&
            (t[i].kind == MIPS_LEX_REG_NAME || t[i].kind == MIPS_LEX_REG_NUMBER)) {
            *at = t[i].col;
            *width = (int)t[i].len;
            return;
        }
}

/* An instruction of the first file whose destination is $zero: the result
 * is dropped (nop, the all-zero word, is meant to do nothing, and so is
 * the link of jalr $zero). */
static void check_zero_writes(const mips_program *prog, const char *text, size_t len,
                              lsp_program *out)
{
    const mips_segment *seg = &prog->segments[MIPS_SEG_TEXT];
    for (uint32_t i = 0; prog->text_origin && i + 4 <= seg->size; i += 4) {
        const mips_origin *o = &prog->text_origin[i / 4];
        const uint8_t *b = seg->bytes + i;
        uint32_t word = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                        (uint32_t)b[3] << 24;
        if (o->file != 0 || o->line == 0 || word == 0)
            continue;
        mips_roles r = mips_roles_of(word);
        if (!(r.roles & MIPS_WRITES_F) || r.writes != 0 || (r.roles & MIPS_LINKS))
            continue; /* jalr $zero, $t: a jump that drops its link on purpose */
        int col, width;
        first_register(text, len, (int)o->line, o->column, &col, &width);
        lsp_program_check(out, 0, (int)o->line, col, width, LSP_SEVERITY_WARNING, "zero-write",
                          "writes $zero, which stays 0: the result is lost");
    }
}

void mips_lsp_checks(const mips_program *prog, const char *text, size_t len, lsp_program *out)
{
    check_practices(text, len, out);
    check_zero_writes(prog, text, len, out);
}
