#include "grade_spec_cli.h"

#include <stdio.h>
#include <string.h>

#include "grade_spec_engine.h"

void grade_spec_finish(grade_spec_report *report, const grade_cli *cli, const char *only,
                       const char *file, grade_score *score)
{
    if (cli->note)
        snprintf(report->note, sizeof report->note, "%s", cli->note);
    report->seed_secret = cli->seed_secret;
    if (report->error[0])
        fprintf(stderr, "%s: %s: not graded: %s\n", cli->tool, file, report->error);
    char wrong[512];
    grade_spec_report_wrong_names(report, wrong, sizeof wrong);
    if (!report->error[0] && wrong[0])
        fprintf(stderr, "%s: %s: partly graded: the spec is wrong in %s (its reference breaks "
                "it there; the report names every problem)\n", cli->tool, file, wrong);
    static grade_parts parts; /* the batch's columns; the child grades once */
    grade_spec_report_parts(report, only, file, &parts);
    *score = (grade_score){report->score, report->max_score,
                           report->error[0] ? report->error : NULL, &parts, wrong[0] != '\0'};
}

grade_runner grade_spec_runner(const grade_cli *cli, const grade_spec *spec, const char *only,
                               const char *comment, char *title, size_t size)
{
    grade_runner run = grade_cli_runner(cli);
    run.title = grade_spec_title(spec, title, size);
    const char *slash = strrchr(spec->reference, '/');
    run.folder_file = slash ? slash + 1 : spec->reference;
    run.comment = comment;
    run.max_score = grade_spec_engine_points(spec, only);
    static const char *parts[GRADE_PARTS_MAX]; /* one grader a process */
    run.part_names = parts;
    run.part_count = grade_spec_part_names(spec, only, parts, GRADE_PARTS_MAX);
    run.write = grade_spec_report_write;
    return run;
}
