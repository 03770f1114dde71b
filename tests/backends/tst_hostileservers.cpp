#include "BackendTesting.h"
#include "FakeModelServer.h"
#include "FakeRunner.h"
#include "backends/ModelCatalog.h"
#include "store/LoggedCall.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

using namespace pb;
using namespace pb::test;

// Servers that do not play fair: a reply that comes too slowly to ever finish, one that
// never ends, one too big to keep, a redirect elsewhere. Each must cost one bounded try and
// leave a failure that says what happened, never a hung run, a swollen store or a leaked key.
namespace {

const char* const kKeyVariable = "PB_TST_HOSTILE_KEY";
const QString kKey = QStringLiteral("sk-hostile-0123456789-secret");

void addProtocolRows()
{
    QTest::addColumn<QString>("protocol");
    QTest::addColumn<bool>("stream");
    QTest::addRow("ollama") << "ollama" << false;
    QTest::addRow("ollama streamed") << "ollama" << true;
    QTest::addRow("openai") << "openai" << false;
}

FakeFaultRule always(FakeFault fault)
{
    FakeFaultRule rule;
    rule.fault = fault;
    rule.times = -1;
    return rule;
}

// One formal-variant request with this seed, which is also its call index.
CallRequest oneRequest(qint64 seed, bool stream, double timeoutSeconds)
{
    CallRequest request = FakeRunner::makeRequests(QStringLiteral("fake-model:latest"), 1, {seed},
                                                   0.8, stream, timeoutSeconds)
                              .first();
    request.callIndex = quint64(seed);
    return request;
}

} // namespace

