/* The graders' shared command line (asm/grade/grade_cli.h): the shared
 * options, a grader's hook (a flag, an option with a value, a bad value),
 * the list file, and each usage error's exit status. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "grade_cli.h"

typedef struct own {
    bool flag;
    const char *level;
    int usage_shown;
} own;

static int own_option(void *ctx, const char *a, const char *value)
{
    own *o = ctx;
    if (!strcmp(a, "--flag"))
        return o->flag = true, GRADE_CLI_FLAG;
    if (!strcmp(a, "--level") && value)
        return strcmp(value, "bad") ? (o->level = value, GRADE_CLI_VALUE) : GRADE_CLI_BAD;
    return GRADE_CLI_UNKNOWN;
}

static own *shown;
static void usage(FILE *out)
{
    (void)out;
    shown->usage_shown++;
}

static const char *const assignments[] = {"nim", "hw4", NULL};

/* Parses words (NULL-ended) as `tool WORDS...`, checks included. */
static int parse(own *o, grade_cli *cli, const char **words)
{
    char *argv[32] = {"tool"};
    int argc = 1;
    for (; words[argc - 1]; argc++)
        argv[argc] = (char *)words[argc - 1];
    memset(o, 0, sizeof *o);
    shown = o;
    *cli = (grade_cli){.tool = "tool", .assignments = assignments, .option = own_option,
                       .usage = usage, .ctx = o, .cpu_seconds = 20};
    int status = grade_cli_parse(cli, argc, argv); /* usage errors go to stderr */
    if (status < 0)
        status = grade_cli_check(cli);
    return status;
}

static void shared_and_own_options(void **state)
{
    (void)state;
    own o;
    grade_cli cli;
    const char *words[] = {"hw4", "a.asm", "--seed", "42", "--flag", "--level", "3",
                           "--cpu", "5", "--note", "hi", "--json", "r.json", NULL};
    assert_int_equal(parse(&o, &cli, words), -1);
    assert_string_equal(cli.assignment, "hw4");
    assert_int_equal(cli.path_count, 1);
    assert_string_equal(cli.paths[0], "a.asm");
    assert_true(cli.seed_given);
    assert_int_equal(cli.seed, 42);
    assert_true(o.flag);
    assert_string_equal(o.level, "3");
    assert_int_equal(cli.cpu_seconds, 5);
    assert_string_equal(cli.note, "hi");
    assert_string_equal(cli.json, "r.json");
    assert_false(cli.batch);
    grade_runner run = grade_cli_runner(&cli);
    assert_int_equal(run.cpu_seconds, 5);
    assert_ptr_equal(run.paths, cli.paths);
    grade_cli_free(&cli);
}

static void batches_and_lists(void **state)
{
    (void)state;
    char list[] = "/tmp/test_grade_cli.XXXXXX";
    int fd = mkstemp(list);
    assert_true(fd >= 0);
    const char text[] = "b.asm\n\n  \n c.asm \r\n";
    assert_int_equal(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    close(fd);
    own o;
    grade_cli cli;
    const char *words[] = {"nim", "a.asm", "--list", list, "--jobs", "3", NULL};
    assert_int_equal(parse(&o, &cli, words), -1);
    unlink(list);
    assert_int_equal(cli.path_count, 3);
    assert_string_equal(cli.paths[1], "b.asm");
    assert_string_equal(cli.paths[2], " c.asm "); /* kept as written, to be reported */
    assert_true(cli.batch);
    assert_int_equal(cli.jobs, 3);
    grade_cli_free(&cli);
    const char *two[] = {"nim", "a.asm", "b.asm", NULL};
    assert_int_equal(parse(&o, &cli, two), -1);
    assert_true(cli.batch);
    grade_cli_free(&cli);
}

static void usage_errors(void **state)
{
    (void)state;
    static const char *const cases[][8] = {
        {NULL},                                  /* no assignment */
        {"hw5", "a.asm", NULL},                  /* another assignment */
        {"nim", NULL},                           /* no submission */
        {"nim", "a.asm", "--seed", NULL},        /* a value must follow */
        {"nim", "a.asm", "--seed", "-1", NULL},  /* not a number */
        {"nim", "a.asm", "--jobs", "0", NULL},
        {"nim", "a.asm", "--cpu", "3601", NULL},
        {"nim", "a.asm", "--level", "bad", NULL}, /* the hook's bad value */
        {"nim", "a.asm", "--level", NULL},       /* the hook's option needs one */
        {"nim", "a.asm", "--what", "x", NULL},   /* nobody's option */
        {"nim", "a.asm", "--list", "/nonexistent/list", NULL},
        {"nim", "a.asm", "--csv", "s.csv", "--json", "r.json", NULL},
        {"nim", "a.asm", "--reports", "out", "--note", "n", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        own o;
        grade_cli cli;
        if (parse(&o, &cli, (const char **)cases[i]) != GRADE_EXIT_USAGE)
            fail_msg("case %zu is no usage error", i);
        grade_cli_free(&cli);
    }
    own o;
    grade_cli cli;
    const char *help[] = {"--help", NULL};
    assert_int_equal(parse(&o, &cli, help), GRADE_EXIT_GRADED);
    assert_int_equal(o.usage_shown, 1);
    grade_cli_free(&cli);
    const char *late_help[] = {"nim", "a.asm", "-h", NULL};
    assert_int_equal(parse(&o, &cli, late_help), GRADE_EXIT_GRADED);
    assert_int_equal(o.usage_shown, 1);
    grade_cli_free(&cli);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shared_and_own_options),
        cmocka_unit_test(batches_and_lists),
        cmocka_unit_test(usage_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
