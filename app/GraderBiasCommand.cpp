#include "CliText.h"
#include "GradeJob.h"
#include "JudgeRunCommand.h"
#include "grading/GraderBiasReport.h"
#include "grading/GradingProject.h"
#include "grading/GradingRubric.h"
#include "judge/JudgeProbeReader.h"
#include "judge/JudgeProbeRun.h"
#include "judge/JudgeProbeWriter.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace pb::cli {

namespace {

void fail(const QString& prefix, const QString& message)
{
    printErr(prefix + message + QLatin1Char('\n'));
}

bool writeWhole(const QString& path, const QByteArray& bytes, QString* error)
{
    QSaveFile f(path);
    if (f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size() && f.commit())
        return true;
    *error = QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(path), f.errorString());
    return false;
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
    QString name = QFileInfo(projectPath).fileName();
    name.chop(qsizetype(qstrlen(GradingProject::kSuffix)));
    name += QStringLiteral("-") + GraderBiasProbe::biasName(*bias) + QStringLiteral("-bias");
    const QString outDir = parser.isSet(QStringLiteral("out"))
                               ? parser.value(QStringLiteral("out"))
                               : QFileInfo(projectPath).dir().filePath(name);
    if (!QDir().mkpath(outDir)) {
        fail(prefix,
             QStringLiteral("%1: cannot create the folder").arg(QDir::toNativeSeparators(outDir)));
        return ExitBadInput;
    }
    const QString probePath = QDir(outDir).filePath(name + QStringLiteral(".judge.json"));
    const QString storePath = parser.isSet(QStringLiteral("store"))
                                  ? parser.value(QStringLiteral("store"))
                                  : QDir(outDir).filePath(name + QStringLiteral(".pbrun"));
    if (!JudgeProbeWriter::writeFile(*doc, probePath, &error)) {
        fail(prefix, error);
        return ExitFailure;
    }
    QStringList runArgs{probePath, QStringLiteral("--out"), outDir, QStringLiteral("--store"),
                        storePath};
    if (options.quiet())
        runArgs << QStringLiteral("--quiet");
    const int code = judgeRunCommand(runArgs);
    if (code == ExitBadInput)
        return code;

    const JudgeProbeLoadResult written = JudgeProbeReader::readFile(probePath);
    if (!written.ok()) {
        fail(prefix, written.text());
        return ExitFailure;
    }
    const JudgeProbeRun::StoredJudgeResults stored =
        JudgeProbeRun::readStored(*written.document, storePath);
    if (!stored.error.isEmpty()) {
        fail(prefix, stored.error + QStringLiteral("; bias.md was not written"));
        return ExitFailure;
    }
    const GraderBiasReport report =
        GraderBiasReport::compute(*written.document, stored.analysis, *bias, countermeasure);
    if (!writeWhole(QDir(outDir).filePath(QStringLiteral("bias.md")), report.markdown().toUtf8(),
                    &error) ||
        !writeWhole(QDir(outDir).filePath(QStringLiteral("bias.json")), report.json(), &error)) {
        fail(prefix, error);
        return ExitFailure;
    }
    printOut(report.console());
    printOut(QStringLiteral("bias.md and bias.json written in %1\n")
                 .arg(QDir::toNativeSeparators(outDir)));
    return code;
}

} // namespace pb::cli
