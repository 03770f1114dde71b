#include "CliProcess.h"
#include "TestPaths.h"
#include "grading/GradesCsv.h"
#include "grading/GradingRubric.h"
#include "grading/ScoreSheetCsv.h"
#include "grading/WeightedTotal.h"

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

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

// `probebench regress` on the shipped golden set with the stand-in judge, and `probebench gate`
// on what it writes, through the binary and its exit codes.
class TestCliRegress : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void writesTheComparison();
    void gate_data();
    void gate();
    void refusals_data();
    void refusals();
    void revisionBeforeAndAfter();
    void revisionRefusals_data();
    void revisionRefusals();

private:
    QTemporaryDir m_dir;
    QString m_approved;
};

void TestCliRegress::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_approved = m_dir.filePath(QStringLiteral("approved"));
    const CliOutcome r = probebench({QStringLiteral("regress"),
                                     examples() + QStringLiteral("library-hours.golden.json"),
                                     QStringLiteral("--out"), m_approved});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("pass directness: 7 of 8 (87.5%) within 1 level(s)")),
             qPrintable(r.out));

    // A planted regression: the approved summary with directness down to 5 of 8.
    QJsonObject summary = jsonFile(m_approved + QStringLiteral("/summary.json"));
    QJsonObject regression = summary.value(QLatin1String("regression")).toObject();
    QJsonArray criteria = regression.value(QLatin1String("criteria")).toArray();
    QJsonObject directness = criteria.at(1).toObject();
    QCOMPARE(directness.value(QLatin1String("id")).toString(), QStringLiteral("directness"));
    directness.insert(QStringLiteral("within_tolerance"), 5);
    directness.insert(QStringLiteral("fraction_within"), 5.0 / 8);
    criteria.replace(1, directness);
    regression.insert(QStringLiteral("criteria"), criteria);
    summary.insert(QStringLiteral("regression"), regression);
    QVERIFY(writeFile(m_dir.filePath(QStringLiteral("regressed/summary.json")),
                      QJsonDocument(summary).toJson()));
    // Another golden set's version.
    regression.insert(QStringLiteral("golden_version"), QStringLiteral("2025-01-01"));
    summary.insert(QStringLiteral("regression"), regression);
    QVERIFY(writeFile(m_dir.filePath(QStringLiteral("other-version/summary.json")),
                      QJsonDocument(summary).toJson()));
    // A plain grading run, not a regression.
    const CliOutcome plain = probebench(
        {QStringLiteral("grade"), examples() + QStringLiteral("library-hours.rubric.json"),
         examples() + QStringLiteral("library-hours-submissions"), QStringLiteral("--out"),
         m_dir.filePath(QStringLiteral("plain")), QStringLiteral("--quiet")});
    QVERIFY2(plain.exitCode == 0, qPrintable(plain.err));
}

void TestCliRegress::writesTheComparison()
{
    const QJsonObject regression = jsonFile(m_approved + QStringLiteral("/summary.json"))
                                       .value(QLatin1String("regression"))
                                       .toObject();
    QCOMPARE(regression.value(QLatin1String("golden_version")).toString(),
             QStringLiteral("2026-12-01"));
    QVERIFY(regression.value(QLatin1String("passed")).toBool());
    const QJsonArray criteria = regression.value(QLatin1String("criteria")).toArray();
    QCOMPARE(criteria.size(), 3);
    // claims_cited: the stand-in gives every golden file its expected level.
    const QJsonObject claims = criteria.at(0).toObject();
    QCOMPARE(claims.value(QLatin1String("files")).toInt(), 8);
    QCOMPARE(claims.value(QLatin1String("exact")).toInt(), 8);
    QCOMPARE(claims.value(QLatin1String("tolerance")).toInt(), 0);
    QCOMPARE(criteria.at(1).toObject().value(QLatin1String("tolerance")).toInt(), 1);
    QFile md(m_approved + QStringLiteral("/regression.md"));
    QVERIFY(md.open(QIODevice::ReadOnly));
    QVERIFY(md.readAll().contains("| directness | 1 | 7 of 8 (87.5%) | 5 of 8 (62.5%) | 0 |"));
    QVERIFY(QFile::exists(m_approved + QStringLiteral("/grades.csv")));
}

