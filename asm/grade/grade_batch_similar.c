/* Similar submissions in a batch: a hint for the course, never a
 * deduction. Each file becomes a stream of tokens with its comments and
 * spacing gone, and every register and every label (defined or used) one
 * token each, so renaming either changes nothing; a statement's mnemonic
 * and its numbers and strings stay. Runs of GRAM tokens are hashed, runs
 * found in most submissions (the handout's skeleton) are set aside, and
 * two files whose remaining runs overlap by SIMILAR_SHARE or more are a
 * pair. ISA-free: the runner names the comment characters and, for an
 * ISA whose labels need no colon, its mnemonics. */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grade_batch.h"
#include "grade_submission.h"

enum {
    GRAM = 12,       /* tokens a run: about two instructions */
    GRAMS_MIN = 30,  /* fewer runs of its own: too little code to compare */
};
#define SIMILAR_SHARE 0.8

typedef struct tokens {
    uint32_t *hash;
    size_t count, cap;
    uint32_t *grams; /* sorted, unique */
    size_t gram_count;
} tokens;

static uint32_t fnv(const char *s, size_t len, uint32_t h)
{
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)tolower((unsigned char)s[i])) * 16777619u;
    return h;
}

static const uint32_t REGISTER = 0x52454730u, LABEL = 0x4c41424cu, LINE = 0x0a0a0a0au;

static bool push(tokens *t, uint32_t h)
{
    if (t->count == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 256;
        uint32_t *grown = realloc(t->hash, cap * sizeof *grown);
        if (!grown)
            return false;
        t->hash = grown, t->cap = cap;
    }
    t->hash[t->count++] = h;
    return true;
}

static bool is_word(int c)
{
    return isalnum(c) || c == '_' || c == '.' || c == '$' || c == '%';
}

/* An LC-3 register (R0-R7) or any MIPS one ($t0, $8, $f2). */
static bool is_register(const char *s, size_t len)
{
    return s[0] == '$' || (len == 2 && (s[0] == 'r' || s[0] == 'R') && s[1] >= '0' && s[1] <= '7');
}

/* The role of the name w[0..len) in its statement, as a token: a label
 * (before a colon; or, where labels need none, a first word that is no
 * mnemonic or directive), the mnemonic (the first other word: kept), or an
 * operand (a register, or a label used). */
static uint32_t name_token(const grade_runner *run, const char *w, size_t len, char next,
                           bool *seen_mnemonic)
{
    if (is_register(w, len))
        return REGISTER;
    if (*seen_mnemonic || next == ':')
        return LABEL;
    if (run->is_mnemonic && w[0] != '.' && !run->is_mnemonic(w, len))
        return LABEL;
    *seen_mnemonic = true;
    return fnv(w, len, 2166136261u);
}

static bool tokenize(const grade_runner *run, const char *text, size_t len, tokens *t)
{
    size_t i = 0;
    bool seen_mnemonic = false, ok = true;
    while (ok && i < len) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\n') {
            seen_mnemonic = false;
            ok = t->count == 0 || t->hash[t->count - 1] == LINE || push(t, LINE);
            i++;
        } else if (isspace(c)) {
            i++;
        } else if (c != '\0' && strchr(run->comment, c)) {
            while (i < len && text[i] != '\n')
                i++;
        } else if (c == '"' || c == '\'') {
            size_t start = i++;
            while (i < len && text[i] != (char)c && text[i] != '\n')
                i += text[i] == '\\' && i + 1 < len ? 2 : 1;
            i += i < len && text[i] == (char)c;
            ok = push(t, fnv(text + start, i - start, 2166136261u));
        } else if (is_word(c)) {
            size_t start = i;
            while (i < len && is_word((unsigned char)text[i]))
                i++;
            size_t after = i;
            while (after < len && (text[after] == ' ' || text[after] == '\t'))
                after++;
            char next = after < len ? text[after] : '\0';
            ok = push(t, isdigit(c) ? fnv(text + start, i - start, 2166136261u)
                                    : name_token(run, text + start, i - start, next, &seen_mnemonic));
        } else {
            ok = push(t, fnv(text + i, 1, 2166136261u));
            i++;
        }
    }
    return ok;
}

/* A count per hash over the batch, each submission counted once. */
typedef struct counts {
    uint32_t *key;
    int *count, *last;
    size_t size; /* a power of two */
} counts;

static int *slot(counts *c, uint32_t key, int doc)
{
    size_t i = key & (c->size - 1);
    while (c->last[i] >= 0 && c->key[i] != key)
        i = (i + 1) & (c->size - 1);
    if (c->last[i] < 0)
        c->key[i] = key, c->count[i] = 0, c->last[i] = -2;
    if (doc >= 0 && c->last[i] != doc)
        c->last[i] = doc, c->count[i]++;
    return &c->count[i];
}

