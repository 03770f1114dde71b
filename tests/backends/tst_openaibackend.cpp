#include "BackendTesting.h"
#include "FakeModelServer.h"
#include "FakeRunner.h"
#include "backends/OpenAiBackend.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace pb;
using namespace pb::test;

namespace {

const char* const kKeyVariable = "PB_TST_OPENAI_KEY";
const QString kKey = QStringLiteral("sk-test-0123456789-secret");

// Every text a CallResult carries, to look for a leaked key.
QString everything(const CallResult& result)
{
    QStringList parts{result.reply,
                      result.error,
                      result.errorKind,
                      result.backend,
                      result.endpoint,
                      result.modelReported,
                      result.modelDigest,
                      result.request.prompt,
                      result.request.model,
                      result.request.keepAlive,
                      result.request.itemId,
                      result.request.variant,
                      QString::fromUtf8(QJsonDocument(result.details).toJson())};
    for (const ChatMessage& message : result.request.messages)
        parts << message.role << message.content;
    return parts.join(QLatin1Char('\n'));
}

} // namespace

class TestOpenAiBackend : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<pb::CallResult>(); }
    void cleanup() { qunsetenv(kKeyVariable); }

    void apiBaseRule_data()
    {
        QTest::addColumn<QString>("endpoint");
        QTest::addColumn<QString>("base");
        QTest::addRow("no path") << "http://127.0.0.1:8080"
                                 << "http://127.0.0.1:8080/v1";
        QTest::addRow("slash") << "http://127.0.0.1:8080/"
                               << "http://127.0.0.1:8080/v1";
        QTest::addRow("v1") << "http://127.0.0.1:8080/v1"
                            << "http://127.0.0.1:8080/v1";
        QTest::addRow("v1 slash") << "http://127.0.0.1:8080/v1/"
                                  << "http://127.0.0.1:8080/v1";
        QTest::addRow("other path kept") << "https://api.example.com/openai/v1beta"
                                         << "https://api.example.com/openai/v1beta";
    }

    void apiBaseRule()
    {
        QFETCH(QString, endpoint);
        QFETCH(QString, base);
        QCOMPARE(OpenAiBackend::apiBase(QUrl(endpoint)).toString(), base);
    }

    void chatBodyCarriesTheSettings()
    {
        CallRequest request;
        request.model = QStringLiteral("gpt-x");
        request.seed = 42;
        request.temperature = 0.7;
        request.maxTokens = 64;
        request.stream = true; // never streamed over this protocol
        request.messages = {ChatMessage{QStringLiteral("user"), QStringLiteral("hi")}};
        const QJsonObject body =
            QJsonDocument::fromJson(OpenAiBackend::chatBodyFor(request)).object();
        QCOMPARE(body.value(QStringLiteral("model")).toString(), QStringLiteral("gpt-x"));
        QCOMPARE(body.value(QStringLiteral("seed")).toInteger(), 42);
        QCOMPARE(body.value(QStringLiteral("temperature")).toDouble(), 0.7);
        QCOMPARE(body.value(QStringLiteral("max_tokens")).toInt(), 64);
        QCOMPARE(body.value(QStringLiteral("stream")).toBool(true), false);
        QCOMPARE(body.value(QStringLiteral("messages")).toArray().size(), 1);
    }

    void happyPathWithKey_data()
    {
        QTest::addColumn<bool>("withV1");
        QTest::addRow("endpoint with /v1") << true;
        QTest::addRow("endpoint without /v1") << false;
    }

    void happyPathWithKey()
    {
        QFETCH(bool, withV1);
        qputenv(kKeyVariable, kKey.toUtf8());
        FakeModelServer server;
        server.setRequiredApiKey(kKey);
        QVERIFY(server.listen());
        BackendConfig config = fastBackendConfig({withV1 ? server.openAiUrl() : server.ollamaUrl()},
                                                 QStringLiteral("fake-model:latest"));
        config.apiKeyEnv = QString::fromLatin1(kKeyVariable);
        OpenAiBackend backend(config);
        QCOMPARE(backend.name(), QStringLiteral("openai"));
        FakeRunner runner(&backend);
        const QList<CallRequest> requests =
            FakeRunner::makeRequests(QStringLiteral("fake-model:latest"), 3, {1, 2});
        runner.run(requests);
        QVERIFY(runner.waitForAll(15000));
        QCOMPARE(runner.results().size(), requests.size());
        QCOMPARE(runner.duplicateFinishes(), 0);
        QVERIFY(runner.fatalErrors().isEmpty());
        for (const CallResult& result : runner.results()) {
            const CallRequest& request = result.request;
            QCOMPARE(result.status, CallStatus::Ok);
            QCOMPARE(result.reply, server.replyFor(request.model, request.seed, request.temperature,
                                                   request.messages));
            QCOMPARE(result.attempts, 1);
            QCOMPARE(result.backend, QStringLiteral("openai"));
            QCOMPARE(result.endpoint, server.openAiUrl().toString());
            QCOMPARE(result.modelReported, QStringLiteral("fake-model:latest"));
            QVERIFY(result.modelDigest.isEmpty());
            QCOMPARE(result.details.value(QStringLiteral("finish_reason")).toString(),
                     QStringLiteral("stop"));
            QVERIFY(result.details.value(QStringLiteral("prompt_tokens")).toInt() > 0);
            QVERIFY(result.details.value(QStringLiteral("completion_tokens")).toInt() > 0);
            QCOMPARE(result.details.value(QStringLiteral("system_fingerprint")).toString(),
                     QStringLiteral("fp_fake"));
            QVERIFY(!everything(result).contains(kKey));
            QCOMPARE(server.receivedFor(callKeyOf(request)), 1);
        }
        // The server saw the key on every call, as a bearer token.
        QCOMPARE(server.authorizationsSeen().size(), requests.size());
        for (const QString& seen : server.authorizationsSeen())
            QCOMPARE(seen, QStringLiteral("Bearer ") + kKey);
    }

    void noKeyWantedNoHeaderSent()
    {
        FakeModelServer server;
        QVERIFY(server.listen());
        OpenAiBackend backend(
            fastBackendConfig({server.openAiUrl()}, QStringLiteral("fake-model:latest")));
        FakeRunner runner(&backend);
        runner.run(FakeRunner::makeRequests(QStringLiteral("fake-model:latest"), 1, {1}));
        QVERIFY(runner.waitForAll(10000));
        QCOMPARE(runner.results().first().status, CallStatus::Ok);
        QVERIFY(server.authorizationsSeen().isEmpty());
    }

    void rejectedKeyIsNotRepeated()
    {
        const QString wrong = QStringLiteral("sk-wrong-key-987654321");
        qputenv(kKeyVariable, wrong.toUtf8());
        FakeModelServer server;
        server.setRequiredApiKey(kKey);
        QVERIFY(server.listen());
        BackendConfig config =
            fastBackendConfig({server.openAiUrl()}, QStringLiteral("fake-model:latest"));
        config.apiKeyEnv = QString::fromLatin1(kKeyVariable);
        OpenAiBackend backend(config);
        FakeRunner runner(&backend);
        runner.run(FakeRunner::makeRequests(QStringLiteral("fake-model:latest"), 2, {1}), true);
        QVERIFY(runner.waitForAll(10000));
        QCOMPARE(runner.fatalErrors().size(), 1);
        QVERIFY(!runner.fatalErrors().first().contains(wrong));
        QVERIFY2(runner.fatalErrors().first().contains(QString::fromLatin1(kKeyVariable)),
                 qPrintable(runner.fatalErrors().first()));
        int sent = 0;
        for (const CallResult& result : runner.results()) {
            QCOMPARE(result.status, CallStatus::Failed);
            QCOMPARE(result.errorKind, QStringLiteral("auth"));
            QVERIFY(result.attempts <= 1); // never retried
            sent += result.attempts;
            QVERIFY(!everything(result).contains(wrong));
        }
        QVERIFY(sent >= 1);
        // A call aborted by the stop may or may not have reached the server.
        QVERIFY(server.requestsTo(QStringLiteral("/v1/chat/completions")) <= sent);
    }

    void missingKeyVariableStopsBeforeSending()
    {
        qunsetenv(kKeyVariable);
        FakeModelServer server;
        QVERIFY(server.listen());
        BackendConfig config =
            fastBackendConfig({server.openAiUrl()}, QStringLiteral("fake-model:latest"));
        config.apiKeyEnv = QString::fromLatin1(kKeyVariable);
        OpenAiBackend backend(config);
        FakeRunner runner(&backend);
        runner.run(FakeRunner::makeRequests(QStringLiteral("fake-model:latest"), 1, {1}), true);
        QVERIFY(runner.waitForAll(10000));
        QCOMPARE(runner.fatalErrors().size(), 1);
        for (const CallResult& result : runner.results()) {
            QCOMPARE(result.errorKind, QStringLiteral("no-api-key"));
            QCOMPARE(result.attempts, 0);
            QVERIFY(result.error.contains(QString::fromLatin1(kKeyVariable)));
        }
        QCOMPARE(server.chatRequestsReceived(), 0);
    }

    void faults_data()
    {
        QTest::addColumn<int>("fault");
        QTest::addColumn<int>("times");
        QTest::addColumn<double>("timeoutSeconds");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("errorKind");
        QTest::addColumn<int>("attempts");
        QTest::addColumn<bool>("fatal");
        QTest::addColumn<QString>("messagePart");
        const int always = -1;
        QTest::addRow("500 always") << int(FakeFault::Http500) << always << 5.0 << false
                                    << "http-5xx" << 3 << false << "HTTP 500";
        QTest::addRow("500 once") << int(FakeFault::Http500) << 1 << 5.0 << true << "" << 2 << false
                                  << "";
        QTest::addRow("429 always") << int(FakeFault::Http429) << always << 5.0 << false
                                    << "rate-limited" << 3 << false << "lower concurrency";
        // The model list still has the model: an ordinary failure, not a missing model.
        QTest::addRow("404, model listed")
            << int(FakeFault::UnknownModel) << always << 5.0 << false << "http-404" << 3 << false
            << "though its model list (/v1/models) has 'fake-model:latest'";
        QTest::addRow("malformed JSON") << int(FakeFault::Malformed) << always << 5.0 << false
                                        << "protocol" << 3 << false << "not JSON";
        QTest::addRow("wrong protocol")
            << int(FakeFault::WrongProtocol) << always << 5.0 << false << "protocol" << 3 << false
            << "looks like Ollama's protocol";
        QTest::addRow("stall -> timeout") << int(FakeFault::Stall) << always << 0.3 << false
                                          << "timeout" << 3 << true << "no reply from";
        QTest::addRow("close mid-body") << int(FakeFault::CloseMidBody) << always << 5.0 << false
                                        << "closed" << 3 << false << "in the middle";
        QTest::addRow("close twice")
            << int(FakeFault::CloseMidBody) << 2 << 5.0 << true << "" << 3 << false << "";
    }

    void faults()
    {
        QFETCH(int, fault);
        QFETCH(int, times);
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
        rule.times = times;
        server.addFaultRule(rule);
        OpenAiBackend backend(
            fastBackendConfig({server.openAiUrl()}, QStringLiteral("fake-model:latest")));
        FakeRunner runner(&backend);
        const CallRequest request = FakeRunner::makeRequests(QStringLiteral("fake-model:latest"), 1,
                                                             {3}, 0.8, false, timeoutSeconds)
                                        .first();
        runner.run({request});
        QVERIFY(runner.waitForAll(20000));
        QCOMPARE(runner.results().size(), 1);
        const CallResult result = runner.results().first();
        QCOMPARE(result.status, ok ? CallStatus::Ok : CallStatus::Failed);
        QCOMPARE(result.errorKind, errorKind);
        QCOMPARE(result.attempts, attempts);
        QVERIFY2(result.error.contains(messagePart), qPrintable(result.error));
        QCOMPARE(server.receivedFor(callKeyOf(request)), attempts);
        QCOMPARE(runner.fatalErrors().size(), fatal ? 1 : 0);
        if (ok)
            QCOMPARE(result.reply, server.replyFor(request.model, request.seed, request.temperature,
                                                   request.messages));
    }

    void refusedAfterThreeTries()
    {
        FakeModelServer server;
        QVERIFY(server.listen());
        server.stopAccepting();
        OpenAiBackend backend(
            fastBackendConfig({server.openAiUrl()}, QStringLiteral("fake-model:latest")));
        FakeRunner runner(&backend);
        runner.run({FakeRunner::makeRequests(QStringLiteral("fake-model:latest"), 1, {1}).first()});
        QVERIFY(runner.waitForAll(10000));
        const QString expected =
            QStringLiteral("nothing answers at http://127.0.0.1:%1/v1; check "
                           "that the server runs and that the endpoint is right")
                .arg(server.port());
        const CallResult result = runner.results().first();
        QCOMPARE(result.status, CallStatus::Failed);
        QCOMPARE(result.errorKind, QStringLiteral("refused"));
        QCOMPARE(result.attempts, 0); // three tries, none of which could send anything
        QCOMPARE(result.error, expected);
        QCOMPARE(runner.fatalErrors(), QStringList{expected});
    }

    void notOpenAiAtThatPath()
    {
        FakeModelServer server;
        QVERIFY(server.listen());
        QUrl wrong = server.ollamaUrl();
        wrong.setPath(QStringLiteral("/api"));
        OpenAiBackend backend(fastBackendConfig({wrong}, QStringLiteral("fake-model:latest")));
        FakeRunner runner(&backend);
        runner.run(FakeRunner::makeRequests(QStringLiteral("fake-model:latest"), 1, {1}), true);
        QVERIFY(runner.waitForAll(10000));
        QCOMPARE(runner.fatalErrors().size(), 1);
        QVERIFY2(runner.fatalErrors().first().contains(
                     QStringLiteral("has no /api/chat/completions (HTTP 404)")),
                 qPrintable(runner.fatalErrors().first()));
        QCOMPARE(runner.results().first().errorKind, QStringLiteral("not-found"));
        QCOMPARE(runner.results().first().attempts, 1);
    }
};

QTEST_GUILESS_MAIN(TestOpenAiBackend)
#include "tst_openaibackend.moc"
