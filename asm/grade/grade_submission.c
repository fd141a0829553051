/* Opening a submission safely, and capping the assembler's messages. */
#define _GNU_SOURCE /* open_memstream */
#include "grade_submission.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grade_escape.h"

void grade_cap_messages(char *text)
{
    size_t len = text ? strlen(text) : 0;
    if (len <= GRADE_MESSAGES_MAX)
        return;
    size_t cut = GRADE_MESSAGES_MAX;
    while (cut > 0 && text[cut - 1] != '\n')
        cut--;
    snprintf(text + cut, len + 1 - cut, "... and %zu more bytes of messages\n", len - cut);
}

void grade_put_messages(FILE *out, const char *messages)
{
    char *shown = NULL;
    size_t len = 0;
    FILE *buf = open_memstream(&shown, &len);
    if (!buf)
        return;
    grade_escape_text(buf, messages ? messages : "", messages ? strlen(messages) : 0, true);
    fclose(buf);
    if (len > GRADE_MESSAGES_MAX) {
        size_t cut = GRADE_MESSAGES_MAX;
        while (cut > 0 && shown[cut - 1] != '\n')
            cut--;
        fwrite(shown, 1, cut, out);
        fprintf(out, "... and %zu more bytes of messages\n", len - cut);
    } else if (shown) {
        fwrite(shown, 1, len, out);
    }
    free(shown);
}

source_file *grade_load_submission(const char *path, const char *folder_file,
                                   grade_findings *fatal)
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    memset(&st, 0, sizeof st);
    if (fd < 0) {
        if (errno == ELOOP)
            grade_findings_add(fatal, 0, 0, "is a symbolic link (a submission must be a "
                               "regular file; the link is not followed)");
        else
            grade_findings_add(fatal, 0, 0, "cannot be read: %s", strerror(errno));
        return NULL;
    }
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > SOURCE_MAX_BYTES) {
        if (S_ISDIR(st.st_mode))
            grade_findings_add(fatal, 0, 0, "is a folder without %s", folder_file);
        else
            grade_findings_add(fatal, 0, 0, "%s", !S_ISREG(st.st_mode) ? "is not a regular "
                               "file (a submission must be one)" : "is larger than 16 MiB");
        close(fd);
        return NULL;
    }
    size_t len = 0, cap = (size_t)st.st_size + 1;
    char *text = malloc(cap);
    ssize_t n = 0;
    while (text && len < cap && (n = read(fd, text + len, cap - len)) != 0) {
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            break;
        len += (size_t)n;
    }
    close(fd);
    /* The assembler's messages name the file: by its path escaped into
     * one line, so a name holding a newline or ESC cannot forge a line. */
    char shown[4 << 10];
    grade_escape_text_buf(shown, sizeof shown, path, strlen(path), false);
    source_file *file = text && n >= 0 && len < cap ? source_from_memory(shown, text, len) : NULL;
    free(text);
    if (!file)
        grade_findings_add(fatal, 0, 0, "cannot be read: it changed while being read");
    return file;
}

uint64_t grade_seed_of(const source_file *file)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < file->len; i++)
        h = (h ^ (uint8_t)file->text[i]) * 0x100000001b3ull;
    return h % 1000000;
}
