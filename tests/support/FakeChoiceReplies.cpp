#include "FakeModelServer.h"
#include "FakeWire.h"

#include <QDateTime>
#include <QJsonArray>
#include <algorithm>
#include <cmath>
#include <numeric>

// The fake server's answers to choice probes: one candidate per reply, with log probabilities
// in Ollama's shape (a top-level "logprobs" list) or llama.cpp's OpenAI-compatible one
// (choices[0].logprobs.content, with "id" and "bytes" as llama-server sends them).
namespace pb::test {

using namespace wire;

namespace {

const QString kOffList = QStringLiteral("Maybe");

QJsonArray bytesOf(const QString& token)
{
    QJsonArray out;
    for (const char byte : token.toUtf8())
        out.append(int(static_cast<unsigned char>(byte)));
    return out;
}

QJsonObject tokenJson(const QString& token, double logprob, int id, bool openAi)
{
    QJsonObject out{{QStringLiteral("token"), token},
                    {QStringLiteral("logprob"), logprob},
                    {QStringLiteral("bytes"), bytesOf(token)}};
    if (openAi)
        out.insert(QStringLiteral("id"), id);
    return out;
}

} // namespace

void FakeModelServer::setChoiceAnswers(const QStringList& candidates, bool logprobs)
{
    m_choiceCandidates = candidates;
    m_choiceLogprobs = logprobs;
}

std::vector<double> FakeModelServer::choiceProbabilities(const QString& model, qint64 seed,
                                                         const QList<ChatMessage>& messages) const
{
    const QByteArray hash = sha256(callKey(model, seed, messages).toUtf8());
    std::vector<double> weights;
    for (qsizetype k = 0; k <= m_choiceCandidates.size(); ++k)
        weights.push_back(0.2 + uniformFrom(hash, int(k % 3) * 8 + int(k / 3)));
    weights.back() *= 0.25; // the off-list token keeps a little mass
    bool marked = false;
    for (const ChatMessage& message : messages)
        marked = marked || m_marker.match(message.content.toLower()).hasMatch();
    if (marked && !m_choiceCandidates.isEmpty())
        weights[0] /= 1.0 + m_markerGap;
    const double sum = std::accumulate(weights.begin(), weights.end(), 0.0);
    for (double& w : weights)
        w /= sum;
    return weights;
}

QByteArray FakeModelServer::choiceBody(const Exchange& exchange) const
{
    const std::vector<double> p =
        choiceProbabilities(exchange.model, exchange.seed, exchange.messages);
    const QByteArray hash = sha256(exchange.key.toUtf8() + QByteArrayLiteral("|draw"));
    const double u = uniformFrom(hash, 0);
    std::size_t chosen = p.size() - 1;
    double cumulative = 0.0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        cumulative += p[i];
        if (u < cumulative) {
            chosen = i;
            break;
        }
    }
    const auto token = [this](std::size_t i) {
        return i < std::size_t(m_choiceCandidates.size()) ? m_choiceCandidates[qsizetype(i)]
                                                          : kOffList;
    };
    const QString reply = token(chosen);
    const bool openAi = !exchange.ollama;
    QJsonArray logprobs;
    if (m_choiceLogprobs && exchange.logprobs) {
        std::vector<std::size_t> order(p.size());
        std::iota(order.begin(), order.end(), std::size_t(0));
        std::stable_sort(order.begin(), order.end(),
                         [&p](std::size_t a, std::size_t b) { return p[a] > p[b]; });
        QJsonArray top;
        const std::size_t listed =
            std::min(order.size(), std::size_t(std::max(exchange.topLogprobs, 0)));
        for (std::size_t i = 0; i < listed; ++i)
            top.append(
                tokenJson(token(order[i]), std::log(p[order[i]]), 300 + int(order[i]), openAi));
        QJsonObject entry = tokenJson(reply, std::log(p[chosen]), 300 + int(chosen), openAi);
        entry.insert(QStringLiteral("top_logprobs"), top);
        logprobs.append(entry);
    }
    if (openAi) {
        QJsonObject choice{{QStringLiteral("finish_reason"), QStringLiteral("stop")},
                           {QStringLiteral("index"), 0},
                           {QStringLiteral("message"),
                            QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                        {QStringLiteral("content"), reply}}}};
        if (!logprobs.isEmpty())
            choice.insert(QStringLiteral("logprobs"),
                          QJsonObject{{QStringLiteral("content"), logprobs}});
        return json({{QStringLiteral("choices"), QJsonArray{choice}},
                     {QStringLiteral("created"), QDateTime::currentSecsSinceEpoch()},
                     {QStringLiteral("model"), exchange.model},
                     {QStringLiteral("object"), QStringLiteral("chat.completion")},
                     {QStringLiteral("usage"), QJsonObject{{QStringLiteral("completion_tokens"), 1},
                                                           {QStringLiteral("prompt_tokens"), 20},
                                                           {QStringLiteral("total_tokens"), 21}}}});
    }
    const QString modelName =
        findModel(exchange.model) ? findModel(exchange.model)->name : exchange.model;
    QJsonObject line{{QStringLiteral("model"), modelName},
                     {QStringLiteral("created_at"), isoNow()},
                     {QStringLiteral("message"),
                      QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                  {QStringLiteral("content"), reply}}}};
    if (!logprobs.isEmpty())
        line.insert(QStringLiteral("logprobs"), logprobs);
    QJsonObject final{{QStringLiteral("model"), modelName},
                      {QStringLiteral("created_at"), isoNow()},
                      {QStringLiteral("done"), true},
                      {QStringLiteral("done_reason"), QStringLiteral("stop")},
                      {QStringLiteral("eval_count"), 1}};
    if (!exchange.stream) {
        for (auto it = line.begin(); it != line.end(); ++it)
            final.insert(it.key(), it.value());
        return json(final);
    }
    line.insert(QStringLiteral("done"), false);
    final.insert(QStringLiteral("message"),
                 QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                             {QStringLiteral("content"), QString()}});
    return json(line) + '\n' + json(final) + '\n';
}

} // namespace pb::test
