/* The top of every grader's text report. */
#include "grade_text.h"

#include <inttypes.h>
#include <string.h>

#include "grade_escape.h"

bool grade_text_begin(FILE *out, const char *title, const char *submission, uint64_t seed,
                      const char *extra, const char *note, const char *error)
{
    /* The submission's name and the note are one line each, escaped: a
     * name holding a newline or ESC cannot forge or redraw a line. */
    fprintf(out, "%s: ", title);
    grade_escape_text(out, submission, strlen(submission), false);
    fprintf(out, "\nseed %" PRIu64 " (--seed %" PRIu64 " replays these tests)\n", seed, seed);
    if (extra)
        fprintf(out, "%s\n", extra);
    fputc('\n', out);
    if (note[0]) {
        grade_escape_text(out, note, strlen(note), false);
        fputs("\n\n", out);
    }
    if (error[0]) {
        fprintf(out, "Not graded: %s.\nThis is no fault of the submission's: it has no "
                     "score.\n", error);
        return false;
    }
    return true;
}
