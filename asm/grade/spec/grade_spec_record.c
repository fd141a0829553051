/* Record types (docs/grader-spec.md, "Records"): `record NAME` and its
 * `field` lines, each with a generator, laid out as a C compiler lays out
 * the struct (MIPS: each field aligned to its size, the record to its
 * largest; a machine of word elements: a word per field); and their use by
 * an argument: `NAME` (one record) or `array LO..HI of NAME`. */
#include "grade_spec_impl.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"

const grade_spec_record *spec_find_record(const spec_parser *p, const spec_tok *t)
{
    for (int i = 0; t->kind == TOK_WORD && i < p->spec->record_count; i++)
        if (spec_tok_equal(t, p->spec->records[i]->name))
            return p->spec->records[i];
    return NULL;
}

void spec_record_start(spec_parser *p)
{
    const spec_tok *name = spec_next(p);
    if (name->kind != TOK_WORD || name->len >= GRADE_SPEC_NAME_MAX ||
        !isalpha((unsigned char)name->start[0])) {
        spec_error(p, name, "expected the record type's name after 'record'");
        return;
    }
    if (spec_find_record(p, name)) {
        spec_error(p, name, "there is already a record type %.*s", name->len, name->start);
        return;
    }
    if (!spec_line_ends(p))
        return;
    grade_spec *s = p->spec;
    grade_spec_record **grown = grow_array(s->records, &s->record_cap,
                                           (size_t)s->record_count + 1, sizeof *grown);
    grade_spec_record *r = grown ? calloc(1, sizeof *r) : NULL;
    if (grown)
        s->records = grown;
    if (!r) {
        spec_error(p, name, "out of memory");
        return;
    }
    memcpy(r->name, name->start, (size_t)name->len);
    r->line = p->line;
    s->records[s->record_count++] = r;
    p->rec = r;
}

bool spec_record_array(spec_parser *p, const grade_record_field *f, char **blob, size_t *len,
                       int32_t *least)
{
    int es = f->elem_size;
    grade_gen list = {0};
    const spec_tok *t = spec_peek(p);
    if (t->kind != TOK_PUNCT || t->start[0] != '[') {
        spec_error(p, t, "expected the elements in brackets: array of byte [1, 2, 3]");
        return false;
    }
    if (!spec_parse_list(p, &list, es == 4 ? INT32_MIN : es == 2 ? -32768 : -128,
                         es == 4 ? UINT32_MAX : es == 2 ? 65535 : 255)) {
        free(list.values);
        return false;
    }
    if (list.value_count > 255) {
        spec_error(p, t, "an array field holds at most 255 elements");
        free(list.values);
        return false;
    }
    size_t at = *len, n = list.value_count;
    char *grown = realloc(*blob, at + 4 + n * (size_t)es);
    if (!grown)
        abort();
    *blob = grown;
    for (int k = 0; k < 4; k++)
        grown[at + (size_t)k] = (char)(n >> (8 * k));
    for (size_t i = 0; i < n; i++) {
        for (int k = 0; k < es; k++)
            grown[at + 4 + i * (size_t)es + (size_t)k] =
                (char)((uint32_t)list.values[i] >> (8 * k));
        if (least && list.values[i] < *least)
            *least = list.values[i];
    }
    *len = at + 4 + n * (size_t)es;
    free(list.values);
    return true;
}

/* `array N of SIZE LO..HI`: N elements inside the record, each drawn. */
static bool inline_array(spec_parser *p, grade_record_field *f)
{
    const spec_tok *n = spec_next(p);
    int64_t count;
    if (!spec_number(n, &count) || count < 1 || count > 64) {
        spec_error(p, n, "expected the number of elements (1..64) inside the record: array "
                   "4 of byte 0..100");
        return false;
    }
    if (p->isa->word_elements) {
        spec_error(p, n, "an array inside a record is for MIPS (on the %s, point to a "
                   "constant array: array of SIZE [N, ...])", p->isa->name);
        return false;
    }
    if (!spec_is(spec_next(p), "of")) {
        spec_error(p, n, "expected 'of SIZE LO..HI' after the number of elements");
        return false;
    }
    f->kind = GRADE_FIELD_ELEMENTS, f->count = (uint32_t)count;
    if (!(f->elem_size = spec_parse_size(p)))
        return false;
    f->size = (int)f->count * f->elem_size;
    int64_t min = f->elem_size == 4 ? INT32_MIN : f->elem_size == 2 ? -32768 : -128;
    int64_t max = f->elem_size == 4 ? INT32_MAX : f->elem_size == 2 ? 65535 : 255;
    return spec_range(p, spec_next(p), &f->lo, &f->hi, min, max, "an element's values");
}

