#include "CliCommands.h"
#include "CliText.h"
#include "grading/AgreementReport.h"
#include "grading/AgreementText.h"
#include "grading/GradesCsv.h"
#include "grading/GradingRubric.h"
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
    parser.addOptions({rubricOpt, outOpt});
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
        std::optional<ScoreSheet> sheet = ScoreSheetCsv::readFile(files.at(i), *rubric, &error);
        if (!sheet)
            return badInput(error);
        people << RaterSheet{QFileInfo(files.at(i)).completeBaseName(), false, *sheet};
    }
    people = namePeople(people);
    std::optional<RaterSheet> judge;
    if (files.size() == 3) {
        const std::optional<QList<GradeRow>> rows =
            GradesCsv::readFile(files.at(2), *rubric, &error);
        if (!rows)
            return badInput(error);
        judge =
            RaterSheet{QStringLiteral("judge"), true,
                       GradesCsv::judgeSheet(*rubric, *rows, QFileInfo(files.at(2)).fileName())};
    }
    const std::optional<AgreementReport> report =
        AgreementReport::compute(*rubric, people, judge, &error);
    if (!report)
        return badInput(error);

    printOut(AgreementText::console(*report));
    if (parser.isSet(outOpt)) {
        const QDir out(parser.value(outOpt));
        if (!QDir().mkpath(out.path()))
            return badInput(QStringLiteral("%1: cannot create the folder")
                                .arg(QDir::toNativeSeparators(out.path())));
        const AgreementReport r = *report;
        const QList<WholeFile::Part> parts{
            {out.filePath(QStringLiteral("agreement.md")),
             [r] { return AgreementText::markdown(r); }},
            {out.filePath(QStringLiteral("agreement.json")),
             [r] { return QJsonDocument(r.toJson()).toJson(QJsonDocument::Indented); }}};
        if (!WholeFile::write(parts, &error)) {
            printErr(QLatin1String(kPrefix) + error + QLatin1Char('\n'));
            return ExitFailure;
        }
        printOut(QStringLiteral("agreement.md and agreement.json written in %1\n")
                     .arg(QDir::toNativeSeparators(out.path())));
    }
    return ExitDone;
}

} // namespace pb::cli
