// A run's token totals against the fake model server on a real socket, for every kind that
// calls a model: the totals in summary.json equal the sums of the log's input_tokens and
// output_tokens columns, and both equal what the server reported in its replies (re-asked
// calls included, every reply summed); the cost follows the prices entered.
#include "ExampleProbe.h"
#include "FakeModelServer.h"
#include "TestPaths.h"
#include "csv/CsvTable.h"
#include "judge/JudgeAnalysis.h"
#include "judge/JudgeCallRecord.h"
#include "judge/JudgeCsvLog.h"
#include "judge/JudgeProbeReader.h"
#include "judge/JudgeProbeRun.h"
#include "judge/JudgeSummaryJson.h"
#include "nameset/NameSetAnalysis.h"
#include "nameset/NameSetReader.h"
#include "nameset/NameSetResultsFolder.h"
#include "nameset/NameSetRun.h"
#include "probe/ProbeReader.h"
#include "report/ResultsFolder.h"
#include "report/StoredRunReader.h"
#include "run/ModelProbeRun.h"
#include "run/RunSession.h"
#include "store/RunStore.h"

#include <QFile>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace pb;
using namespace pb::test;

namespace {

using Prices = std::optional<TokenPrices>;

// The sums of a log's token columns, and how many rows had both cells filled.
struct LogSums
{
    qint64 input = 0;
    qint64 output = 0;
    qint64 rowsWithCounts = 0;
    qint64 rows = 0;
};

LogSums sumColumns(const QByteArray& csv)
{
    QList<CsvRecord> records;
    QString error;
    if (!CsvTable::parse(csv, &records, &error) || records.isEmpty())
        qFatal("the log does not parse: %s", qPrintable(error));
    const int in = int(records.first().fields.indexOf(QStringLiteral("input_tokens")));
    const int out = int(records.first().fields.indexOf(QStringLiteral("output_tokens")));
    if (in < 0 || out < 0)
        qFatal("the log has no token columns");
    LogSums sums;
    for (qsizetype i = 1; i < records.size(); ++i) {
        const QStringList& f = records[i].fields;
        ++sums.rows;
        sums.input += f.at(in).toLongLong();
        sums.output += f.at(out).toLongLong();
        if (!f.at(in).isEmpty() && !f.at(out).isEmpty())
            ++sums.rowsWithCounts;
    }
    return sums;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QJsonObject tokensIn(const QString& summaryPath)
{
    return QJsonDocument::fromJson(readAll(summaryPath))
        .object()
        .value(QLatin1String("tokens"))
        .toObject();
}

bool runToEnd(RunStore* store, QList<RunUnit> units, std::unique_ptr<RunAnalyzer> analyzer,
              QList<qint64>* runIds)
{
    RunSession session(store, std::move(units), std::move(analyzer));
    QSignalSpy finished(&session, &RunSession::finished);
    session.start();
    if (!finished.wait(120000))
        return false;
    *runIds = session.runIds();
    return true;
}

QUrl urlFor(const FakeModelServer& server, const QString& protocol)
{
    return protocol == QLatin1String("openai") ? server.openAiUrl() : server.ollamaUrl();
}

// The cost summary.json gives, checked against the prices: input and output priced apart.
void checkCost(const QJsonObject& tokens, const Prices& prices)
{
    const QJsonValue cost = tokens.value(QLatin1String("cost"));
    if (!prices) {
        QVERIFY(cost.isNull());
        return;
    }
    const double input = double(tokens.value(QLatin1String("input")).toInteger());
    const double output = double(tokens.value(QLatin1String("output")).toInteger());
    const QJsonObject c = cost.toObject();
    QCOMPARE(c.value(QLatin1String("input")).toDouble(), input * prices->perMillionInput / 1e6);
    QCOMPARE(c.value(QLatin1String("output")).toDouble(), output * prices->perMillionOutput / 1e6);
    QCOMPARE(c.value(QLatin1String("total")).toDouble(),
             input * prices->perMillionInput / 1e6 + output * prices->perMillionOutput / 1e6);
}

} // namespace

class TestTokenCost : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void modelProbeTotalsAreTheLogsAndTheServers_data();
    void modelProbeTotalsAreTheLogsAndTheServers();
    void judgeReasksCountEveryReply();
    void nameSetReasksCountEveryReply();
};

