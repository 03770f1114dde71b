#include "CliCommands.h"
#include "CliText.h"
#include "grading/AgreementReport.h"
#include "grading/AgreementText.h"
#include "grading/BlindSheet.h"
#include "grading/GradesCsv.h"
#include "grading/GradingRubric.h"
#include "grading/RubricRevision.h"
#include "grading/ScoreSheetCsv.h"
#include "probe/WholeFile.h"

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
    parser.addOptions({rubricOpt, outOpt, revisedOpt, revisedRubricOpt});
    if (!parser.parse(QStringList{QStringLiteral("probebench agree")} + args))
        return badInput(parser.errorText());
    const QStringList files = parser.positionalArguments();
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

    printOut(AgreementText::console(*report));
    if (revision)
        printOut(revision->console());
    if (parser.isSet(outOpt)) {
        const QDir out(parser.value(outOpt));
        if (!QDir().mkpath(out.path()))
            return badInput(QStringLiteral("%1: cannot create the folder")
                                .arg(QDir::toNativeSeparators(out.path())));
        const AgreementReport r = *report;
        QJsonObject json = r.toJson();
        if (revision)
            json.insert(QStringLiteral("revision"), revision->toJson());
        QList<WholeFile::Part> parts{
            {out.filePath(QStringLiteral("agreement.md")),
             [r] { return AgreementText::markdown(r); }},
            {out.filePath(QStringLiteral("agreement.json")),
             [json] { return QJsonDocument(json).toJson(QJsonDocument::Indented); }}};
        if (revision)
            parts.append({out.filePath(QStringLiteral("revision.md")),
                          [md = revision->markdown()] { return md; }});
        if (!WholeFile::write(parts, &error)) {
            printErr(QLatin1String(kPrefix) + error + QLatin1Char('\n'));
            return ExitFailure;
        }
        printOut(QStringLiteral("%1 written in %2\n")
                     .arg(revision ? QStringLiteral("agreement.md, agreement.json and revision.md")
                                   : QStringLiteral("agreement.md and agreement.json"))
                     .arg(QDir::toNativeSeparators(out.path())));
    }
    return ExitDone;
}

} // namespace pb::cli