/* The field's generator after its name, into f. */
static bool field_generator(spec_parser *p, grade_record_field *f)
{
    const spec_tok *t = spec_peek(p);
    if (t->kind == TOK_STRING) {
        spec_next(p);
        grade_gen g = {0};
        if (!spec_parse_constant_string(p, t, &g))
            return false;
        f->kind = GRADE_FIELD_STRING, f->size = 4;
        f->text = g.text, f->text_len = g.text_len;
        return true;
    }
    spec_next(p);
    if (spec_is(t, "byte") || spec_is(t, "half") || spec_is(t, "word")) {
        p->pos--;
        f->kind = GRADE_FIELD_INT;
        if (!(f->size = spec_parse_size(p)))
            return false;
        int64_t min = f->size == 4 ? INT32_MIN : f->size == 2 ? -32768 : -128;
        int64_t max = f->size == 4 ? INT32_MAX : f->size == 2 ? 65535 : 255;
        return spec_range(p, spec_next(p), &f->lo, &f->hi, min, max, "a field's values");
    }
    if (spec_is(t, "bits")) {
        f->kind = GRADE_FIELD_BITS;
        if (!(f->size = spec_parse_size(p)))
            return false;
        const spec_tok *m = spec_next(p);
        int64_t mask;
        int64_t top = f->size == 4 ? UINT32_MAX : ((int64_t)1 << (8 * f->size)) - 1;
        if (!spec_number(m, &mask) || mask < 1 || mask > top) {
            spec_error(p, m, "expected the bits the field may have set (1..0x%llX)",
                       (unsigned long long)top);
            return false;
        }
        f->lo = 0, f->hi = (int32_t)(uint32_t)mask;
        return true;
    }
    if (spec_is(t, "char")) {
        f->kind = GRADE_FIELD_CHAR, f->size = 1;
        return spec_parse_set(p, f->set);
    }
    if (spec_is(t, "string")) {
        f->kind = GRADE_FIELD_STRING, f->size = 4;
        return spec_range(p, spec_next(p), &f->lo, &f->hi, 0, 255, "a string field's length") &&
               spec_parse_set(p, f->set);
    }
    if (spec_is(t, "array") && !spec_is(spec_peek(p), "of"))
        return inline_array(p, f);
    if (spec_is(t, "array")) {
        f->kind = GRADE_FIELD_ARRAY, f->size = 4;
        if (!spec_is(spec_next(p), "of") || !(f->elem_size = spec_parse_size(p)))
            return false;
        f->align = p->isa->word_elements ? 1 : (uint32_t)f->elem_size;
        return spec_record_array(p, f, &f->text, &f->text_len, &f->lo);
    }
    if (spec_is(t, "link")) {
        f->kind = GRADE_FIELD_LINK, f->size = 4;
        return true;
    }
    if (spec_is(t, "pointer")) {
        const spec_tok *how = spec_next(p), *to = spec_next(p);
        f->kind = GRADE_FIELD_POINTER, f->size = 4;
        if (!spec_is(how, "to") && !spec_is(how, "into")) {
            spec_error(p, how, "expected 'to NAME' (an input's address) or 'into NAME' (one "
                       "of its elements)");
            return false;
        }
        if (to->kind != TOK_WORD || to->len >= GRADE_SPEC_NAME_MAX) {
            spec_error(p, to, "expected the name of the input it points to");
            return false;
        }
        f->into = spec_is(how, "into");
        memcpy(f->target, to->start, (size_t)to->len);
        return true;
    }
    spec_error(p, t, "expected a field's generator: byte, half or word LO..HI, bits SIZE "
               "MASK, char SET, string LO..HI SET, \"TEXT\", array of SIZE [N, ...], "
               "pointer to|into NAME, link");
    return false;
}

static int field_align(const grade_record_field *f)
{
    return f->kind == GRADE_FIELD_ELEMENTS ? f->elem_size : f->size;
}

