#include "backends/EndpointPool.h"
#include "backends/RetryPolicy.h"

#include <QTest>

using namespace pb;

namespace {

QList<QUrl> urls(int n)
{
    QList<QUrl> list;
    for (int i = 0; i < n; ++i)
        list.append(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(9000 + i)));
    return list;
}

EndpointPool readyPool(int n, int concurrency, int deadAfter = 3, int cooldown = 1000)
{
    EndpointPool pool(urls(n), concurrency, deadAfter, cooldown);
    for (int i = 0; i < n; ++i)
        pool.setReadiness(i, EndpointPool::Readiness::Ready);
    return pool;
}

HttpFailure failureOfKind(const QString& kind, bool transient, bool stopsRun = false)
{
    HttpFailure failure;
    failure.kind = kind;
    failure.transient = transient;
    failure.stopsRun = stopsRun;
    return failure;
}

} // namespace

class TestEndpointPool : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void spreadsOverEndpointsUpToConcurrency()
    {
        EndpointPool pool = readyPool(3, 2);
        QList<int> perEndpoint(3, 0);
        for (int call = 0; call < 6; ++call) {
            const int chosen = pool.pick({}, 0);
            QVERIFY(chosen >= 0);
            pool.acquire(chosen);
            ++perEndpoint[chosen];
        }
        QCOMPARE(perEndpoint, QList<int>({2, 2, 2}));
        QCOMPARE(pool.pick({}, 0), -1); // every slot taken
        QVERIFY(!pool.hasFreeSlot(0));
        pool.release(1);
        QCOMPARE(pool.pick({}, 0), 1);
    }

    void leastLoadedFirst()
    {
        EndpointPool pool = readyPool(2, 4);
        pool.acquire(0);
        pool.acquire(0);
        QCOMPARE(pool.pick({}, 0), 1);
    }

    void unpreparedEndpointsGetNoCalls()
    {
        EndpointPool pool(urls(2), 1, 3, 1000);
        QCOMPARE(pool.pick({}, 0), -1);
        pool.setReadiness(1, EndpointPool::Readiness::Ready);
        QCOMPARE(pool.pick({}, 0), 1);
        QVERIFY(pool.mayPrepare(0, 0));
        pool.deferPreparation(0, 50);
        QVERIFY(!pool.mayPrepare(0, 49));
        QVERIFY(pool.mayPrepare(0, 50));
        QCOMPARE(pool.nextChangeMs(10), 50);
    }

    void avoidsEndpointsWhereTheCallFailed()
    {
        EndpointPool pool = readyPool(2, 1);
        pool.acquire(1);                 // endpoint 1 busy, 0 free but avoided
        QCOMPARE(pool.pick({0}, 0), -1); // waits for 1 rather than repeat on 0
        pool.release(1);
        QCOMPARE(pool.pick({0}, 0), 1);
        // When the call failed everywhere, any endpoint will do.
        QVERIFY(pool.pick({0, 1}, 0) >= 0);
    }

    void deadAfterConsecutiveConnectionFailures()
    {
        EndpointPool pool = readyPool(2, 1, 3, 1000);
        QVERIFY(!pool.recordConnectionFailure(0, 0));
        QVERIFY(!pool.recordConnectionFailure(0, 0));
        pool.recordAnswer(0); // any answer clears the count
        QVERIFY(!pool.recordConnectionFailure(0, 10));
        QVERIFY(!pool.recordConnectionFailure(0, 10));
        QVERIFY(pool.recordConnectionFailure(0, 10));
        QVERIFY(pool.isDead(0, 10));
        QVERIFY(!pool.allDown(10));
        QCOMPARE(pool.pick({}, 10), 1);
        QCOMPARE(pool.nextChangeMs(10), 1010);
        // Back after the cool-down, on probation: one more failure kills it again.
        QVERIFY(!pool.isDead(0, 1010));
        QVERIFY(pool.recordConnectionFailure(0, 1010));
        QVERIFY(pool.isDead(0, 1011));
    }

    void allDownWhenEveryEndpointIsDeadOrDisabled()
    {
        EndpointPool pool = readyPool(2, 1, 1, 1000);
        QVERIFY(pool.recordConnectionFailure(0, 0));
        QVERIFY(!pool.allDown(0));
        pool.setReadiness(1, EndpointPool::Readiness::Disabled);
        QVERIFY(pool.allDown(0));
        QCOMPARE(pool.pick({}, 0), -1);
    }

    void retryPolicyRetriesOnlyTransientFailures_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<bool>("transient");
        QTest::addColumn<bool>("stopsRun");
        QTest::addColumn<int>("attempts");
        QTest::addColumn<bool>("retry");
        QTest::addRow("refused, first try") << "refused" << true << false << 1 << true;
        QTest::addRow("timeout, second try") << "timeout" << true << false << 2 << true;
        QTest::addRow("http-5xx, third try") << "http-5xx" << true << false << 3 << false;
        QTest::addRow("bad-request") << "bad-request" << false << false << 1 << false;
        QTest::addRow("unknown-model") << "unknown-model" << false << true << 1 << false;
    }

    void retryPolicyRetriesOnlyTransientFailures()
    {
        QFETCH(QString, kind);
        QFETCH(bool, transient);
        QFETCH(bool, stopsRun);
        QFETCH(int, attempts);
        QFETCH(bool, retry);
        const RetryPolicy policy(3, 500, 30000);
        QCOMPARE(policy.shouldRetry(failureOfKind(kind, transient, stopsRun), attempts), retry);
    }

    void backoffDoublesWithJitter()
    {
        RetryPolicy policy(5, 100, 30000);
        const HttpFailure failure = failureOfKind(QStringLiteral("http-5xx"), true);
        for (int attempts = 1; attempts <= 4; ++attempts) {
            const double expected = 100.0 * (1 << (attempts - 1));
            int low = INT_MAX;
            int high = 0;
            for (int draw = 0; draw < 200; ++draw) {
                const int delay = policy.delayMs(attempts, failure);
                low = std::min(low, delay);
                high = std::max(high, delay);
            }
            QVERIFY2(
                low >= int(expected * 0.5) && high <= int(expected * 1.5) + 1,
                qPrintable(QStringLiteral("attempt %1: %2..%3").arg(attempts).arg(low).arg(high)));
            QVERIFY2(high - low > expected * 0.3, "the delays are jittered");
        }
    }

    void backoffHonoursRetryAfterAndCap()
    {
        RetryPolicy policy(3, 10, 2000);
        HttpFailure failure = failureOfKind(QStringLiteral("rate-limited"), true);
        failure.retryAfterMs = 1000;
        QVERIFY(policy.delayMs(1, failure) >= 1000);
        failure.retryAfterMs = 60000;
        QVERIFY(policy.delayMs(1, failure) <= 2000);
    }
};

QTEST_GUILESS_MAIN(TestEndpointPool)
#include "tst_endpointpool.moc"
