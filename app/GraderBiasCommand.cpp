#include "CliText.h"
#include "GradeJob.h"
#include "JudgeRunCommand.h"
#include "grading/GraderBiasFolder.h"
#include "grading/GradingProject.h"
#include "grading/GradingRubric.h"

#include <QDir>
#include <QFileInfo>

namespace pb::cli {

namespace {

void fail(const QString& prefix, const QString& message)
{
    printErr(prefix + message + QLatin1Char('\n'));
}

} // namespace

GraderOptionList graderBiasOptions()
{
    return {QCommandLineOption(QStringLiteral("bias"),
                               QStringLiteral("measure the grader's bias instead of grading: "
                                              "padding, byline or position"),
                               QStringLiteral("KIND")),
            QCommandLineOption(QStringLiteral("countermeasure"),
                               QStringLiteral("with --bias: the instruction added to the "
                                              "grader's prompt (default: one per bias)"),
                               QStringLiteral("TEXT"))};
}

int graderBiasCommand(const RunOptions& options, const GradingProject& project,
                      const QString& projectPath, const JudgeConfig& grader,
                      const EvidencePolicy& evidence)
{
    const QCommandLineParser& parser = options.parser();
    const QString prefix = options.prefix();
    const std::optional<GraderBiasProbe::Bias> bias =
        GraderBiasProbe::biasFromName(parser.value(QStringLiteral("bias")));
    if (!bias) {
        fail(prefix, QStringLiteral("--bias: give padding, byline or position"));
        return ExitBadInput;
    }
    const QString countermeasure = parser.isSet(QStringLiteral("countermeasure"))
                                       ? parser.value(QStringLiteral("countermeasure")).trimmed()
                                       : GraderBiasProbe::defaultCountermeasure(*bias);
    if (countermeasure.isEmpty()) {
        fail(prefix, QStringLiteral("--countermeasure: give the instruction to add"));
        return ExitBadInput;
    }
    QString error;
    const std::optional<Rubric> rubric =
        GradingRubric::readFile(project.rubricPath(projectPath), &error);
    const std::optional<QList<Submission>> submissions =
        rubric ? SubmissionFolder::readFolderOrArchive(project.submissionsPath(projectPath), &error)
               : std::nullopt;
    if (!submissions) {
        fail(prefix, error);
        return ExitBadInput;
    }
    const std::optional<JudgeProbeDocument> doc = GraderBiasProbe::document(
        *rubric, *submissions, grader, evidence, *bias, countermeasure, &error);
    if (!doc) {
        fail(prefix, QFileInfo(projectPath).fileName() + QStringLiteral(": ") + error);
        return ExitBadInput;
    }

    // The probe is a judge probe file like any other: written beside its results, then run
    // by `probebench run`'s own command, so the store, the re-asks and the report are its.
    const GraderBiasFolder place = GraderBiasFolder::of(
        projectPath, *bias,
        parser.isSet(QStringLiteral("out")) ? parser.value(QStringLiteral("out")) : QString(),
        parser.isSet(QStringLiteral("store")) ? parser.value(QStringLiteral("store")) : QString());
    if (!place.writeProbe(*doc, &error)) {
        fail(prefix, error);
        return ExitFailure;
    }
    QStringList runArgs{place.probePath, QStringLiteral("--out"), place.folder,
                        QStringLiteral("--store"), place.storePath};
    if (options.quiet())
        runArgs << QStringLiteral("--quiet");
    const int code = judgeRunCommand(runArgs);
    if (code == ExitBadInput)
        return code;

    const GraderBiasFolder::Stored stored = place.read();
    if (!stored.report) {
        fail(prefix, stored.error + QStringLiteral("; bias.md was not written"));
        return ExitFailure;
    }
    const GraderBiasReport& report = *stored.report;
    if (!place.writeReport(report, &error)) {
        fail(prefix, error);
        return ExitFailure;
    }
    printOut(report.console());
    printOut(QStringLiteral("bias.md and bias.json written in %1\n")
                 .arg(QDir::toNativeSeparators(place.folder)));
    return code;
}

} // namespace pb::cli