void spec_record_statement(spec_parser *p, const spec_tok *key)
{
    grade_spec_record *r = p->rec;
    if (!spec_is(key, "field")) {
        spec_error(p, key, "a record type's lines are 'field NAME GENERATOR'");
        return;
    }
    const spec_tok *name = spec_next(p);
    if (r->field_count == GRADE_SPEC_FIELDS_MAX) {
        spec_error(p, key, "a record has at most %d fields", GRADE_SPEC_FIELDS_MAX);
        return;
    }
    bool taken = false;
    for (int i = 0; i < r->field_count; i++)
        taken = taken || spec_tok_equal(name, r->fields[i].name);
    if (name->kind != TOK_WORD || name->len >= GRADE_SPEC_NAME_MAX ||
        !isalpha((unsigned char)name->start[0]) || taken) {
        spec_error(p, name, taken ? "the record already has a field %.*s"
                   : "expected the field's name", name->len, name->start);
        return;
    }
    grade_record_field *f = &r->fields[r->field_count];
    memset(f, 0, sizeof *f);
    f->line = p->line, f->col = name->col;
    memcpy(f->name, name->start, (size_t)name->len);
    if (!field_generator(p, f) || !spec_line_ends(p)) {
        free(f->text);
        f->text = NULL;
        return;
    }
    if (f->kind == GRADE_FIELD_LINK && grade_spec_record_link(r) >= 0) {
        spec_error(p, name, "the record %s already has a link field (%s): a list has one",
                   r->name, r->fields[grade_spec_record_link(r)].name);
        return;
    }
    /* a word per field on a machine of words, else C's alignment (an
     * array inside the record: its element's) */
    int align = p->isa->word_elements ? 1 : field_align(f), largest = 1;
    uint32_t end = r->field_count ? r->fields[r->field_count - 1].offset +
                                        (uint32_t)r->fields[r->field_count - 1].size : 0;
    f->offset = (end + (uint32_t)align - 1) / (uint32_t)align * (uint32_t)align;
    r->field_count++;
    for (int i = 0; i < r->field_count && !p->isa->word_elements; i++)
        largest = field_align(&r->fields[i]) > largest ? field_align(&r->fields[i]) : largest;
    end = f->offset + (uint32_t)f->size;
    r->size = (end + (uint32_t)largest - 1) / (uint32_t)largest * (uint32_t)largest;
}

bool spec_record_use(spec_parser *p, const grade_spec_function *fn, const grade_spec_record *r,
                     const spec_tok *at, grade_gen *g)
{
    g->kind = GRADE_GEN_RECORDS, g->rec = r;
    int self = fn->arg_count; /* the argument being declared */
    for (int i = 0; i < r->field_count; i++) {
        const grade_record_field *f = &r->fields[i];
        if (f->kind != GRADE_FIELD_POINTER)
            continue;
        int target = strcmp(f->target, fn->args[self].name) == 0 ? self : -1;
        for (int a = 0; a < fn->arg_count && target < 0; a++)
            if (!strcmp(fn->args[a].name, f->target))
                target = a;
        grade_gen_kind k = target < 0 ? GRADE_GEN_INT : target == self ? GRADE_GEN_RECORDS
                           : fn->args[target].gen.kind;
        if (k != GRADE_GEN_ARRAY && k != GRADE_GEN_STRING && k != GRADE_GEN_STRINGS &&
            k != GRADE_GEN_RECORDS) {
            spec_error(p, at, "the field %s of %s points %s %s: that must be a string, array "
                       "or records argument declared before this one (or this one)", f->name,
                       r->name, f->into ? "into" : "to", f->target);
            return false;
        }
        g->targets[i] = (int8_t)target;
    }
    if (r->field_count == 0) {
        spec_error(p, at, "the record type %s has no field", r->name);
        return false;
    }
    return true;
}

int grade_spec_record_link(const grade_spec_record *r)
{
    for (int i = 0; i < r->field_count; i++)
        if (r->fields[i].kind == GRADE_FIELD_LINK)
            return i;
    return -1;
}

uint32_t spec_record_max_strings(const grade_spec_record *r)
{
    uint32_t bytes = 0;
    for (int i = 0; i < r->field_count; i++)
        if (r->fields[i].kind == GRADE_FIELD_STRING)
            bytes += (r->fields[i].text ? (uint32_t)r->fields[i].text_len
                                        : (uint32_t)r->fields[i].hi) + 1;
        else if (r->fields[i].kind == GRADE_FIELD_ARRAY) /* its elements and padding */
            bytes += (uint32_t)r->fields[i].text_len + 4;
    return bytes;
}

void spec_records_free(grade_spec *s)
{
    for (int i = 0; i < s->record_count; i++) {
        for (int f = 0; f < s->records[i]->field_count; f++)
            free(s->records[i]->fields[f].text);
        free(s->records[i]);
    }
    free(s->records);
}

/* `list LO..HI of RECORD`: records linked through RECORD's link field, in
 * the order they are laid out, passed as the first one's address (0 when
 * the list is empty). */
bool spec_record_list(spec_parser *p, grade_spec_function *fn, grade_gen *g)
{
    if (!spec_range(p, spec_next(p), &g->lo, &g->hi, 0, GRADE_SPEC_ARRAY_MAX,
                    "a list's length"))
        return false;
    const spec_tok *of = spec_next(p), *name = spec_next(p);
    const grade_spec_record *rec = spec_find_record(p, name);
    if (!spec_is(of, "of") || !rec) {
        spec_error(p, spec_is(of, "of") ? name : of, "expected 'of' and a record type: "
                   "list 0..10 of node");
        return false;
    }
    if (grade_spec_record_link(rec) < 0) {
        spec_error(p, name, "the record %s has no link field (field next link): its "
                   "records cannot make a list", rec->name);
        return false;
    }
    g->list = true;
    return spec_record_use(p, fn, rec, name, g);
}