void TestTokenCost::modelProbeTotalsAreTheLogsAndTheServers_data()
{
    QTest::addColumn<QString>("protocol");
    QTest::addColumn<bool>("stream");
    QTest::addColumn<Prices>("prices");
    QTest::addRow("ollama, unpriced") << "ollama" << false << Prices();
    QTest::addRow("ollama streamed, priced") << "ollama" << true << Prices(TokenPrices{0.5, 1.5});
    QTest::addRow("openai, priced") << "openai" << false << Prices(TokenPrices{2.5, 10.0});
    QTest::addRow("openai, free output") << "openai" << false << Prices(TokenPrices{3.0, 0.0});
}

void TestTokenCost::modelProbeTotalsAreTheLogsAndTheServers()
{
    QFETCH(QString, protocol);
    QFETCH(bool, stream);
    QFETCH(Prices, prices);
    FakeModelServer server;
    QVERIFY(server.listen());
    ProbeDocument doc =
        *ProbeReader::parse(exampleProbeBytes(), QStringLiteral("example")).document;
    doc.settings.backend = protocol;
    doc.settings.model = QStringLiteral("fake-model:latest");
    doc.settings.endpoints = {urlFor(server, protocol).toString()};
    doc.settings.concurrency = 4;
    doc.settings.stream = stream;
    doc.settings.prices = prices;
    QTemporaryDir dir;
    RunStore store;
    QString error;
    QVERIFY2(store.open(dir.filePath(QStringLiteral("s.pbrun")), &error), qPrintable(error));
    QList<qint64> runIds;
    QVERIFY(runToEnd(&store, {ModelProbeRun::unit(doc, 2)},
                     std::make_unique<ModelProbeAnalyzer>(doc), &runIds));
    const std::optional<RunEvidence> e = StoredRunReader::read(store, runIds.first(), &error);
    QVERIFY2(e, qPrintable(error));
    QVERIFY(e->context.cost);
    // The prices were kept with the run's probe, as entered.
    QCOMPARE(e->context.cost->runs.first().prices, prices);
    const QString out = dir.filePath(QStringLiteral("results"));
    const ResultsFolder folder(out);
    QVERIFY2(folder.prepare(&error), qPrintable(error));
    QVERIFY2(folder.write(e->context, e->analysis, store, runIds.first(), &error),
             qPrintable(error));

    const LogSums log = sumColumns(readAll(out + QStringLiteral("/log.csv")));
    const TokenTotals totals = e->context.cost->total();
    QCOMPARE(log.rows, qint64(server.chatRepliesAnswered()));
    QCOMPARE(log.rowsWithCounts, log.rows); // every reply reported both counts
    QVERIFY(log.input > 0 && log.output > 0);
    QCOMPARE(totals.input, log.input);
    QCOMPARE(totals.output, log.output);
    QCOMPARE(log.input, server.reportedInputTokens());
    QCOMPARE(log.output, server.reportedOutputTokens());
    QCOMPARE(totals.calls, log.rows);
    QCOMPARE(totals.callsCounted, log.rows);

    const QJsonObject tokens = tokensIn(out + QStringLiteral("/summary.json"));
    QCOMPARE(tokens.value(QLatin1String("input")).toInteger(), log.input);
    QCOMPARE(tokens.value(QLatin1String("output")).toInteger(), log.output);
    QCOMPARE(tokens.value(QLatin1String("calls_without_counts")).toInteger(), 0);
    QCOMPARE(tokens.value(QLatin1String("input_per_call")).toDouble(),
             double(log.input) / double(log.rows));
    checkCost(tokens, prices);
    const QString report = QString::fromUtf8(readAll(out + QStringLiteral("/report.md")));
    QVERIFY(report.contains(QStringLiteral("Tokens and cost")));
    QCOMPARE(report.contains(QStringLiteral("No cost:")), !prices.has_value());
}