class TestHostileServers : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        qRegisterMetaType<pb::CallResult>();
        qRegisterMetaType<QList<pb::ModelInfo>>();
    }
    void cleanup() { qunsetenv(kKeyVariable); }

    // A server that sends a piece every 200 ms keeps Qt's idle timeout from ever firing; the
    // try's own deadline ends it at the timeout all the same.
    void trickleEndsAtTheDeadline_data() { addProtocolRows(); }

    void trickleEndsAtTheDeadline()
    {
        QFETCH(QString, protocol);
        QFETCH(bool, stream);
        FakeModelServer server;
        server.setTrickleMs(200);
        server.addFaultRule(always(FakeFault::Trickle));
        QVERIFY(server.listen());
        BackendConfig config =
            fastBackendConfig({urlFor(protocol, server)}, QStringLiteral("fake-model:latest"));
        config.maxTries = 1;
        auto backend = makeHttpBackend(protocol, config);
        FakeRunner runner(backend.get());
        QElapsedTimer clock;
        clock.start();
        runner.run({oneRequest(1, stream, 1.0)});
        QVERIFY(runner.waitForAll(15000));
        const qint64 elapsed = clock.elapsed();
        const CallResult result = runner.results().first();
        QCOMPARE(result.status, CallStatus::Failed);
        QCOMPARE(result.errorKind, QStringLiteral("timeout"));
        QVERIFY2(result.error.contains(QStringLiteral("still arriving after 1 s")),
                 qPrintable(result.error));
        QCOMPARE(result.attempts, 1);
        QVERIFY2(server.hostileBytesWritten() > 0, "the server did trickle");
        // Bounded by the deadline, not by the server: a second of slack for a loaded machine.
        QVERIFY2(elapsed >= 900 && elapsed < 3500, qPrintable(QString::number(elapsed)));
    }

    // Headers and a trickle are no answer: like a server that never replies, three tries in
    // a row past the deadline end the run instead of costing every cell three timeouts.
    void trickleStopsTheRunLikeAStall_data()
    {
        QTest::addColumn<QString>("protocol");
        QTest::addRow("ollama") << "ollama";
        QTest::addRow("openai") << "openai";
    }

    void trickleStopsTheRunLikeAStall()
    {
        QFETCH(QString, protocol);
        FakeModelServer server;
        server.setTrickleMs(100);
        server.addFaultRule(always(FakeFault::Trickle));
        QVERIFY(server.listen());
        auto backend =
            makeHttpBackend(protocol, fastBackendConfig({urlFor(protocol, server)},
                                                        QStringLiteral("fake-model:latest")));
        FakeRunner runner(backend.get());
        const QList<CallRequest> requests = FakeRunner::makeRequests(
            QStringLiteral("fake-model:latest"), 4, {1, 2}, 0.8, false, 0.5);
        runner.run(requests);
        QVERIFY(runner.waitForAll(20000));
        QCOMPARE(runner.results().size(), requests.size());
        QCOMPARE(runner.fatalErrors().size(), 1);
        QVERIFY2(runner.fatalErrors().first().contains(
                     QStringLiteral("3 tries in a row got no reply in time")),
                 qPrintable(runner.fatalErrors().first()));
        QVERIFY2(server.chatRequestsReceived() <= 3 + backend->capacity(),
                 qPrintable(QString::number(server.chatRequestsReceived())));
        for (const CallResult& result : runner.results())
            QCOMPARE(result.status, CallStatus::Failed);
    }

    // 1 MB chunks for ever: the try fails once the cap is passed, the client stops reading,
    // and nothing is retried (the next try would be just as big).
    void endlessStreamStopsAtTheCap_data()
    {
        QTest::addColumn<QString>("protocol");
        QTest::addColumn<bool>("stream");
        QTest::addColumn<qint64>("cap");
        QTest::addColumn<QString>("capText");
        for (const auto& [protocol, stream] :
             {std::pair{QStringLiteral("ollama"), false}, std::pair{QStringLiteral("ollama"), true},
              std::pair{QStringLiteral("openai"), false}}) {
            const QString name = protocol + (stream ? QStringLiteral(" streamed") : QString());
            QTest::addRow("%s, 2 MiB", qPrintable(name))
                << protocol << stream << qint64(2 * 1024 * 1024) << "2 MiB";
            QTest::addRow("%s, default", qPrintable(name))
                << protocol << stream << BackendConfig::kDefaultMaxReplyBytes << "8 MiB";
        }
    }

    void endlessStreamStopsAtTheCap()
    {
        QFETCH(QString, protocol);
        QFETCH(bool, stream);
        QFETCH(qint64, cap);
        QFETCH(QString, capText);
        FakeModelServer server;
        server.addFaultRule(always(FakeFault::Endless));
        QVERIFY(server.listen());
        // One call at a time, three of them: how far Qt reads ahead depends on timing, so
        // each call is another chance to catch it reading without bound.
        BackendConfig config =
            fastBackendConfig({urlFor(protocol, server)}, QStringLiteral("fake-model:latest"), 1);
        config.maxReplyBytes = cap;
        auto backend = makeHttpBackend(protocol, config);
        FakeRunner runner(backend.get());
        runner.run({oneRequest(1, stream, 30.0), oneRequest(2, stream, 30.0),
                    oneRequest(3, stream, 30.0)});
        QVERIFY(runner.waitForAll(60000));
        QCOMPARE(runner.results().size(), 3);
        QVERIFY(runner.fatalErrors().isEmpty());
        for (const CallResult& result : runner.results()) {
            QCOMPARE(result.status, CallStatus::Failed);
            QCOMPARE(result.errorKind, QStringLiteral("reply-too-large"));
            QVERIFY2(result.error.contains(capText), qPrintable(result.error));
            QCOMPARE(result.attempts, 1);
            QVERIFY(result.reply.isEmpty());
            QCOMPARE(server.receivedFor(callKeyOf(result.request)), 1);
        }
        // The client read no further than the cap and hung up: what got onto the wire is the
        // cap plus what the sockets buffer, not the hundreds of megabytes Qt reads ahead when
        // its read buffer is left unlimited.
        QTest::qWait(300); // for Qt's HTTP thread to close the last connection
        const qint64 written = server.hostileBytesWritten();
        QTest::qWait(300);
        QCOMPARE(server.hostileBytesWritten(), written);
        QVERIFY2(written >= 3 * cap && written < 3 * (cap + 16 * 1024 * 1024),
                 qPrintable(QString::number(written)));
    }

    // A whole reply, well formed, just too big (the 50 MB replies that swelled a store).
    void oversizedReplyFailsAtTheCap_data() { addProtocolRows(); }

    void oversizedReplyFailsAtTheCap()
    {
        QFETCH(QString, protocol);
        QFETCH(bool, stream);
        FakeModelServer server;
        server.setOversizeBytes(3 * 1024 * 1024);
        FakeFaultRule rule = always(FakeFault::Oversized);
        rule.seed = 1;
        server.addFaultRule(rule);
        QVERIFY(server.listen());
        BackendConfig config =
            fastBackendConfig({urlFor(protocol, server)}, QStringLiteral("fake-model:latest"));
        config.maxReplyBytes = 1024 * 1024;
        auto backend = makeHttpBackend(protocol, config);
        FakeRunner runner(backend.get());
        runner.run({oneRequest(1, stream, 10.0), oneRequest(2, stream, 10.0)});
        QVERIFY(runner.waitForAll(20000));
        for (const CallResult& result : runner.results()) {
            if (result.request.seed == 1) {
                QCOMPARE(result.status, CallStatus::Failed);
                QCOMPARE(result.errorKind, QStringLiteral("reply-too-large"));
                QVERIFY2(result.error.contains(QStringLiteral("1 MiB")), qPrintable(result.error));
                QCOMPARE(result.attempts, 1);
            } else {
                QCOMPARE(result.status, CallStatus::Ok); // one big reply fails only itself
            }
        }
        QVERIFY(runner.fatalErrors().isEmpty());
    }

    // A 307 to another origin is never followed: the other server receives nothing at all,
    // so neither the key nor the prompt; the failure names both addresses and stops the run
    // (every call would be sent the same way).
    void redirectIsNotFollowed_data()
    {
        QTest::addColumn<QString>("protocol");
        QTest::addColumn<bool>("sameOrigin");
        QTest::addRow("ollama, to another origin") << "ollama" << false;
        QTest::addRow("openai, to another origin") << "openai" << false;
        QTest::addRow("openai, to its own origin") << "openai" << true;
    }

    void redirectIsNotFollowed()
    {
        QFETCH(QString, protocol);
        QFETCH(bool, sameOrigin);
        qputenv(kKeyVariable, kKey.toUtf8());
        FakeModelServer server;
        FakeModelServer elsewhere;
        QVERIFY(server.listen());
        QVERIFY(elsewhere.listen());
        // localhost, not 127.0.0.1: another origin on the same machine, as in the report.
        const QUrl target(sameOrigin ? QStringLiteral("http://127.0.0.1:%1").arg(server.port())
                                     : QStringLiteral("http://localhost:%1").arg(elsewhere.port()));
        server.setRedirectTarget(target);
        server.addFaultRule(always(FakeFault::Redirect));
        BackendConfig config =
            fastBackendConfig({urlFor(protocol, server)}, QStringLiteral("fake-model:latest"));
        config.apiKeyEnv = QString::fromLatin1(kKeyVariable);
        auto backend = makeHttpBackend(protocol, config);
        FakeRunner runner(backend.get());
        const QList<CallRequest> requests =
            FakeRunner::makeRequests(QStringLiteral("fake-model:latest"), 2, {1, 2});
        runner.run(requests);
        QVERIFY(runner.waitForAll(20000));

        QCOMPARE(elsewhere.authorizationsSeen(), QStringList());
        QCOMPARE(elsewhere.chatRequestsReceived(), 0);
        QCOMPARE(elsewhere.stats().value(QStringLiteral("requests_by_path")).toObject().size(), 0);
        QCOMPARE(runner.results().size(), requests.size());
        QCOMPARE(runner.fatalErrors().size(), 1);
        const CallResult first = runner.results().first();
        QCOMPARE(first.status, CallStatus::Failed);
        QCOMPARE(first.errorKind, QStringLiteral("redirect"));
        QVERIFY2(first.error.contains(urlFor(protocol, server).toString()),
                 qPrintable(first.error));
        QVERIFY2(first.error.contains(target.toString()), qPrintable(first.error));
        QVERIFY(!first.error.contains(kKey));
        QCOMPARE(first.endpoint, urlFor(protocol, server).toString());
        // None was followed, not even back to the same server: each call went out once at
        // most. A call cut off in flight when the run stopped counts as sent, whether or not
        // the server had read it yet.
        QVERIFY(server.chatRequestsReceived() <= backend->capacity());
        for (const CallResult& result : runner.results()) {
            const int received = server.receivedFor(callKeyOf(result.request));
            QCOMPARE(result.status, CallStatus::Failed);
            QVERIFY(result.attempts <= 1 && received <= result.attempts);
        }
    }

    // "done" must be the boolean true; a counter that is not a count is dropped and flagged,
    // never kept as text.
    void wrongTypesFailOrAreDropped_data()
    {
        QTest::addColumn<QString>("protocol");
        QTest::addColumn<bool>("stream");
        QTest::addColumn<int>("fault");
        QTest::addColumn<QString>("errorKind");
        QTest::addColumn<QString>("messagePart");
        QTest::addColumn<QString>("droppedField");
        QTest::addRow("done false") << "ollama" << false << int(FakeFault::NotDone) << "malformed"
                                    << "\"done\" is false"
                                    << "";
        QTest::addRow("done \"yes\"")
            << "ollama" << false << int(FakeFault::DoneAsText) << "malformed"
            << "\"done\" is a string"
            << "";
        QTest::addRow("streamed done \"yes\"")
            << "ollama" << true << int(FakeFault::DoneAsText) << "malformed"
            << "\"done\" is a string"
            << "";
        QTest::addRow("streamed, never done")
            << "ollama" << true << int(FakeFault::NotDone) << "closed"
            << "ended before"
            << "";
        QTest::addRow("eval_count \"many\"")
            << "ollama" << false << int(FakeFault::CountAsText) << ""
            << ""
            << "eval_count";
        QTest::addRow("streamed eval_count \"many\"")
            << "ollama" << true << int(FakeFault::CountAsText) << ""
            << ""
            << "eval_count";
        QTest::addRow("completion_tokens \"many\"")
            << "openai" << false << int(FakeFault::CountAsText) << ""
            << ""
            << "usage.completion_tokens";
        QTest::addRow("eval_count -5") << "ollama" << false << int(FakeFault::CountNegative) << ""
                                       << ""
                                       << "eval_count";
        QTest::addRow("streamed eval_count 10^12")
            << "ollama" << true << int(FakeFault::CountHuge) << ""
            << ""
            << "eval_count";
        QTest::addRow("completion_tokens -5")
            << "openai" << false << int(FakeFault::CountNegative) << ""
            << ""
            << "usage.completion_tokens";
        QTest::addRow("completion_tokens 10^12")
            << "openai" << false << int(FakeFault::CountHuge) << ""
            << ""
            << "usage.completion_tokens";
    }

    void wrongTypesFailOrAreDropped()
    {
        QFETCH(QString, protocol);
        QFETCH(bool, stream);
        QFETCH(int, fault);
        QFETCH(QString, errorKind);
        QFETCH(QString, messagePart);
        QFETCH(QString, droppedField);
        FakeModelServer server;
        server.addFaultRule(always(FakeFault(fault)));
        QVERIFY(server.listen());
        auto backend =
            makeHttpBackend(protocol, fastBackendConfig({urlFor(protocol, server)},
                                                        QStringLiteral("fake-model:latest")));
        FakeRunner runner(backend.get());
        runner.run({oneRequest(1, stream, 10.0)});
        QVERIFY(runner.waitForAll(20000));
        const CallResult result = runner.results().first();
        QCOMPARE(result.attempts, server.receivedFor(callKeyOf(result.request)));
        if (!errorKind.isEmpty()) {
            QCOMPARE(result.status, CallStatus::Failed);
            QCOMPARE(result.errorKind, errorKind);
            QVERIFY2(result.error.contains(messagePart), qPrintable(result.error));
            QCOMPARE(result.attempts, 3); // another try may get a good reply
            QVERIFY(result.reply.isEmpty());
            return;
        }
        QCOMPARE(result.status, CallStatus::Ok);
        QCOMPARE(result.attempts, 1);
        const QString leaf = droppedField.section(QLatin1Char('.'), -1);
        QVERIFY2(!result.details.contains(leaf), qPrintable(leaf));
        QCOMPARE(result.details.value(QStringLiteral("malformed_fields")).toArray(),
                 QJsonArray{droppedField});
        // The other facts are kept.
        QVERIFY(result.details.contains(protocol == QLatin1String("ollama")
                                            ? QStringLiteral("prompt_eval_count")
                                            : QStringLiteral("prompt_tokens")));
        // The junk is no count: the call's output tokens are unknown, its input as reported.
        const TokenCount tokens = LoggedCall::fromResult(1, result).tokens;
        QVERIFY(!tokens.output.has_value());
        QVERIFY(tokens.input.has_value() && *tokens.input > 0);
    }

    // The model list is read with the same rules as a chat reply.
    void catalogDoesNotFollowARedirect_data()
    {
        QTest::addColumn<int>("protocol");
        QTest::addRow("ollama") << int(WireProtocol::Ollama);
        QTest::addRow("openai") << int(WireProtocol::OpenAi);
    }

    void catalogDoesNotFollowARedirect()
    {
        QFETCH(int, protocol);
        qputenv(kKeyVariable, kKey.toUtf8());
        FakeModelServer server;
        FakeModelServer elsewhere;
        QVERIFY(server.listen());
        QVERIFY(elsewhere.listen());
        const QUrl target(QStringLiteral("http://localhost:%1").arg(elsewhere.port()));
        server.setRedirectTarget(target, true);
        ModelCatalog catalog;
        QSignalSpy listed(&catalog, &ModelCatalog::listed);
        QSignalSpy failed(&catalog, &ModelCatalog::failed);
        catalog.fetch(WireProtocol(protocol), server.ollamaUrl(), QString::fromLatin1(kKeyVariable),
                      5000);
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10000);
        QCOMPARE(listed.size(), 0);
        QCOMPARE(failed.first().at(1).toString(), QStringLiteral("redirect"));
        QVERIFY2(failed.first().at(0).toString().contains(target.toString()),
                 qPrintable(failed.first().at(0).toString()));
        QCOMPARE(elsewhere.authorizationsSeen(), QStringList());
        QCOMPARE(elsewhere.stats().value(QStringLiteral("requests_by_path")).toObject().size(), 0);
    }

    void catalogCapsTheModelList()
    {
        FakeModelServer server;
        for (int i = 0; i < 400; ++i)
            server.addModel(QStringLiteral("model-%1:latest").arg(i));
        QVERIFY(server.listen());
        ModelCatalog catalog;
        catalog.setMaxReplyBytes(16 * 1024);
        QSignalSpy listed(&catalog, &ModelCatalog::listed);
        QSignalSpy failed(&catalog, &ModelCatalog::failed);
        catalog.fetch(WireProtocol::Ollama, server.ollamaUrl());
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10000);
        QCOMPARE(listed.size(), 0);
        QCOMPARE(failed.first().at(1).toString(), QStringLiteral("reply-too-large"));
        QVERIFY2(failed.first().at(0).toString().contains(QStringLiteral("16 KiB")),
                 qPrintable(failed.first().at(0).toString()));
    }
};

QTEST_GUILESS_MAIN(TestHostileServers)
#include "tst_hostileservers.moc"
