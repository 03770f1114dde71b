#include "BackendTesting.h"
#include "FakeModelServer.h"
#include "FakeRunner.h"

#include <QTest>

using namespace pb;
using namespace pb::test;

// A call's attempts are the requests that went onto the wire for it, Qt's own silent resends
// included, so that they equal what the server received for that cell.
class TestResendCount : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<pb::CallResult>(); }

    // The server drops every chat request that comes on a connection it has already answered
    // on; Qt sends each of those again by itself, on a new connection.
    void resendsAreCountedAsTries_data()
    {
        QTest::addColumn<QString>("protocol");
        QTest::addColumn<bool>("stream");
        QTest::addColumn<int>("concurrency");
        QTest::addRow("ollama, 1 at a time") << "ollama" << false << 1;
        QTest::addRow("ollama streamed, 3 at a time") << "ollama" << true << 3;
        QTest::addRow("openai, 1 at a time") << "openai" << false << 1;
        QTest::addRow("openai, 3 at a time") << "openai" << false << 3;
    }

    void resendsAreCountedAsTries()
    {
        QFETCH(QString, protocol);
        QFETCH(bool, stream);
        QFETCH(int, concurrency);
        FakeModelServer server;
        server.setDropReusedConnections(true);
        server.setLatencyMs(2);
        QVERIFY(server.listen());
        auto backend = makeHttpBackend(
            protocol, fastBackendConfig({urlFor(protocol, server)},
                                        QStringLiteral("fake-model:latest"), concurrency));
        FakeRunner runner(backend.get());
        const QList<CallRequest> requests = FakeRunner::makeRequests(
            QStringLiteral("fake-model:latest"), 6, {1, 2}, 0.8, stream, 10.0);
        runner.run(requests);
        QVERIFY(runner.waitForAll(60000));
        QCOMPARE(runner.results().size(), requests.size());
        QCOMPARE(runner.duplicateFinishes(), 0);
        int attempts = 0;
        int resent = 0;
        for (const CallResult& result : runner.results()) {
            const QString key = callKeyOf(result.request);
            const QString where = QStringLiteral("call %1: %2, %3 attempts, %4 received")
                                      .arg(result.request.callIndex)
                                      .arg(result.errorKind)
                                      .arg(result.attempts)
                                      .arg(server.receivedFor(key));
            QVERIFY2(result.status == CallStatus::Ok, qPrintable(where));
            QVERIFY2(result.attempts == server.receivedFor(key), qPrintable(where));
            QCOMPARE(server.answeredFor(key), 1);
            attempts += result.attempts;
            resent += result.attempts > 1 ? 1 : 0;
        }
        QCOMPARE(attempts, server.chatRequestsReceived());
        QVERIFY2(resent >= int(requests.size()) / 2,
                 qPrintable(QStringLiteral("%1 calls resent").arg(resent)));
    }
};

QTEST_GUILESS_MAIN(TestResendCount)
#include "tst_resendcount.moc"
