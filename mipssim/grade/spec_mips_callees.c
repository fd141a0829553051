/* `callees from the reference LABEL...` on MIPS (docs/grader-spec.md): the
 * submission assembled a second time with the reference after it, the
 * reference's text from an address of its own and its labels local to it
 * (its .globl lines blanked), and in each case of such a function the
 * submission's entry of each callee a jump to the reference's. The
 * submission's own code keeps its addresses, so a call to the callee is
 * the same jal, and must-call counts it as before. */
#include "spec_mips_impl.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mips_isa.h"
#include "mips_private.h"
#include "mips_program.h"

bool spec_mips_uses_reference_callees(const grade_spec *spec, const char *only)
{
    for (int f = 0; f < spec->function_count; f++) {
        const grade_spec_function *fn = &spec->functions[f];
        if (fn->reference_callee_count && (!only || !strcmp(only, fn->name)))
            return true;
    }
    return false;
}

/* The reference's text with each `.globl` directive blanked where it
 * stands (every line keeps its number, for the messages that name one):
 * beside a submission that makes the same labels global, the reference's
 * stay its own. */
static source_file *reference_local(const char *path, char *why, size_t size)
{
    const char *cannot = "";
    source_file *f = source_load(path, &cannot);
    if (!f) {
        snprintf(why, size, "cannot read %s: %s", path, cannot);
        return NULL;
    }
    char *text = malloc(f->len + 1);
    if (!text)
        abort();
    memcpy(text, f->text, f->len);
    text[f->len] = '\0';
    for (size_t at = 0; at < f->len;) {
        size_t i = at;
        while (i < f->len && (text[i] == ' ' || text[i] == '\t'))
            i++;
        if (f->len - i > 6 && !strncasecmp(text + i, ".globl", 6) &&
            isspace((unsigned char)text[i + 6]))
            for (; i < f->len && text[i] != '\n' && text[i] != '\r' && text[i] != '#'; i++)
                text[i] = ' ';
        while (at < f->len && text[at] != '\n')
            at++;
        at++;
    }
    source_file *local = source_from_memory(f->path, text, f->len);
    source_free(f);
    free(text);
    if (!local)
        abort();
    return local;
}

enum { FILE_GAP = 1, FILE_REFERENCE = 2 }; /* after the submission, file 0 */

/* The address of label as file sees it, when it is the reference's code
 * (theirs) or not (the submission's, in its file or one it includes); or 0. */
static uint32_t label_in(const mips_call_program *p, size_t file, const char *label,
                         bool theirs)
{
    uint32_t address;
    if (!mips_call_find(p, file, label, &address))
        return 0;
    const mips_origin *o = mips_program_origin(mips_call_image(p), address);
    return o && (o->file == FILE_REFERENCE) == theirs ? address : 0;
}

bool spec_mips_assemble_beside(spec_mips *e, source_file *submission)
{
    grade_spec_engine *g = &e->engine;
    const grade_spec *spec = g->spec;
    char why[1024] = "";
    /* A gap without code between the two: a submission that runs off its
     * own end leaves its code, as it does alone. */
    const mips_segment *t = &mips_call_image(e->submission)->segments[MIPS_SEG_TEXT];
    char gap[64];
    int gap_len = snprintf(gap, sizeof gap, ".text 0x%08x\n",
                           (unsigned)((t->base + t->size + 0x1000u) & ~0xfffu));
    source_file *beside[2] = {source_from_memory("(the reference's text)", gap,
                                                 (size_t)gap_len),
                              reference_local(spec->reference, why, sizeof why)};
    if (!beside[0] || !beside[1]) {
        source_free(beside[0]);
        source_free(beside[1]);
        source_free(submission);
        grade_spec_engine_error(g, "the reference's callees could not be loaded: %s", why);
        return false;
    }
    grade_private_includes inc = {spec->dir, spec->includes, spec->include_count};
    char *messages = NULL;
    e->beside = grade_assemble_private_beside(submission, beside, 2, e->scratch, &inc,
                                              &messages, why, sizeof why);
    if (!e->beside) {
        grade_spec_engine_error(g, "the submission does not assemble beside the reference, "
                                "whose callees the spec runs: %.1500s",
                                messages && *messages ? messages : why);
        free(messages);
        return false;
    }
    free(messages);
    for (int f = 0; f < spec->function_count; f++)
        for (int i = 0; i < spec->functions[f].reference_callee_count; i++) {
            const char *label = spec->functions[f].reference_callees[i];
            if (!label_in(e->beside, FILE_REFERENCE, label, true)) {
                grade_spec_engine_error(g, "the spec's reference solution %s has no function "
                                        "%s, whose code `callees from the reference` runs",
                                        spec->reference, label);
                return false;
            }
        }
    return true;
}

/* "j target" at pc, encoded by the instruction table; false when target
 * lies outside pc's 256 MB region (no j reaches it). */
static bool encode_jump(uint32_t pc, uint32_t target, uint32_t *word)
{
    mips_operand op = {.kind = MIPS_TOK_IDENT, .value = (int32_t)target, .label = "target"};
    mips_match m = mips_match_operands("j", 1, &op, 1, false);
    unsigned bad;
    return m.form.basic && m.why == MIPS_MATCH_OK &&
           mips_encode(m.form.basic, &op, pc, word, &bad);
}

void spec_mips_redirect_callees(mips_call *c, const spec_mips *e,
                                const grade_spec_function *fn)
{
    mips_machine *m = mips_call_machine(c);
    for (int i = 0; i < fn->reference_callee_count; i++) {
        const char *label = fn->reference_callees[i];
        uint32_t own = label_in(e->beside, 0, label, false),
                 theirs = label_in(e->beside, FILE_REFERENCE, label, true);
        /* j: the grader's machine has no delay slot (MARS's default) */
        uint32_t jump;
        if (own && theirs && encode_jump(own, theirs, &jump))
            mips_poke(m, own, jump);
    }
}
