#include "backends/OllamaReplyReader.h"
#include "backends/OpenAiReplyReader.h"

#include <QJsonDocument>
#include <QTest>

using namespace pb;

namespace {

HttpFailure::Context context(WireProtocol protocol)
{
    HttpFailure::Context c;
    c.endpoint = QUrl(QStringLiteral("http://127.0.0.1:11434"));
    c.protocol = protocol;
    c.model = QStringLiteral("m");
    c.path = protocol == WireProtocol::Ollama ? QStringLiteral("/api/chat")
                                              : QStringLiteral("/v1/chat/completions");
    return c;
}

QByteArray streamedBody()
{
    return QByteArrayLiteral(
        "{\"model\":\"m:latest\",\"message\":{\"role\":\"assistant\",\"content\":\"1. St\"},"
        "\"done\":false}\n"
        "{\"model\":\"m:latest\",\"message\":{\"role\":\"assistant\",\"content\":\"ep 1.\\n2. "
        "\\u00e9t\\u00e9 \"},\"done\":false}\n"
        "{\"model\":\"m:latest\",\"message\":{\"role\":\"assistant\",\"content\":\"\"},"
        "\"done\":true,\"done_reason\":\"stop\",\"eval_count\":7,\"total_duration\":1234,"
        "\"prompt_eval_count\":3,\"load_duration\":5,\"prompt_eval_duration\":6,"
        "\"eval_duration\":8}\n");
}

} // namespace

