#include "CliProcess.h"
#include "ExampleSheets.h"
#include "TestPaths.h"
#include "grading/BlindSheet.h"
#include "grading/GradingRubric.h"
#include "grading/ScoreSheetCsv.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb::test;

namespace {

QString examples()
{
    return sourceDir() + QStringLiteral("/resources/examples/");
}

QString rubricPath()
{
    return examples() + QStringLiteral("library-hours.rubric.json");
}

// The example's sheet_a.csv as rater "Ana"'s blind sheet (marked complete when asked).
bool writeBlindSheet(const QString& path, bool complete)
{
    return writeExampleBlindSheet(QStringLiteral("sheet_a.csv"), QStringLiteral("Ana"), path,
                                  complete);
}

} // namespace

// `probebench agree` takes a blind sheet the window kept as it takes a spreadsheet's CSV, once
// the rater marked it complete.
class TestCliBlindSheets : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aCompleteBlindSheetAgreesAsItsCsv();
    void anUnfinishedSheetIsRefused();

private:
    QTemporaryDir m_dir;
};

void TestCliBlindSheets::aCompleteBlindSheetAgreesAsItsCsv()
{
    const QString blind = m_dir.filePath(QStringLiteral("ana.blind.json"));
    QVERIFY(writeBlindSheet(blind, true));
    const QString sheetB = examples() + QStringLiteral("library-hours-calibration/sheet_b.csv");
    QJsonArray pairs[2];
    const QStringList firsts{examples() + QStringLiteral("library-hours-calibration/sheet_a.csv"),
                             blind};
    for (int i = 0; i < 2; ++i) {
        const QString out = m_dir.filePath(QStringLiteral("agree-%1").arg(i));
        const CliOutcome r =
            probebench({QStringLiteral("agree"), firsts.at(i), sheetB, QStringLiteral("--rubric"),
                        rubricPath(), QStringLiteral("--out"), out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        pairs[i] = jsonFile(out + QStringLiteral("/agreement.json"))
                       .value(QLatin1String("pairs"))
                       .toArray();
    }
    QCOMPARE(pairs[1].size(), 1);
    QCOMPARE(pairs[1].first().toObject().value(QLatin1String("first")).toString(),
             QStringLiteral("Ana"));
    // The same figures, rater names aside.
    QCOMPARE(pairs[1].first().toObject().value(QLatin1String("criteria")),
             pairs[0].first().toObject().value(QLatin1String("criteria")));
}

void TestCliBlindSheets::anUnfinishedSheetIsRefused()
{
    const QString blind = m_dir.filePath(QStringLiteral("unfinished.blind.json"));
    QVERIFY(writeBlindSheet(blind, false));
    const CliOutcome r =
        probebench({QStringLiteral("agree"), blind,
                    examples() + QStringLiteral("library-hours-calibration/sheet_b.csv"),
                    QStringLiteral("--rubric"), rubricPath()});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QStringLiteral("unfinished.blind.json: Ana's sheet is not marked "
                                           "complete")),
             qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TestCliBlindSheets)
#include "tst_cli_blindsheets.moc"
