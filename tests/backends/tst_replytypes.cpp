#include "backends/OllamaReplyReader.h"
#include "backends/OpenAiReplyReader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace pb;

// Every field the reply readers take is taken only in its documented JSON type: a reply is
// whole only when "done" is the boolean true and its text a string, and a fact of the wrong
// type (a count that is text, negative or fractional, a reason that is a number) is dropped
// and flagged, never kept as sent.
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

QJsonObject ollamaFinal()
{
    return QJsonObject{{QStringLiteral("model"), QStringLiteral("m:latest")},
                       {QStringLiteral("message"),
                        QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                    {QStringLiteral("content"), QStringLiteral("1. A")}}},
                       {QStringLiteral("done"), true},
                       {QStringLiteral("done_reason"), QStringLiteral("stop")},
                       {QStringLiteral("prompt_eval_count"), 3},
                       {QStringLiteral("eval_count"), 7},
                       {QStringLiteral("total_duration"), 1234},
                       {QStringLiteral("load_duration"), 5},
                       {QStringLiteral("prompt_eval_duration"), 6},
                       {QStringLiteral("eval_duration"), 8}};
}

QJsonObject openAiReply()
{
    return QJsonObject{
        {QStringLiteral("model"), QStringLiteral("gpt-x")},
        {QStringLiteral("system_fingerprint"), QStringLiteral("fp_1")},
        {QStringLiteral("choices"),
         QJsonArray{QJsonObject{{QStringLiteral("message"),
                                 QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                             {QStringLiteral("content"), QStringLiteral("1. A")}}},
                                {QStringLiteral("finish_reason"), QStringLiteral("stop")}}}},
        {QStringLiteral("usage"), QJsonObject{{QStringLiteral("prompt_tokens"), 11},
                                              {QStringLiteral("completion_tokens"), 4}}}};
}

// Sets the field at path ("eval_count", "usage.prompt_tokens", "choices[0].finish_reason",
// "message.content") to the JSON literal given.
QJsonObject withField(QJsonObject object, const QString& path, const QByteArray& literal)
{
    const QJsonValue value = QJsonDocument::fromJson("[" + literal + "]").array().at(0);
    const QStringList parts = path.split(QLatin1Char('.'));
    if (parts.size() == 1) {
        object.insert(path, value);
        return object;
    }
    if (parts.first() == QLatin1String("choices[0]")) {
        QJsonArray choices = object.value(QLatin1String("choices")).toArray();
        QJsonObject choice = choices.at(0).toObject();
        if (parts.size() == 3) { // choices[0].message.content
            QJsonObject inner = choice.value(parts.at(1)).toObject();
            inner.insert(parts.at(2), value);
            choice.insert(parts.at(1), inner);
        } else {
            choice.insert(parts.at(1), value);
        }
        choices.replace(0, choice);
        object.insert(QStringLiteral("choices"), choices);
        return object;
    }
    QJsonObject inner = object.value(parts.first()).toObject();
    inner.insert(parts.at(1), value);
    object.insert(parts.first(), inner);
    return object;
}

QByteArray compact(const QJsonObject& object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

// The body a reader gets: one object, or for a streamed Ollama reply a first line with
// text and the object as the closing line.
QByteArray bodyOf(const QString& shape, const QJsonObject& object)
{
    if (shape != QLatin1String("ollama streamed"))
        return compact(object);
    const QByteArray first =
        R"({"model":"m:latest","message":{"role":"assistant","content":"1. "},"done":false})";
    QJsonObject last = object;
    QJsonObject message = last.value(QLatin1String("message")).toObject();
    if (message.value(QLatin1String("content")).isString())
        message.insert(QStringLiteral("content"), QStringLiteral("A"));
    last.insert(QStringLiteral("message"), message);
    return first + '\n' + compact(last) + '\n';
}

std::optional<HttpFailure> read(const QString& shape, const QByteArray& body, CallResult& result)
{
    if (shape == QLatin1String("openai")) {
        OpenAiReplyReader reader;
        reader.feed(body);
        return reader.finish(result, context(WireProtocol::OpenAi));
    }
    OllamaReplyReader reader(shape == QLatin1String("ollama streamed"));
    reader.feed(body);
    return reader.finish(result, context(WireProtocol::Ollama));
}

QJsonObject baseFor(const QString& shape)
{
    return shape == QLatin1String("openai") ? openAiReply() : ollamaFinal();
}

} // namespace