void TestCliRegress::gate_data()
{
    QTest::addColumn<QString>("current");
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("says");
    QTest::addRow("the approved run itself")
        << "approved" << QStringList() << 0 << "release may go";
    QTest::addRow("a planted regression")
        << "regressed" << QStringList() << 4
        << "BLOCK golden-set agreement: below 75.0%: directness (5 of 8 within 1 level(s), 62.5%)";
    QTest::addRow("shown side by side")
        << "regressed" << QStringList() << 4 << "directness: within tolerance: 87.5% -> 62.5%";
    QTest::addRow("an agreement drop")
        << "regressed" << QStringList{QStringLiteral("--max-agreement-drop"), QStringLiteral("0.2")}
        << 4 << "BLOCK agreement drop: fell by more than 20.0%: directness (87.5% -> 62.5%)";
    QTest::addRow("another golden set version") << "other-version" << QStringList() << 2
                                                << "a gate compares results of the same golden set";
    QTest::addRow("not a regression")
        << "plain" << QStringList() << 2 << "a grading summary without a golden-set comparison";
}

void TestCliRegress::gate()
{
    QFETCH(QString, current);
    QFETCH(QStringList, options);
    QFETCH(int, exitCode);
    QFETCH(QString, says);
    const CliOutcome r = probebench(QStringList{QStringLiteral("gate"), m_dir.filePath(current),
                                                QStringLiteral("--baseline"), m_approved} +
                                    options);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(QString(r.out + r.err).contains(says), qPrintable(r.out + r.err));
    if (exitCode == 2)
        return;
    const QJsonObject gate = jsonFile(m_dir.filePath(current) + QStringLiteral("/gate.json"));
    QCOMPARE(gate.value(QLatin1String("kind")).toString(), QStringLiteral("judge regression"));
    QCOMPARE(gate.value(QLatin1String("side_by_side")).toArray().size(), 9);
}

void TestCliRegress::refusals_data()
{
    QTest::addColumn<QByteArray>("golden");
    QTest::addColumn<QString>("says");
    const QByteArray paths = R"("rubric": "EX/library-hours.rubric.json",
        "submissions": "EX/library-hours-submissions",
        "expected": "EX/library-hours-calibration/expected.csv")";
    QTest::addRow("tolerance out of range")
        << QByteArray(R"({"format": "probebench/golden-set@1", "version": "1", )" + paths +
                      R"(, "tolerance": {"directness": 3}, "min_within_tolerance": 0.75})")
        << "tolerance.directness: give 0, 1 or 2 levels";
    QTest::addRow("tolerance of no criterion")
        << QByteArray(R"({"format": "probebench/golden-set@1", "version": "1", )" + paths +
                      R"(, "tolerance": {"clarity": 1}, "min_within_tolerance": 0.75})")
        << "tolerance.clarity: the rubric has no criterion \"clarity\"";
    QTest::addRow("no minimum")
        << QByteArray(R"({"format": "probebench/golden-set@1", "version": "1", )" + paths + "}")
        << "min_within_tolerance";
    QTest::addRow("not a golden set")
        << QByteArray(R"({"format": "probebench/grading-settings@1"})") << "format";
}

