/* Where the graders' scratch folders go: TMPDIR when set, else memory
 * (/dev/shm) when it is a folder the grader may write, else /tmp; and
 * removal takes the folder and what is in it. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grade_scratch.h"

static bool made_under(const char *base)
{
    char path[4096], why[256];
    assert_true(grade_scratch_make("test_grade_scratch", path, sizeof path, why, sizeof why));
    size_t n = strlen(base);
    bool under = strncmp(path, base, n) == 0 && path[n] == '/';
    assert_true(grade_scratch_put(path, "inside", "x", 1, why, sizeof why));
    grade_scratch_remove(path);
    struct stat st;
    assert_int_not_equal(stat(path, &st), 0);
    return under;
}

static void tmpdir_first(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_grade_scratch.XXXXXX";
    assert_non_null(mkdtemp(dir));
    setenv("TMPDIR", dir, 1);
    assert_true(made_under(dir));
    rmdir(dir);
}

static void memory_when_no_tmpdir(void **state)
{
    (void)state;
    unsetenv("TMPDIR");
    struct stat st;
    bool shm = stat("/dev/shm", &st) == 0 && S_ISDIR(st.st_mode) &&
               access("/dev/shm", W_OK | X_OK) == 0;
    assert_true(made_under(shm ? "/dev/shm" : "/tmp"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tmpdir_first),
        cmocka_unit_test(memory_when_no_tmpdir),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
