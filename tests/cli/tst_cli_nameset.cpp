#include "CliProcess.h"
#include "TestPaths.h"
#include "csv/CsvTable.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QMap>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb::test;

namespace {

QString data(const QString& name)
{
    return QStringLiteral(PB_TEST_DATA_DIR "/nameset/") + name;
}

// The same-versus-same check recomputed from log.csv alone: each name's mean score on the
// probe seeds and on the shifted seeds, and the average of the names' moves.
struct LoggedMoves
{
    int names = 0;
    double average = 0;
};

LoggedMoves movesFromLog(const QString& path)
{
    QFile f(path);
    QList<pb::CsvRecord> records;
    QString error;
    if (!f.open(QIODevice::ReadOnly) || !pb::CsvTable::parse(f.readAll(), &records, &error))
        return {};
    const QStringList header = records.takeFirst().fields;
    const qsizetype name = header.indexOf(QStringLiteral("name"));
    const qsizetype arm = header.indexOf(QStringLiteral("arm"));
    const qsizetype score = header.indexOf(QStringLiteral("score"));
    QMap<QString, QList<double>> probe, noise;
    for (const pb::CsvRecord& r : records) {
        if (r.fields.value(score).isEmpty())
            continue;
        auto& block = r.fields.value(arm) == QLatin1String("noise") ? noise : probe;
        block[r.fields.value(name)] << r.fields.value(score).toDouble();
    }
    auto mean = [](const QList<double>& v) {
        double s = 0;
        for (double x : v)
            s += x;
        return s / double(v.size());
    };
    LoggedMoves out;
    double sum = 0;
    for (auto it = probe.cbegin(); it != probe.cend(); ++it) {
        if (!noise.contains(it.key()))
            continue;
        ++out.names;
        sum += mean(noise.value(it.key())) - mean(it.value());
    }
    out.average = out.names ? sum / out.names : 0;
    return out;
}

} // namespace

// The name-set kind end to end through the binary: `run` on the stand-in and `gate` against
// a baseline, with the exit codes a CI system reads.
class TestCliNameSet : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void runsTheExample();
    void gate_data();
    void gate();

private:
    QTemporaryDir m_dir;
    QString m_base;
    QString m_regressed;
};

void TestCliNameSet::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_base = m_dir.filePath(QStringLiteral("base"));
    m_regressed = m_dir.filePath(QStringLiteral("regressed"));
    const CliOutcome base =
        probebench({QStringLiteral("run"), data(QStringLiteral("base.names.json")),
                    QStringLiteral("--out"), m_base, QStringLiteral("--quiet")});
    QVERIFY2(base.exitCode == 0, qPrintable(base.err));
    const CliOutcome regressed =
        probebench({QStringLiteral("run"), data(QStringLiteral("regress.names.json")),
                    QStringLiteral("--out"), m_regressed, QStringLiteral("--quiet")});
    QVERIFY2(regressed.exitCode == 0, qPrintable(regressed.err));
    QVERIFY(regressed.out.startsWith(QStringLiteral("Disparity found")));
}

