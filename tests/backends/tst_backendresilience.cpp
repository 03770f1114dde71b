#include "BackendTesting.h"
#include "FakeModelServer.h"
#include "FakeRunner.h"
#include "backends/OllamaBackend.h"
#include "backends/OpenAiBackend.h"

#include <QNetworkAccessManager>
#include <QScopeGuard>
#include <QTest>
#include <QThread>
#include <memory>

using namespace pb;
using namespace pb::test;

namespace {

BackendConfig fastConfig(const QList<QUrl>& endpoints, int concurrency)
{
    BackendConfig config =
        fastBackendConfig(endpoints, QStringLiteral("fake-model:latest"), concurrency);
    config.deadCooldownMs = 60000;
    return config;
}

// A port where nothing listens any more.
quint16 deadPort()
{
    FakeModelServer probe;
    return probe.listen() ? probe.port() : 1;
}

} // namespace

class TestBackendResilience : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<pb::CallResult>(); }

    // 480 calls over two endpoints, each request faulted with probability 10%: every call
    // finishes exactly once; a call is Ok exactly when the server answered it (once), with
    // the reply it sent; a call fails only after three faulted tries.
    void transientFaultsAtTenPercent_data()
    {
        QTest::addColumn<QString>("protocol");
        QTest::addColumn<bool>("stream");
        QTest::addRow("ollama") << "ollama" << false;
        QTest::addRow("ollama streamed") << "ollama" << true;
        QTest::addRow("openai") << "openai" << false;
    }

    void transientFaultsAtTenPercent()
    {
        QFETCH(QString, protocol);
        QFETCH(bool, stream);
        const QList<FakeFault> kinds{FakeFault::Http500,      FakeFault::Http429,
                                     FakeFault::Malformed,    FakeFault::WrongProtocol,
                                     FakeFault::CloseMidBody, FakeFault::Reset,
                                     FakeFault::Stall};
        FakeModelServer first;
        FakeModelServer second;
        first.setRandomFaults(0.10, kinds, 11);
        second.setRandomFaults(0.10, kinds, 12);
        first.setLatencyMs(2);
        second.setLatencyMs(2);
        QVERIFY(first.listen());
        QVERIFY(second.listen());

        auto backend = makeHttpBackend(
            protocol, fastConfig({urlFor(protocol, first), urlFor(protocol, second)}, 3));
        FakeRunner runner(backend.get());
        QList<qint64> seeds;
        for (qint64 seed = 1; seed <= 10; ++seed)
            seeds.append(seed);
        const QList<CallRequest> requests = FakeRunner::makeRequests(
            QStringLiteral("fake-model:latest"), 24, seeds, 0.8, stream, 4.0);
        QCOMPARE(requests.size(), 480);
        runner.run(requests);
        QVERIFY(runner.waitForAll(120000));

        QCOMPARE(runner.results().size(), 480);
        QCOMPARE(runner.duplicateFinishes(), 0);
        QCOMPARE(runner.strayFinishes(), 0);
        QVERIFY(runner.fatalErrors().isEmpty());
        int ok = 0;
        int retried = 0;
        int faultsSeen = 0;
        for (const CallResult& result : runner.results()) {
            const CallRequest& request = result.request;
            const QString key = callKeyOf(request);
            const int answered = first.answeredFor(key) + second.answeredFor(key);
            const int received = first.receivedFor(key) + second.receivedFor(key);
            faultsSeen += received - answered;
            // The timeout is long enough that only injected stalls reach it; a reply the
            // server wrote after the client gave up would count as answered twice.
            const QString where =
                QStringLiteral("call %1: %2 after %3 tries, %4 received, %5 "
                               "answered, outcomes %6")
                    .arg(request.callIndex)
                    .arg(result.errorKind)
                    .arg(result.attempts)
                    .arg(received)
                    .arg(answered)
                    .arg(int(first.outcomesFor(key).size() + second.outcomesFor(key).size()));
            QVERIFY2(answered <= 1, qPrintable(where));
            // Tries are counted as sent, Qt's own resends of a dropped request included, so
            // they are exactly what the servers received.
            QVERIFY2(result.attempts == received, qPrintable(where));
            QVERIFY2(result.attempts >= 1, qPrintable(where));
            if (result.status == CallStatus::Ok) {
                ++ok;
                QVERIFY2(answered == 1, qPrintable(where));
                QCOMPARE(result.reply, first.replyFor(request.model, request.seed,
                                                      request.temperature, request.messages));
                if (result.attempts > 1)
                    ++retried;
            } else {
                QVERIFY2(answered == 0 && result.attempts >= 3, qPrintable(where));
                QVERIFY2(QStringList({"http-5xx", "rate-limited", "protocol", "closed", "timeout"})
                             .contains(result.errorKind),
                         qPrintable(result.errorKind));
            }
        }
        qInfo("%s: %d of 480 Ok, %d after a retry, %d faulted requests", qPrintable(protocol), ok,
              retried, faultsSeen);
        QVERIFY2(faultsSeen >= 20, "the fault injection did happen");
        QVERIFY(retried >= 20);
        QVERIFY(ok >= 475); // a call fails only if 3 tries in a row are faulted (p ~ 0.001)
    }

    void oneDeadEndpointOfThree_data()
    {
        QTest::addColumn<QString>("protocol");
        QTest::addRow("ollama") << "ollama";
        QTest::addRow("openai") << "openai";
    }

    void oneDeadEndpointOfThree()
    {
        QFETCH(QString, protocol);
        FakeModelServer first;
        FakeModelServer second;
        QVERIFY(first.listen());
        QVERIFY(second.listen());
        first.setLatencyMs(3);
        second.setLatencyMs(3);
        QUrl dead = urlFor(protocol, first);
        dead.setPort(deadPort());
        auto backend = makeHttpBackend(
            protocol, fastConfig({dead, urlFor(protocol, first), urlFor(protocol, second)}, 2));
        QCOMPARE(backend->capacity(), 6);
        FakeRunner runner(backend.get());
        const QList<CallRequest> requests =
            FakeRunner::makeRequests(QStringLiteral("fake-model:latest"), 10, {1, 2, 3});
        runner.run(requests);
        QVERIFY(runner.waitForAll(30000));
        QCOMPARE(runner.results().size(), requests.size());
        QCOMPARE(runner.duplicateFinishes(), 0);
        QVERIFY(runner.fatalErrors().isEmpty());
        for (const CallResult& result : runner.results()) {
            QCOMPARE(result.status, CallStatus::Ok);
            QVERIFY(result.endpoint != dead.toString());
            // Ollama checks an endpoint before its first call, so no call ever goes to the
            // dead one; OpenAI finds out from calls, whose refused tries sent nothing.
            QCOMPARE(result.attempts, 1);
            QCOMPARE(first.receivedFor(callKeyOf(result.request)) +
                         second.receivedFor(callKeyOf(result.request)),
                     1);
            QCOMPARE(first.answeredFor(callKeyOf(result.request)) +
                         second.answeredFor(callKeyOf(result.request)),
                     1);
        }
        QVERIFY(first.chatRepliesAnswered() > 0);
        QVERIFY(second.chatRepliesAnswered() > 0);
    }

    void allEndpointsDeadStopsTheRun()
    {
        QUrl a(QStringLiteral("http://127.0.0.1/v1"));
        QUrl b = a;
        a.setPort(deadPort());
        b.setPort(deadPort());
        auto backend = makeHttpBackend(QStringLiteral("openai"), fastConfig({a, b}, 2));
        FakeRunner runner(backend.get());
        const QList<CallRequest> requests =
            FakeRunner::makeRequests(QStringLiteral("fake-model:latest"), 5, {1});
        runner.run(requests, true);
        QVERIFY(runner.waitForAll(20000));
        QCOMPARE(runner.results().size(), requests.size());
        QCOMPARE(runner.duplicateFinishes(), 0);
        QCOMPARE(runner.fatalErrors().size(), 1);
        QVERIFY2(runner.fatalErrors().first().startsWith(
                     QStringLiteral("none of the 2 endpoints answers")),
                 qPrintable(runner.fatalErrors().first()));
        for (const CallResult& result : runner.results()) {
            QCOMPARE(result.status, CallStatus::Failed);
            QCOMPARE(result.errorKind, QStringLiteral("refused"));
        }
    }

    void concurrencyBoundPerEndpoint_data()
    {
        QTest::addColumn<QString>("protocol");
        QTest::addColumn<int>("concurrency");
        QTest::addColumn<int>("expectedMax");
        QTest::addRow("ollama, 1") << "ollama" << 1 << 1;
        QTest::addRow("ollama, 3") << "ollama" << 3 << 3;
        QTest::addRow("openai, 4") << "openai" << 4 << 4;
        QTest::addRow("openai, 9 clamped to 6") << "openai" << 9 << 6;
    }

    void concurrencyBoundPerEndpoint()
    {
        QFETCH(QString, protocol);
        QFETCH(int, concurrency);
        QFETCH(int, expectedMax);
        FakeModelServer first;
        FakeModelServer second;
        first.setLatencyMs(40);
        second.setLatencyMs(40);
        QVERIFY(first.listen());
        QVERIFY(second.listen());
        auto backend = makeHttpBackend(
            protocol, fastConfig({urlFor(protocol, first), urlFor(protocol, second)}, concurrency));
        QCOMPARE(backend->capacity(), 2 * expectedMax);
        FakeRunner runner(backend.get());
        const QList<CallRequest> requests =
            FakeRunner::makeRequests(QStringLiteral("fake-model:latest"), 12, {1, 2});
        runner.run(requests, true); // everything at once: the backend must hold the line
        QVERIFY(runner.waitForAll(60000));
        for (const CallResult& result : runner.results())
            QCOMPARE(result.status, CallStatus::Ok);
        QCOMPARE(first.maxConcurrentChats(), expectedMax);
        QCOMPARE(second.maxConcurrentChats(), expectedMax);
        QCOMPARE(first.chatRequestsReceived() + second.chatRequestsReceived(),
                 int(requests.size()));
    }

    // Calls queued, waiting to retry and in flight all finish once, synchronously, as
    // cancelled; replies that arrive later change nothing.
    void cancelAllFinishesEverythingOnce_data()
    {
        QTest::addColumn<QString>("protocol");
        QTest::addRow("ollama") << "ollama";
        QTest::addRow("openai") << "openai";
    }

    void cancelAllFinishesEverythingOnce()
    {
        QFETCH(QString, protocol);
        FakeModelServer server;
        server.setLatencyMs(150);
        FakeFaultRule rule;
        rule.fault = FakeFault::Http500;
        rule.seed = 1;
        server.addFaultRule(rule);
        QVERIFY(server.listen());
        BackendConfig config = fastConfig({urlFor(protocol, server)}, 3);
        config.retryBaseDelayMs = 2000; // seed-1 calls sit waiting to retry when cancelled
        auto backend = makeHttpBackend(protocol, config);
        FakeRunner runner(backend.get());
        const QList<CallRequest> requests =
            FakeRunner::makeRequests(QStringLiteral("fake-model:latest"), 5, {1, 2, 3, 4});
        runner.run(requests, true);
        QTRY_VERIFY_WITH_TIMEOUT(server.chatRequestsReceived() >= 6, 10000);
        QTest::qWait(200);
        const int before = int(runner.results().size());
        backend->cancelAll();
        QVERIFY(runner.allFinished());
        QCOMPARE(runner.results().size(), requests.size());
        QTest::qWait(500);
        QCOMPARE(runner.results().size(), requests.size());
        QCOMPARE(runner.duplicateFinishes(), 0);
        int cancelled = 0;
        for (const CallResult& result : runner.results()) {
            if (result.status == CallStatus::Ok)
                continue;
            QCOMPARE(result.errorKind, QStringLiteral("cancelled"));
            ++cancelled;
        }
        QVERIFY(cancelled > 0);
        QVERIFY(before < int(requests.size()));
        // The backend takes work again after a cancel.
        FakeRunner again(backend.get());
        CallRequest extra = requests.last();
        extra.callIndex = 9999;
        again.run({extra});
        QVERIFY(again.waitForAll(10000));
        QCOMPARE(again.resultFor(9999)->status, CallStatus::Ok);
    }

    // The runner's layout: the backend lives on a worker thread and its network access
    // is created there, on first use.
    void runsOnAWorkerThread()
    {
        FakeModelServer server;
        QVERIFY(server.listen());
        QThread worker;
        auto* backend = new OllamaBackend(fastConfig({server.ollamaUrl()}, 2));
        backend->moveToThread(&worker);
        connect(&worker, &QThread::finished, backend, &QObject::deleteLater);
        worker.start();
        const auto stopWorker = qScopeGuard([&worker] {
            worker.quit();
            worker.wait(5000);
        });
        QList<CallResult> results;
        connect(
            backend, &ModelBackend::finished, this,
            [&results](const CallResult& result) { results.append(result); }, Qt::QueuedConnection);
        const QList<CallRequest> requests =
            FakeRunner::makeRequests(QStringLiteral("fake-model:latest"), 4, {1, 2});
        for (const CallRequest& request : requests)
            QMetaObject::invokeMethod(backend, [backend, request] { backend->submit(request); });
        QTRY_COMPARE_WITH_TIMEOUT(results.size(), requests.size(), 20000);
        for (const CallResult& result : results) {
            QCOMPARE(result.status, CallStatus::Ok);
            QCOMPARE(result.reply,
                     server.replyFor(result.request.model, result.request.seed,
                                     result.request.temperature, result.request.messages));
        }
        QThread* networkThread = nullptr;
        QMetaObject::invokeMethod(
            backend,
            [backend, &networkThread] {
                const auto managers = backend->findChildren<QNetworkAccessManager*>();
                networkThread = managers.size() == 1 ? managers.first()->thread() : nullptr;
            },
            Qt::BlockingQueuedConnection);
        QCOMPARE(networkThread, &worker);
    }
};

QTEST_GUILESS_MAIN(TestBackendResilience)
#include "tst_backendresilience.moc"
