/* The C model of the seed assignment's Nim (three rows of 3, 5 and 8 rocks;
 * a move is a row letter A-C and a count from 1 to what the row holds; who
 * takes the last rock loses): the exact bytes a correct program prints for
 * a string of keystrokes, up to its HALT or to where it waits for a key.
 * Every LC-3 Nim test's expected output comes from here. */
#ifndef NIM_MODEL_H
#define NIM_MODEL_H

#include <stdbool.h>
#include <stddef.h>

/* What one move is, as the handout's rules judge it. */
typedef enum nim_move {
    NIM_MOVE_VALID,
    NIM_MOVE_BAD_ROW,    /* not A, B or C (lower case included) */
    NIM_MOVE_BAD_COUNT,  /* not a digit from 1 to the rocks left in the row */
} nim_move;

typedef struct nim_transcript {
    char *text;   /* NUL-terminated; free it */
    size_t len;
    bool won;     /* the game ended ("Player N Wins."): the program halts */
    int winner;   /* 1 or 2 when won */
    size_t keys_used; /* the keys the program read (a win leaves the rest) */
} nim_transcript;

/* The board's rows before a move; judges row and count keys. */
nim_move nim_judge(const int rocks[3], char row, char count);

/* What a correct program prints when keys[0..count) are typed. Aborts when
 * out of memory. */
nim_transcript nim_play(const char *keys, size_t count);

void nim_transcript_free(nim_transcript *t);

#endif
