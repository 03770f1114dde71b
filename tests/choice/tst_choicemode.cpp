// A choice probe end to end inside the process: its file read and written through the one
// reader and writer, and runs on the one Runner against the fake server with and without log
// probabilities, read back through StoredRunReader into the report and summary.json.
#include "FakeModelServer.h"
#include "TestPaths.h"
#include "choice/ChoiceReport.h"
#include "choice/ChoiceSummaryJson.h"
#include "gate/ReleaseGate.h"
#include "report/RunComparison.h"
#include "run/Rescoring.h"
#include "probe/ProbeReader.h"
#include "probe/ProbeWriter.h"
#include "report/StoredRunReader.h"
#include "run/ModelProbeRun.h"
#include "run/RunConfiguration.h"
#include "run/RunSession.h"
#include "store/RunStore.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace pb;
using namespace pb::test;

namespace {

QByteArray exampleBytes()
{
    QFile f(sourceDir() + QStringLiteral("/resources/examples/escalation-choice.probe.json"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

ProbeDocument example()
{
    return *ProbeReader::parse(exampleBytes(), QStringLiteral("example")).document;
}

// The example with its "metric" replaced by `metric` (JSON text).
QByteArray withMetric(const QByteArray& metric)
{
    QJsonObject root = QJsonDocument::fromJson(exampleBytes()).object();
    root.insert(QStringLiteral("metric"), QJsonDocument::fromJson(metric).object());
    return QJsonDocument(root).toJson();
}

struct StoredRun
{
    std::optional<RunEvidence> evidence;
    int callsReceived = 0;
};

StoredRun runAgainst(FakeModelServer& server, ProbeDocument doc, const QString& protocol,
                     const QString& storePath)
{
    doc.settings.backend = protocol;
    doc.settings.model = QStringLiteral("fake-model");
    doc.settings.endpoints = {protocol == QLatin1String("openai") ? server.openAiUrl().toString()
                                                                  : server.ollamaUrl().toString()};
    doc.settings.concurrency = 4;
    RunStore store;
    QString error;
    if (!store.open(storePath, &error))
        return {};
    RunSession session(&store, {ModelProbeRun::unit(doc)},
                       std::make_unique<ModelProbeAnalyzer>(doc));
    QSignalSpy finished(&session, &RunSession::finished);
    session.start();
    if (!finished.wait(60000))
        return {};
    StoredRun out;
    out.evidence = StoredRunReader::read(store, session.runIds().constFirst(), &error);
    out.callsReceived = server.chatRequestsReceived();
    return out;
}

} // namespace

class TestChoiceMode : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void exampleRoundTrips()
    {
        const ProbeLoadResult loaded =
            ProbeReader::parse(exampleBytes(), QStringLiteral("example"));
        QVERIFY2(loaded.ok(), qPrintable(loaded.text()));
        const ProbeDocument& doc = *loaded.document;
        QVERIFY(doc.metric.isChoice());
        QCOMPARE(doc.metric.candidates, QStringList({QStringLiteral("yes"), QStringLiteral("no")}));
        QCOMPARE(doc.metric.topLogprobs, 5);
        const ProbeLoadResult again =
            ProbeReader::parse(ProbeWriter::toJson(doc), QStringLiteral("written"));
        QVERIFY2(again.ok(), qPrintable(again.text()));
        QCOMPARE(*again.document, doc);
        // The candidates are part of what the run is: another set is another run.
        ProbeDocument other = doc;
        other.metric.candidates = {QStringLiteral("yes"), QStringLiteral("maybe")};
        QVERIFY(RunConfiguration::canonical(other) != RunConfiguration::canonical(doc));
    }

    void badChoiceSpecsNameTheField_data()
    {
        QTest::addColumn<QByteArray>("metric");
        QTest::addColumn<QString>("problem");
        QTest::addRow("no candidates")
            << QByteArray(R"({"kind": "choice"})")
            << "metric.candidates: missing: a choice probe lists the answers it allows";
        QTest::addRow("one candidate") << QByteArray(R"({"kind": "choice", "candidates": ["A"]})")
                                       << "metric.candidates: needs at least two candidates";
        QTest::addRow("same after folding")
            << QByteArray(R"({"kind": "choice", "candidates": ["Yes", "no", " yes."]})")
            << "metric.candidates[2]: reads the same as candidates[0]";
        QTest::addRow("blank candidate")
            << QByteArray(R"({"kind": "choice", "candidates": ["yes", "**"]})")
            << "metric.candidates[1]: is empty (or only spaces and punctuation)";
        QTest::addRow("candidate not text")
            << QByteArray(R"({"kind": "choice", "candidates": ["yes", 2]})")
            << "metric.candidates[1]: must be text";
        QTest::addRow("top_logprobs too large")
            << QByteArray(R"({"kind": "choice", "candidates": ["a", "b"], "top_logprobs": 50})")
            << "metric.top_logprobs: must be a whole number from 1 to 20";
        QTest::addRow("candidates on a numeric metric")
            << QByteArray(R"({"kind": "count_steps", "candidates": ["a", "b"]})")
            << "metric.candidates: warning: is ignored by count_steps";
        QTest::addRow("unknown kind names choice")
            << QByteArray(R"({"kind": "choise", "candidates": ["a", "b"]})")
            << "or choice for a choice task";
    }

    void badChoiceSpecsNameTheField()
    {
        QFETCH(QByteArray, metric);
        QFETCH(QString, problem);
        const ProbeLoadResult loaded = ProbeReader::parse(withMetric(metric), QStringLiteral("p"));
        QVERIFY2(loaded.text().contains(problem), qPrintable(loaded.text()));
    }

    void choiceNeedsTheNoiseArm()
    {
        QJsonObject root = QJsonDocument::fromJson(exampleBytes()).object();
        root.insert(QStringLiteral("noise_check"), QJsonObject{{"enabled", false}});
        const ProbeLoadResult loaded =
            ProbeReader::parse(QJsonDocument(root).toJson(), QStringLiteral("p"));
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.text().contains(QStringLiteral("noise_check.enabled: is false")),
                 qPrintable(loaded.text()));
    }

    // Choice scores and numeric scores are different estimators: every comparison refuses.
    void estimatorsAreNeverMixed()
    {
        const ProbeDocument choice = example();
        ProbeDocument numeric = choice;
        numeric.metric = MetricSpec();
        QVERIFY(RunComparison::mismatches(numeric, choice)
                    .join(QLatin1Char(' '))
                    .contains(QStringLiteral("scores of different estimators are never compared")));
        const Rescoring r = Rescoring::compute({LoggedCall()}, choice.metric, numeric.metric,
                                               QDate(2026, 1, 1));
        QVERIFY(r.calls.isEmpty());
        QVERIFY(r.note.startsWith(QStringLiteral("not re-scored")));
        const QJsonObject choiceSummary{{"format", QLatin1String(ChoiceSummaryJson::kFormat)},
                                        {"mode", "choice"}};
        const QJsonObject numericSummary{{"format", "probebench/summary@1"}, {"mode", "numeric"}};
        const ReleaseGate::Outcome gate =
            ReleaseGate::evaluate(choiceSummary, numericSummary, GateThresholds());
        QVERIFY(!gate.inputError.isEmpty());
    }

    void runsAgainstTheFakeServer_data()
    {
        QTest::addColumn<QString>("protocol");
        QTest::addColumn<bool>("serverLogprobs");
        QTest::addColumn<bool>("stream");
        QTest::addRow("ollama with logprobs") << "ollama" << true << false;
        QTest::addRow("ollama streamed with logprobs") << "ollama" << true << true;
        QTest::addRow("openai with logprobs") << "openai" << true << false;
        QTest::addRow("ollama too old for logprobs") << "ollama" << false << false;
        QTest::addRow("openai server that ignores them") << "openai" << false << false;
    }

    void runsAgainstTheFakeServer()
    {
        QFETCH(QString, protocol);
        QFETCH(bool, serverLogprobs);
        QFETCH(bool, stream);
        FakeModelServer server;
        server.setChoiceAnswers({QStringLiteral("yes"), QStringLiteral("no")}, serverLogprobs);
        server.setMarker({QStringLiteral("lol"), QStringLiteral("cant"), QStringLiteral("pls"),
                          QStringLiteral("wtf"), QStringLiteral("isnt")},
                         3);
        QVERIFY(server.listen());
        QTemporaryDir dir;
        ProbeDocument doc = example();
        doc.settings.seeds = doc.settings.seeds.mid(0, 8);
        doc.settings.stream = stream;
        const StoredRun run =
            runAgainst(server, doc, protocol, dir.filePath(QStringLiteral("c.pbrun")));
        QVERIFY(run.evidence);
        QVERIFY(run.evidence->choice);
        const ChoiceAnalysis& a = *run.evidence->choice;
        QCOMPARE(a.callsLogged, 8 * 8 * 3);
        QCOMPARE(a.callsFailed, 0);
        QCOMPARE(a.source, serverLogprobs ? ChoiceSource::Logprobs : ChoiceSource::Sampled);
        QCOMPARE(a.callsSampled, serverLogprobs ? 0 : 8 * 8 * 3);
        QCOMPARE(a.comparableItems(), 8);

        // The distributions are what the server drew from (logprobs: the mean of its own
        // probabilities renormalised over the candidates) or the replies it gave (sampled).
        const ChoiceItemResult& item = a.items.first();
        const ProbeItem& written = doc.items.first();
        double yes = 0.0;
        for (qint64 seed : doc.settings.seeds) {
            const QList<ChatMessage> messages{
                ChatMessage{QStringLiteral("user"), doc.settings.system + QStringLiteral("\n\n") +
                                                        written.variants.value("formal")}};
            const std::vector<double> p =
                server.choiceProbabilities(QStringLiteral("fake-model"), seed, messages);
            yes += p[0] / (p[0] + p[1]);
        }
        if (serverLogprobs)
            QVERIFY(std::abs(item.a.probabilities[0] - yes / 8.0) < 1e-12);
        else
            QCOMPARE(item.a.calls, 8);

        const QJsonObject summary = ChoiceSummaryJson::build(run.evidence->context, a);
        QCOMPARE(summary.value("mode").toString(), QStringLiteral("choice"));
        QCOMPARE(summary.value("distribution_source").toString(),
                 serverLogprobs ? QStringLiteral("logprobs") : QStringLiteral("sampled"));
        QCOMPARE(summary.value("per_item").toArray().size(), 8);
        const QString report = ChoiceReport::build(run.evidence->context, a).toMarkdown();
        QCOMPARE(report.contains(QStringLiteral("Sampled frequencies, not log probabilities")),
                 !serverLogprobs);
        if (!serverLogprobs)
            QVERIFY(report.contains(QStringLiteral("the server gave no log probabilities")));
    }
};

QTEST_GUILESS_MAIN(TestChoiceMode)
#include "tst_choicemode.moc"
