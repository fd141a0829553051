/* A file argument drawn: the name the function gets and the text the
 * case's folder holds, a grid file's rows and columns drawn. A part of
 * drawing a case (grade_spec_draw.c). */
#include "grade_spec_draw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A grid file's text: the rows and the columns as two-digit numbers on a
 * line each, a line of cells per row (one of them g->one, when given), and
 * the number after `then` on the last line. */
static char *draw_grid_file(const grade_gen *g, grade_rng *rng, uint32_t *len)
{
    int rows = grade_rng_range(rng, g->lo, g->hi), cols = grade_rng_range(rng, g->elo, g->ehi);
    int one = g->one ? grade_rng_range(rng, 0, rows * cols - 1) : -1;
    char *text = (char *)grade_spec_alloc_bytes((uint32_t)(rows * (cols + 1) + 16));
    int n = snprintf(text, 16, "%02d\n%02d\n", rows, cols);
    for (int i = 0; i < rows * cols; i++) {
        char c = i == one ? (char)g->one : grade_spec_pick_char(g->set, rng);
        if (g->bit && grade_rng_range(rng, 0, 99) < g->bit_percent)
            c = (char)(c | g->bit);
        text[n++] = c;
        if (i % cols == cols - 1)
            text[n++] = '\n';
    }
    if (g->then)
        n += snprintf(text + n, 16, "%02d\n", (int)grade_rng_range(rng, g->tlo, g->thi));
    *len = (uint32_t)n;
    return text;
}

/* The name the function gets, and the file the case's folder holds. */
void grade_spec_draw_file_name(const grade_gen *g, grade_rng *rng, grade_spec_value *v)
{
    uint32_t n = (uint32_t)strlen(g->file_name);
    uint8_t *b = grade_spec_alloc_bytes(n + 1);
    memcpy(b, g->file_name, n);
    free(v->file);
    v->file = NULL, v->file_len = 0;
    if (g->grid_file) {
        v->file = draw_grid_file(g, rng, &v->file_len);
    } else if (!g->missing) {
        v->file = (char *)grade_spec_alloc_bytes((uint32_t)g->text_len);
        memcpy(v->file, g->text, g->text_len);
        v->file_len = (uint32_t)g->text_len;
    }
    grade_spec_value_set(v, b, n + 1, v->file_len);
}
