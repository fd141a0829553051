/* Assembler speed: generates a 100,000-line MIPS program (instructions,
 * pseudo-instructions, labels, branches, data) and times mips_assemble on
 * it. Prints source lines per second; the target is 1 million. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_clock.h"

#include "mips_asm.h"

enum { LINES = 100000, ROUNDS = 5 };

/* A program shaped like student code: a loop body per block of ten lines. */
static char *generate(size_t *len)
{
    size_t cap = (size_t)LINES * 48, n = 0;
    char *text = malloc(cap);
    if (!text)
        return NULL;
    static const char *const body[] = {
        "        addi $t0, $t0, 1\n",
        "        lw $t1, 4($sp)\n",
        "        sw $t1, 8($sp)\n",
        "        add $t2, $t0, $t1\n",
        "        li $t3, 100000\n",
        "        la $a0, buffer\n",
        "        sll $t4, $t2, 2\n",
        "        bne $t0, $t1, L%d\n",
        "        blt $t2, $t3, L%d\n",
    };
    n += (size_t)snprintf(text + n, cap - n, "        .data\nbuffer: .space 64\n        .text\n");
    int lines = 3;
    for (int block = 0; lines < LINES; block++) {
        n += (size_t)snprintf(text + n, cap - n, "L%d:\n", block);
        lines++;
        for (size_t i = 0; i < sizeof body / sizeof body[0] && lines < LINES; i++, lines++)
            n += (size_t)snprintf(text + n, cap - n, body[i], block);
    }
    *len = n;
    return text;
}

int main(void)
{
    size_t len;
    char *text = generate(&len);
    if (!text)
        return 1;
    source_file *src = source_from_memory("bench.asm", text, len);
    free(text);
    double best = 1e30;
    for (int r = 0; r < ROUNDS; r++) {
        diag_sink diags;
        diag_init(&diags, stderr);
        mips_program prog;
        double start = bench_seconds();
        bool ok = mips_assemble((const source_file *const *)&src, 1, NULL, &diags, &prog);
        double elapsed = bench_seconds() - start;
        mips_program_free(&prog);
        if (!ok) {
            fprintf(stderr, "mips_asm_bench: the generated program did not assemble\n");
            return 1;
        }
        if (elapsed < best)
            best = elapsed;
        printf("mips asm: %d lines in %.3f s = %.2f M lines/s\n", LINES, elapsed,
               LINES / elapsed / 1e6);
    }
    printf("mips asm: best of %d: %.2f M lines/s\n", ROUNDS, LINES / best / 1e6);
    source_free(src);
    return 0;
}
