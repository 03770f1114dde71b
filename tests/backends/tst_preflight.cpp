// ModelBackend::preflight() on the HTTP backends, over a real loopback socket: it checks every
// endpoint before any call (for Ollama: the model is pulled and has the run's digest) and
// then passes, or stops the run in the words a call would have met, with no chat call sent.
#include "BackendTesting.h"
#include "FakeModelServer.h"
#include "backends/OllamaBackend.h"

#include <QSignalSpy>
#include <QTest>

using namespace pb;
using namespace pb::test;

namespace {

const QString kModel = QStringLiteral("fake-model");

BackendConfig fastConfig(const QList<QUrl>& endpoints)
{
    BackendConfig config = fastBackendConfig(endpoints, kModel);
    config.metadataTimeoutMs = 5000;
    config.deadAfterFailures = 1;
    config.deadCooldownMs = 60000;
    return config;
}

} // namespace

class TestPreflight : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void passesWithoutACall_data()
    {
        QTest::addColumn<QString>("protocol");
        QTest::addRow("ollama") << "ollama";
        QTest::addRow("openai") << "openai";
    }

    void passesWithoutACall()
    {
        QFETCH(QString, protocol);
        FakeModelServer server;
        QVERIFY(server.listen());
        auto backend = makeHttpBackend(protocol, fastConfig({urlFor(protocol, server)}));
        QSignalSpy passed(backend.get(), &ModelBackend::preflightPassed);
        QSignalSpy fatal(backend.get(), &ModelBackend::fatalError);
        backend->preflight();
        QCOMPARE(passed.size(), 0); // never from inside preflight()
        QVERIFY(passed.wait(10000));
        QCOMPARE(fatal.size(), 0);
        QCOMPARE(server.chatRequestsReceived(), 0);
        // Ollama's model was looked up; an OpenAI-compatible server has nothing to check.
        QCOMPARE(server.requestsTo(QStringLiteral("/api/tags")),
                 protocol == QLatin1String("ollama") ? 1 : 0);
    }

    // A resumed run whose model now has another digest stops at the preflight.
    void refusesAChangedDigest()
    {
        FakeModelServer server;
        QVERIFY(server.listen());
        BackendConfig config = fastConfig({server.ollamaUrl()});
        config.expectedDigest = QStringLiteral("0123456789abcdef");
        OllamaBackend backend(config);
        QSignalSpy passed(&backend, &ModelBackend::preflightPassed);
        QSignalSpy fatal(&backend, &ModelBackend::fatalError);
        backend.preflight();
        QVERIFY(fatal.wait(10000));
        const QString message = fatal.first().at(0).toString();
        QVERIFY2(message.contains(QStringLiteral("changed since the run's calls were stored "
                                                 "(digest 0123456789ab -> ")),
                 qPrintable(message));
        QTest::qWait(50);
        QCOMPARE(passed.size(), 0);
        QCOMPARE(server.chatRequestsReceived(), 0);
    }

    // Every endpoint is checked, not only the first one ready: a second endpoint serving the
    // model under another digest stops the run before a call goes to either.
    void checksEveryEndpoint()
    {
        FakeModelServer first;
        FakeModelServer second;
        second.addModel(kModel + QStringLiteral(":latest"), QStringLiteral("feedface0000"));
        QVERIFY(first.listen() && second.listen());
        OllamaBackend backend(fastConfig({first.ollamaUrl(), second.ollamaUrl()}));
        QSignalSpy passed(&backend, &ModelBackend::preflightPassed);
        QSignalSpy fatal(&backend, &ModelBackend::fatalError);
        backend.preflight();
        QVERIFY(fatal.wait(10000));
        QVERIFY2(fatal.first().at(0).toString().contains(QStringLiteral("digest")),
                 qPrintable(fatal.first().at(0).toString()));
        QCOMPARE(passed.size(), 0);
        QCOMPARE(first.chatRequestsReceived() + second.chatRequestsReceived(), 0);
    }

    // An endpoint that refuses connections is out of use for its cool-down: the preflight
    // passes on the others rather than wait for it.
    void passesWithAnEndpointDown()
    {
        FakeModelServer up;
        FakeModelServer down;
        QVERIFY(up.listen() && down.listen());
        down.stopAccepting();
        OllamaBackend backend(fastConfig({up.ollamaUrl(), down.ollamaUrl()}));
        QSignalSpy passed(&backend, &ModelBackend::preflightPassed);
        QSignalSpy fatal(&backend, &ModelBackend::fatalError);
        backend.preflight();
        QVERIFY(passed.wait(10000));
        QCOMPARE(fatal.size(), 0);
        QCOMPARE(up.chatRequestsReceived(), 0);
    }
};

QTEST_GUILESS_MAIN(TestPreflight)
#include "tst_preflight.moc"
