// A choice probe's distribution read from log probabilities as real servers send them: the
// bytes a llama.cpp server sent (OpenAI-compatible) and Ollama's documented shape, served by
// the fake server over a loopback socket, read by the real backends, and compared with the
// numbers worked out by hand from the logprobs in the files.
#include "BackendTesting.h"
#include "FakeModelServer.h"
#include "FakeRunner.h"
#include "TestPaths.h"
#include "backends/TokenLogprobs.h"
#include "choice/ChoiceReading.h"
#include "store/LoggedCall.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>
#include <cmath>

using namespace pb;
using namespace pb::test;

namespace {

QByteArray wireFile(const QString& name)
{
    QFile f(dataDir() + QStringLiteral("/wire/") + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

CallRequest choiceRequest(const QString& model, int top)
{
    CallRequest r;
    r.model = model;
    r.seed = 1;
    r.temperature = 0.8;
    r.timeoutSeconds = 10.0;
    r.messages = {ChatMessage{QStringLiteral("user"), QStringLiteral("Once upon a time")}};
    r.topLogprobs = top;
    return r;
}

// One call to the fake server answering with `body`, through the protocol's real backend.
CallResult callWith(const QString& protocol, const QByteArray& body, QByteArray* sent)
{
    FakeModelServer server;
    server.addModel(QStringLiteral("stories260K"));
    server.setCannedChatBody(body);
    if (!server.listen())
        return {};
    auto backend = makeHttpBackend(
        protocol, fastBackendConfig({urlFor(protocol, server)}, QStringLiteral("stories260K")));
    FakeRunner runner(backend.get());
    runner.run({choiceRequest(QStringLiteral("stories260K"), 3)});
    if (!runner.waitForAll(10000))
        return {};
    *sent = server.lastChatBody();
    return runner.results().constFirst();
}

} // namespace

class TestChoiceLogprobs : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<pb::CallResult>(); }

    void distributionFromTheWire_data()
    {
        QTest::addColumn<QString>("protocol");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("candidates");
        QTest::addColumn<QList<double>>("expected");
        QTest::addColumn<double>("outside");
        QTest::addColumn<int>("answer");

        // llama.cpp: the first token "L" (logprob -3.8728678) is not among its top three,
        // '"' (-1.0653146), "H" (-2.6663613) and "T" (-2.8180079).
        const double h = std::exp(-2.6663613319396973);
        const double t = std::exp(-2.8180079460144043);
        const double l = std::exp(-3.8728678226470947);
        QTest::addRow("llama.cpp, H or T")
            << "openai"
            << "llama-server-chat-logprobs.json" << QStringList{"H", "T"}
            << QList<double>{h / (h + t), t / (h + t)} << 1.0 - (h + t) << -1;
        // The sampled token counts too, from its own logprob.
        QTest::addRow("llama.cpp, the sampled token L")
            << "openai"
            << "llama-server-chat-logprobs.json" << QStringList{"l", "h"}
            << QList<double>{l / (l + h), h / (l + h)} << 1.0 - (l + h) << -1;
        // Ollama: " Yes" 0.6 and " yes" 0.1 are one candidate, " No" 0.2, " I" 0.05 is outside.
        QTest::addRow("ollama, yes or no")
            << "ollama"
            << "ollama-chat-logprobs.json" << QStringList{"yes", "no"}
            << QList<double>{0.7 / 0.9, 0.2 / 0.9} << 0.1 << 0;
    }

    void distributionFromTheWire()
    {
        QFETCH(QString, protocol);
        QFETCH(QString, file);
        QFETCH(QStringList, candidates);
        QFETCH(QList<double>, expected);
        QFETCH(double, outside);
        QFETCH(int, answer);

        const QByteArray body = wireFile(file);
        QVERIFY(!body.isEmpty());
        QByteArray sent;
        const CallResult result = callWith(protocol, body, &sent);
        QCOMPARE(result.status, CallStatus::Ok);

        // Asked for, in the protocol's own words.
        const QJsonObject request = QJsonDocument::fromJson(sent).object();
        QCOMPARE(request.value(QLatin1String("logprobs")).toBool(), true);
        QCOMPARE(request.value(QLatin1String("top_logprobs")).toInt(), 3);

        const ChoiceReading reading = ChoiceReading::read(candidates, result.reply, result.details);
        QVERIFY2(reading.source == ChoiceSource::Logprobs, qPrintable(reading.note));
        QCOMPARE(reading.answer, answer);
        QCOMPARE(reading.probabilities.size(), std::size_t(expected.size()));
        for (qsizetype k = 0; k < expected.size(); ++k)
            QVERIFY2(std::abs(reading.probabilities[std::size_t(k)] - expected[k]) < 1e-12,
                     qPrintable(QString::number(reading.probabilities[std::size_t(k)], 'g', 17)));
        QVERIFY(std::abs(reading.outsideMass - outside) < 1e-12);

        // What is recorded reads back as the same reading.
        QJsonObject details = result.details;
        details.insert(QStringLiteral("choice"), reading.toJson());
        const std::optional<ChoiceReading> back =
            ChoiceReading::fromDetails(details, candidates.size());
        QVERIFY(back);
        QCOMPARE(back->probabilities, reading.probabilities);
    }

