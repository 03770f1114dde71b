// Embeddings over a real loopback socket, read by the real backends: Ollama's documented
// /api/embed reply and llama-server's /v1/embeddings reply (its captured bytes too), its
// refusal, junk in the vector, and a whole generative run of both protocols, chat and
// embedding on one server.
#include "BackendTesting.h"
#include "FakeModelServer.h"
#include "FakeRunner.h"
#include "TestPaths.h"
#include "backends/EmbeddingReplyReader.h"
#include "generative/EmbeddingReading.h"
#include "probe/ProbeReader.h"
#include "report/StoredRunReader.h"
#include "run/ModelProbeRun.h"
#include "run/RunSession.h"
#include "standin/StandInEmbedding.h"
#include "store/RecordedDigests.h"
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

const QString kModel = QStringLiteral("embed-model");
const QString kInput = QStringLiteral("Here is what I would try:\n1. Step 1.");

QByteArray wireFile(const QString& name)
{
    QFile f(dataDir() + QStringLiteral("/wire/") + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

CallRequest embeddingRequest(const QString& model)
{
    CallRequest r;
    r.model = model;
    r.embedding = true;
    r.embedInput = kInput;
    r.timeoutSeconds = 10.0;
    return r;
}

CallResult embedThrough(FakeModelServer& server, const QString& protocol,
                        const QString& model = kModel)
{
    auto backend = makeHttpBackend(protocol, fastBackendConfig({urlFor(protocol, server)}, model));
    FakeRunner runner(backend.get());
    runner.run({embeddingRequest(model)});
    if (!runner.waitForAll(10000))
        return {};
    return runner.results().constFirst();
}

std::vector<double> vectorIn(const CallResult& result)
{
    std::vector<double> out;
    for (const QJsonValue& v : result.details.value(QLatin1String("embedding")).toArray())
        out.push_back(v.toDouble());
    return out;
}

ProbeDocument exampleOn(const FakeModelServer& server, const QString& protocol, int seeds)
{
    QFile f(sourceDir() + QStringLiteral("/resources/examples/style-generative.probe.json"));
    f.open(QIODevice::ReadOnly);
    ProbeDocument doc = *ProbeReader::parse(f.readAll(), QStringLiteral("example")).document;
    doc.settings.backend = protocol;
    doc.settings.model = QStringLiteral("fake-model");
    doc.settings.endpoints = {urlFor(protocol, server).toString()};
    doc.settings.concurrency = 4;
    doc.settings.seeds = doc.settings.seeds.mid(0, seeds);
    doc.metric.embeddingModel = kModel;
    return doc;
}

std::optional<RunEvidence> runStored(const ProbeDocument& doc, const QString& storePath)
{
    RunStore store;
    QString error;
    if (!store.open(storePath, &error))
        return std::nullopt;
    RunSession session(&store, {ModelProbeRun::unit(doc)},
                       std::make_unique<ModelProbeAnalyzer>(doc));
    QSignalSpy finished(&session, &RunSession::finished);
    session.start();
    if (!finished.wait(60000))
        return std::nullopt;
    return StoredRunReader::read(store, session.runIds().constFirst(), &error);
}

} // namespace

class TestEmbeddingWire : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<pb::CallResult>(); }

    void vectorArrivesWhole_data()
    {
        QTest::addColumn<QString>("protocol");
        QTest::addColumn<QString>("path");
        QTest::addRow("ollama") << "ollama"
                                << "/api/embed";
        QTest::addRow("openai") << "openai"
                                << "/v1/embeddings";
    }

    void vectorArrivesWhole()
    {
        QFETCH(QString, protocol);
        QFETCH(QString, path);
        FakeModelServer server;
        server.addModel(kModel);
        QVERIFY(server.listen());
        const CallResult result = embedThrough(server, protocol);
        QVERIFY2(result.status == CallStatus::Ok, qPrintable(result.error));
        QCOMPARE(server.requestsTo(path), 1);
        QCOMPARE(server.chatRequestsReceived(), 0);
        // Sent in the protocol's words: the model and the one input (Ollama: never cut).
        const QJsonObject sent = QJsonDocument::fromJson(server.lastEmbedBody()).object();
        QCOMPARE(sent.value("model").toString(), kModel);
        QCOMPARE(sent.value("input").toString(), kInput);
        if (protocol == QLatin1String("ollama"))
            QCOMPARE(sent.value("truncate").toBool(true), false);
        // What the server computed, to the last bit.
        QCOMPARE(vectorIn(result), StandInEmbedding::embed(kInput));
        QCOMPARE(result.details.value("embedding_dims").toInt(), StandInEmbedding::kDimensions);
        QCOMPARE(result.modelReported, kModel);
        const EmbeddingReading reading = EmbeddingReading::fromResult(result);
        QVERIFY(reading.problem.isEmpty());
        QCOMPARE(reading.dims(), StandInEmbedding::kDimensions);
    }

    // llama-server's captured reply answers two inputs; for the one input sent, a reply with
    // two vectors is refused, and the same bytes with only the first vector read exactly.
    void capturedLlamaReply()
    {
        const QByteArray captured = wireFile(QStringLiteral("llama-server-embeddings.json"));
        QVERIFY(!captured.isEmpty());
        FakeModelServer server;
        server.addModel(QStringLiteral("stories260K"));
        server.setEmbedFault(FakeEmbedFault::Canned);
        server.setCannedEmbedBody(captured);
        QVERIFY(server.listen());
        CallResult twice =
            embedThrough(server, QStringLiteral("openai"), QStringLiteral("stories260K"));
        QCOMPARE(twice.status, CallStatus::Failed);
        QCOMPARE(twice.errorKind, QStringLiteral("malformed"));
        QVERIFY2(twice.error.contains(QStringLiteral("\"data\" has 2 entries")),
                 qPrintable(twice.error));

        QJsonObject one = QJsonDocument::fromJson(captured).object();
        const QJsonArray data = one.value("data").toArray();
        one.insert(QStringLiteral("data"), QJsonArray{data.first()});
        server.setCannedEmbedBody(QJsonDocument(one).toJson(QJsonDocument::Compact));
        const CallResult read =
            embedThrough(server, QStringLiteral("openai"), QStringLiteral("stories260K"));
        QVERIFY2(read.status == CallStatus::Ok, qPrintable(read.error));
        const QJsonArray expected = data.first().toObject().value("embedding").toArray();
        QCOMPARE(read.details.value("embedding").toArray(), expected);
        QCOMPARE(read.details.value("embedding_dims").toInt(), 64);
        QCOMPARE(read.modelReported, QStringLiteral("stories260K"));
    }

    void refusalsAndJunk_data()
    {
        QTest::addColumn<QString>("protocol");
        QTest::addColumn<int>("fault");
        QTest::addColumn<QString>("errorKind");
        QTest::addColumn<QString>("says");
        QTest::addRow("llama-server without pooling")
            << "openai" << int(FakeEmbedFault::Refused) << "bad-request"
            << "Pooling type 'none' is not OAI compatible";
        QTest::addRow("ollama, text in the vector")
            << "ollama" << int(FakeEmbedFault::JunkVector) << "malformed"
            << "embeddings[0][3] is a string, not a finite number";
        QTest::addRow("openai, text in the vector")
            << "openai" << int(FakeEmbedFault::JunkVector) << "malformed"
            << "data[0].embedding[3] is a string";
        QTest::addRow("ollama, unknown model") << "ollama" << -1 << "unknown-model"
                                               << "is not pulled here";
    }

    void refusalsAndJunk()
    {
        QFETCH(QString, protocol);
        QFETCH(int, fault);
        QFETCH(QString, errorKind);
        QFETCH(QString, says);
        FakeModelServer server;
        server.addModel(kModel);
        if (fault >= 0)
            server.setEmbedFault(FakeEmbedFault(fault));
        QVERIFY(server.listen());
        const CallResult result =
            embedThrough(server, protocol, fault >= 0 ? kModel : QStringLiteral("missing-model"));
        QCOMPARE(result.status, CallStatus::Failed);
        QVERIFY2(result.errorKind == errorKind, qPrintable(result.errorKind + ": " + result.error));
        QVERIFY2(result.error.contains(says), qPrintable(result.error));
        QVERIFY(!result.details.contains(QLatin1String("embedding")));
    }

    void vectorProblemsAreNamed_data()
    {
        QTest::addColumn<QByteArray>("vector");
        QTest::addColumn<QString>("problem");
        QTest::addRow("not a list") << QByteArray("{\"v\": 3}") << "v is a number";
        QTest::addRow("empty") << QByteArray("{\"v\": []}") << "v is an empty list";
        QTest::addRow("null inside") << QByteArray("{\"v\": [1, null]}") << "v[1] is null";
        QTest::addRow("all zero") << QByteArray("{\"v\": [0, 0.0]}") << "v is all zeros";
        QByteArray huge = "{\"v\": [1";
        for (int i = 0; i < 16384; ++i)
            huge += ",1";
        huge += "]}";
        QTest::addRow("too many dimensions") << huge << "v has 16385 dimensions";
    }

    void vectorProblemsAreNamed()
    {
        QFETCH(QByteArray, vector);
        QFETCH(QString, problem);
        const QJsonValue v = QJsonDocument::fromJson(vector).object().value("v");
        const QString said = EmbeddingReplyReader::vectorProblem(v, QStringLiteral("v"));
        QVERIFY2(said.startsWith(problem), qPrintable(said));
        QVERIFY(EmbeddingReplyReader::vectorProblem(QJsonArray{0.0, -0.5}, QStringLiteral("v"))
                    .isEmpty());
    }

    // A whole generative run: chat and embedding through the protocol's backend (the embedding
    // model checked on its own), one row per cell with its vector, and the wrong size flagged.
    void generativeRunAgainstTheFakeServer_data()
    {
        QTest::addColumn<QString>("protocol");
        QTest::addRow("ollama") << "ollama";
        QTest::addRow("openai") << "openai";
    }

    void generativeRunAgainstTheFakeServer()
    {
        QFETCH(QString, protocol);
        FakeModelServer server;
        server.addModel(QStringLiteral("fake-model"));
        server.addModel(kModel);
        QVERIFY(server.listen());
        QFile f(sourceDir() + QStringLiteral("/resources/examples/style-generative.probe.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        ProbeDocument doc = *ProbeReader::parse(f.readAll(), QStringLiteral("example")).document;
        doc.settings.backend = protocol;
        doc.settings.model = QStringLiteral("fake-model");
        doc.settings.endpoints = {urlFor(protocol, server).toString()};
        doc.settings.concurrency = 4;
        doc.settings.seeds = doc.settings.seeds.mid(0, 6);
        doc.metric.embeddingModel = kModel;

        QTemporaryDir dir;
        RunStore store;
        QString error;
        QVERIFY2(store.open(dir.filePath(QStringLiteral("g.pbrun")), &error), qPrintable(error));
        RunSession session(&store, {ModelProbeRun::unit(doc)},
                           std::make_unique<ModelProbeAnalyzer>(doc));
        QSignalSpy finished(&session, &RunSession::finished);
        session.start();
        QVERIFY(finished.wait(60000));
        const std::optional<RunEvidence> e =
            StoredRunReader::read(store, session.runIds().constFirst(), &error);
        QVERIFY2(e, qPrintable(error));
        QVERIFY(e->generative);
        const GenerativeAnalysis& a = *e->generative;
        const int cells = 8 * 3 * 6;
        QCOMPARE(a.callsLogged, cells);
        QCOMPARE(a.callsFailed, 0);
        QCOMPARE(a.callsEmbedded, cells);
        QCOMPARE(server.chatRequestsReceived(), cells);
        QCOMPARE(server.embedRequestsReceived(), cells);
        QCOMPARE(a.dimensions, StandInEmbedding::kDimensions);
        QCOMPARE(a.comparableItems(), 8);
        QVERIFY(a.hasResult());
        // Ollama names the embedding model's digest (its own backend checked it), OpenAI none.
        QCOMPARE(a.embeddingDigests, protocol == QLatin1String("ollama")
                                         ? QStringList{server.digestOf(kModel)}
                                         : QStringList{});
        // Every stored vector is the embedding of the stored reply.
        int checked = 0;
        QVERIFY(store.eachCall(
            session.runIds().constFirst(), RunStore::CallTexts::Whole,
            [&](const LoggedCall& c) {
                const std::optional<EmbeddingReading> r = EmbeddingReading::fromDetails(c.details);
                if (r && r->vector == StandInEmbedding::embed(c.reply) && r->model == kModel)
                    ++checked;
            },
            &error));
        QCOMPARE(checked, cells);
    }

    // The embedding model on a server of its own, in the other protocol: chat to one, every
    // embedding to the other, each backend checking its own model.
    void embeddingModelOnItsOwnServer()
    {
        FakeModelServer chat;
        chat.addModel(QStringLiteral("fake-model"));
        FakeModelServer embed;
        embed.addModel(kModel);
        QVERIFY(chat.listen() && embed.listen());
        ProbeDocument doc = exampleOn(chat, QStringLiteral("ollama"), 4);
        doc.metric.embeddingBackend = QStringLiteral("openai");
        doc.metric.embeddingEndpoints = {embed.openAiUrl().toString()};
        QTemporaryDir dir;
        const std::optional<RunEvidence> e =
            runStored(doc, dir.filePath(QStringLiteral("o.pbrun")));
        QVERIFY(e && e->generative);
        const int cells = 8 * 3 * 4;
        QCOMPARE(e->generative->callsEmbedded, cells);
        QCOMPARE(chat.chatRequestsReceived(), cells);
        QCOMPARE(chat.embedRequestsReceived(), 0);
        QCOMPARE(embed.embedRequestsReceived(), cells);
        QCOMPARE(embed.chatRequestsReceived(), 0);
        QCOMPARE(embed.requestsTo(QStringLiteral("/v1/embeddings")), cells);
    }

    // A server whose vectors for some replies have one dimension more: those rows are flagged
    // and left out, the rest compared. One call at a time, so the run's first vector is the
    // plan's first cell's.
    void wrongDimensionsInARun()
    {
        FakeModelServer server;
        server.addModel(QStringLiteral("fake-model"));
        server.addModel(kModel);
        server.setEmbedFault(FakeEmbedFault::WrongDims, QStringLiteral("6. Step 6."));
        QVERIFY(server.listen());
        ProbeDocument doc = exampleOn(server, QStringLiteral("ollama"), 6);
        doc.settings.concurrency = 1;
        QTemporaryDir dir;
        RunStore store;
        QString error;
        const QString path = dir.filePath(QStringLiteral("d.pbrun"));
        const std::optional<RunEvidence> e = runStored(doc, path);
        QVERIFY(e && e->generative);
        QVERIFY(store.open(path, &error));
        int longReplies = 0;
        int flagged = 0;
        QVERIFY(store.eachCall(
            e->record.id, RunStore::CallTexts::Whole,
            [&](const LoggedCall& c) {
                longReplies += c.reply.contains(QStringLiteral("6. Step 6.")) ? 1 : 0;
                flagged += c.metricFlag == QLatin1String("embedding-dimensions") ? 1 : 0;
            },
            &error));
        QVERIFY2(longReplies > 0 && longReplies < 8 * 3 * 6,
                 qPrintable(QString::number(longReplies)));
        QCOMPARE(flagged, longReplies);
        QCOMPARE(e->generative->callsFlagged, longReplies);
        QCOMPARE(e->generative->callsEmbedded, 8 * 3 * 6 - longReplies);
        QCOMPARE(e->generative->dimensions, StandInEmbedding::kDimensions);
        QCOMPARE(e->generative->flags.value(0).first, QStringLiteral("embedding-dimensions"));
    }

    // An embedding model the server does not have stops the run before any chat call, whose
    // reply could not have been embedded, is sent: found by the route's preflight.
    void missingEmbeddingModelSendsNoChat()
    {
        FakeModelServer server;
        server.addModel(QStringLiteral("fake-model"));
        QVERIFY(server.listen());
        ProbeDocument doc = exampleOn(server, QStringLiteral("ollama"), 2);
        QTemporaryDir dir;
        RunStore store;
        QString error;
        QVERIFY2(store.open(dir.filePath(QStringLiteral("m.pbrun")), &error), qPrintable(error));
        RunSession session(&store, {ModelProbeRun::unit(doc)});
        QSignalSpy finished(&session, &RunSession::finished);
        session.start();
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().at(0).value<RunOutcome>(), RunOutcome::Stopped);
        const QString message = finished.first().at(1).toString();
        QVERIFY2(message.contains(QStringLiteral("model '%1' is not pulled here").arg(kModel)),
                 qPrintable(message));
        QCOMPARE(server.chatRequestsReceived(), 0);
        QCOMPARE(server.embedRequestsReceived(), 0);
        QList<LoggedCall> stored;
        QVERIFY2(store.calls(session.runIds().constFirst(), &stored, &error), qPrintable(error));
        QVERIFY(stored.isEmpty());
    }

    // A resumed generative run keeps its embedding model, as it keeps its chat model: the
    // first session embeds two seeds' cells; the second (all four seeds, four calls at a time)
    // finds the embedding model under another digest and stops before any chat call is sent,
    // so no reply is paid for and then dropped, and the stored calls are kept as they were.
    // Under the same digest it resumes and finishes. The digests are found from the calls read
    // whole (an analysis takes them) or by the store alone.
    void resumeKeepsTheEmbeddingModel_data()
    {
        QTest::addColumn<bool>("changed");
        QTest::addColumn<bool>("analysed");
        QTest::addRow("changed, calls read") << true << true;
        QTest::addRow("changed, digests only") << true << false;
        QTest::addRow("unchanged") << false << true;
        QTest::addRow("unchanged, digests only") << false << false;
    }

    void resumeKeepsTheEmbeddingModel()
    {
        QFETCH(bool, changed);
        QFETCH(bool, analysed);
        FakeModelServer server;
        server.addModel(QStringLiteral("fake-model"));
        server.addModel(kModel);
        QVERIFY(server.listen());
        ProbeDocument doc = exampleOn(server, QStringLiteral("ollama"), 4);
        doc.settings.concurrency = 1;
        QTemporaryDir dir;
        RunStore store;
        QString error;
        QVERIFY2(store.open(dir.filePath(QStringLiteral("r.pbrun")), &error), qPrintable(error));
        const auto session = [&](int seedLimit, bool withAnalysis) {
            RunSession s(&store, {ModelProbeRun::unit(doc, seedLimit)},
                         withAnalysis ? std::make_unique<ModelProbeAnalyzer>(doc) : nullptr);
            QSignalSpy finished(&s, &RunSession::finished);
            s.start();
            const bool ended = finished.wait(60000);
            return std::make_tuple(ended, s.runIds().constFirst(),
                                   ended ? finished.first().at(0).value<RunOutcome>()
                                         : RunOutcome::Stopped,
                                   ended ? finished.first().at(1).toString() : QString());
        };
        const auto [firstEnded, runId, firstOutcome, firstMessage] = session(2, true);
        QVERIFY(firstEnded);
        QVERIFY2(firstOutcome == RunOutcome::Completed, qPrintable(firstMessage));
        QList<LoggedCall> before;
        QVERIFY2(store.calls(runId, &before, &error), qPrintable(error));
        QCOMPARE(before.size(), 8 * 3 * 2);
        const QString old = server.digestOf(kModel);
        QCOMPARE(RecordedDigests::of(before).embedding, old);

        const QString now = QStringLiteral("feedfacecafe0123456789");
        if (changed) {
            server.removeModel(kModel);
            server.addModel(kModel, now);
        }
        const int embedsBefore = server.embedRequestsReceived();
        const int chatsBefore = server.chatRequestsReceived();
        doc.settings.concurrency = 4;
        const auto [secondEnded, secondId, outcome, message] = session(0, analysed);
        QVERIFY(secondEnded);
        QCOMPARE(secondId, runId);
        QList<LoggedCall> after;
        QVERIFY2(store.calls(runId, &after, &error), qPrintable(error));
        if (!changed) {
            QVERIFY2(outcome == RunOutcome::Completed, qPrintable(message));
            QCOMPARE(after.size(), 8 * 3 * 4);
            QCOMPARE(server.embedRequestsReceived(), embedsBefore + 8 * 3 * 2);
            QCOMPARE(server.chatRequestsReceived(), chatsBefore + 8 * 3 * 2);
            return;
        }
        QVERIFY2(outcome == RunOutcome::Stopped, qPrintable(message));
        QVERIFY2(message.contains(
                     QStringLiteral("the embedding model '%1' changed since the run's calls were "
                                    "stored (digest %2 -> %3): the stored replies were embedded "
                                    "by %2")
                         .arg(kModel, old.left(12), now.left(12))),
                 qPrintable(message));
        // Not one chat call was sent nor a vector of the new model asked for, and every stored
        // call is as it was.
        QCOMPARE(server.chatRequestsReceived(), chatsBefore);
        QCOMPARE(server.embedRequestsReceived(), embedsBefore);
        QCOMPARE(after.size(), before.size());
        QHash<quint64, LoggedCall> kept;
        for (const LoggedCall& c : std::as_const(after))
            kept.insert(c.callIndex, c);
        for (const LoggedCall& c : std::as_const(before)) {
            QVERIFY(kept.contains(c.callIndex));
            const LoggedCall& k = kept.value(c.callIndex);
            QCOMPARE(k.status, CallStatus::Ok);
            QCOMPARE(k.reply, c.reply);
            QCOMPARE(k.details, c.details);
        }
        for (const LoggedCall& c : std::as_const(after))
            QVERIFY(c.status != CallStatus::Ok ||
                    RecordedDigests::embeddingDigestOf(c.details) == old);
    }
};

QTEST_GUILESS_MAIN(TestEmbeddingWire)
#include "tst_embeddingwire.moc"
