// A server that refuses the logprobs fields with HTTP 400 (as some OpenAI-compatible servers
// do) does not fail a choice probe: the refused call goes again at once without them, every
// later call is sent without them, and each reply says why its answer is read as a sample.
#include "BackendTesting.h"
#include "FakeModelServer.h"
#include "FakeRunner.h"
#include "choice/ChoiceReading.h"

#include <QJsonDocument>
#include <QTest>

using namespace pb;
using namespace pb::test;

namespace {

const QStringList kCandidates{QStringLiteral("yes"), QStringLiteral("no")};

QList<CallRequest> choiceCalls(const QString& model, int count)
{
    QList<CallRequest> out;
    for (int i = 0; i < count; ++i) {
        CallRequest r;
        r.callIndex = quint64(i);
        r.model = model;
        r.seed = i + 1;
        r.temperature = 0.8;
        r.timeoutSeconds = 10.0;
        r.messages = {ChatMessage{QStringLiteral("user"), QStringLiteral("Escalate? yes or no")}};
        r.topLogprobs = 5;
        out << r;
    }
    return out;
}

} // namespace

class TestLogprobsRefused : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fallsBackToSamples_data();
    void fallsBackToSamples();
    void acceptingServerIsAskedForThem();
};

void TestLogprobsRefused::fallsBackToSamples_data()
{
    QTest::addColumn<QString>("protocol");
    QTest::addColumn<int>("slots");
    QTest::newRow("ollama, one slot") << QStringLiteral("ollama") << 1;
    QTest::newRow("openai, one slot") << QStringLiteral("openai") << 1;
    QTest::newRow("openai, three slots") << QStringLiteral("openai") << 3;
}

void TestLogprobsRefused::fallsBackToSamples()
{
    QFETCH(QString, protocol);
    QFETCH(int, slots);
    FakeModelServer server;
    server.setChoiceAnswers(kCandidates, true);
    server.setRefusesLogprobs(true);
    QVERIFY(server.listen());
    auto backend = makeHttpBackend(
        protocol, fastBackendConfig({urlFor(protocol, server)}, server.defaultModel(), slots));
    FakeRunner runner(backend.get());
    const int calls = 6;
    runner.run(choiceCalls(server.defaultModel(), calls));
    QVERIFY(runner.waitForAll(10000));
    QCOMPARE(runner.duplicateFinishes(), 0);
    QVERIFY(runner.fatalErrors().isEmpty());

    // Only the calls sent before the first refusal came back asked for log probabilities.
    QVERIFY2(server.logprobRequestsReceived() >= 1 && server.logprobRequestsReceived() <= slots,
             qPrintable(QString::number(server.logprobRequestsReceived())));
    QCOMPARE(server.chatRequestsReceived(), calls + server.logprobRequestsReceived());
    QVERIFY(!QJsonDocument::fromJson(server.lastChatBody())
                 .object()
                 .contains(QLatin1String("logprobs")));
    int refusedFirst = 0;
    for (const CallResult& r : runner.results()) {
        QCOMPARE(r.status, CallStatus::Ok);
        const QString problem = r.details.value(QLatin1String("logprobs_problem")).toString();
        QVERIFY2(problem.contains(QStringLiteral("logprobs is not supported by this model")) &&
                     problem.contains(QStringLiteral("sent without them")),
                 qPrintable(problem));
        refusedFirst += r.attempts == 2 ? 1 : 0;
        QVERIFY2(r.attempts == 1 || r.attempts == 2, qPrintable(QString::number(r.attempts)));
        const ChoiceReading reading = ChoiceReading::read(kCandidates, r.reply, r.details);
        QCOMPARE(reading.source, ChoiceSource::Sampled);
        QVERIFY(reading.answer >= 0);
        QVERIFY2(reading.note.startsWith(QStringLiteral("log probabilities refused: ")),
                 qPrintable(reading.note));
    }
    QCOMPARE(refusedFirst, server.logprobRequestsReceived());
}

void TestLogprobsRefused::acceptingServerIsAskedForThem()
{
    // The same calls to a server that does give log probabilities: every call asks, none is
    // asked twice, and the readings use them.
    FakeModelServer server;
    server.setChoiceAnswers(kCandidates, true);
    QVERIFY(server.listen());
    auto backend = makeHttpBackend(
        QStringLiteral("openai"),
        fastBackendConfig({urlFor(QStringLiteral("openai"), server)}, server.defaultModel(), 2));
    FakeRunner runner(backend.get());
    runner.run(choiceCalls(server.defaultModel(), 4));
    QVERIFY(runner.waitForAll(10000));
    QCOMPARE(server.logprobRequestsReceived(), 4);
    QCOMPARE(server.chatRequestsReceived(), 4);
    for (const CallResult& r : runner.results()) {
        QVERIFY(!r.details.contains(QLatin1String("logprobs_problem")));
        QCOMPARE(ChoiceReading::read(kCandidates, r.reply, r.details).source,
                 ChoiceSource::Logprobs);
    }
}

QTEST_GUILESS_MAIN(TestLogprobsRefused)
#include "tst_logprobsrefused.moc"
