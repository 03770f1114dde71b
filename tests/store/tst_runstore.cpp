#include "StoreReads.h"
#include "store/RunStore.h"

#include <QTemporaryDir>
#include <QTest>

using namespace pb;

namespace {

LoggedCall call(qint64 run, const QString& item, qint64 seed, CallStatus status)
{
    LoggedCall c;
    c.runId = run;
    c.callIndex = quint64(seed);
    c.time = QDateTime::currentDateTimeUtc();
    c.itemId = item;
    c.variant = QStringLiteral("formal");
    c.seed = seed;
    c.status = status;
    if (status == CallStatus::Ok) {
        c.reply = QStringLiteral("1. Step 1.");
        c.metricValue = 1;
    } else {
        c.errorKind = QStringLiteral("timeout");
        c.error = QStringLiteral("no answer in 120 s");
    }
    return c;
}

RunRecord record(const QString& hash)
{
    RunRecord r;
    r.created = QDateTime::currentDateTimeUtc();
    r.probeJson = QStringLiteral("{}");
    r.configHash = hash;
    return r;
}

} // namespace

class TestRunStore : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void runsAreFoundByConfiguration();
    void failedCellIsReplacedOkCellIsNot();
    void callsComeBackInPlanOrder();
    void draftRoundTrip();
    void unopenableFileNamesIt();
};

void TestRunStore::runsAreFoundByConfiguration()
{
    QTemporaryDir dir;
    RunStore store;
    QString error;
    QVERIFY2(store.open(dir.filePath(QStringLiteral("s.pbrun")), &error), qPrintable(error));
    QVERIFY(!test::findRun(store, QStringLiteral("h1")));
    const qint64 a = store.createRun(record(QStringLiteral("h1")), &error);
    const qint64 b = store.createRun(record(QStringLiteral("h2")), &error);
    QVERIFY(a > 0 && b > a);
    QCOMPARE(*test::findRun(store, QStringLiteral("h1")), a);
    QCOMPARE(test::runs(store).size(), 2);
}

void TestRunStore::failedCellIsReplacedOkCellIsNot()
{
    QTemporaryDir dir;
    RunStore store;
    QString error;
    QVERIFY(store.open(dir.filePath(QStringLiteral("s.pbrun")), &error));
    const qint64 run = store.createRun(record(QStringLiteral("h")), &error);
    QVERIFY(store.recordCall(call(run, QStringLiteral("0"), 1, CallStatus::Failed), &error));
    QVERIFY(test::completedCells(store, run).isEmpty());
    QVERIFY2(store.recordCall(call(run, QStringLiteral("0"), 1, CallStatus::Ok), &error),
             qPrintable(error));
    QCOMPARE(test::completedCells(store, run).size(), 1);
    QCOMPARE(test::calls(store, run).size(), 1);
    QCOMPARE(test::calls(store, run).front().status, CallStatus::Ok);

    // A second answer for an answered cell is refused, not logged twice.
    QVERIFY(!store.recordCall(call(run, QStringLiteral("0"), 1, CallStatus::Ok), &error));
    QVERIFY2(error.contains(QStringLiteral("not logged twice")), qPrintable(error));
    QVERIFY(!store.recordCall(call(run, QStringLiteral("0"), 1, CallStatus::Failed), &error));
    QCOMPARE(test::calls(store, run).size(), 1);
    QCOMPARE(test::calls(store, run).front().status, CallStatus::Ok);
}

void TestRunStore::callsComeBackInPlanOrder()
{
    QTemporaryDir dir;
    RunStore store;
    QString error;
    QVERIFY(store.open(dir.filePath(QStringLiteral("s.pbrun")), &error));
    const qint64 run = store.createRun(record(QStringLiteral("h")), &error);
    for (qint64 seed : {5, 2, 9, 1}) {
        LoggedCall c = call(run, QStringLiteral("x"), seed, CallStatus::Ok);
        c.details = QJsonObject{{QStringLiteral("eval_count"), int(seed)}};
        QVERIFY(store.recordCall(c, &error));
    }
    const QList<LoggedCall> calls = test::calls(store, run);
    QCOMPARE(calls.size(), 4);
    QList<qint64> seeds;
    for (const LoggedCall& c : calls) {
        seeds << c.seed;
        QCOMPARE(c.details.value(QStringLiteral("eval_count")).toInt(), int(c.seed));
        QCOMPARE(*c.metricValue, 1.0);
    }
    QCOMPARE(seeds, QList<qint64>({1, 2, 5, 9}));
}

void TestRunStore::draftRoundTrip()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("s.pbrun"));
    QString error;
    {
        RunStore store;
        QVERIFY(store.open(path, &error));
        QCOMPARE(test::loadDraft(store), QString());
        QVERIFY(store.saveDraft(QStringLiteral("{\"a\":1}"), &error));
        QVERIFY(store.saveDraft(QStringLiteral("{\"a\":2}"), &error));
    }
    RunStore again;
    QVERIFY(again.open(path, &error));
    QCOMPARE(test::loadDraft(again), QStringLiteral("{\"a\":2}"));
}

void TestRunStore::unopenableFileNamesIt()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("missing-folder/s.pbrun"));
    RunStore store;
    QString error;
    QVERIFY(!store.open(path, &error));
    QVERIFY2(error.contains(path), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestRunStore)
#include "tst_runstore.moc"