// The fake server's replies are no verdict, so every judge call is asked again until it is
// left for review: each of its replies cost tokens, and the row sums them.
void TestTokenCost::judgeReasksCountEveryReply()
{
    FakeModelServer server;
    QVERIFY(server.listen());
    const JudgeProbeLoadResult loaded = JudgeProbeReader::readFile(
        sourceDir() + QStringLiteral("/resources/examples/library-padding.judge.json"));
    QVERIFY2(loaded.ok(), qPrintable(loaded.errorText()));
    JudgeProbeDocument doc = *loaded.document;
    JudgeConfig& judge = doc.judges.first();
    judge.backend = QStringLiteral("ollama");
    judge.model = QStringLiteral("fake-model:latest");
    judge.endpoints = {server.ollamaUrl().toString()};
    judge.concurrency = 4;
    judge.prices = TokenPrices{1.0, 2.0};
    QTemporaryDir dir;
    RunStore store;
    QString error;
    QVERIFY2(store.open(dir.filePath(QStringLiteral("j.pbrun")), &error), qPrintable(error));
    QList<qint64> runIds;
    QVERIFY(runToEnd(&store, JudgeProbeRun::units(doc), {}, &runIds));
    QList<LoggedCall> calls;
    QVERIFY2(store.calls(runIds.first(), &calls, &error), qPrintable(error));
    QVERIFY(!calls.isEmpty());
    // More replies than calls: the re-asks were answered too.
    QVERIFY(server.chatRepliesAnswered() > calls.size());
    const JudgeAnalysis analysis =
        JudgeAnalysis::compute(doc, {JudgeCallRecord::fromLogged(doc, judge, calls)});
    const LogSums log = sumColumns(JudgeCsvLog::toCsv(doc, analysis));
    QCOMPARE(log.rows, qint64(calls.size()));
    QCOMPARE(log.input, server.reportedInputTokens());
    QCOMPARE(log.output, server.reportedOutputTokens());
    const QJsonObject tokens =
        JudgeSummaryJson::build(doc, analysis).value(QLatin1String("tokens")).toObject();
    QCOMPARE(tokens.value(QLatin1String("input")).toInteger(), log.input);
    QCOMPARE(tokens.value(QLatin1String("output")).toInteger(), log.output);
    checkCost(tokens, judge.prices);
}

void TestTokenCost::nameSetReasksCountEveryReply()
{
    FakeModelServer server;
    QVERIFY(server.listen());
    const NameSetLoadResult loaded = NameSetReader::readFile(
        sourceDir() + QStringLiteral("/resources/examples/resume-screening.names.json"));
    QVERIFY(loaded.ok());
    NameSetDocument doc = *loaded.document;
    doc.settings.backend = QStringLiteral("openai");
    doc.settings.model = QStringLiteral("fake-model:latest");
    doc.settings.endpoints = {server.openAiUrl().toString()};
    doc.settings.concurrency = 4;
    doc.settings.prices = TokenPrices{0.15, 0.6};
    QTemporaryDir dir;
    RunStore store;
    QString error;
    QVERIFY2(store.open(dir.filePath(QStringLiteral("n.pbrun")), &error), qPrintable(error));
    QList<qint64> runIds;
    QVERIFY(runToEnd(&store, {NameSetRun::unit(doc, 1)}, {}, &runIds));
    QByteArray csv;
    QVERIFY2(NameSetResultsFolder::log(store, runIds.first(), &csv, &error), qPrintable(error));
    const LogSums log = sumColumns(csv);
    // One row per attempt: every reply is a row, and its call's total is on its last one.
    QCOMPARE(log.rows, qint64(server.chatRepliesAnswered()));
    QCOMPARE(log.input, server.reportedInputTokens());
    QCOMPARE(log.output, server.reportedOutputTokens());
    QList<LoggedCall> calls;
    QVERIFY2(store.calls(runIds.first(), &calls, &error), qPrintable(error));
    NameSetAnalyzer analyzer(doc);
    analyzer.add(0, runIds.first(), calls);
    const NameSetAnalysis analysis =
        NameSetAnalysis::compute(doc, *NameSetRun::resultsIn(analyzer.results()));
    const QJsonObject tokens =
        NameSetResultsFolder::summary(doc, analysis).value(QLatin1String("tokens")).toObject();
    QCOMPARE(tokens.value(QLatin1String("input")).toInteger(), log.input);
    QCOMPARE(tokens.value(QLatin1String("output")).toInteger(), log.output);
    QCOMPARE(tokens.value(QLatin1String("calls")).toInteger(), qint64(calls.size()));
    checkCost(tokens, doc.settings.prices);
}

QTEST_GUILESS_MAIN(TestTokenCost)
#include "tst_tokencost.moc"