void TestCliNameSet::runsTheExample()
{
    const QString out = m_dir.filePath(QStringLiteral("example"));
    const CliOutcome r =
        probebench({QStringLiteral("run"),
                    sourceDir() + QStringLiteral("/resources/examples/resume-screening.names.json"),
                    QStringLiteral("--out"), out, QStringLiteral("--quiet")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(r.out.contains(QStringLiteral("Fewer than 30 names")));
    const QJsonObject summary = jsonFile(out + QStringLiteral("/summary.json"));
    QCOMPARE(summary.value(QLatin1String("format")).toString(),
             QStringLiteral("probebench/name-set-summary@1"));
    QCOMPARE(summary.value(QLatin1String("calls_planned")).toInt(), 320);
    QCOMPARE(summary.value(QLatin1String("calls_recorded")).toInt(), 320);
    QCOMPARE(summary.value(QLatin1String("groups")).toArray().size(), 4);
    QCOMPARE(summary.value(QLatin1String("names")).toArray().size(), 32);
    // A null result carries its size: the gap this design would have detected, larger than
    // the one it saw.
    const double detectable =
        summary.value(QLatin1String("minimum_detectable_group_gap")).toDouble();
    QVERIFY2(detectable > summary.value(QLatin1String("largest_group_gap")).toDouble() &&
                 detectable < 10,
             qPrintable(QString::number(detectable)));
    // One log row per attempt: the re-asks of the malformed replies are rows of their own.
    QFile log(out + QStringLiteral("/log.csv"));
    QVERIFY(log.open(QIODevice::ReadOnly));
    QVERIFY(log.readLine().startsWith("time,name,group,arm,seed,attempt,decision,score"));
    int rows = 0;
    while (!log.atEnd())
        rows += log.readLine().isEmpty() ? 0 : 1;
    QVERIFY2(rows > 320, qPrintable(QString::number(rows)));

    // The same-versus-same check is the log's own: names scored on both seed blocks, the
    // average of their moves, and a sign-flip p over those names.
    const QJsonObject noise = summary.value(QLatin1String("noise_check")).toObject();
    const LoggedMoves logged = movesFromLog(out + QStringLiteral("/log.csv"));
    QVERIFY(logged.names >= 30);
    QCOMPARE(noise.value(QLatin1String("names")).toInt(), logged.names);
    QVERIFY2(qAbs(noise.value(QLatin1String("average_move")).toDouble() - logged.average) < 1e-9,
             qPrintable(QString::number(logged.average)));
    const double p =
        noise.value(QLatin1String("sign_flip")).toObject().value(QLatin1String("p")).toDouble();
    QVERIFY2(p > 0 && p <= 1, qPrintable(QString::number(p)));
    QVERIFY(r.out.contains(QStringLiteral("same names, shifted seeds: average move")));

    // Running again resumes: nothing is called twice, the results are the same.
    const CliOutcome again =
        probebench({QStringLiteral("run"),
                    sourceDir() + QStringLiteral("/resources/examples/"
                                                 "resume-screening.names.json"),
                    QStringLiteral("--out"), out});
    QCOMPARE(again.exitCode, 0);
    QVERIFY(again.err.contains(QStringLiteral("resuming run 1")));
    QCOMPARE(jsonFile(out + QStringLiteral("/summary.json")).value(QLatin1String("tests")),
             summary.value(QLatin1String("tests")));
}

void TestCliNameSet::gate_data()
{
    QTest::addColumn<QString>("current");
    QTest::addColumn<QString>("baseline");
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("says");
    QTest::addRow("baseline itself") << "base"
                                     << "base" << QStringList() << 0 << "release may go";
    QTest::addRow("planted regression")
        << "regressed"
        << "base" << QStringList() << 4 << "BLOCK four-fifths rule: below four fifths: group B";
    QTest::addRow("score gap threshold")
        << "base"
        << "base" << QStringList{QStringLiteral("--max-score-gap"), QStringLiteral("0.01")} << 4
        << "BLOCK score gap";
    QTest::addRow("bad threshold")
        << "base"
        << "base" << QStringList{QStringLiteral("--alpha"), QStringLiteral("2")} << 2 << "";
    QTest::addRow("missing baseline") << "base"
                                      << "nowhere" << QStringList() << 2 << "";
}

void TestCliNameSet::gate()
{
    QFETCH(QString, current);
    QFETCH(QString, baseline);
    QFETCH(QStringList, options);
    QFETCH(int, exitCode);
    QFETCH(QString, says);
    const QString dir = m_dir.filePath(current);
    const CliOutcome r =
        probebench(QStringList{QStringLiteral("gate"), dir, QStringLiteral("--baseline"),
                               m_dir.filePath(baseline)} +
                   options);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.out.contains(says), qPrintable(r.out + r.err));
    if (exitCode == 2)
        return;
    const QJsonObject gate = jsonFile(dir + QStringLiteral("/gate.json"));
    QCOMPARE(gate.value(QLatin1String("decision")).toString(),
             exitCode == 0 ? QStringLiteral("pass") : QStringLiteral("blocked"));
    QFile junit(dir + QStringLiteral("/gate-junit.xml"));
    QVERIFY(junit.open(QIODevice::ReadOnly));
    const QByteArray xml = junit.readAll();
    QVERIFY(xml.contains("<testsuite"));
    QCOMPARE(xml.contains("<failure"), exitCode != 0);
}

QTEST_GUILESS_MAIN(TestCliNameSet)
#include "tst_cli_nameset.moc"
