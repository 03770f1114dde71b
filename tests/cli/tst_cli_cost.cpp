// Tokens and cost as a student meets them on the command line: a dry run against the fake
// server (a process of its own) prints its tokens, its cost at the prices given and an
// estimate for the full run, and summary.json's totals are the sums of log.csv's columns and
// what the server says it reported; every kind's summary carries "tokens" in one form; a
// run on a stand-in, which counts no tokens, is never given a cost.
#include "CliProcess.h"
#include "TestPaths.h"
#include "csv/CsvTable.h"
#include "probe/ProbeReader.h"
#include "run/ModelProbeRun.h"

#include <QFile>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb;

namespace {

QString example(const QString& name)
{
    return test::sourceDir() + QStringLiteral("/resources/examples/") + name;
}

QJsonObject summaryIn(const QString& dir)
{
    QFile file(dir + QStringLiteral("/summary.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

// The sums of log.csv's input_tokens and output_tokens columns.
QPair<qint64, qint64> logSums(const QString& path)
{
    QFile file(path);
    QList<CsvRecord> records;
    QString error;
    if (!file.open(QIODevice::ReadOnly) || !CsvTable::parse(file.readAll(), &records, &error) ||
        records.isEmpty())
        return {-1, -1};
    const qsizetype in = records.first().fields.indexOf(QStringLiteral("input_tokens"));
    const qsizetype out = records.first().fields.indexOf(QStringLiteral("output_tokens"));
    if (in < 0 || out < 0)
        return {-1, -1};
    QPair<qint64, qint64> sums{0, 0};
    for (qsizetype i = 1; i < records.size(); ++i) {
        sums.first += records[i].fields.at(in).toLongLong();
        sums.second += records[i].fields.at(out).toLongLong();
    }
    return sums;
}

const QStringList kTokenKeys = {QStringLiteral("calls"),
                                QStringLiteral("calls_counted"),
                                QStringLiteral("calls_without_counts"),
                                QStringLiteral("input"),
                                QStringLiteral("output"),
                                QStringLiteral("input_per_call"),
                                QStringLiteral("output_per_call"),
                                QStringLiteral("cost")};

} // namespace

class TestCliCost : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void dryRunPricesAndEstimates();
    void everyKindHasTokens_data();
    void everyKindHasTokens();
    void halfAPriceIsRefused();
    void analyzeMatchesSummary_data();
    void analyzeMatchesSummary();
};

void TestCliCost::dryRunPricesAndEstimates()
{
    test::FakeServer server;
    QVERIFY(server.ok());
    QTemporaryDir dir;
    const test::CliOutcome run = test::probebench(
        {QStringLiteral("run"), example(QStringLiteral("style-probe.probe.json")),
         QStringLiteral("--backend"), QStringLiteral("ollama"), QStringLiteral("--endpoint"),
         server.url(), QStringLiteral("--model"), QStringLiteral("fake-model:latest"),
         QStringLiteral("--limit-seeds"), QStringLiteral("2"), QStringLiteral("--price-input"),
         QStringLiteral("2.5"), QStringLiteral("--price-output"), QStringLiteral("10"),
         QStringLiteral("--out"), dir.path(), QStringLiteral("--quiet")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));

    const QJsonObject stats = server.stats();
    const QPair<qint64, qint64> log = logSums(dir.filePath(QStringLiteral("log.csv")));
    const QJsonObject tokens = summaryIn(dir.path()).value(QLatin1String("tokens")).toObject();
    QVERIFY(log.first > 0 && log.second > 0);
    QCOMPARE(tokens.value(QLatin1String("input")).toInteger(), log.first);
    QCOMPARE(tokens.value(QLatin1String("output")).toInteger(), log.second);
    QCOMPARE(log.first, stats.value(QLatin1String("reported_input_tokens")).toInteger());
    QCOMPARE(log.second, stats.value(QLatin1String("reported_output_tokens")).toInteger());
    const QJsonObject cost = tokens.value(QLatin1String("cost")).toObject();
    QCOMPARE(cost.value(QLatin1String("input")).toDouble(), double(log.first) * 2.5 / 1e6);
    QCOMPARE(cost.value(QLatin1String("output")).toDouble(), double(log.second) * 10.0 / 1e6);

    // The console says the same, then scales the dry run to the full plan.
    QVERIFY2(run.out.contains(QStringLiteral("tokens: %1 input").arg(log.first)),
             qPrintable(run.out));
    const ProbeDocument doc =
        *ProbeReader::readFile(example(QStringLiteral("style-probe.probe.json"))).document;
    const qsizetype planned = ModelProbeRun::unit(doc).plan().size();
    const qint64 calls = tokens.value(QLatin1String("calls")).toInteger();
    QVERIFY(planned > calls);
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("estimate for the full run: (\\d+) calls .* about "
                                          "(\\d+) input and (\\d+) output tokens; cost about"))
            .match(run.out);
    QVERIFY2(m.hasMatch(), qPrintable(run.out));
    QCOMPARE(m.captured(1).toLongLong(), qint64(planned));
    // Printed rounded to whole tokens.
    const double input = double(log.first) / double(calls) * double(planned);
    const double output = double(log.second) / double(calls) * double(planned);
    QVERIFY2(qAbs(m.captured(2).toDouble() - input) <= 0.5, qPrintable(m.captured(0)));
    QVERIFY2(qAbs(m.captured(3).toDouble() - output) <= 0.5, qPrintable(m.captured(0)));
}

void TestCliCost::everyKindHasTokens_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addRow("model probe") << QStringList{
        QStringLiteral("run"), example(QStringLiteral("style-probe.probe.json")),
        QStringLiteral("--limit-seeds"), QStringLiteral("2")};
    QTest::addRow("choice probe") << QStringList{
        QStringLiteral("run"), example(QStringLiteral("escalation-choice.probe.json"))};
    QTest::addRow("judge probe") << QStringList{
        QStringLiteral("run"), example(QStringLiteral("library-padding.judge.json"))};
    QTest::addRow("name set") << QStringList{
        QStringLiteral("run"), example(QStringLiteral("resume-screening.names.json"))};
    QTest::addRow("grading") << QStringList{QStringLiteral("grade"),
                                            example(QStringLiteral("library-hours.rubric.json")),
                                            example(QStringLiteral("library-hours-submissions"))};
}

