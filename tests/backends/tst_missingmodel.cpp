#include "BackendTesting.h"
#include "FakeModelServer.h"
#include "FakeRunner.h"

#include <QTest>

using namespace pb;
using namespace pb::test;

// A 404 on the chat path stops the run only when the server's own model list confirms that
// the model is not there; otherwise it is one failed try like any other.
namespace {

QString listPath(const QString& protocol)
{
    return protocol == QLatin1String("ollama") ? QStringLiteral("/api/tags")
                                               : QStringLiteral("/v1/models");
}

} // namespace

class TestMissingModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<pb::CallResult>(); }

    void chat404WithTheModelListedIsRetried_data()
    {
        QTest::addColumn<QString>("protocol");
        QTest::addColumn<int>("times");
        QTest::addRow("ollama, always") << "ollama" << -1;
        QTest::addRow("ollama, once") << "ollama" << 1;
        QTest::addRow("openai, always") << "openai" << -1;
        QTest::addRow("openai, once") << "openai" << 1;
    }

    void chat404WithTheModelListedIsRetried()
    {
        QFETCH(QString, protocol);
        QFETCH(int, times);
        FakeModelServer server;
        FakeFaultRule rule;
        rule.fault = FakeFault::UnknownModel;
        rule.seed = 5;
        rule.times = times;
        server.addFaultRule(rule);
        QVERIFY(server.listen());
        auto backend =
            makeHttpBackend(protocol, fastBackendConfig({urlFor(protocol, server)},
                                                        QStringLiteral("fake-model:latest")));
        FakeRunner runner(backend.get());
        QList<CallRequest> requests =
            FakeRunner::makeRequests(QStringLiteral("fake-model:latest"), 1, {5, 6});
        requests.removeIf(
            [](const CallRequest& r) { return r.variant != QLatin1String("formal"); });
        runner.run(requests);
        QVERIFY(runner.waitForAll(20000));
        QVERIFY2(runner.fatalErrors().isEmpty(), qPrintable(runner.fatalErrors().join('\n')));
        QVERIFY(server.requestsTo(listPath(protocol)) >= 1); // the list was asked
        for (const CallResult& result : runner.results()) {
            QCOMPARE(result.attempts, server.receivedFor(callKeyOf(result.request)));
            if (result.request.seed == 6 || times == 1) {
                QCOMPARE(result.status, CallStatus::Ok);
                QCOMPARE(result.attempts, result.request.seed == 6 ? 1 : 2);
                continue;
            }
            QCOMPARE(result.status, CallStatus::Failed);
            QCOMPARE(result.errorKind, QStringLiteral("http-404"));
            QCOMPARE(result.attempts, 3);
            QVERIFY2(result.error.contains(QStringLiteral("model list")), qPrintable(result.error));
            for (const char* claim : {"not pulled", "does not have", "does not serve"})
                QVERIFY2(!result.error.contains(QLatin1String(claim)), qPrintable(result.error));
        }
    }

    // The model went away after the run started (Ollama checked it before the first call),
    // or was never served (OpenAI has no such check): the list confirms the 404, the run
    // stops at once and says what the server has.
    void chat404ConfirmedByTheListStopsTheRun_data()
    {
        QTest::addColumn<QString>("protocol");
        QTest::addColumn<QString>("messagePart");
        QTest::addRow("ollama") << "ollama"
                                << "is not pulled here: `ollama pull fake-model:latest`";
        QTest::addRow("openai") << "openai"
                                << "does not serve the model 'fake-model:latest'";
    }

    void chat404ConfirmedByTheListStopsTheRun()
    {
        QFETCH(QString, protocol);
        QFETCH(QString, messagePart);
        FakeModelServer server;
        server.addModel(QStringLiteral("fake-model:latest"));
        server.addModel(QStringLiteral("other:7b"));
        QVERIFY(server.listen());
        if (protocol == QLatin1String("openai")) {
            server.removeModel(QStringLiteral("fake-model:latest"));
        } else {
            connect(&server, &FakeModelServer::chatReceived, this,
                    [&server] { server.removeModel(QStringLiteral("fake-model:latest")); });
            FakeFaultRule rule;
            rule.fault = FakeFault::UnknownModel;
            rule.times = 1;
            server.addFaultRule(rule); // the first chat already misses it
        }
        BackendConfig config =
            fastBackendConfig({urlFor(protocol, server)}, QStringLiteral("fake-model:latest"), 1);
        auto backend = makeHttpBackend(protocol, config);
        FakeRunner runner(backend.get());
        const QList<CallRequest> requests =
            FakeRunner::makeRequests(QStringLiteral("fake-model:latest"), 2, {1, 2});
        runner.run(requests);
        QVERIFY(runner.waitForAll(20000));
        QCOMPARE(runner.results().size(), requests.size());
        QCOMPARE(runner.fatalErrors().size(), 1);
        const QString message = runner.fatalErrors().first();
        QVERIFY2(message.contains(messagePart), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("other:7b")), qPrintable(message));
        QCOMPARE(server.chatRequestsReceived(), 1);
        for (const CallResult& result : runner.results()) {
            QCOMPARE(result.status, CallStatus::Failed);
            QCOMPARE(result.errorKind, QStringLiteral("unknown-model"));
            QCOMPARE(result.attempts, server.receivedFor(callKeyOf(result.request)));
        }
    }
};

QTEST_GUILESS_MAIN(TestMissingModel)
#include "tst_missingmodel.moc"
