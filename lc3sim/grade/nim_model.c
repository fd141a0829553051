/* The Nim rules, printing as the handout's sample dialogue does: the board,
 * the prompt, the two keys echoed and a newline, then either "Invalid move.
 * Try again." or a blank line and the next board (or the winner). */
#include "nim_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

nim_move nim_judge(const int rocks[3], char row, char count)
{
    if (row < 'A' || row > 'C')
        return NIM_MOVE_BAD_ROW;
    if (count < '1' || count > '0' + rocks[row - 'A'])
        return NIM_MOVE_BAD_COUNT;
    return NIM_MOVE_VALID;
}

nim_transcript nim_play(const char *keys, size_t count)
{
    nim_transcript t = {0};
    FILE *out = open_memstream(&t.text, &t.len);
    if (!out)
        abort();
    int rocks[3] = {3, 5, 8};
    int player = 1;
    size_t next = 0;
    for (;;) {
        for (int r = 0; r < 3; r++) {
            fprintf(out, "ROW %c: ", 'A' + r);
            for (int k = 0; k < rocks[r]; k++)
                fputc('o', out);
            fputc('\n', out);
        }
        nim_move move;
        char row = 0, rocks_taken = 0;
        do {
            fprintf(out, "Player %d, choose a row and number of rocks: ", player);
            if (next == count)
                goto waiting;
            row = keys[next++];
            fputc(row, out);
            if (next == count)
                goto waiting;
            rocks_taken = keys[next++];
            fputc(rocks_taken, out);
            fputc('\n', out);
            move = nim_judge(rocks, row, rocks_taken);
            if (move != NIM_MOVE_VALID)
                fputs("Invalid move. Try again.\n", out);
        } while (move != NIM_MOVE_VALID);
        fputc('\n', out);
        rocks[row - 'A'] -= rocks_taken - '0';
        player = 3 - player;
        if (rocks[0] + rocks[1] + rocks[2] == 0) {
            fprintf(out, "Player %d Wins.\n", player);
            t.won = true;
            t.winner = player;
            break;
        }
    }
waiting:
    t.keys_used = next;
    if (fclose(out) != 0 || !t.text)
        abort();
    return t;
}

void nim_transcript_free(nim_transcript *t)
{
    free(t->text);
    t->text = NULL;
}