// The stand-ins tokenise nothing: every call is counted as without counts, and the prices
// given make no cost of them.
void TestCliCost::everyKindHasTokens()
{
    QFETCH(QStringList, args);
    QTemporaryDir dir;
    const test::CliOutcome run = test::probebench(
        args + QStringList{QStringLiteral("--price-input"), QStringLiteral("1"),
                           QStringLiteral("--price-output"), QStringLiteral("2"),
                           QStringLiteral("--out"), dir.path(), QStringLiteral("--quiet")});
    QVERIFY2(run.exitCode == 0 || run.exitCode == 3, qPrintable(run.err));
    const QJsonObject tokens = summaryIn(dir.path()).value(QLatin1String("tokens")).toObject();
    const QStringList keys = tokens.keys();
    for (const QString& key : kTokenKeys)
        QVERIFY2(keys.contains(key), qPrintable(key));
    QVERIFY(tokens.value(QLatin1String("calls")).toInteger() > 0);
    QCOMPARE(tokens.value(QLatin1String("calls_without_counts")).toInteger(),
             tokens.value(QLatin1String("calls")).toInteger());
    QCOMPARE(tokens.value(QLatin1String("input")).toInteger(), 0);
    QVERIFY(tokens.value(QLatin1String("input_per_call")).isNull());
    QVERIFY(tokens.value(QLatin1String("cost")).isNull());
    QVERIFY2(run.out.contains(QStringLiteral("without counts from the server")),
             qPrintable(run.out));
}

void TestCliCost::halfAPriceIsRefused()
{
    QTemporaryDir dir;
    const test::CliOutcome run =
        test::probebench({QStringLiteral("run"), example(QStringLiteral("style-probe.probe.json")),
                          QStringLiteral("--price-input"), QStringLiteral("2.5"),
                          QStringLiteral("--out"), dir.path(), QStringLiteral("--quiet")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(QStringLiteral("--price-output")), qPrintable(run.err));
}

void TestCliCost::analyzeMatchesSummary_data()
{
    QTest::addColumn<QStringList>("prices");
    QTest::addRow("priced") << QStringList{QStringLiteral("--price-input"), QStringLiteral("2.5"),
                                           QStringLiteral("--price-output"), QStringLiteral("10")};
    QTest::addRow("unpriced") << QStringList();
}

// `analyze` of a run's log.csv reads its token columns back: summary.json's "tokens" is the
// run's, figure for figure, and the console line is the same.
void TestCliCost::analyzeMatchesSummary()
{
    QFETCH(QStringList, prices);
    test::FakeServer server;
    QVERIFY(server.ok());
    QTemporaryDir dir;
    const QString runDir = dir.filePath(QStringLiteral("run"));
    const QString analyzeDir = dir.filePath(QStringLiteral("analyze"));
    const test::CliOutcome run = test::probebench(
        QStringList{QStringLiteral("run"), example(QStringLiteral("style-probe.probe.json")),
                    QStringLiteral("--backend"), QStringLiteral("ollama"),
                    QStringLiteral("--endpoint"), server.url(), QStringLiteral("--model"),
                    QStringLiteral("fake-model:latest"), QStringLiteral("--limit-seeds"),
                    QStringLiteral("2"), QStringLiteral("--out"), runDir,
                    QStringLiteral("--quiet")} +
        prices);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const test::CliOutcome analyze =
        test::probebench(QStringList{QStringLiteral("analyze"), runDir + QStringLiteral("/log.csv"),
                                     QStringLiteral("--out"), analyzeDir} +
                         prices);
    QVERIFY2(analyze.exitCode == 0, qPrintable(analyze.err));

    const QJsonObject ran = summaryIn(runDir).value(QLatin1String("tokens")).toObject();
    const QJsonObject read = summaryIn(analyzeDir).value(QLatin1String("tokens")).toObject();
    QVERIFY(ran.value(QLatin1String("input")).toInteger() > 0);
    QCOMPARE(ran.value(QLatin1String("cost")).isNull(), prices.isEmpty());
    QCOMPARE(read, ran);
    const QRegularExpression line(QStringLiteral("^tokens: .*$"),
                                  QRegularExpression::MultilineOption);
    const QString ranLine = line.match(run.out).captured(0);
    QVERIFY2(!ranLine.isEmpty(), qPrintable(run.out));
    QCOMPARE(line.match(analyze.out).captured(0), ranLine);
}

QTEST_GUILESS_MAIN(TestCliCost)
#include "tst_cli_cost.moc"