static bool counts_new(counts *c, size_t entries)
{
    c->size = 1024;
    while (c->size < 2 * entries + 1)
        c->size *= 2;
    c->key = malloc(c->size * sizeof *c->key);
    c->count = malloc(c->size * sizeof *c->count);
    c->last = malloc(c->size * sizeof *c->last);
    if (c->last)
        for (size_t i = 0; i < c->size; i++)
            c->last[i] = -1;
    return c->key && c->count && c->last;
}

static void counts_free(counts *c)
{
    free(c->key), free(c->count), free(c->last);
}

static int by_value(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* t's runs of GRAM tokens, sorted, each once. */
static bool make_grams(tokens *t)
{
    size_t n = t->count >= GRAM ? t->count - GRAM + 1 : 0;
    t->grams = malloc((n ? n : 1) * sizeof *t->grams);
    if (!t->grams)
        return false;
    for (size_t i = 0; i < n; i++) {
        uint32_t h = 2166136261u;
        for (int k = 0; k < GRAM; k++)
            h = (h ^ t->hash[i + (size_t)k]) * 16777619u;
        t->grams[i] = h;
    }
    qsort(t->grams, n, sizeof *t->grams, by_value);
    size_t unique = 0;
    for (size_t i = 0; i < n; i++)
        if (unique == 0 || t->grams[unique - 1] != t->grams[i])
            t->grams[unique++] = t->grams[i];
    t->gram_count = unique;
    return true;
}

/* Drops the runs most files share: the skeleton every student was given. */
static void drop_skeleton(tokens *t, counts *grams, int most)
{
    size_t kept = 0;
    for (size_t i = 0; i < t->gram_count; i++)
        if (*slot(grams, t->grams[i], -1) < most)
            t->grams[kept++] = t->grams[i];
    t->gram_count = kept;
}

static double overlap(const tokens *a, const tokens *b)
{
    size_t i = 0, j = 0, both = 0;
    while (i < a->gram_count && j < b->gram_count) {
        if (a->grams[i] == b->grams[j])
            both++, i++, j++;
        else if (a->grams[i] < b->grams[j])
            i++;
        else
            j++;
    }
    size_t either = a->gram_count + b->gram_count - both;
    return either ? (double)both / (double)either : 0;
}

static int by_share(const void *a, const void *b)
{
    const grade_similar_pair *x = a, *y = b;
    if (x->share != y->share)
        return x->share < y->share ? 1 : -1;
    return x->a != y->a ? x->a - y->a : x->b - y->b;
}

static bool add_pair(grade_similar *s, int a, int b, double share)
{
    if (s->count % 64 == 0) {
        grade_similar_pair *grown = realloc(s->pairs, ((size_t)s->count + 64) * sizeof *grown);
        if (!grown)
            return false;
        s->pairs = grown;
    }
    s->pairs[s->count++] = (grade_similar_pair){a, b, share};
    return true;
}

/* Every file's tokens (a file that cannot be read has none: its row says why). */
static bool read_all(const grade_runner *run, tokens *files)
{
    for (int i = 0; i < run->path_count; i++) {
        grade_findings fatal = {0};
        source_file *f = grade_load_submission(run->paths[i], run->folder_file, &fatal);
        grade_findings_free(&fatal);
        if (!f)
            continue;
        bool ok = tokenize(run, f->text, f->len, &files[i]);
        source_free(f);
        if (!ok)
            return false;
    }
    return true;
}

bool grade_similar_find(const grade_runner *run, grade_similar *out)
{
    *out = (grade_similar){0};
    if (!run->comment || run->path_count < 2)
        return true;
    int n = run->path_count;
    tokens *files = calloc((size_t)n, sizeof *files);
    counts grams = {0};
    bool ok = files && read_all(run, files);
    size_t total = 0;
    for (int i = 0; ok && i < n; i++)
        ok = make_grams(&files[i]), total += files[i].gram_count;
    ok = ok && counts_new(&grams, total);
    for (int i = 0; ok && i < n; i++)
        for (size_t k = 0; k < files[i].gram_count; k++)
            slot(&grams, files[i].grams[k], i);
    /* Runs in more than half of four or more files: the skeleton. */
    for (int i = 0; ok && n >= 4 && i < n; i++)
        drop_skeleton(&files[i], &grams, n / 2 + 1);
    for (int a = 0; ok && a < n; a++)
        for (int b = a + 1; ok && b < n; b++) {
            if (files[a].gram_count < GRAMS_MIN || files[b].gram_count < GRAMS_MIN)
                continue;
            double share = overlap(&files[a], &files[b]);
            if (share >= SIMILAR_SHARE)
                ok = add_pair(out, a, b, share);
        }
    if (ok && out->count > 1)
        qsort(out->pairs, (size_t)out->count, sizeof *out->pairs, by_share);
    for (int i = 0; files && i < n; i++)
        free(files[i].hash), free(files[i].grams);
    free(files);
    counts_free(&grams);
    if (!ok)
        grade_similar_free(out);
    return ok;
}

void grade_similar_free(grade_similar *s)
{
    free(s->pairs);
    *s = (grade_similar){0};
}
