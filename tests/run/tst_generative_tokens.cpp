// A generative cell's tokens are both of its calls': the embedding call's input tokens are
// part of the run's cost, which summary.json and the window both read from the stored rows.
#include "run/ModelProbeReplies.h"
#include "run/TokenCount.h"

#include <QJsonArray>
#include <QTest>

using namespace pb;

namespace {

CallResult chat(const QJsonObject& facts)
{
    CallResult r;
    r.status = CallStatus::Ok;
    r.reply = QStringLiteral("1. Step 1.");
    r.request.itemId = QStringLiteral("0");
    r.details = facts;
    return r;
}

CallResult embedding(const QJsonObject& facts)
{
    CallResult r;
    r.status = CallStatus::Ok;
    r.request.embedding = true;
    r.details = facts;
    r.details.insert(QStringLiteral("embedding"), QJsonArray{0.6, 0.8});
    r.details.insert(QStringLiteral("embedding_dims"), 2);
    return r;
}

} // namespace

class TestGenerativeTokens : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void embeddingInputAddsToTheChats()
    {
        const LoggedCall row = ModelProbeReplies::generativeRow(
            1,
            chat({{QStringLiteral("prompt_eval_count"), 30}, {QStringLiteral("eval_count"), 12}}),
            embedding({{QStringLiteral("prompt_eval_count"), 9}}), 0);
        QCOMPARE(row.tokens.input, std::optional<qint64>(39));
        QCOMPARE(row.tokens.output, std::optional<qint64>(12));
        // OpenAI's names, as the reply readers keep them.
        const LoggedCall openAi = ModelProbeReplies::generativeRow(
            1,
            chat({{QStringLiteral("prompt_tokens"), 20}, {QStringLiteral("completion_tokens"), 4}}),
            embedding({{QStringLiteral("prompt_tokens"), 5}}), 0);
        QCOMPARE(openAi.tokens.input, std::optional<qint64>(25));
        QCOMPARE(openAi.tokens.output, std::optional<qint64>(4));
    }

    void unreportedEmbeddingLeavesInputUnknown()
    {
        // Never an undercount: an embedding server that gives no count leaves the input
        // unknown, while the output (the chat's alone) stays known.
        const LoggedCall row = ModelProbeReplies::generativeRow(
            1,
            chat({{QStringLiteral("prompt_eval_count"), 30}, {QStringLiteral("eval_count"), 12}}),
            embedding({}), 0);
        QVERIFY(!row.tokens.input.has_value());
        QCOMPARE(row.tokens.output, std::optional<qint64>(12));
    }
};

QTEST_GUILESS_MAIN(TestGenerativeTokens)
#include "tst_generative_tokens.moc"
