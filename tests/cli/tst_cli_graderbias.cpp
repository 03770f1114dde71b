#include "CliProcess.h"
#include "TestPaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

using namespace pb::test;

namespace {

QString project(const QString& name)
{
    return sourceDir() + QStringLiteral("/resources/examples/") + name;
}

} // namespace

// `probebench grade PROJECT --bias KIND`: the grading's submissions through the judge
// probe pipeline, on the stand-in, with the countermeasure and the residual.
class TestCliGraderBias : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void measures_data();
    void measures();
    void theCountermeasureAndSettingsAreTheUsers();
    void refusals_data();
    void refusals();

private:
    QTemporaryDir m_dir;
};

void TestCliGraderBias::measures_data()
{
    QTest::addColumn<QString>("projectFile");
    QTest::addColumn<QString>("bias");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<int>("pairs");
    QTest::addColumn<double>("delta"); // NaN: not measured
    QTest::addColumn<QString>("says");
    QTest::addRow("padding, any rubric")
        << "library-hours-case.grading.json"
        << "padding" << 0 << 11 << 150.0 / 11
        << "padding bias of the grader: +13.6 points (p = 0.031, 11 pairs) as graded";
    QTest::addRow("padding, the tutorial's rubric")
        << "library-hours.grading.json"
        << "padding" << 0 << 11 << 22.5 / 11 << "padding bias of the grader: +2.0 points";
    QTest::addRow("byline") << "library-hours-case.grading.json"
                            << "byline" << 0 << 11 << 0.0
                            << "No effect as graded on these 11 pairs";
    // The stand-in grades one answer at a time: an A/B prompt is never scored, and the run
    // says so with exit 3 rather than reporting a zero.
    QTest::addRow("position on the stand-in")
        << "library-hours-case.grading.json"
        << "position" << 3 << 5 << qQNaN() << "Not measured: the grader scored no matched pair";
}

void TestCliGraderBias::measures()
{
    QFETCH(QString, projectFile);
    QFETCH(QString, bias);
    QFETCH(int, exitCode);
    QFETCH(int, pairs);
    QFETCH(double, delta);
    QFETCH(QString, says);
    const QString out = m_dir.filePath(QString::fromUtf8(QTest::currentDataTag()));
    const CliOutcome r =
        probebench({QStringLiteral("grade"), project(projectFile), QStringLiteral("--bias"), bias,
                    QStringLiteral("--out"), out, QStringLiteral("--quiet")});
    QVERIFY2(r.exitCode == exitCode, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains(says), qPrintable(r.out));
    // The judge pipeline's own outputs, and the bias table beside them.
    for (const char* file : {"judge-log.csv", "report.md", "summary.json", "bias.md"})
        QVERIFY2(QFile::exists(out + QLatin1Char('/') + QLatin1String(file)), file);
    const QJsonObject b = jsonFile(out + QStringLiteral("/bias.json"));
    QCOMPARE(b.value(QLatin1String("format")).toString(),
             QStringLiteral("probebench/grader-bias@1"));
    QCOMPARE(b.value(QLatin1String("bias")).toString(), bias);
    QCOMPARE(b.value(QLatin1String("pairs")).toInt(), pairs);
    QVERIFY(!b.value(QLatin1String("countermeasure")).toString().isEmpty());
    const QJsonObject asGraded = b.value(QLatin1String("as_graded")).toObject();
    const QJsonObject after = b.value(QLatin1String("after_countermeasure")).toObject();
    if (std::isnan(delta)) {
        QVERIFY(asGraded.value(QLatin1String("avg_delta")).isNull());
    } else {
        QVERIFY(std::abs(asGraded.value(QLatin1String("avg_delta")).toDouble() - delta) < 1e-9);
        const double control = asGraded.value(QLatin1String("avg_control")).toDouble();
        const double treatment = asGraded.value(QLatin1String("avg_treatment")).toDouble();
        QVERIFY(std::abs(treatment - control - delta) < 1e-9);
        // The stand-in reads no instruction, so nothing of the delta goes away.
        QCOMPARE(after.value(QLatin1String("avg_delta")).toDouble(),
                 asGraded.value(QLatin1String("avg_delta")).toDouble());
    }
    QVERIFY(!b.value(QLatin1String("residual_risk")).toString().isEmpty());
    // Both judges ran as judge runs of the one store: the summary the judge command wrote.
    const QJsonObject summary = jsonFile(out + QStringLiteral("/summary.json"));
    QCOMPARE(summary.value(QLatin1String("evidence"))
                 .toObject()
                 .value(QLatin1String("runs"))
                 .toArray()
                 .size(),
             2);
}

void TestCliGraderBias::theCountermeasureAndSettingsAreTheUsers()
{
    const QString out = m_dir.filePath(QStringLiteral("own"));
    const QString text = QStringLiteral("Length is not a criterion.");
    const CliOutcome r = probebench(
        {QStringLiteral("grade"), project(QStringLiteral("library-hours-case.grading.json")),
         QStringLiteral("--bias"), QStringLiteral("padding"), QStringLiteral("--countermeasure"),
         text, QStringLiteral("--seed"), QStringLiteral("7"), QStringLiteral("--out"), out,
         QStringLiteral("--quiet")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(jsonFile(out + QStringLiteral("/bias.json")).value(QLatin1String("countermeasure")),
             QJsonValue(text));
    // It is in the second judge's prompt, as the probe file given to the judge run says.
    const QJsonArray judges =
        jsonFile(out + QStringLiteral("/library-hours-case-padding-bias.judge.json"))
            .value(QLatin1String("judges"))
            .toArray();
    QCOMPARE(judges.size(), 2);
    QCOMPARE(judges.at(1).toObject().value(QLatin1String("instructions")).toString(), text);
    QVERIFY(!judges.at(0).toObject().contains(QLatin1String("instructions")));
    // The grader's settings are grade's own: the project's, under the command line.
    for (const QJsonValue& judge : judges)
        QCOMPARE(judge.toObject().value(QLatin1String("seed")).toInteger(), 7);
}

void TestCliGraderBias::refusals_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("says");
    const QString p = project(QStringLiteral("library-hours-case.grading.json"));
    QTest::addRow("unknown bias") << QStringList{p, "--bias", "polish"}
                                  << "--bias: give padding, byline or position";
    QTest::addRow("empty countermeasure")
        << QStringList{p, "--bias", "padding", "--countermeasure", " "}
        << "--countermeasure: give the instruction to add";
    QTest::addRow("with a revision")
        << QStringList{p, "--bias", "padding", "--revision", "1"} << "--revision does not apply";
    QTest::addRow("countermeasure alone")
        << QStringList{p, "--countermeasure", "x"} << "--countermeasure goes with --bias";
}

void TestCliGraderBias::refusals()
{
    QFETCH(QStringList, args);
    QFETCH(QString, says);
    const CliOutcome r =
        probebench(QStringList{QStringLiteral("grade")} + args +
                   QStringList{QStringLiteral("--out"), m_dir.filePath(QStringLiteral("refused"))});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(says), qPrintable(r.err));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("refused/bias.json"))));
}

QTEST_GUILESS_MAIN(TestCliGraderBias)
#include "tst_cli_graderbias.moc"
