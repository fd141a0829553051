/* The top of every grader's text report. */
#include "grade_text.h"

#include <inttypes.h>

bool grade_text_begin(FILE *out, const char *title, const char *submission, uint64_t seed,
                      const char *extra, const char *note, const char *error)
{
    fprintf(out, "%s: %s\nseed %" PRIu64 " (--seed %" PRIu64 " replays these tests)\n", title,
            submission, seed, seed);
    if (extra)
        fprintf(out, "%s\n", extra);
    fputc('\n', out);
    if (note[0])
        fprintf(out, "%s\n\n", note);
    if (error[0]) {
        fprintf(out, "Not graded: %s.\nThis is no fault of the submission's: it has no "
                     "score.\n", error);
        return false;
    }
    return true;
}
