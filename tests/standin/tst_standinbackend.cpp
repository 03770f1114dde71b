#include "standin/StandInBackend.h"
#include "standin/StandInModel.h"

#include <QSignalSpy>
#include <QtTest>
#include <algorithm>

using namespace pb;

namespace {

const QString kTutorialPrompt = QStringLiteral(
    "You are a course help assistant. Reply with numbered debugging steps.\n\n"
    "Hello. My Python loop prints the same value every time. Could you help me find the "
    "problem?");

CallRequest makeRequest(quint64 index)
{
    CallRequest request;
    request.callIndex = index;
    request.itemIndex = int(index % 8);
    request.variant = index % 2 ? QStringLiteral("casual") : QStringLiteral("formal");
    request.seed = qint64(index % 41) - 20; // includes negative seeds
    request.temperature = (index % 3) * 0.7;
    request.model = QStringLiteral("stand-in-v1");
    request.prompt = (index % 2 ? QStringLiteral("hey lol ") : QStringLiteral("Hello ")) +
                     QString::number(index);
    request.plantedGap = (index % 4) * 0.5;
    return request;
}

QList<CallResult> results(const QSignalSpy& spy)
{
    QList<CallResult> out;
    for (const QList<QVariant>& arguments : spy)
        out.append(arguments.at(0).value<CallResult>());
    return out;
}

} // namespace

class TestStandInBackend : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void identity();
    void answersEveryRequestOnceFromTheEventLoop_data();
    void answersEveryRequestOnceFromTheEventLoop();
    void tutorialReply();
    void submitFromFinishedIsAnswered();
    void cancelAllFailsEverythingQueued();
    void cancelAllFromFinishedStopsTheRest();
};

void TestStandInBackend::identity()
{
    StandInBackend backend;
    QCOMPARE(backend.name(), QStringLiteral("stand-in"));
    QVERIFY(backend.capacity() >= 1);
}

void TestStandInBackend::answersEveryRequestOnceFromTheEventLoop_data()
{
    QTest::addColumn<int>("count");
    QTest::addRow("one") << 1;
    QTest::addRow("exactly one batch") << StandInBackend::kBatchSize;
    QTest::addRow("many batches") << 5000;
}

void TestStandInBackend::answersEveryRequestOnceFromTheEventLoop()
{
    QFETCH(int, count);

    StandInBackend backend;
    QSignalSpy spy(&backend, &ModelBackend::finished);
    for (int i = 0; i < count; ++i)
        backend.submit(makeRequest(quint64(i)));
    QCOMPARE(spy.count(), 0); // nothing is answered inside submit()

    QTRY_COMPARE_WITH_TIMEOUT(spy.count(), count, 30000);
    QTest::qWait(20);
    QCOMPARE(spy.count(), count); // and nothing twice

    const QDateTime before = QDateTime::currentDateTimeUtc().addSecs(-60);
    QList<CallResult> finished = results(spy);
    std::sort(finished.begin(), finished.end(), [](const CallResult& a, const CallResult& b) {
        return a.request.callIndex < b.request.callIndex;
    });
    for (int i = 0; i < count; ++i) {
        const CallResult& result = finished.at(i);
        const CallRequest expected = makeRequest(quint64(i));
        QCOMPARE(result.request.callIndex, quint64(i));
        QCOMPARE(result.request.prompt, expected.prompt);
        QCOMPARE(result.status, CallStatus::Ok);
        QCOMPARE(result.reply, StandInModel::reply(expected.prompt, expected.seed,
                                                   expected.temperature, expected.plantedGap));
        QCOMPARE(result.attempts, 1);
        QCOMPARE(result.backend, QStringLiteral("stand-in"));
        QCOMPARE(result.modelReported, QStringLiteral("stand-in-v1"));
        QVERIFY(result.error.isEmpty());
        QCOMPARE(result.finishedAt.timeSpec(), Qt::UTC);
        QVERIFY(result.finishedAt >= before);
    }
}

void TestStandInBackend::tutorialReply()
{
    StandInBackend backend;
    QSignalSpy spy(&backend, &ModelBackend::finished);
    CallRequest request;
    request.seed = 1;
    request.temperature = 0.8;
    request.plantedGap = 1.0;
    request.prompt = kTutorialPrompt;
    backend.submit(request);
    QTRY_COMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).value<CallResult>().reply,
             QStringLiteral("Here is what I would try:\n1. Step 1.\n2. Step 2.\n3. Step 3.\n"
                            "4. Step 4.\n5. Step 5.\n6. Step 6."));
}

void TestStandInBackend::submitFromFinishedIsAnswered()
{
    // A runner refills its window from finished(): those requests must be answered too.
    StandInBackend backend;
    QSignalSpy spy(&backend, &ModelBackend::finished);
    quint64 next = 10;
    connect(&backend, &ModelBackend::finished, this, [&](const CallResult&) {
        if (next < 1000)
            backend.submit(makeRequest(next++));
    });
    for (quint64 i = 0; i < 10; ++i)
        backend.submit(makeRequest(i));
    QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1000, 30000);
    QTest::qWait(20);
    QCOMPARE(spy.count(), 1000);
    QList<quint64> indices;
    for (const CallResult& result : results(spy))
        indices.append(result.request.callIndex);
    std::sort(indices.begin(), indices.end());
    for (int i = 0; i < 1000; ++i)
        QCOMPARE(indices.at(i), quint64(i));
}

void TestStandInBackend::cancelAllFailsEverythingQueued()
{
    StandInBackend backend;
    QSignalSpy spy(&backend, &ModelBackend::finished);
    for (quint64 i = 0; i < 600; ++i)
        backend.submit(makeRequest(i));
    backend.cancelAll();
    QCOMPARE(spy.count(), 600);
    for (const CallResult& result : results(spy)) {
        QCOMPARE(result.status, CallStatus::Failed);
        QCOMPARE(result.errorKind, QStringLiteral("cancelled"));
        QVERIFY(!result.error.isEmpty());
        QVERIFY(result.reply.isEmpty());
        QCOMPARE(result.backend, QStringLiteral("stand-in"));
        QVERIFY(result.finishedAt.isValid());
    }
    QTest::qWait(50);
    QCOMPARE(spy.count(), 600); // no late replies for cancelled requests

    // The backend keeps working after a cancel.
    backend.submit(makeRequest(1000));
    QTRY_COMPARE(spy.count(), 601);
    QCOMPARE(spy.last().at(0).value<CallResult>().status, CallStatus::Ok);
}

void TestStandInBackend::cancelAllFromFinishedStopsTheRest()
{
    StandInBackend backend;
    QSignalSpy spy(&backend, &ModelBackend::finished);
    connect(&backend, &ModelBackend::finished, this, [&](const CallResult& result) {
        if (result.request.callIndex == 99)
            backend.cancelAll();
    });
    for (quint64 i = 0; i < 1000; ++i)
        backend.submit(makeRequest(i));
    QTRY_COMPARE(spy.count(), 1000);
    QTest::qWait(50);
    QCOMPARE(spy.count(), 1000);

    const QList<CallResult> finished = results(spy);
    for (const CallResult& result : finished) {
        const bool answered = result.request.callIndex <= 99;
        QCOMPARE(result.status, answered ? CallStatus::Ok : CallStatus::Failed);
        if (!answered)
            QCOMPARE(result.errorKind, QStringLiteral("cancelled"));
    }
}

QTEST_GUILESS_MAIN(TestStandInBackend)
#include "tst_standinbackend.moc"
