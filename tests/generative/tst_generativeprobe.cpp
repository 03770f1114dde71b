// A generative probe's file and its cells: the reader refuses bad embedding settings by their
// JSON path, the embedding model is part of the run's identity, each cell is a chat call and
// then an embedding of its reply, and generative scores are never set beside another mode's.
#include "TestPaths.h"
#include "choice/ChoiceSummaryJson.h"
#include "gate/ReleaseGate.h"
#include "generative/EmbeddingReading.h"
#include "generative/GenerativeSummaryJson.h"
#include "probe/ProbeReader.h"
#include "probe/ProbeWriter.h"
#include "report/RunComparison.h"
#include "run/ModelProbeReplies.h"
#include "run/ModelProbeRun.h"
#include "run/Rescoring.h"
#include "run/RunConfiguration.h"
#include "standin/StandInEmbedding.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace pb;
using namespace pb::test;

namespace {

QByteArray exampleBytes()
{
    QFile f(sourceDir() + QStringLiteral("/resources/examples/style-generative.probe.json"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

ProbeDocument example()
{
    return *ProbeReader::parse(exampleBytes(), QStringLiteral("example")).document;
}

QByteArray withMetric(const QByteArray& metric)
{
    QJsonObject root = QJsonDocument::fromJson(exampleBytes()).object();
    root.insert(QStringLiteral("metric"), QJsonDocument::fromJson(metric).object());
    return QJsonDocument(root).toJson();
}

CallResult chatReply(const ProbeDocument& doc, const QString& reply)
{
    CallResult r;
    r.request.callIndex = 7;
    r.request.itemId = QStringLiteral("0");
    r.request.variant = doc.valueA();
    r.request.seed = 3;
    r.request.model = doc.settings.model;
    r.status = CallStatus::Ok;
    r.reply = reply;
    r.attempts = 1;
    r.backend = QStringLiteral("stand-in");
    return r;
}

CallResult embeddingReply(const CallRequest& request, const QJsonValue& vector)
{
    CallResult r;
    r.request = request;
    r.status = CallStatus::Ok;
    r.attempts = 1;
    r.details.insert(QStringLiteral("embedding"), vector);
    return r;
}

} // namespace

class TestGenerativeProbe : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void exampleRoundTrips()
    {
        const ProbeLoadResult loaded =
            ProbeReader::parse(exampleBytes(), QStringLiteral("example"));
        QVERIFY2(loaded.ok(), qPrintable(loaded.text()));
        const ProbeDocument& doc = *loaded.document;
        QVERIFY(doc.metric.isGenerative());
        QCOMPARE(doc.metric.mode(), QStringLiteral("generative"));
        QCOMPARE(doc.metric.embeddingModel, QStringLiteral("stand-in-embed"));
        ProbeDocument withOwn = doc;
        withOwn.metric.embeddingBackend = QStringLiteral("ollama");
        withOwn.metric.embeddingEndpoints = {QStringLiteral("http://127.0.0.1:11435")};
        for (const ProbeDocument& d : {doc, withOwn}) {
            const ProbeLoadResult again =
                ProbeReader::parse(ProbeWriter::toJson(d), QStringLiteral("written"));
            QVERIFY2(again.ok(), qPrintable(again.text()));
            QCOMPARE(*again.document, d);
        }
        // The embedding model is the estimator's ruler: another one is another run; where the
        // same model is served is not.
        ProbeDocument other = doc;
        other.metric.embeddingModel = QStringLiteral("nomic-embed-text");
        QVERIFY(RunConfiguration::canonical(other) != RunConfiguration::canonical(doc));
        other = doc;
        other.metric.embeddingEndpoints = {QStringLiteral("http://127.0.0.1:1")};
        QCOMPARE(RunConfiguration::canonical(other), RunConfiguration::canonical(doc));
    }

    void badEmbeddingSpecsNameTheField_data()
    {
        QTest::addColumn<QByteArray>("metric");
        QTest::addColumn<QString>("problem");
        QTest::addRow("no embedding model")
            << QByteArray(R"({"kind": "embedding"})")
            << "metric.embedding: missing: a generative probe names the embedding model";
        QTest::addRow("embedding not an object")
            << QByteArray(R"({"kind": "embedding", "embedding": "nomic"})")
            << "metric.embedding: must be an object";
        QTest::addRow("model missing")
            << QByteArray(R"({"kind": "embedding", "embedding": {"backend": "ollama"}})")
            << "metric.embedding.model: missing";
        QTest::addRow("model empty")
            << QByteArray(R"({"kind": "embedding", "embedding": {"model": ""}})")
            << "metric.embedding.model: ";
        QTest::addRow("unknown key")
            << QByteArray(R"({"kind": "embedding", "embedding": {"model": "m", "dims": 3}})")
            << "metric.embedding.dims: ";
        QTest::addRow("unknown backend")
            << QByteArray(
                   R"({"kind": "embedding", "embedding": {"model": "m", "backend": "vllm"}})")
            << "metric.embedding.backend: must be one of stand-in, ollama, openai";
        QTest::addRow("endpoint not a URL")
            << QByteArray(
                   "{\"kind\": \"embedding\", \"embedding\": {\"model\": \"m\", \"endpoints\": "
                   "[\"ftp://x\"]}}")
            << "metric.embedding.endpoints[0]: the endpoint 'ftp://x' is not a base URL";
        QTest::addRow("endpoint not text")
            << QByteArray(R"({"kind": "embedding", "embedding": {"model": "m", "endpoints": [3]}})")
            << "metric.embedding.endpoints[0]: must be text";
        QTest::addRow("candidates on a generative metric")
            << QByteArray(
                   R"({"kind": "embedding", "embedding": {"model": "m"}, "candidates": ["a", "b"]})")
            << "metric.candidates: warning: is ignored by embedding";
        QTest::addRow("embedding on a numeric metric")
            << QByteArray(R"({"kind": "count_steps", "embedding": {"model": "m"}})")
            << "metric.embedding: warning: is ignored by count_steps";
        QTest::addRow("unknown kind names embedding")
            << QByteArray(R"({"kind": "embeding"})") << "or embedding for free text";
    }

    void badEmbeddingSpecsNameTheField()
    {
        QFETCH(QByteArray, metric);
        QFETCH(QString, problem);
        const ProbeLoadResult loaded = ProbeReader::parse(withMetric(metric), QStringLiteral("p"));
        QVERIFY2(loaded.text().contains(problem), qPrintable(loaded.text()));
    }

    void generativeNeedsTheNoiseArm()
    {
        QJsonObject root = QJsonDocument::fromJson(exampleBytes()).object();
        root.insert(QStringLiteral("noise_check"), QJsonObject{{"enabled", false}});
        const ProbeLoadResult loaded =
            ProbeReader::parse(QJsonDocument(root).toJson(), QStringLiteral("p"));
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.text().contains(
                     QStringLiteral("noise_check.enabled: is false, but a generative probe needs")),
                 qPrintable(loaded.text()));
    }

    // Its own backend and endpoints, or the probe's.
    void embeddingSettings()
    {
        ProbeDocument doc = example();
        doc.settings.backend = QStringLiteral("ollama");
        doc.settings.endpoints = {QStringLiteral("http://127.0.0.1:11434")};
        BackendSettings s = ModelProbeRun::embeddingSettings(doc.settings, doc.metric);
        QCOMPARE(s.backend, QStringLiteral("ollama"));
        QCOMPARE(s.model, QStringLiteral("stand-in-embed"));
        QCOMPARE(s.endpoints, doc.settings.endpoints);
        doc.metric.embeddingBackend = QStringLiteral("openai");
        doc.metric.embeddingEndpoints = {QStringLiteral("http://127.0.0.1:8081/v1")};
        s = ModelProbeRun::embeddingSettings(doc.settings, doc.metric);
        QCOMPARE(s.backend, QStringLiteral("openai"));
        QCOMPARE(s.endpoints, doc.metric.embeddingEndpoints);
        // Another backend never inherits the chat server's address.
        doc.metric.embeddingEndpoints.clear();
        QVERIFY(ModelProbeRun::embeddingSettings(doc.settings, doc.metric).endpoints.isEmpty());
    }

    // A cell is the chat reply, then the embedding of that reply, recorded as one row.
    void cellAsksForTheEmbeddingOfItsReply()
    {
        const ProbeDocument doc = example();
        ModelProbeReplies replies(doc.metric, 5);
        const CallResult chat = chatReply(doc, QStringLiteral("1. Step 1."));
        const ReplyDecision first = replies.decide(chat, true);
        QCOMPARE(first.action, ReplyDecision::Action::AskAgain);
        QVERIFY(first.again.embedding);
        QCOMPARE(first.again.callIndex, chat.request.callIndex);
        QCOMPARE(first.again.embedInput, chat.reply);
        QCOMPARE(first.again.model, QStringLiteral("stand-in-embed"));

        const QJsonArray vector = StandInEmbedding::embedJson(chat.reply);
        const ReplyDecision second = replies.decide(embeddingReply(first.again, vector), true);
        QCOMPARE(second.action, ReplyDecision::Action::Record);
        const LoggedCall& row = second.call;
        QCOMPARE(row.status, CallStatus::Ok);
        QCOMPARE(row.reply, chat.reply);
        QCOMPARE(row.seed, qint64(3));
        QVERIFY(!row.metricValue);
        QVERIFY(row.metricFlag.isEmpty());
        const std::optional<EmbeddingReading> reading = EmbeddingReading::fromDetails(row.details);
        QVERIFY(reading);
        QCOMPARE(reading->dims(), StandInEmbedding::kDimensions);
        QCOMPARE(reading->vector, StandInEmbedding::embed(chat.reply));
        QCOMPARE(reading->model, QStringLiteral("stand-in-embed"));

        // A later vector of another size is flagged, never used.
        CallResult next = chat;
        next.request.callIndex = 8;
        const ReplyDecision ask = replies.decide(next, true);
        QJsonArray longer = vector;
        longer.append(0.5);
        const ReplyDecision wrong = replies.decide(embeddingReply(ask.again, longer), true);
        QCOMPARE(wrong.call.metricFlag, QStringLiteral("embedding-dimensions"));
        QVERIFY(!EmbeddingReading::fromDetails(wrong.call.details));
    }

    void cellsWithoutAUsableEmbedding_data()
    {
        QTest::addColumn<int>("status"); // of the embedding call
        QTest::addColumn<QJsonValue>("vector");
        QTest::addColumn<int>("rowStatus");
        QTest::addColumn<QString>("flag");
        QTest::addColumn<QString>("errorKind");
        QTest::addRow("embedding call failed")
            << int(CallStatus::Failed) << QJsonValue() << int(CallStatus::Failed) << QString()
            << "embedding-refused";
        QTest::addRow("text in the vector")
            << int(CallStatus::Ok) << QJsonValue(QJsonArray{0.5, QStringLiteral("x")})
            << int(CallStatus::Ok) << "embedding-unreadable" << QString();
        QTest::addRow("zero vector") << int(CallStatus::Ok) << QJsonValue(QJsonArray{0.0, 0.0})
                                     << int(CallStatus::Ok) << "embedding-unreadable" << QString();
        QTest::addRow("no vector") << int(CallStatus::Ok) << QJsonValue() << int(CallStatus::Ok)
                                   << "embedding-unreadable" << QString();
    }

    void cellsWithoutAUsableEmbedding()
    {
        QFETCH(int, status);
        QFETCH(QJsonValue, vector);
        QFETCH(int, rowStatus);
        QFETCH(QString, flag);
        QFETCH(QString, errorKind);
        const ProbeDocument doc = example();
        ModelProbeReplies replies(doc.metric, 5);
        const ReplyDecision ask = replies.decide(chatReply(doc, QStringLiteral("a reply")), true);
        CallResult embedded = embeddingReply(ask.again, vector);
        if (vector.isUndefined())
            embedded.details = {};
        embedded.status = CallStatus(status);
        if (embedded.status == CallStatus::Failed) {
            embedded.errorKind = QStringLiteral("refused");
            embedded.error = QStringLiteral("connection refused");
        }
        const ReplyDecision d = replies.decide(embedded, true);
        QCOMPARE(d.action, ReplyDecision::Action::Record);
        QCOMPARE(int(d.call.status), rowStatus);
        QCOMPARE(d.call.metricFlag, flag);
        QCOMPARE(d.call.errorKind, errorKind);
        QVERIFY(!EmbeddingReading::fromDetails(d.call.details));
        QVERIFY(!d.call.metricValue);
    }

    void emptyRepliesAndStopsAskNothing()
    {
        const ProbeDocument doc = example();
        ModelProbeReplies replies(doc.metric, 5);
        const ReplyDecision empty = replies.decide(chatReply(doc, QStringLiteral("  ")), true);
        QCOMPARE(empty.action, ReplyDecision::Action::Record);
        QCOMPARE(empty.call.metricFlag, QStringLiteral("empty-reply"));
        // A reply that arrives while the run stops is paid for: recorded failed, with its
        // tokens, so the next session calls the cell again and the cost says what it took.
        CallResult late = chatReply(doc, QStringLiteral("text"));
        late.details.insert(QStringLiteral("eval_count"), 9);
        const ReplyDecision ending = replies.decide(late, false);
        QCOMPARE(ending.action, ReplyDecision::Action::Record);
        QCOMPARE(ending.call.status, CallStatus::Failed);
        QCOMPARE(ending.call.errorKind, QStringLiteral("embedding-not-sent"));
        QVERIFY2(ending.call.error.contains(QStringLiteral("the run was ending")),
                 qPrintable(ending.call.error));
        QCOMPARE(ending.call.tokens.output, std::optional<qint64>(9));
        // An embedding the stop cut off records its cell the same way; a chat call cut off
        // received nothing to keep.
        const ReplyDecision ask = replies.decide(chatReply(doc, QStringLiteral("more")), true);
        CallResult cut;
        cut.request = ask.again;
        cut.errorKind = QStringLiteral("cancelled");
        cut.error = QStringLiteral("the call was cancelled before a reply came");
        const std::optional<LoggedCall> kept = replies.cutOff(cut);
        QVERIFY(kept);
        QCOMPARE(kept->status, CallStatus::Failed);
        QCOMPARE(kept->errorKind, QStringLiteral("embedding-cancelled"));
        QVERIFY(!replies.cutOff(cut)); // once
        CallResult chatCut;
        chatCut.request = chatReply(doc, QString()).request;
        QVERIFY(!replies.cutOff(chatCut));
        // An embedding no cell asked for is not recorded.
        CallRequest stray;
        stray.embedding = true;
        stray.callIndex = 99;
        QCOMPARE(replies.decide(embeddingReply(stray, QJsonArray{1.0}), true).action,
                 ReplyDecision::Action::Leave);
    }

    // Generative scores are a third estimator: every comparison with another mode refuses.
    void estimatorsAreNeverMixed()
    {
        const ProbeDocument generative = example();
        ProbeDocument numeric = generative;
        numeric.metric = MetricSpec();
        ProbeDocument choice = generative;
        choice.metric.kind = QStringLiteral("choice");
        choice.metric.candidates = {QStringLiteral("yes"), QStringLiteral("no")};
        for (const ProbeDocument& other : {numeric, choice}) {
            QVERIFY(RunComparison::mismatches(other, generative)
                        .join(QLatin1Char(' '))
                        .contains(QStringLiteral("scores of different estimators are never "
                                                 "compared")));
        }
        ProbeDocument otherModel = generative;
        otherModel.metric.embeddingModel = QStringLiteral("nomic-embed-text");
        QVERIFY(RunComparison::mismatches(generative, otherModel)
                    .join(QLatin1Char(' '))
                    .contains(QStringLiteral("The embedding models differ")));
        const Rescoring r = Rescoring::compute({LoggedCall()}, generative.metric, numeric.metric,
                                               QDate(2026, 1, 1));
        QVERIFY(r.calls.isEmpty());
        QVERIFY(r.note.contains(QStringLiteral("generative")));

        const QJsonObject generativeSummary{
            {"format", QLatin1String(GenerativeSummaryJson::kFormat)}, {"mode", "generative"}};
        const QJsonObject choiceSummary{{"format", QLatin1String(ChoiceSummaryJson::kFormat)},
                                        {"mode", "choice"}};
        const QJsonObject numericSummary{{"format", "probebench/summary@1"}, {"mode", "numeric"}};
        // Against its own kind: only by the same embedding model, and then its p decides.
        const auto generativeWith = [](const QString& model, double p) {
            return QJsonObject{{"format", QLatin1String(GenerativeSummaryJson::kFormat)},
                               {"mode", "generative"},
                               {"embedding_model", model},
                               {"effect", QJsonObject{{"path", "noise-floor"}, {"p", p}}}};
        };
        const ReleaseGate::Outcome otherRuler = ReleaseGate::evaluate(
            generativeWith("a", 0.5), generativeWith("b", 0.5), GateThresholds());
        QVERIFY2(otherRuler.inputError.contains(QStringLiteral("different estimators")),
                 qPrintable(otherRuler.inputError));
        const ReleaseGate::Outcome quiet = ReleaseGate::evaluate(
            generativeWith("a", 0.5), generativeWith("a", 0.4), GateThresholds());
        QVERIFY(quiet.inputError.isEmpty());
        QVERIFY(!quiet.blocked());
        const ReleaseGate::Outcome shifted = ReleaseGate::evaluate(
            generativeWith("a", 0.01), generativeWith("a", 0.4), GateThresholds());
        QVERIFY(shifted.blocked());
        for (const QJsonObject& other : {choiceSummary, numericSummary}) {
            QVERIFY(!ReleaseGate::evaluate(generativeSummary, other, GateThresholds())
                         .inputError.isEmpty());
            QVERIFY(!ReleaseGate::evaluate(other, generativeSummary, GateThresholds())
                         .inputError.isEmpty());
        }
    }
};

QTEST_GUILESS_MAIN(TestGenerativeProbe)
#include "tst_generativeprobe.moc"
