// A generative cell's chat reply is paid for before its embedding is asked: when a stop or a
// cancel cuts the embedding off (or leaves it unsent), the cell is recorded failed with the
// reply's tokens and the reason, never dropped unsaid, and a resumed run calls it again.
#include "ScriptedBackend.h"
#include "TestPaths.h"
#include "backends/EmbeddingRoute.h"
#include "probe/ProbeReader.h"
#include "run/ModelProbeRun.h"
#include "run/RunSession.h"
#include "standin/StandInEmbedding.h"
#include "store/RunStore.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace pb;
using namespace pb::test;

namespace {

constexpr qint64 kPromptTokens = 11;
constexpr qint64 kReplyTokens = 7;

ProbeDocument example()
{
    QFile f(sourceDir() + QStringLiteral("/resources/examples/style-generative.probe.json"));
    f.open(QIODevice::ReadOnly);
    return *ProbeReader::parse(f.readAll(), QStringLiteral("example")).document;
}

// The chat model answers every call, with its token counts; *answered counts the replies.
std::unique_ptr<ScriptedBackend> chatBackend(int* answered)
{
    return std::make_unique<ScriptedBackend>(
        QStringLiteral("ollama"), 4, [answered](const CallRequest& request) {
            ++*answered;
            CallResult r;
            r.status = CallStatus::Ok;
            r.reply =
                QStringLiteral("Here is what I would try:\n1. Step 1. (%1)").arg(request.callIndex);
            r.attempts = 1;
            r.details.insert(QStringLiteral("prompt_eval_count"), kPromptTokens);
            r.details.insert(QStringLiteral("eval_count"), kReplyTokens);
            return r;
        });
}

std::unique_ptr<ScriptedBackend> embeddingBackend()
{
    return std::make_unique<ScriptedBackend>(
        QStringLiteral("ollama"), 64, [](const CallRequest& request) {
            CallResult r;
            r.status = CallStatus::Ok;
            r.attempts = 1;
            r.details.insert(QStringLiteral("embedding"),
                             StandInEmbedding::embedJson(request.embedInput));
            return r;
        });
}

struct Stored
{
    QList<LoggedCall> calls;
    RunOutcome outcome = RunOutcome::Completed;
};

} // namespace

class TestGenerativeCutOff : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<pb::CallResult>(); }

    // The embedding model stops the run after two vectors, with more chat replies waiting
    // for theirs: each of those is a failed row with the reply's tokens and why, so the rows
    // are exactly the chat replies that came.
    void stopKeepsTheRepliesThatCame()
    {
        const ProbeDocument doc = example();
        int answered = 0;
        RunUnit unit = ModelProbeRun::unit(doc);
        unit.backend = [&answered](const RecordedDigests&, QString*) {
            std::unique_ptr<ScriptedBackend> embed = embeddingBackend();
            embed->setFatalAfter(2, QStringLiteral("the embedding model changed"));
            return std::make_unique<EmbeddingRoute>(chatBackend(&answered), std::move(embed));
        };
        QTemporaryDir dir;
        RunStore store;
        QString error;
        QVERIFY2(store.open(dir.filePath(QStringLiteral("s.pbrun")), &error), qPrintable(error));
        RunSession session(&store, {unit});
        QSignalSpy finished(&session, &RunSession::finished);
        session.start();
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.first().at(0).value<RunOutcome>(), RunOutcome::Stopped);
        QList<LoggedCall> calls;
        QVERIFY2(store.calls(session.runIds().constFirst(), &calls, &error), qPrintable(error));

        QVERIFY(answered > 2);
        QCOMPARE(int(calls.size()), answered);
        int ok = 0;
        for (const LoggedCall& c : std::as_const(calls)) {
            QCOMPARE(c.tokens.output, std::optional<qint64>(kReplyTokens));
            if (c.status == CallStatus::Ok) {
                ++ok; // its input is unknown: the embedding reported no count to add
                continue;
            }
            QCOMPARE(c.tokens.input, std::optional<qint64>(kPromptTokens));
            QCOMPARE(c.errorKind, QStringLiteral("embedding-cancelled"));
            QVERIFY2(c.error.startsWith(QStringLiteral("the reply came, but its embedding did "
                                                       "not")),
                     qPrintable(c.error));
            QVERIFY(c.metricFlag.isEmpty());
        }
        QCOMPARE(ok, 2);
    }

    // Paused, the chat replies that come wait with their embedding unsent; a cancel then
    // records each failed, saying so, and the next session calls those cells again.
    void cancelWhilePausedKeepsTheReplies()
    {
        ProbeDocument doc = example();
        doc.settings.seeds = doc.settings.seeds.mid(0, 1);
        int answered = 0;
        RunUnit unit = ModelProbeRun::unit(doc);
        unit.backend = [&answered](const RecordedDigests&, QString*) {
            return std::make_unique<EmbeddingRoute>(chatBackend(&answered), embeddingBackend());
        };
        QTemporaryDir dir;
        RunStore store;
        QString error;
        QVERIFY2(store.open(dir.filePath(QStringLiteral("c.pbrun")), &error), qPrintable(error));
        qint64 runId = 0;
        {
            RunSession session(&store, {unit});
            QSignalSpy finished(&session, &RunSession::finished);
            session.start();
            session.pause();
            QTRY_COMPARE_WITH_TIMEOUT(answered, 4, 10000);
            QTest::qWait(50); // nothing more comes while paused
            QCOMPARE(answered, 4);
            session.cancel();
            QVERIFY(finished.wait(10000));
            QCOMPARE(finished.first().at(0).value<RunOutcome>(), RunOutcome::Cancelled);
            runId = session.runIds().constFirst();
        }
        QList<LoggedCall> calls;
        QVERIFY2(store.calls(runId, &calls, &error), qPrintable(error));
        QCOMPARE(calls.size(), 4);
        for (const LoggedCall& c : std::as_const(calls)) {
            QCOMPARE(c.status, CallStatus::Failed);
            QCOMPARE(c.errorKind, QStringLiteral("embedding-cancelled"));
            QVERIFY2(c.error.contains(QStringLiteral("the run was cancelled before it was sent")),
                     qPrintable(c.error));
            QCOMPARE(c.tokens.input, std::optional<qint64>(kPromptTokens));
        }

        // The next session calls the four cells again and records them whole.
        const int cells = 8 * 3 * 1;
        answered = 0;
        RunSession again(&store, {unit});
        QSignalSpy finished(&again, &RunSession::finished);
        again.start();
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.first().at(0).value<RunOutcome>(), RunOutcome::Completed);
        QCOMPARE(answered, cells);
        QVERIFY2(store.calls(runId, &calls, &error), qPrintable(error));
        QCOMPARE(calls.size(), cells);
        for (const LoggedCall& c : std::as_const(calls))
            QCOMPARE(c.status, CallStatus::Ok);
    }
};

QTEST_GUILESS_MAIN(TestGenerativeCutOff)
#include "tst_generativecutoff.moc"
