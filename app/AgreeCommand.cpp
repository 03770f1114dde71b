#include "CliCommands.h"
#include "CliText.h"
#include "grading/AgreementReport.h"
#include "grading/AgreementText.h"
#include "grading/BlindSheet.h"
#include "grading/GradesCsv.h"
#include "grading/GradingProject.h"
#include "grading/GradingRubric.h"
#include "grading/GradingVersions.h"
#include "grading/ProjectAgreement.h"
#include "grading/RubricRevision.h"
#include "grading/ScoreSheetCsv.h"
#include "probe/FileFormat.h"
#include "probe/WholeFile.h"
#include "report/ResultsPlace.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>

namespace pb::cli {

namespace {

constexpr const char* kPrefix = "probebench agree: ";

int badInput(const QString& message)
{
    printErr(QLatin1String(kPrefix) + message + QLatin1Char('\n'));
    return ExitBadInput;
}

// A rater is named by their sheet's file name without its ending ("sheet_a"); two sheets of
// the same name are told apart by their order.
QList<RaterSheet> namePeople(QList<RaterSheet> people)
{
    for (qsizetype i = 0; i < people.size(); ++i) {
        for (qsizetype j = 0; j < people.size(); ++j) {
            if (i != j && people.at(i).rater == people.at(j).rater) {
                for (qsizetype k = 0; k < people.size(); ++k)
                    people[k].rater = QStringLiteral("rater %1").arg(QChar(char16_t(u'A' + k)));
                return people;
            }
        }
    }
    return people;
}

// A person's sheet: a CSV from a spreadsheet, named by its file, or a blind sheet the window
// kept (.json), named by its rater and taken only once it is marked complete.
std::optional<RaterSheet> personSheet(const QString& path, const Rubric& rubric, QString* error)
{
    if (!path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        std::optional<ScoreSheet> sheet = ScoreSheetCsv::readFile(path, rubric, error);
        if (!sheet)
            return std::nullopt;
        return RaterSheet{QFileInfo(path).completeBaseName(), false, *sheet};
    }
    const QString name = QFileInfo(path).fileName();
    const std::optional<BlindSheet> blind = BlindSheet::readFile(path, rubric.ids(), error);
    if (!blind)
        return std::nullopt;
    if (!blind->isComplete()) {
        *error = QStringLiteral("%1: %2's sheet is not marked complete; agreement is measured on "
                                "finished blind sheets")
                     .arg(name, blind->rater());
        return std::nullopt;
    }
    return RaterSheet{blind->rater(), false, blind->sheet()};
}

// The judge's grades.csv as one more rater, read against rubric.
std::optional<RaterSheet> judgeSheet(const QString& gradesCsv, const Rubric& rubric, QString* error)
{
    const std::optional<QList<GradeRow>> rows = GradesCsv::readFile(gradesCsv, rubric, error);
    if (!rows)
        return std::nullopt;
    return RaterSheet{QStringLiteral("judge"), true,
                      GradesCsv::judgeSheet(rubric, *rows, QFileInfo(gradesCsv).fileName())};
}

// Prints the agreement and, with outDir, writes agreement.md, agreement.json and, with a
// revision, revision.md there together.
int writeAgreement(const ProjectAgreement& agreement, const QString& outDir)
{
    printOut(AgreementText::console(agreement.report));
    if (agreement.revision)
        printOut(agreement.revision->console());
    if (outDir.isEmpty())
        return ExitDone;
    const QDir out(outDir);
    if (!QDir().mkpath(out.path()))
        return badInput(QStringLiteral("%1: cannot create the folder")
                            .arg(QDir::toNativeSeparators(out.path())));
    QList<WholeFile::Part> parts{
        {out.filePath(QStringLiteral("agreement.md")),
         [r = agreement.report] { return AgreementText::markdown(r); }},
        {out.filePath(QStringLiteral("agreement.json")), [json = agreement.toJson()] {
             return QJsonDocument(json).toJson(QJsonDocument::Indented);
         }}};
    if (agreement.revision)
        parts.append({out.filePath(QStringLiteral("revision.md")),
                      [md = agreement.revision->markdown()] { return md; }});
    QString error;
    if (!WholeFile::write(parts, &error)) {
        printErr(QLatin1String(kPrefix) + error + QLatin1Char('\n'));
        return ExitFailure;
    }
    printOut(QStringLiteral("%1 written in %2\n")
                 .arg(agreement.revision
                          ? QStringLiteral("agreement.md, agreement.json and revision.md")
                          : QStringLiteral("agreement.md and agreement.json"))
                 .arg(QDir::toNativeSeparators(out.path())));
    return ExitDone;
}

// `probebench agree FILE.grading.json`: the project's finished blind sheets, the judge's levels
// from its store, and a graded revision's; written into its results folder unless outDir.
int agreeProject(const QString& path, const std::optional<QString>& revisionText,
                 const QString& outDir)
{
    QString error;
    const std::optional<GradingProject> project = GradingProject::readFile(path, &error, nullptr);
    if (!project)
        return badInput(error);
    const QString suffix = QLatin1String(GradingProject::kSuffix);
    const QString store = ResultsPlace::store(path, suffix);
    const GradingVersions versions = GradingVersions::read(*project, path, store);
    const GradingStoredResults& first = *versions.first;
    if (!first.inputsRead())
        return badInput(first.inputError);
    if (!first.error.isEmpty())
        return badInput(first.error);
    const QList<RaterSheet> people = ProjectAgreement::finishedSheets(first.sheets);
    if (people.size() < 2)
        return badInput(QStringLiteral("%1: agreement needs two blind sheets marked complete; "
                                       "%2 of its %3 are")
                            .arg(QFileInfo(path).fileName())
                            .arg(people.size())
                            .arg(first.sheets.size()));
    if (first.runId == 0)
        printErr(QLatin1String(kPrefix) +
                 QStringLiteral("the submissions are not graded yet, so the judge is left out "
                                "(probebench grade %1)\n")
                     .arg(QFileInfo(path).fileName()));
    int revision = versions.latestGraded();
    if (revisionText) {
        bool ok = false;
        revision = revisionText->toInt(&ok);
        if (!ok || revision < 1 || revision > project->revisions.size())
            return badInput(QStringLiteral("--revision: give a number from 1 to %1")
                                .arg(project->revisions.size()));
        if (!versions.version(revision)->inputsRead())
            return badInput(versions.version(revision)->inputError);
        if (versions.version(revision)->runId == 0)
            return badInput(QStringLiteral("revision %1 is not graded yet (probebench grade %2 "
                                           "--revision %1)")
                                .arg(revision)
                                .arg(QFileInfo(path).fileName()));
    }
    const std::shared_ptr<const GradingStoredResults> after =
        revision > 0 ? versions.version(revision) : nullptr;
    const std::optional<ProjectAgreement> agreement =
        ProjectAgreement::compute(first, people, true, after.get(), revision, &error);
    if (!agreement)
        return badInput(error);
    return writeAgreement(*agreement,
                          outDir.isEmpty() ? ResultsPlace::folder(path, suffix) : outDir);
}

} // namespace

int agreeCommand(const QStringList& args)
{
    QCommandLineParser parser;
    const QCommandLineOption rubricOpt(QStringLiteral("rubric"),
                                       QStringLiteral("the rubric the sheets were scored on"),
                                       QStringLiteral("RUBRIC"));
    const QCommandLineOption outOpt(QStringLiteral("out"),
                                    QStringLiteral("write agreement.md and agreement.json"),
                                    QStringLiteral("DIR"));
    const QCommandLineOption revisedOpt(
        QStringLiteral("revised"),
        QStringLiteral("the judge's grades.csv on the revised rubric, for before and after"),
        QStringLiteral("GRADES"));
    const QCommandLineOption revisedRubricOpt(
        QStringLiteral("revised-rubric"), QStringLiteral("the revised rubric (default: --rubric)"),
        QStringLiteral("RUBRIC"));
    const QCommandLineOption revisionOpt(
        QStringLiteral("revision"),
        QStringLiteral("with a grading project: the rubric revision to compare (default: the "
                       "latest one graded)"),
        QStringLiteral("N"));
    parser.addOptions({rubricOpt, outOpt, revisedOpt, revisedRubricOpt, revisionOpt});
    if (!parser.parse(QStringList{QStringLiteral("probebench agree")} + args))
        return badInput(parser.errorText());
    const QStringList files = parser.positionalArguments();
    if (files.size() == 1 &&
        FileFormat::kindOfFile(files.constFirst()) == QLatin1String(GradingProject::kKind)) {
        for (const QCommandLineOption& fileOnly : {rubricOpt, revisedOpt, revisedRubricOpt}) {
            if (parser.isSet(fileOnly))
                return badInput(QStringLiteral("--%1: a grading project names its own rubrics "
                                               "and grades")
                                    .arg(fileOnly.names().constFirst()));
        }
        return agreeProject(files.constFirst(),
                            parser.isSet(revisionOpt) ? std::optional(parser.value(revisionOpt))
                                                      : std::nullopt,
                            parser.isSet(outOpt) ? parser.value(outOpt) : QString());
    }
    if (parser.isSet(revisionOpt))
        return badInput(QStringLiteral("--revision: give a grading project (FILE.grading.json)"));
    if (files.size() < 2 || files.size() > 3)
        return badInput(QStringLiteral("give two score sheets and, optionally, grades.csv "
                                       "(probebench agree SHEET_A SHEET_B [grades.csv] "
                                       "--rubric RUBRIC)"));
    if (!parser.isSet(rubricOpt))
        return badInput(QStringLiteral("--rubric: give the rubric the sheets were scored on"));

    QString error;
    const std::optional<Rubric> rubric = GradingRubric::readFile(parser.value(rubricOpt), &error);
    if (!rubric)
        return badInput(error);
    QList<RaterSheet> people;
    for (qsizetype i = 0; i < 2; ++i) {
        std::optional<RaterSheet> sheet = personSheet(files.at(i), *rubric, &error);
        if (!sheet)
            return badInput(error);
        people << *sheet;
    }
    people = namePeople(people);
    std::optional<RaterSheet> judge;
    if (files.size() == 3) {
        judge = judgeSheet(files.at(2), *rubric, &error);
        if (!judge)
            return badInput(error);
    }
    const std::optional<AgreementReport> report =
        AgreementReport::compute(*rubric, people, judge, &error);
    if (!report)
        return badInput(error);
    std::optional<RubricRevision> revision;
    if (parser.isSet(revisedOpt)) {
        if (!judge)
            return badInput(QStringLiteral("--revised: give the judge's grades.csv before the "
                                           "revision as the third file"));
        const std::optional<Rubric> revised =
            parser.isSet(revisedRubricOpt)
                ? GradingRubric::readFile(parser.value(revisedRubricOpt), &error)
                : rubric;
        const std::optional<RaterSheet> after =
            revised ? judgeSheet(parser.value(revisedOpt), *revised, &error) : std::nullopt;
        const std::optional<AgreementReport> afterReport =
            after ? AgreementReport::compute(*revised, people, after, &error) : std::nullopt;
        if (afterReport)
            revision = RubricRevision::compare(*report, *afterReport, &error);
        if (!revision)
            return badInput(error);
    } else if (parser.isSet(revisedRubricOpt)) {
        return badInput(QStringLiteral("--revised-rubric: give --revised GRADES too"));
    }

    return writeAgreement(ProjectAgreement{*report, revision, 0},
                          parser.isSet(outOpt) ? parser.value(outOpt) : QString());
}

} // namespace pb::cli
