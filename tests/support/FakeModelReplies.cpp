#include "FakeModelServer.h"
#include "FakeWire.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <cmath>

// What the fake server answers: the deterministic replies, the metadata bodies and the
// fault names.
namespace pb::test {

using namespace wire;

int FakeModelServer::stepsFor(const QString& model, qint64 seed, double temperature,
                              const QList<ChatMessage>& messages) const
{
    QByteArray material = model.toUtf8() + '\x1f' + QByteArray::number(seed) + '\x1f' +
                          QByteArray::number(temperature, 'g', 10);
    for (const ChatMessage& message : messages)
        material += '\x1e' + message.role.toUtf8() + '\x1f' + message.content.toUtf8();
    const QByteArray hash = sha256(material);
    const double z = std::sqrt(-2.0 * std::log(uniformFrom(hash, 0))) *
                     std::cos(2.0 * M_PI * uniformFrom(hash, 8));
    double steps = 4.0 + 1.5 * z * temperature;
    bool marked = false;
    for (const ChatMessage& message : messages)
        marked = marked || m_marker.match(message.content.toLower()).hasMatch();
    if (marked)
        steps -= m_markerGap;
    return std::max(1, int(std::nearbyint(steps)));
}

QString FakeModelServer::replyFor(const QString& model, qint64 seed, double temperature,
                                  const QList<ChatMessage>& messages) const
{
    const int steps = stepsFor(model, seed, temperature, messages);
    QString reply = QStringLiteral("Here is what I would try:");
    for (int k = 1; k <= steps; ++k)
        reply += QStringLiteral("\n%1. Step %1.").arg(k);
    return reply;
}

QString FakeModelServer::callKey(const QString& model, qint64 seed,
                                 const QList<ChatMessage>& messages)
{
    QByteArray material = model.toUtf8() + '\x1f' + QByteArray::number(seed);
    for (const ChatMessage& message : messages)
        material += '\x1e' + message.role.toUtf8() + '\x1f' + message.content.toUtf8();
    return QString::fromLatin1(
        QCryptographicHash::hash(material, QCryptographicHash::Sha1).toHex());
}

QString FakeModelServer::digestOf(const QString& model) const
{
    const Model* found = findModel(model);
    return found ? found->digest : QString();
}

const FakeModelServer::Model* FakeModelServer::findModel(const QString& name) const
{
    const QString withTag =
        name.contains(QLatin1Char(':')) ? name : name + QStringLiteral(":latest");
    for (const Model& model : m_models) {
        if (model.name == name || model.name == withTag)
            return &model;
    }
    return nullptr;
}

QString FakeModelServer::faultName(FakeFault fault)
{
    switch (fault) {
    case FakeFault::None:
        return QStringLiteral("none");
    case FakeFault::Refuse:
        return QStringLiteral("refuse");
    case FakeFault::Reset:
        return QStringLiteral("reset");
    case FakeFault::Http500:
        return QStringLiteral("500");
    case FakeFault::Http429:
        return QStringLiteral("429");
    case FakeFault::UnknownModel:
        return QStringLiteral("404");
    case FakeFault::Malformed:
        return QStringLiteral("malformed");
    case FakeFault::WrongProtocol:
        return QStringLiteral("wrong-protocol");
    case FakeFault::Stall:
        return QStringLiteral("stall");
    case FakeFault::CloseMidBody:
        return QStringLiteral("close");
    case FakeFault::Trickle:
        return QStringLiteral("trickle");
    case FakeFault::Endless:
        return QStringLiteral("endless");
    case FakeFault::Oversized:
        return QStringLiteral("oversized");
    case FakeFault::Redirect:
        return QStringLiteral("redirect");
    case FakeFault::NotDone:
        return QStringLiteral("done-false");
    case FakeFault::DoneAsText:
        return QStringLiteral("done-text");
    case FakeFault::CountAsText:
        return QStringLiteral("count-text");
    case FakeFault::CountNegative:
        return QStringLiteral("count-negative");
    case FakeFault::CountHuge:
        return QStringLiteral("count-huge");
    case FakeFault::LogprobsRefused:
        return QStringLiteral("logprobs-refused");
    }
    return QString();
}

std::optional<FakeFault> FakeModelServer::parseFault(const QString& name)
{
    for (FakeFault fault :
         {FakeFault::None,         FakeFault::Refuse,         FakeFault::Reset,
          FakeFault::Http500,      FakeFault::Http429,        FakeFault::UnknownModel,
          FakeFault::Malformed,    FakeFault::WrongProtocol,  FakeFault::Stall,
          FakeFault::CloseMidBody, FakeFault::Trickle,        FakeFault::Endless,
          FakeFault::Oversized,    FakeFault::Redirect,       FakeFault::NotDone,
          FakeFault::DoneAsText,   FakeFault::CountAsText,    FakeFault::CountNegative,
          FakeFault::CountHuge,    FakeFault::LogprobsRefused}) {
        if (faultName(fault) == name.trimmed().toLower())
            return fault;
    }
    return std::nullopt;
}

qint64 FakeModelServer::wordsIn(const QString& text)
{
    return text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts).size();
}

