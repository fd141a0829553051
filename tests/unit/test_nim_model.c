/* The Nim model (lc3sim/grade/nim_model.h) against the assignment's own
 * sample dialogue, byte for byte (a copy of the seed's 000_sample_io.txt),
 * against the reference program's golden transcripts, and on every kind
 * of invalid move the handout names. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nim_model.h"

#if !defined(NIM_SAMPLE_IO) || !defined(NIM_GOLDEN_DIR)
#error "NIM_SAMPLE_IO names the sample dialogue, NIM_GOLDEN_DIR the reference's goldens"
#endif

static const char sample_keys[] = "B2A1C6G1B3A3C2A1A*&4A1";

/* The whole file at path (NUL-terminated), its length in *len. */
static char *slurp(const char *path, size_t *len)
{
    FILE *in = fopen(path, "rb");
    if (!in)
        fail_msg("cannot read %s", path);
    char *text = NULL;
    size_t size = 0;
    FILE *buf = open_memstream(&text, &size);
    int c;
    while ((c = fgetc(in)) != EOF)
        fputc(c, buf);
    fclose(buf);
    fclose(in);
    *len = size;
    return text;
}

static nim_transcript play(const char *keys)
{
    return nim_play(keys, strlen(keys));
}

static void sample_dialogue_exactly(void **state)
{
    (void)state;
    size_t len;
    char *want = slurp(NIM_SAMPLE_IO, &len);
    nim_transcript t = play(sample_keys);
    assert_int_equal(t.len, len);
    assert_memory_equal(t.text, want, len);
    assert_true(t.won);
    assert_int_equal(t.winner, 2);
    assert_int_equal(t.keys_used, strlen(sample_keys));
    nim_transcript_free(&t);
    free(want);
}

/* The reference nim.asm's goldens on lc3sim: the model prints the same,
 * up to the OS's halt banner (a program that waits prints no banner). */
static void reference_goldens(void **state)
{
    (void)state;
    static const char *const names[] = {
        "boundaries", "count_zero_rejected", "empty_row", "eof_mid_game", "invalid_examples",
        "lowercase_rejected", "player1_wins", "player2_wins", "sample_game", "whole_rows",
    };
    static const char banner[] = "\n\n--- Halting the LC-3 ---\n\n";
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[4096];
        size_t key_len, out_len;
        snprintf(path, sizeof path, "%s/%s.in", NIM_GOLDEN_DIR, names[i]);
        char *keys = slurp(path, &key_len);
        snprintf(path, sizeof path, "%s/%s.out", NIM_GOLDEN_DIR, names[i]);
        char *out = slurp(path, &out_len);
        nim_transcript t = nim_play(keys, key_len);
        size_t want = out_len;
        if (t.won) {
            assert_true(out_len > strlen(banner));
            want -= strlen(banner);
            assert_memory_equal(out + want, banner, strlen(banner));
        }
        if (t.len != want || memcmp(t.text, out, want) != 0)
            fail_msg("%s: the model differs from the golden:\n%s", names[i], t.text);
        nim_transcript_free(&t);
        free(keys);
        free(out);
    }
}

static void judging(void **state)
{
    (void)state;
    const int rocks[3] = {3, 0, 8};
    assert_int_equal(nim_judge(rocks, 'A', '1'), NIM_MOVE_VALID);
    assert_int_equal(nim_judge(rocks, 'A', '3'), NIM_MOVE_VALID);
    assert_int_equal(nim_judge(rocks, 'C', '8'), NIM_MOVE_VALID);
    assert_int_equal(nim_judge(rocks, 'A', '4'), NIM_MOVE_BAD_COUNT);  /* too many */
    assert_int_equal(nim_judge(rocks, 'C', '9'), NIM_MOVE_BAD_COUNT);
    assert_int_equal(nim_judge(rocks, 'A', '0'), NIM_MOVE_BAD_COUNT);  /* zero */
    assert_int_equal(nim_judge(rocks, 'B', '1'), NIM_MOVE_BAD_COUNT);  /* an empty row */
    assert_int_equal(nim_judge(rocks, 'A', '*'), NIM_MOVE_BAD_COUNT);  /* not a digit */
    assert_int_equal(nim_judge(rocks, 'C', ':'), NIM_MOVE_BAD_COUNT);  /* '9' + 1 */
    assert_int_equal(nim_judge(rocks, 'A', '\xb1'), NIM_MOVE_BAD_COUNT);
    assert_int_equal(nim_judge(rocks, 'D', '1'), NIM_MOVE_BAD_ROW);    /* a bad letter */
    assert_int_equal(nim_judge(rocks, '@', '1'), NIM_MOVE_BAD_ROW);
    assert_int_equal(nim_judge(rocks, 'a', '1'), NIM_MOVE_BAD_ROW);    /* lower case */
    assert_int_equal(nim_judge(rocks, '&', '4'), NIM_MOVE_BAD_ROW);
}

/* Each invalid kind prints the error and the same player's prompt again,
 * with no blank line and no board. */
static void invalid_moves_reprompt(void **state)
{
    (void)state;
    static const char *const moves[] = {"D4", "A9", "A*", "&4", "a1", "A0", "@1"};
    static const char board[] = "ROW A: ooo\nROW B: ooooo\nROW C: oooooooo\n";
    static const char prompt[] = "Player 1, choose a row and number of rocks: ";
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        nim_transcript t = play(moves[i]);
        char want[400];
        snprintf(want, sizeof want, "%s%s%s\nInvalid move. Try again.\n%s", board, prompt,
                 moves[i], prompt);
        assert_string_equal(t.text, want);
        assert_false(t.won);
        nim_transcript_free(&t);
    }
    /* Several in a row, then a valid move: one board after it only. */
    nim_transcript t = play("D4A9&4A1");
    assert_int_equal(t.keys_used, 8);
    const char *after = strstr(t.text, "A1\n\nROW A: oo\n");
    assert_non_null(after);
    assert_non_null(strstr(after, "Player 2, choose"));
    nim_transcript_free(&t);
}

static void endings(void **state)
{
    (void)state;
    /* Waiting: after the prompt, or after the row key. */
    nim_transcript t = play("");
    assert_string_equal(t.text, "ROW A: ooo\nROW B: ooooo\nROW C: oooooooo\n"
                                "Player 1, choose a row and number of rocks: ");
    nim_transcript_free(&t);
    t = play("B");
    assert_int_equal(t.text[t.len - 1], 'B');
    assert_int_equal(t.keys_used, 1);
    nim_transcript_free(&t);
    /* Player 1 wins when player 2 takes the last rock; keys after a win
     * are never read. */
    t = play("A3C8B4B1A1");
    assert_true(t.won);
    assert_int_equal(t.winner, 1);
    assert_int_equal(t.keys_used, 8);
    assert_string_equal(t.text + t.len - strlen("B1\n\nPlayer 1 Wins.\n"), "B1\n\nPlayer 1 Wins.\n");
    nim_transcript_free(&t);
    /* A whole row taken shows an empty row; choosing it is invalid. */
    t = play("C8B1C1");
    assert_non_null(strstr(t.text, "ROW C: \nPlayer 2"));
    assert_non_null(strstr(t.text, "C1\nInvalid move. Try again.\nPlayer 1, choose"));
    nim_transcript_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sample_dialogue_exactly),
        cmocka_unit_test(reference_goldens),
        cmocka_unit_test(judging),
        cmocka_unit_test(invalid_moves_reprompt),
        cmocka_unit_test(endings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