void TestCliRegress::refusals()
{
    QFETCH(QByteArray, golden);
    QFETCH(QString, says);
    golden.replace("EX/", examples().toUtf8());
    const QString path = m_dir.filePath(
        QStringLiteral("%1.golden.json").arg(QTest::currentDataTag()).replace(' ', '-'));
    QVERIFY(writeFile(path, golden));
    const CliOutcome r =
        probebench({QStringLiteral("regress"), path, QStringLiteral("--out"),
                    m_dir.filePath(QStringLiteral("refused")), QStringLiteral("--quiet")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(says), qPrintable(r.err));
}

// The judge's grades after a revision that fixed directness: the approved run's grades.csv
// with directness set to sheet_a's level on every calibration file (what a judge that now
// reads the criterion as the people do would give), totals recomputed.
static bool writeRevisedGrades(const QString& before, const QString& after)
{
    QString error;
    const auto rubric = pb::GradingRubric::readFile(
        examples() + QStringLiteral("library-hours.rubric.json"), &error);
    const auto rows = rubric ? pb::GradesCsv::readFile(before, *rubric, &error) : std::nullopt;
    const auto sheet =
        rubric ? pb::ScoreSheetCsv::readFile(
                     examples() + QStringLiteral("library-hours-calibration/sheet_a.csv"), *rubric,
                     &error)
               : std::nullopt;
    if (!rows || !sheet) {
        qWarning("%s", qPrintable(error));
        return false;
    }
    QList<pb::GradeRow> revised = *rows;
    const qsizetype d = rubric->indexOf(QStringLiteral("directness"));
    for (pb::GradeRow& row : revised) {
        const pb::ScoreSheetRow* person = sheet->row(row.filename);
        if (!person || !row.total)
            continue;
        row.cells[d].level = person->levels.at(d);
        QList<std::optional<int>> levels;
        for (const pb::GradeCell& c : row.cells)
            levels << c.level;
        row.total = pb::WeightedTotal::of(*rubric, levels);
    }
    return writeFile(after, pb::GradesCsv::toCsv(*rubric, revised));
}

void TestCliRegress::revisionBeforeAndAfter()
{
    const QString after = m_dir.filePath(QStringLiteral("revised/grades.csv"));
    QVERIFY(writeRevisedGrades(m_approved + QStringLiteral("/grades.csv"), after));
    const QString out = m_dir.filePath(QStringLiteral("revision"));
    const CliOutcome r =
        probebench({QStringLiteral("agree"),
                    examples() + QStringLiteral("library-hours-calibration/sheet_a.csv"),
                    examples() + QStringLiteral("library-hours-calibration/sheet_b.csv"),
                    m_approved + QStringLiteral("/grades.csv"), QStringLiteral("--rubric"),
                    examples() + QStringLiteral("library-hours.rubric.json"),
                    QStringLiteral("--revised"), after, QStringLiteral("--revised-rubric"),
                    examples() + QStringLiteral("library-hours-revised.rubric.json"),
                    QStringLiteral("--out"), out});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("worst criterion before: directness; after: ")),
             qPrintable(r.out));
    const QJsonArray rows = jsonFile(out + QStringLiteral("/agreement.json"))
                                .value(QLatin1String("revision"))
                                .toObject()
                                .value(QLatin1String("rows"))
                                .toArray();
    QCOMPARE(rows.size(), 6); // 3 criteria x 2 people
    for (const QJsonValue& v : rows) {
        const QJsonObject row = v.toObject();
        const QString id = row.value(QLatin1String("criterion")).toString();
        const double before = row.value(QLatin1String("kappa_before")).toDouble();
        const double afterKappa = row.value(QLatin1String("kappa_after")).toDouble();
        if (id == QLatin1String("directness")) {
            QVERIFY2(afterKappa > before,
                     qPrintable(row.value(QLatin1String("person")).toString()));
            if (row.value(QLatin1String("person")).toString() == QLatin1String("sheet_a"))
                QCOMPARE(afterKappa, 1.0); // the judge now gives sheet_a's levels
        } else {
            QCOMPARE(afterKappa, before); // untouched criteria do not move
        }
    }
    QFile md(out + QStringLiteral("/revision.md"));
    QVERIFY(md.open(QIODevice::ReadOnly));
    QVERIFY(md.readAll().contains("| directness | sheet_a |"));
}

void TestCliRegress::revisionRefusals_data()
{
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<QString>("says");
    QTest::addRow("no judge before")
        << QStringList{QStringLiteral("--revised"), QStringLiteral("x.csv")}
        << "--revised: give the judge's grades.csv before";
    QTest::addRow("revised rubric alone")
        << QStringList{QStringLiteral("--revised-rubric"), QStringLiteral("x.json")}
        << "--revised-rubric: give --revised GRADES too";
}

void TestCliRegress::revisionRefusals()
{
    QFETCH(QStringList, extra);
    QFETCH(QString, says);
    const CliOutcome r =
        probebench(QStringList{QStringLiteral("agree"),
                               examples() + QStringLiteral("library-hours-calibration/sheet_a.csv"),
                               examples() + QStringLiteral("library-hours-calibration/sheet_b.csv"),
                               QStringLiteral("--rubric"),
                               examples() + QStringLiteral("library-hours.rubric.json")} +
                   extra);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(says), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TestCliRegress)
#include "tst_cli_regress.moc"