QByteArray FakeModelServer::okBody(const Exchange& exchange) const
{
    if (!m_cannedBody.isEmpty() && !exchange.stream)
        return m_cannedBody;
    if (!m_choiceCandidates.isEmpty())
        return choiceBody(exchange);
    const QString reply =
        replyFor(exchange.model, exchange.seed, exchange.temperature, exchange.messages);
    qint64 promptTokens = 0;
    for (const ChatMessage& m : exchange.messages)
        promptTokens += wordsIn(m.content);
    const qint64 replyTokens = wordsIn(reply);
    if (!exchange.ollama) {
        return json(
            {{QStringLiteral("id"), QStringLiteral("chatcmpl-%1").arg(exchange.key.left(12))},
             {QStringLiteral("object"), QStringLiteral("chat.completion")},
             {QStringLiteral("created"), QDateTime::currentSecsSinceEpoch()},
             {QStringLiteral("model"), exchange.model},
             {QStringLiteral("system_fingerprint"), QStringLiteral("fp_fake")},
             {QStringLiteral("choices"),
              QJsonArray{
                  QJsonObject{{QStringLiteral("index"), 0},
                              {QStringLiteral("message"),
                               QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                           {QStringLiteral("content"), reply}}},
                              {QStringLiteral("finish_reason"), QStringLiteral("stop")}}}},
             {QStringLiteral("usage"),
              QJsonObject{{QStringLiteral("prompt_tokens"), promptTokens},
                          {QStringLiteral("completion_tokens"), replyTokens},
                          {QStringLiteral("total_tokens"), promptTokens + replyTokens}}}});
    }
    const QString modelName =
        findModel(exchange.model) ? findModel(exchange.model)->name : exchange.model;
    QJsonObject final{{QStringLiteral("model"), modelName},
                      {QStringLiteral("created_at"), isoNow()},
                      {QStringLiteral("done"), true},
                      {QStringLiteral("done_reason"), QStringLiteral("stop")},
                      {QStringLiteral("total_duration"), 123456789},
                      {QStringLiteral("load_duration"), 1234567},
                      {QStringLiteral("prompt_eval_count"), promptTokens},
                      {QStringLiteral("prompt_eval_duration"), 2345678},
                      {QStringLiteral("eval_count"), replyTokens},
                      {QStringLiteral("eval_duration"), 98765432}};
    if (!exchange.stream) {
        final.insert(QStringLiteral("message"),
                     QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                 {QStringLiteral("content"), reply}});
        return json(final);
    }
    // One NDJSON line per reply line, then the closing line with the statistics.
    QByteArray lines;
    const QStringList parts = reply.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const QString piece = i + 1 < parts.size() ? parts.at(i) + QLatin1Char('\n') : parts.at(i);
        lines += json({{QStringLiteral("model"), modelName},
                       {QStringLiteral("created_at"), isoNow()},
                       {QStringLiteral("message"),
                        QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                    {QStringLiteral("content"), piece}}},
                       {QStringLiteral("done"), false}}) +
                 '\n';
    }
    final.insert(QStringLiteral("message"),
                 QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                             {QStringLiteral("content"), QString()}});
    return lines + json(final) + '\n';
}

QByteArray FakeModelServer::tagsBody() const
{
    QJsonArray models;
    for (const Model& model : m_models)
        models.append(QJsonObject{
            {QStringLiteral("name"), model.name},
            {QStringLiteral("model"), model.name},
            {QStringLiteral("modified_at"), QStringLiteral("2025-01-01T00:00:00Z")},
            {QStringLiteral("size"), 2019393189},
            {QStringLiteral("digest"), model.digest},
            {QStringLiteral("details"),
             QJsonObject{{QStringLiteral("format"), QStringLiteral("gguf")},
                         {QStringLiteral("family"), QStringLiteral("fake")},
                         {QStringLiteral("parameter_size"), QStringLiteral("3.2B")},
                         {QStringLiteral("quantization_level"), QStringLiteral("Q4_K_M")}}}});
    return json({{QStringLiteral("models"), models}});
}

QByteArray FakeModelServer::showBody() const
{
    return json({{QStringLiteral("modelfile"), QStringLiteral("FROM fake")},
                 {QStringLiteral("parameters"), QString()},
                 {QStringLiteral("template"), QStringLiteral("{{ .Prompt }}")},
                 {QStringLiteral("details"),
                  QJsonObject{{QStringLiteral("format"), QStringLiteral("gguf")},
                              {QStringLiteral("family"), QStringLiteral("fake")},
                              {QStringLiteral("parameter_size"), QStringLiteral("3.2B")},
                              {QStringLiteral("quantization_level"), QStringLiteral("Q4_K_M")}}}});
}

QByteArray FakeModelServer::modelsBody() const
{
    QJsonArray data;
    for (const Model& model : m_models)
        data.append(QJsonObject{{QStringLiteral("id"), model.name},
                                {QStringLiteral("object"), QStringLiteral("model")},
                                {QStringLiteral("created"), 1735689600},
                                {QStringLiteral("owned_by"), QStringLiteral("fake")}});
    return json(
        {{QStringLiteral("object"), QStringLiteral("list")}, {QStringLiteral("data"), data}});
}

QByteArray FakeModelServer::notFoundBody(const Exchange& exchange) const
{
    if (exchange.ollama)
        return json(
            {{QStringLiteral("error"),
              QStringLiteral("model \"%1\" not found, try pulling it first").arg(exchange.model)}});
    return json(
        {{QStringLiteral("error"),
          QJsonObject{{QStringLiteral("message"),
                       QStringLiteral("The model `%1` does not exist.").arg(exchange.model)},
                      {QStringLiteral("type"), QStringLiteral("invalid_request_error")},
                      {QStringLiteral("code"), QStringLiteral("model_not_found")}}}});
}

} // namespace pb::test
