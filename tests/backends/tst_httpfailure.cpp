#include "backends/ApiKey.h"
#include "backends/HttpFailure.h"

#include <QTest>

using namespace pb;

namespace {

HttpFailure::Context context(WireProtocol protocol, const QString& url)
{
    HttpFailure::Context c;
    c.endpoint = QUrl(url);
    c.protocol = protocol;
    c.model = QStringLiteral("llama3.2");
    c.apiKeyEnv = QStringLiteral("MY_KEY");
    c.path = QStringLiteral("/api/chat");
    c.timeoutMs = 2500;
    return c;
}

} // namespace

class TestHttpFailure : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void statusClassification_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<bool>("transient");
        QTest::addColumn<bool>("stopsRun");
        QTest::addRow("500") << 500 << QByteArray("{\"error\":\"boom\"}") << "http-5xx" << true
                             << false;
        QTest::addRow("503") << 503 << QByteArray() << "http-5xx" << true << false;
        QTest::addRow("429") << 429 << QByteArray() << "rate-limited" << true << false;
        QTest::addRow("408") << 408 << QByteArray() << "timeout" << true << false;
        QTest::addRow("401") << 401 << QByteArray("{\"error\":\"bad key sk-123\"}") << "auth"
                             << false << true;
        QTest::addRow("403") << 403 << QByteArray() << "auth" << false << true;
        QTest::addRow("404 ollama model")
            << 404 << QByteArray("{\"error\":\"model \\\"x\\\" not found, try pulling it first\"}")
            << "unknown-model" << false << true;
        QTest::addRow("404 openai model")
            << 404
            << QByteArray("{\"error\":{\"message\":\"The model `x` does not exist.\",\"code\":"
                          "\"model_not_found\"}}")
            << "unknown-model" << false << true;
        QTest::addRow("404 path") << 404 << QByteArray("404 page not found") << "not-found" << false
                                  << true;
        QTest::addRow("400") << 400 << QByteArray("{\"error\":\"context too long\"}")
                             << "bad-request" << false << false;
        QTest::addRow("400 unknown model")
            << 400 << QByteArray("{\"error\":{\"message\":\"model 'x' not found\"}}")
            << "unknown-model" << false << true;
        QTest::addRow("418") << 418 << QByteArray() << "http-4xx" << false << false;
    }

    void statusClassification()
    {
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(QString, kind);
        QFETCH(bool, transient);
        QFETCH(bool, stopsRun);
        const HttpFailure failure = HttpFailure::status(
            status, body, context(WireProtocol::Ollama, QStringLiteral("http://127.0.0.1:11434")));
        QCOMPARE(failure.kind, kind);
        QCOMPARE(failure.transient, transient);
        QCOMPARE(failure.stopsRun, stopsRun);
        QCOMPARE(failure.httpStatus, status);
        QVERIFY(failure.message.contains(QStringLiteral("http://127.0.0.1:11434")));
        QVERIFY2(!failure.message.contains(QStringLiteral("sk-123")), qPrintable(failure.message));
    }

    void networkClassification_data()
    {
        QTest::addColumn<int>("error");
        QTest::addColumn<bool>("headersSeen");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<bool>("connectionLevel");
        QTest::addColumn<QString>("messagePart");
        QTest::addRow("refused") << int(QNetworkReply::ConnectionRefusedError) << false << "refused"
                                 << true << "nothing answers";
        QTest::addRow("host") << int(QNetworkReply::HostNotFoundError) << false << "host-not-found"
                              << true << "is not found";
        QTest::addRow("closed early") << int(QNetworkReply::RemoteHostClosedError) << false
                                      << "closed" << false << "before replying";
        QTest::addRow("closed mid-body") << int(QNetworkReply::RemoteHostClosedError) << true
                                         << "closed" << false << "in the middle";
        // Timeouts count toward an endpoint's death, like refused connections.
        QTest::addRow("qt transfer timeout") << int(QNetworkReply::OperationCanceledError) << false
                                             << "timeout" << true << "within 2.5 s";
        QTest::addRow("timeout") << int(QNetworkReply::TimeoutError) << false << "timeout" << true
                                 << "within 2.5 s";
    }

    void networkClassification()
    {
        QFETCH(int, error);
        QFETCH(bool, headersSeen);
        QFETCH(QString, kind);
        QFETCH(bool, connectionLevel);
        QFETCH(QString, messagePart);
        const HttpFailure failure =
            HttpFailure::network(QNetworkReply::NetworkError(error), headersSeen,
                                 context(WireProtocol::OpenAi, QStringLiteral("http://h:8080/v1")));
        QCOMPARE(failure.kind, kind);
        QVERIFY(failure.transient);
        QCOMPARE(failure.connectionLevel, connectionLevel);
        QVERIFY2(failure.message.contains(messagePart), qPrintable(failure.message));
    }

    void refusedMessages_data()
    {
        QTest::addColumn<int>("protocol");
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("message");
        QTest::addRow("ollama local")
            << int(WireProtocol::Ollama) << "http://127.0.0.1:11434"
            << "nothing answers at http://127.0.0.1:11434; start Ollama with `ollama serve`";
        QTest::addRow("ollama localhost other port")
            << int(WireProtocol::Ollama) << "http://localhost:11500"
            << "nothing answers at http://localhost:11500; start Ollama with `ollama serve`";
        QTest::addRow("ollama remote")
            << int(WireProtocol::Ollama) << "http://10.0.0.5:11434"
            << "nothing answers at http://10.0.0.5:11434; check that Ollama runs there and "
               "listens on that address (OLLAMA_HOST)";
        QTest::addRow("openai") << int(WireProtocol::OpenAi) << "http://127.0.0.1:8080/v1"
                                << "nothing answers at http://127.0.0.1:8080/v1; check that the "
                                   "server runs and that the endpoint is right";
    }

    void refusedMessages()
    {
        QFETCH(int, protocol);
        QFETCH(QString, url);
        QFETCH(QString, message);
        const HttpFailure failure = HttpFailure::network(
            QNetworkReply::ConnectionRefusedError, false, context(WireProtocol(protocol), url));
        QCOMPARE(failure.message, message);
    }

    void wrongProtocolNamesBoth()
    {
        const HttpFailure ollama = HttpFailure::wrongProtocol(
            QStringLiteral("it looks like the OpenAI protocol"),
            context(WireProtocol::Ollama, QStringLiteral("http://127.0.0.1:8080")));
        QVERIFY(ollama.transient);
        QVERIFY2(ollama.message.contains(QStringLiteral("not in Ollama's protocol")),
                 qPrintable(ollama.message));
        QVERIFY2(ollama.message.contains(
                     QStringLiteral("use backend openai with endpoint http://127.0.0.1:8080/v1")),
                 qPrintable(ollama.message));
        HttpFailure::Context openAi =
            context(WireProtocol::OpenAi, QStringLiteral("http://127.0.0.1:11434/v1"));
        const HttpFailure other = HttpFailure::wrongProtocol(QStringLiteral("x"), openAi);
        QVERIFY2(other.message.contains(QStringLiteral("the OpenAI chat-completions protocol")),
                 qPrintable(other.message));
        QVERIFY2(other.message.contains(
                     QStringLiteral("use backend ollama with endpoint http://127.0.0.1:11434")),
                 qPrintable(other.message));
    }

    void byteSizes_data()
    {
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<QString>("text");
        QTest::addRow("8 MiB") << qint64(8 * 1024 * 1024) << "8 MiB";
        QTest::addRow("16 KiB") << qint64(16 * 1024) << "16 KiB";
        QTest::addRow("1.5 MiB") << qint64(1536 * 1024) << "1536 KiB";
        QTest::addRow("1000") << qint64(1000) << "1000 bytes";
    }

    void byteSizes()
    {
        QFETCH(qint64, bytes);
        QFETCH(QString, text);
        QCOMPARE(HttpFailure::byteSize(bytes), text);
    }

    // The failures of a hostile server: what is retried, what counts against the endpoint,
    // what stops the run.
    void hostileFailures_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<bool>("transient");
        QTest::addColumn<bool>("connectionLevel");
        QTest::addColumn<bool>("stopsRun");
        QTest::addColumn<QString>("messagePart");
        QTest::addRow("no reply by the deadline")
            << 0 << "timeout" << true << true << false << "no reply from http://h:1 within 2.5 s";
        QTest::addRow("still arriving at the deadline")
            << 1 << "timeout" << true << true << false << "still arriving after 2.5 s";
        QTest::addRow("too large")
            << 2 << "reply-too-large" << false << false << false << "passed the 8 MiB cap";
        QTest::addRow("redirect") << 3 << "redirect" << false << false << true
                                  << "redirected http://h:1/api/chat to http://other:2/api/chat";
        QTest::addRow("404 not confirmed")
            << 4 << "http-404" << true << false << false
            << "with HTTP 404 (the server said: \"gone\"), though its model list (/api/tags) "
               "has 'llama3.2'";
    }

    void hostileFailures()
    {
        QFETCH(int, which);
        QFETCH(QString, kind);
        QFETCH(bool, transient);
        QFETCH(bool, connectionLevel);
        QFETCH(bool, stopsRun);
        QFETCH(QString, messagePart);
        const HttpFailure::Context c = context(WireProtocol::Ollama, QStringLiteral("http://h:1"));
        HttpFailure chat404 = HttpFailure::status(404, "{\"error\":\"gone\"}", c);
        const HttpFailure failure =
            which == 0   ? HttpFailure::deadline(false, c)
            : which == 1 ? HttpFailure::deadline(true, c)
            : which == 2 ? HttpFailure::tooLarge(8 * 1024 * 1024, c)
            : which == 3
                ? HttpFailure::redirected(307, QUrl(QStringLiteral("http://h:1/api/chat")),
                                          QUrl(QStringLiteral("http://other:2/api/chat")), c)
                : HttpFailure::unconfirmedMissingModel(chat404, QStringLiteral("/api/tags"),
                                                       QString(), c);
        QCOMPARE(failure.kind, kind);
        QCOMPARE(failure.transient, transient);
        QCOMPARE(failure.connectionLevel, connectionLevel);
        QCOMPARE(failure.stopsRun, stopsRun);
        QVERIFY2(failure.message.contains(messagePart), qPrintable(failure.message));
    }

    void serverTextIsShortAndOneLine()
    {
        QCOMPARE(HttpFailure::serverText("{\"error\":{\"message\":\"a\\nb\"}}"),
                 QStringLiteral("a b"));
        QCOMPARE(HttpFailure::serverText(QByteArray(1000, 'x')).size(), 200);
        QCOMPARE(HttpFailure::serverText(QByteArray()), QStringLiteral("no details in the reply"));
    }

    void apiKeyStaysInTheEnvironment()
    {
        qputenv("PB_TST_FAILURE_KEY", "sk-live-abcdef123456");
        const ApiKey key(QStringLiteral("PB_TST_FAILURE_KEY"));
        QVERIFY(key.wanted());
        QVERIFY(!key.missing());
        QCOMPARE(key.authorization(), QByteArray("Bearer sk-live-abcdef123456"));
        QCOMPARE(key.scrub(QStringLiteral("rejected sk-live-abcdef123456 here")),
                 QStringLiteral("rejected [key] here"));
        qunsetenv("PB_TST_FAILURE_KEY");
        QVERIFY(key.missing());
        QVERIFY(key.authorization().isEmpty());
        QVERIFY(!ApiKey().wanted());
        QVERIFY(!ApiKey().missing());
        QVERIFY(ApiKey::isVariableName(QStringLiteral("OPENAI_API_KEY")));
        QVERIFY(!ApiKey::isVariableName(QStringLiteral("sk-proj-abc123")));
        QVERIFY(!ApiKey::isVariableName(QString()));
    }
};

QTEST_GUILESS_MAIN(TestHttpFailure)
#include "tst_httpfailure.moc"
