#include "BackendTesting.h"
#include "FakeModelServer.h"
#include "FakeRunner.h"
#include "backends/OllamaBackend.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace pb;
using namespace pb::test;

namespace {

BackendConfig fastConfig(const QList<QUrl>& endpoints, const QString& model)
{
    BackendConfig config = fastBackendConfig(endpoints, model);
    config.metadataTimeoutMs = 5000;
    config.idleDigestCheckMs = 60000;
    return config;
}

} // namespace

class TestOllamaBackend : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<pb::CallResult>(); }

    void happyPath_data()
    {
        QTest::addColumn<bool>("stream");
        QTest::addRow("whole reply") << false;
        QTest::addRow("streamed") << true;
    }

    void happyPath()
    {
        QFETCH(bool, stream);
        FakeModelServer server;
        QVERIFY(server.listen());
        OllamaBackend backend(fastConfig({server.ollamaUrl()}, QStringLiteral("fake-model")));
        QCOMPARE(backend.name(), QStringLiteral("ollama"));
        QCOMPARE(backend.capacity(), 2);
        FakeRunner runner(&backend);
        const QList<CallRequest> requests =
            FakeRunner::makeRequests(QStringLiteral("fake-model"), 3, {1, 2, 3, 4}, 0.8, stream);
        runner.run(requests);
        QVERIFY(runner.waitForAll(15000));
        QCOMPARE(runner.results().size(), requests.size());
        QCOMPARE(runner.duplicateFinishes(), 0);
        QVERIFY(runner.fatalErrors().isEmpty());

        const QString endpoint = server.ollamaUrl().toString();
        for (const CallResult& result : runner.results()) {
            const CallRequest& request = result.request;
            QCOMPARE(result.status, CallStatus::Ok);
            QCOMPARE(result.reply, server.replyFor(request.model, request.seed, request.temperature,
                                                   request.messages));
            QVERIFY(result.error.isEmpty());
            QCOMPARE(result.attempts, 1);
            QCOMPARE(result.backend, QStringLiteral("ollama"));
            QCOMPARE(result.endpoint, endpoint);
            QCOMPARE(result.modelReported, QStringLiteral("fake-model:latest"));
            QCOMPARE(result.modelDigest, server.digestOf(QStringLiteral("fake-model")));
            QVERIFY(!result.modelDigest.isEmpty());
            QCOMPARE(result.details.value(QStringLiteral("server_version")).toString(),
                     QStringLiteral("0.0.0-fake"));
            QCOMPARE(result.details.value(QStringLiteral("done_reason")).toString(),
                     QStringLiteral("stop"));
            QVERIFY(result.details.value(QStringLiteral("eval_count")).toInt() > 0);
            QVERIFY(result.details.contains(QStringLiteral("total_duration")));
            QCOMPARE(result.details.value(QStringLiteral("parameter_size")).toString(),
                     QStringLiteral("3.2B"));
            QVERIFY(result.finishedAt.isValid());
            QCOMPARE(result.finishedAt.timeSpec(), Qt::UTC);
            QCOMPARE(server.receivedFor(callKeyOf(request)), 1);
            if (stream)
                QCOMPARE(runner.lastPartial(request.callIndex), result.reply);
        }
        if (stream)
            QVERIFY(runner.partialCount() >= requests.size());
        else
            QCOMPARE(runner.partialCount(), 0);
        // One check of the endpoint before the calls, not one per call.
        QCOMPARE(server.requestsTo(QStringLiteral("/api/version")), 1);
        QCOMPARE(server.requestsTo(QStringLiteral("/api/tags")), 1);
        QCOMPARE(server.requestsTo(QStringLiteral("/api/show")), 1);
    }

    void chatBodyCarriesTheSettings()
    {
        CallRequest request;
        request.model = QStringLiteral("llama3.2");
        request.seed = 7;
        request.temperature = 0.25;
        request.messages = {ChatMessage{QStringLiteral("system"), QStringLiteral("S")},
                            ChatMessage{QStringLiteral("user"), QStringLiteral("U")}};
        request.maxTokens = 128;
        request.contextLength = 4096;
        request.keepAlive = QStringLiteral("-1");
        request.stream = true;
        const QJsonObject body =
            QJsonDocument::fromJson(OllamaBackend::chatBodyFor(request)).object();
        QCOMPARE(body.value(QStringLiteral("model")).toString(), QStringLiteral("llama3.2"));
        QCOMPARE(body.value(QStringLiteral("stream")).toBool(), true);
        const QJsonObject options = body.value(QStringLiteral("options")).toObject();
        QCOMPARE(options.value(QStringLiteral("seed")).toInteger(), 7);
        QCOMPARE(options.value(QStringLiteral("temperature")).toDouble(), 0.25);
        QCOMPARE(options.value(QStringLiteral("num_predict")).toInt(), 128);
        QCOMPARE(options.value(QStringLiteral("num_ctx")).toInt(), 4096);
        QCOMPARE(body.value(QStringLiteral("keep_alive")).toInteger(), -1);
        const QJsonArray messages = body.value(QStringLiteral("messages")).toArray();
        QCOMPARE(messages.size(), 2);
        QCOMPARE(messages.at(0).toObject().value(QStringLiteral("role")).toString(),
                 QStringLiteral("system"));

        request.keepAlive = QStringLiteral("5m");
        request.maxTokens.reset();
        request.contextLength.reset();
        const QJsonObject plain =
            QJsonDocument::fromJson(OllamaBackend::chatBodyFor(request)).object();
        QCOMPARE(plain.value(QStringLiteral("keep_alive")).toString(), QStringLiteral("5m"));
        QVERIFY(!plain.value(QStringLiteral("options"))
                     .toObject()
                     .contains(QStringLiteral("num_predict")));
        QVERIFY(
            !plain.value(QStringLiteral("options")).toObject().contains(QStringLiteral("num_ctx")));
        request.keepAlive.clear();
        QVERIFY(!QJsonDocument::fromJson(OllamaBackend::chatBodyFor(request))
                     .object()
                     .contains(QStringLiteral("keep_alive")));
    }

    void faults_data()
    {
        QTest::addColumn<int>("fault");
        QTest::addColumn<int>("times");
        QTest::addColumn<bool>("stream");
        QTest::addColumn<double>("timeoutSeconds");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("errorKind");
        QTest::addColumn<int>("attempts");
        QTest::addColumn<bool>("fatal");
        QTest::addColumn<QString>("messagePart");

        const int always = -1;
        QTest::addRow("500 always") << int(FakeFault::Http500) << always << false << 5.0 << false
                                    << "http-5xx" << 3 << false << "HTTP 500";
        QTest::addRow("500 twice, then answered")
            << int(FakeFault::Http500) << 2 << false << 5.0 << true << "" << 3 << false << "";
        QTest::addRow("429 once") << int(FakeFault::Http429) << 1 << false << 5.0 << true << "" << 2
                                  << false << "";
        // The model list still has the model: an ordinary failure, not a missing model.
        QTest::addRow("404, model listed")
            << int(FakeFault::UnknownModel) << always << false << 5.0 << false << "http-404" << 3
            << false << "though its model list (/api/tags) has 'fake-model'";
        QTest::addRow("malformed JSON")
            << int(FakeFault::Malformed) << always << false << 5.0 << false << "protocol" << 3
            << false << "not in Ollama's protocol";
        QTest::addRow("malformed NDJSON")
            << int(FakeFault::Malformed) << always << true << 5.0 << false << "protocol" << 3
            << false << "not an Ollama chat object";
        QTest::addRow("wrong protocol")
            << int(FakeFault::WrongProtocol) << always << false << 5.0 << false << "protocol" << 3
            << false << "use backend openai";
        // Three tries unanswered kill the only endpoint, which stops the run.
        QTest::addRow("stall -> timeout") << int(FakeFault::Stall) << always << false << 0.3
                                          << false << "timeout" << 3 << true << "within 0.3 s";
        QTest::addRow("stall once")
            << int(FakeFault::Stall) << 1 << false << 0.3 << true << "" << 2 << false << "";
        QTest::addRow("close mid-body") << int(FakeFault::CloseMidBody) << always << false << 5.0
                                        << false << "closed" << 3 << false << "in the middle";
        QTest::addRow("close mid-stream") << int(FakeFault::CloseMidBody) << always << true << 5.0
                                          << false << "closed" << 3 << false << "in the middle";
        // Qt sends a dropped request again by itself: at least 3, at most as many as were sent.
        QTest::addRow("reset always") << int(FakeFault::Reset) << always << false << 5.0 << false
                                      << "closed" << 3 << false << "closed the connection";
    }

    void faults()
    {
        QFETCH(int, fault);
        QFETCH(int, times);
        QFETCH(bool, stream);
        QFETCH(double, timeoutSeconds);
        QFETCH(bool, ok);
        QFETCH(QString, errorKind);
        QFETCH(int, attempts);
        QFETCH(bool, fatal);
        QFETCH(QString, messagePart);

        FakeModelServer server;
        QVERIFY(server.listen());
        FakeFaultRule rule;
        rule.fault = FakeFault(fault);
        rule.seed = 5;
        rule.times = times;
        server.addFaultRule(rule);
        OllamaBackend backend(fastConfig({server.ollamaUrl()}, QStringLiteral("fake-model")));
        FakeRunner runner(&backend);
        // Seed 5 meets the fault; seed 6, sent after it, shows what happens to other calls.
        QList<CallRequest> requests = FakeRunner::makeRequests(QStringLiteral("fake-model"), 1,
                                                               {5, 6}, 0.8, stream, timeoutSeconds);
        requests.removeIf(
            [](const CallRequest& r) { return r.variant != QLatin1String("formal"); });
        runner.run(requests.mid(0, 1));
        QVERIFY(runner.waitForAll(20000));
        runner.run(requests.mid(1, 1));
        QVERIFY(runner.waitForAll(20000));
        QCOMPARE(runner.results().size(), 2);
        QCOMPARE(runner.duplicateFinishes(), 0);

        const CallResult first = *runner.resultFor(requests.at(0).callIndex);
        QCOMPARE(first.status, ok ? CallStatus::Ok : CallStatus::Failed);
        QCOMPARE(first.errorKind, errorKind);
        const int received = server.receivedFor(callKeyOf(first.request));
        if (FakeFault(fault) == FakeFault::Reset) {
            // A reset can overtake Qt's report that the request went out, so a send Qt
            // repeated by itself may go uncounted: the count is a floor, never above the
            // sends.
            QVERIFY(first.attempts >= attempts);
            QVERIFY2(
                first.attempts <= received,
                qPrintable(
                    QStringLiteral("%1 counted, %2 received").arg(first.attempts).arg(received)));
        } else {
            QCOMPARE(first.attempts, received); // tries are counted as sent
            QCOMPARE(first.attempts, attempts);
        }
        QVERIFY2(first.error.contains(messagePart), qPrintable(first.error));
        if (ok) {
            QCOMPARE(first.reply,
                     server.replyFor(first.request.model, 5, 0.8, first.request.messages));
            QVERIFY(first.error.isEmpty());
        } else {
            QVERIFY(first.reply.isEmpty());
            QVERIFY(!first.error.contains(QLatin1Char('\n')));
        }
        QVERIFY(server.answeredFor(callKeyOf(first.request)) <= 1);

        const CallResult second = *runner.resultFor(requests.at(1).callIndex);
        if (fatal) {
            QCOMPARE(runner.fatalErrors().size(), 1);
            QVERIFY2(runner.fatalErrors().first().contains(first.error),
                     qPrintable(runner.fatalErrors().first()));
            QCOMPARE(second.status, CallStatus::Failed);
            QCOMPARE(second.errorKind, errorKind);
            QCOMPARE(second.attempts, 0);
            QCOMPARE(server.receivedFor(callKeyOf(second.request)), 0);
        } else {
            QVERIFY(runner.fatalErrors().isEmpty());
            QCOMPARE(second.status, CallStatus::Ok);
            QCOMPARE(second.attempts, 1);
        }
    }

    // A server that accepts calls and never answers must not cost every cell three full
    // timeouts: three unanswered tries in a row end the run with a message that says so.
    void stalledServerStopsTheRun()
    {
        FakeModelServer server;
        QVERIFY(server.listen());
        FakeFaultRule rule;
        rule.fault = FakeFault::Stall;
        rule.times = -1;
        server.addFaultRule(rule);
        OllamaBackend backend(fastConfig({server.ollamaUrl()}, QStringLiteral("fake-model")));
        FakeRunner runner(&backend);
        const QList<CallRequest> requests =
            FakeRunner::makeRequests(QStringLiteral("fake-model"), 2, {1, 2, 3}, 0.8, false, 0.3);
        runner.run(requests);
        QVERIFY(runner.waitForAll(20000));
        QCOMPARE(runner.results().size(), requests.size());
        // Three tries time out; the calls already on the wire then may still be sent, never
        // the 3 tries of each of the 6 cells.
        QVERIFY2(server.chatRequestsReceived() >= 3 &&
                     server.chatRequestsReceived() <= 3 + backend.capacity(),
                 qPrintable(QString::number(server.chatRequestsReceived())));
        QCOMPARE(runner.fatalErrors().size(), 1);
        const QString message = runner.fatalErrors().first();
        QVERIFY2(message.contains(QStringLiteral("3 tries in a row got no reply in time")),
                 qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("ollama ps")), qPrintable(message));
        for (const CallResult& result : runner.results())
            QCOMPARE(result.status, CallStatus::Failed);
    }

    void refusedSaysHowToStartOllama()
    {
        FakeModelServer server;
        QVERIFY(server.listen());
        server.stopAccepting();
        BackendConfig config = fastConfig({server.ollamaUrl()}, QStringLiteral("fake-model"));
        OllamaBackend backend(config);
        FakeRunner runner(&backend);
        const QList<CallRequest> requests =
            FakeRunner::makeRequests(QStringLiteral("fake-model"), 2, {1});
        runner.run(requests, true);
        QVERIFY(runner.waitForAll(10000));
        const QString expected =
            QStringLiteral(
                "nothing answers at http://127.0.0.1:%1; start Ollama with `ollama serve`")
                .arg(server.port());
        QCOMPARE(runner.fatalErrors(), QStringList{expected});
        QCOMPARE(runner.results().size(), requests.size());
        QCOMPARE(runner.duplicateFinishes(), 0);
        for (const CallResult& result : runner.results()) {
            QCOMPARE(result.status, CallStatus::Failed);
            QCOMPARE(result.errorKind, QStringLiteral("refused"));
            QCOMPARE(result.error, expected);
            QCOMPARE(result.attempts, 0); // the endpoint never answered its version check
        }
        // Later calls fail the same way, from the event loop, never inside submit().
        bool finishedInside = false;
        bool inside = true;
        connect(&backend, &ModelBackend::finished, this, [&] { finishedInside = inside; });
        backend.submit(requests.first());
        inside = false;
        QTRY_COMPARE(runner.finishCount(requests.first().callIndex), 2);
        QVERIFY(!finishedInside);
    }

    void modelNotPulledListsWhatIs()
    {
        FakeModelServer server;
        server.addModel(QStringLiteral("qwen2.5:0.5b"));
        server.addModel(QStringLiteral("llama3.2:latest"));
        QVERIFY(server.listen());
        OllamaBackend backend(fastConfig({server.ollamaUrl()}, QStringLiteral("mistral")));
        FakeRunner runner(&backend);
        runner.run(FakeRunner::makeRequests(QStringLiteral("mistral"), 2, {1, 2}), true);
        QVERIFY(runner.waitForAll(10000));
        const QString expected =
            QStringLiteral("model 'mistral' is not pulled here: `ollama pull mistral`. Models "
                           "available at http://127.0.0.1:%1: qwen2.5:0.5b, llama3.2:latest")
                .arg(server.port());
        QCOMPARE(runner.fatalErrors(), QStringList{expected});
        for (const CallResult& result : runner.results()) {
            QCOMPARE(result.errorKind, QStringLiteral("unknown-model"));
            QCOMPARE(result.error, expected);
        }
        QCOMPARE(runner.results().size(), 8);
        QCOMPARE(server.chatRequestsReceived(), 0);
    }

    void digestChangeStopsTheRun()
    {
        FakeModelServer server;
        QVERIFY(server.listen());
        const QString before = server.digestOf(QStringLiteral("fake-model"));
        server.setDigestChangeAfter(5);
        BackendConfig config = fastConfig({server.ollamaUrl()}, QStringLiteral("fake-model"));
        config.concurrency = 1;
        config.digestRecheckCalls = 4;
        OllamaBackend backend(config);
        FakeRunner runner(&backend);
        const QList<CallRequest> requests =
            FakeRunner::makeRequests(QStringLiteral("fake-model"), 5, {1, 2, 3});
        runner.run(requests);
        QVERIFY(runner.waitForAll(15000));
        const QString after = server.digestOf(QStringLiteral("fake-model"));
        QVERIFY(before != after);
        const QString expected =
            QStringLiteral("the model 'fake-model' changed during the run (digest %1 -> %2): a "
                           "different digest is a different model; the run stopped")
                .arg(before.left(12), after.left(12));
        QCOMPARE(runner.fatalErrors(), QStringList{expected});
        QCOMPARE(runner.results().size(), requests.size());
        QCOMPARE(runner.duplicateFinishes(), 0);
        int ok = 0;
        int changed = 0;
        for (const CallResult& result : runner.results()) {
            if (result.status == CallStatus::Ok) {
                ++ok;
                QCOMPARE(result.modelDigest, before);
            } else {
                QCOMPARE(result.errorKind, QStringLiteral("model-changed"));
                QCOMPARE(result.error, expected);
                ++changed;
            }
        }
        // The change after reply 5 is seen by the check after call 8 at the latest; a call
        // or two may finish while that check is on its way.
        QVERIFY2(ok >= 5 && ok <= 11, qPrintable(QString::number(ok)));
        QCOMPARE(ok + changed, int(requests.size()));
        QVERIFY(changed > 0);
        QVERIFY(server.chatRequestsReceived() <= 12);
    }

    void expectedDigestFromAnEarlierSession()
    {
        FakeModelServer server;
        QVERIFY(server.listen());
        BackendConfig config = fastConfig({server.ollamaUrl()}, QStringLiteral("fake-model"));
        config.expectedDigest = QStringLiteral("0123456789abcdef");
        OllamaBackend backend(config);
        FakeRunner runner(&backend);
        runner.run(FakeRunner::makeRequests(QStringLiteral("fake-model"), 1, {1}), true);
        QVERIFY(runner.waitForAll(10000));
        QCOMPARE(runner.fatalErrors().size(), 1);
        QVERIFY2(runner.fatalErrors().first().contains(QStringLiteral("(digest 0123456789ab -> ")),
                 qPrintable(runner.fatalErrors().first()));
        QCOMPARE(runner.results().first().errorKind, QStringLiteral("model-changed"));
        QCOMPARE(server.chatRequestsReceived(), 0);
    }

    void endpointsServingDifferentDigestsStopTheRun()
    {
        FakeModelServer first;
        FakeModelServer second;
        second.addModel(QStringLiteral("fake-model:latest"), QStringLiteral("feedface0000"));
        QVERIFY(first.listen());
        QVERIFY(second.listen());
        OllamaBackend backend(
            fastConfig({first.ollamaUrl(), second.ollamaUrl()}, QStringLiteral("fake-model")));
        FakeRunner runner(&backend);
        runner.run(FakeRunner::makeRequests(QStringLiteral("fake-model"), 4, {1, 2}), true);
        QVERIFY(runner.waitForAll(10000));
        QCOMPARE(runner.fatalErrors().size(), 1);
        QVERIFY2(runner.fatalErrors().first().contains(QStringLiteral("like the other endpoints")),
                 qPrintable(runner.fatalErrors().first()));
        QCOMPARE(runner.duplicateFinishes(), 0);
        QCOMPARE(runner.results().size(), 16);
    }

    void lastCheckWhenIdleSeesALateChange()
    {
        FakeModelServer server;
        QVERIFY(server.listen());
        server.setDigestChangeAfter(3);
        BackendConfig config = fastConfig({server.ollamaUrl()}, QStringLiteral("fake-model"));
        config.concurrency = 1;
        config.idleDigestCheckMs = 20;
        OllamaBackend backend(config);
        FakeRunner runner(&backend);
        runner.run(FakeRunner::makeRequests(QStringLiteral("fake-model"), 1, {1, 2}));
        QVERIFY(runner.waitForAll(10000));
        for (const CallResult& result : runner.results())
            QCOMPARE(result.status, CallStatus::Ok); // 4 calls, all before any check
        QTRY_COMPARE(runner.fatalErrors().size(), 1);
        QVERIFY(runner.fatalErrors().first().contains(QStringLiteral("changed during the run")));
        QCOMPARE(server.requestsTo(QStringLiteral("/api/tags")), 2);
        QCOMPARE(runner.results().size(), 4);
    }

    void notOllamaAtThatPath()
    {
        FakeModelServer server;
        QVERIFY(server.listen());
        OllamaBackend backend(fastConfig({server.openAiUrl()}, QStringLiteral("fake-model")));
        FakeRunner runner(&backend);
        runner.run(FakeRunner::makeRequests(QStringLiteral("fake-model"), 1, {1}), true);
        QVERIFY(runner.waitForAll(10000));
        QCOMPARE(runner.fatalErrors().size(), 1);
        const QString message = runner.fatalErrors().first();
        QVERIFY2(message.contains(QStringLiteral("does not speak Ollama's protocol")),
                 qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("use backend openai with endpoint %1")
                                      .arg(server.openAiUrl().toString())),
                 qPrintable(message));
        QCOMPARE(runner.results().first().errorKind, QStringLiteral("not-found"));
    }
};

QTEST_GUILESS_MAIN(TestOllamaBackend)
#include "tst_ollamabackend.moc"