class TestReplyTypes : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void wrongTypeFailsTheReply_data()
    {
        QTest::addColumn<QString>("shape");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("literal");
        QTest::addColumn<QString>("messagePart");
        QTest::addRow("done false")
            << "ollama"
            << "done" << QByteArray("false") << "\"done\" is false, not true";
        QTest::addRow("done \"yes\"") << "ollama"
                                      << "done" << QByteArray("\"yes\"")
                                      << "\"done\" is a string (\"yes\"), not the boolean true";
        QTest::addRow("done 1") << "ollama"
                                << "done" << QByteArray("1")
                                << "\"done\" is a number, not the boolean true";
        QTest::addRow("done null")
            << "ollama"
            << "done" << QByteArray("null") << "\"done\" is null, not the boolean true";
        QTest::addRow("content a number")
            << "ollama"
            << "message.content" << QByteArray("5") << "message.content is a number, not text";
        QTest::addRow("streamed done \"true\"")
            << "ollama streamed"
            << "done" << QByteArray("\"true\"")
            << "a streamed line's \"done\" is a string (\"true\")";
        QTest::addRow("streamed content an array")
            << "ollama streamed"
            << "message.content" << QByteArray("[\"A\"]")
            << "a streamed line's message.content is an array, not text";
        QTest::addRow("openai content a number")
            << "openai"
            << "choices[0].message.content" << QByteArray("5")
            << "choices[0].message.content is a number, not text";
    }

    void wrongTypeFailsTheReply()
    {
        QFETCH(QString, shape);
        QFETCH(QString, path);
        QFETCH(QByteArray, literal);
        QFETCH(QString, messagePart);
        CallResult result;
        const auto failure =
            read(shape, bodyOf(shape, withField(baseFor(shape), path, literal)), result);
        QVERIFY(failure);
        QCOMPARE(failure->kind, QStringLiteral("malformed"));
        QVERIFY2(failure->message.contains(messagePart), qPrintable(failure->message));
        QVERIFY(failure->transient);
        QVERIFY(result.reply.isEmpty());
    }

    void missingDoneFailsANonStreamedReply()
    {
        QJsonObject object = ollamaFinal();
        object.remove(QStringLiteral("done"));
        CallResult result;
        const auto failure = read(QStringLiteral("ollama"), compact(object), result);
        QVERIFY(failure);
        QCOMPARE(failure->kind, QStringLiteral("malformed"));
        QVERIFY2(failure->message.contains(QStringLiteral("\"done\" is missing")),
                 qPrintable(failure->message));
    }

    // path: the field changed; key: where it lands in details (empty: modelReported);
    // kept: the value expected there as a JSON literal, empty when it must be absent.
    void factsKeepOnlyTheirType_data()
    {
        QTest::addColumn<QString>("shape");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("literal");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QByteArray>("kept");
        QTest::addColumn<QStringList>("flagged");
        for (const QString& shape : {QStringLiteral("ollama"), QStringLiteral("ollama streamed")}) {
            const QByteArray s = shape.toLatin1();
            QTest::addRow("%s eval_count \"many\"", s.data())
                << shape << "eval_count" << QByteArray("\"many\"") << "eval_count" << QByteArray()
                << QStringList{"eval_count"};
            QTest::addRow("%s eval_count -1", s.data())
                << shape << "eval_count" << QByteArray("-1") << "eval_count" << QByteArray()
                << QStringList{"eval_count"};
            QTest::addRow("%s eval_count 1.5", s.data())
                << shape << "eval_count" << QByteArray("1.5") << "eval_count" << QByteArray()
                << QStringList{"eval_count"};
            QTest::addRow("%s prompt_eval_count \"7\"", s.data())
                << shape << "prompt_eval_count" << QByteArray("\"7\"") << "prompt_eval_count"
                << QByteArray() << QStringList{"prompt_eval_count"};
            QTest::addRow("%s eval_duration true", s.data())
                << shape << "eval_duration" << QByteArray("true") << "eval_duration" << QByteArray()
                << QStringList{"eval_duration"};
            QTest::addRow("%s total_duration 1e3", s.data())
                << shape << "total_duration" << QByteArray("1e3") << "total_duration"
                << QByteArray("1000") << QStringList();
            QTest::addRow("%s load_duration null", s.data())
                << shape << "load_duration" << QByteArray("null") << "load_duration" << QByteArray()
                << QStringList();
            QTest::addRow("%s done_reason 3", s.data())
                << shape << "done_reason" << QByteArray("3") << "done_reason" << QByteArray()
                << QStringList{"done_reason"};
            QTest::addRow("%s model 7", s.data()) << shape << "model" << QByteArray("7") << ""
                                                  << QByteArray() << QStringList{"model"};
        }
        QTest::addRow("openai prompt_tokens \"x\"")
            << "openai"
            << "usage.prompt_tokens" << QByteArray("\"x\"") << "prompt_tokens" << QByteArray()
            << QStringList{"usage.prompt_tokens"};
        QTest::addRow("openai completion_tokens -4")
            << "openai"
            << "usage.completion_tokens" << QByteArray("-4") << "completion_tokens" << QByteArray()
            << QStringList{"usage.completion_tokens"};
        QTest::addRow("openai usage a string")
            << "openai"
            << "usage" << QByteArray("\"lots\"") << "prompt_tokens" << QByteArray()
            << QStringList{"usage"};
        QTest::addRow("openai finish_reason 1")
            << "openai"
            << "choices[0].finish_reason" << QByteArray("1") << "finish_reason" << QByteArray()
            << QStringList{"choices[0].finish_reason"};
        QTest::addRow("openai finish_reason null")
            << "openai"
            << "choices[0].finish_reason" << QByteArray("null") << "finish_reason" << QByteArray()
            << QStringList();
        QTest::addRow("openai system_fingerprint 2")
            << "openai"
            << "system_fingerprint" << QByteArray("2") << "system_fingerprint" << QByteArray()
            << QStringList{"system_fingerprint"};
        QTest::addRow("openai model []")
            << "openai"
            << "model" << QByteArray("[]") << "" << QByteArray() << QStringList{"model"};
        QTest::addRow("openai good usage") << "openai"
                                           << "usage.prompt_tokens" << QByteArray("12")
                                           << "prompt_tokens" << QByteArray("12") << QStringList();
    }

    void factsKeepOnlyTheirType()
    {
        QFETCH(QString, shape);
        QFETCH(QString, path);
        QFETCH(QByteArray, literal);
        QFETCH(QString, key);
        QFETCH(QByteArray, kept);
        QFETCH(QStringList, flagged);
        CallResult result;
        const auto failure =
            read(shape, bodyOf(shape, withField(baseFor(shape), path, literal)), result);
        QVERIFY2(!failure, qPrintable(failure ? failure->message : QString()));
        QVERIFY(!result.reply.isEmpty()); // a wrong fact never costs the reply
        if (key.isEmpty()) {
            QCOMPARE(result.modelReported, QString());
        } else if (kept.isEmpty()) {
            QVERIFY2(!result.details.contains(key), qPrintable(key));
        } else {
            QCOMPARE(result.details.value(key),
                     QJsonDocument::fromJson("[" + kept + "]").array().at(0));
        }
        const QJsonArray expectedFlags = QJsonArray::fromStringList(flagged);
        QCOMPARE(result.details.value(QStringLiteral("malformed_fields")).toArray(), expectedFlags);
        // Every kept count is a non-negative integer and every kept reason a string.
        for (auto it = result.details.begin(); it != result.details.end(); ++it) {
            if (it.key() == QLatin1String("malformed_fields"))
                continue;
            const bool isText = it.key().endsWith(QLatin1String("_reason")) ||
                                it.key() == QLatin1String("system_fingerprint");
            QVERIFY2(isText ? it.value().isString()
                            : it.value().isDouble() && it.value().toDouble() >= 0 &&
                                  it.value().toDouble() == double(it.value().toInteger()),
                     qPrintable(it.key()));
        }
    }

    void nullContentIsAnEmptyReply()
    {
        CallResult result;
        const auto failure = read(
            QStringLiteral("openai"),
            compact(withField(openAiReply(), QStringLiteral("choices[0].message.content"), "null")),
            result);
        QVERIFY(!failure);
        QCOMPARE(result.reply, QString());
        QVERIFY(!result.details.contains(QStringLiteral("malformed_fields")));
    }
};

QTEST_GUILESS_MAIN(TestReplyTypes)
#include "tst_replytypes.moc"