    // A server that ignores the fields (the capture without logprobs, an older Ollama).
    void noLogprobsFallsBackToTheReply_data()
    {
        QTest::addColumn<QString>("protocol");
        QTest::addColumn<QByteArray>("body");
        QTest::addRow("llama.cpp without logprobs")
            << "openai" << wireFile("llama-server-chat.json");
        QByteArray ollama = wireFile("ollama-chat-logprobs.json");
        const QJsonObject object = QJsonDocument::fromJson(ollama).object();
        QJsonObject old = object;
        old.remove(QStringLiteral("logprobs"));
        QTest::addRow("older ollama")
            << "ollama" << QJsonDocument(old).toJson(QJsonDocument::Compact);
    }

    void noLogprobsFallsBackToTheReply()
    {
        QFETCH(QString, protocol);
        QFETCH(QByteArray, body);
        QByteArray sent;
        const CallResult result = callWith(protocol, body, &sent);
        QCOMPARE(result.status, CallStatus::Ok);
        QVERIFY(!result.details.contains(QLatin1String("logprobs")));
        const ChoiceReading reading = ChoiceReading::read(
            {QStringLiteral("yes"), QStringLiteral("no")}, result.reply, result.details);
        QCOMPARE(reading.source, ChoiceSource::Sampled);
        QCOMPARE(reading.note, QStringLiteral("the server gave no log probabilities"));
        QCOMPARE(reading.answer, protocol == QLatin1String("ollama") ? 0 : -1);
        // The call keeps the token counts the real server sent.
        const QJsonObject o = QJsonDocument::fromJson(body).object();
        const QJsonObject usage = o.value(QLatin1String("usage")).toObject();
        const TokenCount expected =
            protocol == QLatin1String("ollama")
                ? TokenCount{o.value(QLatin1String("prompt_eval_count")).toInteger(),
                             o.value(QLatin1String("eval_count")).toInteger()}
                : TokenCount{usage.value(QLatin1String("prompt_tokens")).toInteger(),
                             usage.value(QLatin1String("completion_tokens")).toInteger()};
        QVERIFY(*expected.input > 0 && *expected.output > 0);
        QCOMPARE(LoggedCall::fromResult(1, result).tokens, expected);
        if (protocol == QLatin1String("openai"))
            QCOMPARE(LoggedCall::fromResult(1, result).tokens, (TokenCount{46, 32}));
    }

    // Hostile or broken entries are refused whole, with the field named; the reply survives.
    void hostileLogprobsAreRefused_data()
    {
        QTest::addColumn<QString>("entries");
        QTest::addColumn<QString>("problem");
        QJsonArray many;
        for (int i = 0; i < TokenLogprobs::kMaxAlternatives + 1; ++i)
            many.append(QJsonObject{{"token", QString::number(i)}, {"logprob", -3.0}});
        QTest::addRow("too many alternatives")
            << QString::fromUtf8(
                   QJsonDocument(QJsonArray{QJsonObject{
                                     {"token", "a"}, {"logprob", -1.0}, {"top_logprobs", many}}})
                       .toJson(QJsonDocument::Compact))
            << "logprobs[0].top_logprobs lists 21 alternatives; at most 20 are accepted";
        QTest::addRow("logprob as text") << R"([{"token":"a","logprob":"-1"}])"
                                         << "logprobs[0].logprob is a string, not a number";
        QTest::addRow("positive logprob") << R"([{"token":"a","logprob":0.5}])"
                                          << "logprobs[0].logprob is 0.5, above 0";
        QTest::addRow("huge token") << QStringLiteral(R"([{"token":"%1","logprob":-1}])")
                                           .arg(QString(300, QLatin1Char('x')))
                                    << "logprobs[0].token is longer than 256 characters";
        QTest::addRow("not a list") << R"({"token":"a"})"
                                    << "logprobs is an object, not a list";
    }

    void hostileLogprobsAreRefused()
    {
        QFETCH(QString, entries);
        QFETCH(QString, problem);
        QJsonObject body = QJsonDocument::fromJson(wireFile("ollama-chat-logprobs.json")).object();
        const QJsonDocument parsed = QJsonDocument::fromJson(entries.toUtf8());
        body.insert(QStringLiteral("logprobs"),
                    parsed.isArray() ? QJsonValue(parsed.array()) : QJsonValue(parsed.object()));
        QByteArray sent;
        const CallResult result = callWith(
            QStringLiteral("ollama"), QJsonDocument(body).toJson(QJsonDocument::Compact), &sent);
        QCOMPARE(result.status, CallStatus::Ok);
        QCOMPARE(result.reply, QStringLiteral(" Yes"));
        QCOMPARE(result.details.value(QLatin1String("logprobs_problem")).toString(), problem);
        const ChoiceReading reading = ChoiceReading::read(
            {QStringLiteral("yes"), QStringLiteral("no")}, result.reply, result.details);
        QCOMPARE(reading.source, ChoiceSource::Sampled);
        QCOMPARE(reading.answer, 0);
        QVERIFY(reading.note.contains(problem));
    }
};

QTEST_GUILESS_MAIN(TestChoiceLogprobs)
#include "tst_choicelogprobs.moc"