class TestReplyReaders : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Every way of cutting the stream into two reads gives the same reply.
    void ollamaStreamSplitAnywhere()
    {
        const QByteArray body = streamedBody();
        const QString expected = QStringLiteral("1. Step 1.\n2. \u00e9t\u00e9 ");
        for (qsizetype cut = 0; cut <= body.size(); ++cut) {
            OllamaReplyReader reader(true);
            reader.feed(body.left(cut));
            reader.feed(body.mid(cut));
            CallResult result;
            const auto failure = reader.finish(result, context(WireProtocol::Ollama));
            QVERIFY2(!failure, qPrintable(QStringLiteral("cut at %1: %2")
                                              .arg(cut)
                                              .arg(failure ? failure->message : QString())));
            QCOMPARE(result.reply, expected);
        }
    }

    void ollamaStreamByteByByteReportsGrowth()
    {
        const QByteArray body = streamedBody();
        OllamaReplyReader reader(true);
        QStringList seen;
        for (char byte : body) {
            if (reader.feed(QByteArray(1, byte)))
                seen.append(reader.textSoFar());
        }
        QCOMPARE(seen, QStringList({QStringLiteral("1. St"),
                                    QStringLiteral("1. Step 1.\n2. \u00e9t\u00e9 ")}));
        CallResult result;
        QVERIFY(!reader.finish(result, context(WireProtocol::Ollama)));
        QCOMPARE(result.modelReported, QStringLiteral("m:latest"));
        QCOMPARE(result.details.value(QStringLiteral("done_reason")).toString(),
                 QStringLiteral("stop"));
        QCOMPARE(result.details.value(QStringLiteral("eval_count")).toInt(), 7);
        QCOMPARE(result.details.value(QStringLiteral("total_duration")).toInteger(), 1234);
        QCOMPARE(result.details.size(), 7);
    }

    void ollamaStreamWithoutLastLineIsIncomplete()
    {
        const QByteArray body = streamedBody();
        OllamaReplyReader reader(true);
        reader.feed(body.left(body.lastIndexOf("{\"model\"")));
        CallResult result;
        const auto failure = reader.finish(result, context(WireProtocol::Ollama));
        QVERIFY(failure);
        QCOMPARE(failure->kind, QStringLiteral("closed"));
        QVERIFY(failure->transient);
        QVERIFY(result.reply.isEmpty());
    }

    void ollamaFailures_data()
    {
        QTest::addColumn<bool>("streamed");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("messagePart");
        QTest::addRow("not json") << false << QByteArray("<html>hello</html>") << "protocol"
                                  << "not JSON";
        QTest::addRow("cut json") << false << QByteArray("{\"message\":{\"content\":\"1. St")
                                  << "protocol"
                                  << "not in Ollama's protocol";
        QTest::addRow("openai shape")
            << false
            << QByteArray("{\"choices\":[{\"message\":{\"content\":\"hi\"}}],\"model\":\"m\"}")
            << "protocol"
            << "looks like the OpenAI protocol";
        QTest::addRow("error object")
            << false << QByteArray("{\"error\":\"out of memory\"}") << "server-error"
            << "out of memory";
        QTest::addRow("streamed garbage line")
            << true << QByteArray("{\"message\":{\"content\":\"a\"},\"done\":false}\nnot json\n")
            << "protocol"
            << "not an Ollama chat object";
        QTest::addRow("streamed error line")
            << true << QByteArray("{\"error\":\"model unloaded\"}\n") << "server-error"
            << "model unloaded";
    }

    void ollamaFailures()
    {
        QFETCH(bool, streamed);
        QFETCH(QByteArray, body);
        QFETCH(QString, kind);
        QFETCH(QString, messagePart);
        OllamaReplyReader reader(streamed);
        reader.feed(body);
        CallResult result;
        const auto failure = reader.finish(result, context(WireProtocol::Ollama));
        QVERIFY(failure);
        QCOMPARE(failure->kind, kind);
        QVERIFY2(failure->message.contains(messagePart), qPrintable(failure->message));
        QVERIFY(failure->transient);
    }

    void openAiReply()
    {
        OpenAiReplyReader reader;
        reader.feed(QByteArrayLiteral(
            "{\"id\":\"x\",\"model\":\"gpt-x\",\"system_fingerprint\":\"fp_1\",\"choices\":[{"
            "\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"1. A\\n2. B\"},"
            "\"finish_reason\":\"length\"}],\"usage\":{\"prompt_tokens\":11,\"completion_"
            "tokens\":4,\"total_tokens\":15}}"));
        CallResult result;
        QVERIFY(!reader.finish(result, context(WireProtocol::OpenAi)));
        QCOMPARE(result.reply, QStringLiteral("1. A\n2. B"));
        QCOMPARE(result.modelReported, QStringLiteral("gpt-x"));
        QCOMPARE(result.details.value(QStringLiteral("finish_reason")).toString(),
                 QStringLiteral("length"));
        QCOMPARE(result.details.value(QStringLiteral("prompt_tokens")).toInt(), 11);
        QCOMPARE(result.details.value(QStringLiteral("completion_tokens")).toInt(), 4);
        QCOMPARE(result.details.value(QStringLiteral("system_fingerprint")).toString(),
                 QStringLiteral("fp_1"));
    }

    void openAiFailures_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("messagePart");
        QTest::addRow("ollama shape")
            << QByteArray("{\"model\":\"m\",\"message\":{\"content\":\"x\"},\"done\":true}")
            << "looks like Ollama's protocol";
        QTest::addRow("no choices")
            << QByteArray("{\"object\":\"list\",\"data\":[]}") << "no choices[0].message.content";
        QTest::addRow("cut") << QByteArray("{\"choices\":[{\"message\":{\"content\":\"1.")
                             << "not JSON";
    }

    void openAiFailures()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, messagePart);
        OpenAiReplyReader reader;
        reader.feed(body);
        CallResult result;
        const auto failure = reader.finish(result, context(WireProtocol::OpenAi));
        QVERIFY(failure);
        QCOMPARE(failure->kind, QStringLiteral("protocol"));
        QVERIFY2(failure->message.contains(messagePart), qPrintable(failure->message));
        QVERIFY2(failure->message.contains(QStringLiteral("use backend ollama")),
                 qPrintable(failure->message));
    }
};

QTEST_GUILESS_MAIN(TestReplyReaders)
#include "tst_replyreaders.moc"
