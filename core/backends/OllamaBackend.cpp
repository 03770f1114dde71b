#include "backends/OllamaBackend.h"

#include "backends/OllamaReplyReader.h"
#include "backends/ReplyFacts.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace pb {

namespace {

QString shortDigest(const QString& digest)
{
    return digest.isEmpty() ? QStringLiteral("none") : digest.left(12);
}

} // namespace

OllamaBackend::OllamaBackend(const BackendConfig& config, QObject* parent)
    : HttpModelBackend(config, parent), m_facts(config.endpoints.size()),
      m_runDigest(config.expectedDigest)
{
}

QString OllamaBackend::name() const
{
    return QStringLiteral("ollama");
}

std::optional<QList<ModelInfo>> OllamaBackend::parseTags(const QByteArray& body)
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    const QJsonValue models = doc.object().value(QLatin1String("models"));
    if (!doc.isObject() || !models.isArray())
        return std::nullopt;
    QList<ModelInfo> list;
    for (const QJsonValue& value : models.toArray()) {
        const QJsonObject object = value.toObject();
        ModelInfo info;
        info.name = object.value(QLatin1String("name")).toString();
        if (info.name.isEmpty())
            info.name = object.value(QLatin1String("model")).toString();
        info.digest = object.value(QLatin1String("digest")).toString();
        info.sizeBytes = ReplyFacts::countOf(object.value(QLatin1String("size"))).value_or(-1);
        info.details = object.value(QLatin1String("details")).toObject();
        if (!info.name.isEmpty())
            list.append(info);
    }
    return list;
}

std::optional<ModelInfo> OllamaBackend::findModel(const QList<ModelInfo>& models,
                                                  const QString& wanted)
{
    const QString withTag =
        wanted.contains(QLatin1Char(':')) ? wanted : wanted + QStringLiteral(":latest");
    for (const ModelInfo& model : models) {
        if (model.name == wanted || model.name == withTag)
            return model;
    }
    return std::nullopt;
}

QByteArray OllamaBackend::chatBodyFor(const CallRequest& request)
{
    QJsonArray messages;
    for (const ChatMessage& message : request.messages)
        messages.append(QJsonObject{{QStringLiteral("role"), message.role},
                                    {QStringLiteral("content"), message.content}});
    QJsonObject options{{QStringLiteral("temperature"), request.temperature},
                        {QStringLiteral("seed"), request.seed}};
    if (request.maxTokens)
        options.insert(QStringLiteral("num_predict"), *request.maxTokens);
    if (request.contextLength)
        options.insert(QStringLiteral("num_ctx"), *request.contextLength);
    QJsonObject body{{QStringLiteral("model"), request.model},
                     {QStringLiteral("messages"), messages},
                     {QStringLiteral("stream"), request.stream},
                     {QStringLiteral("options"), options}};
    if (!request.responseSchema.isEmpty())
        body.insert(QStringLiteral("format"), request.responseSchema);
    if (request.topLogprobs > 0) { // Ollama 0.12.11 and later; older servers ignore both
        body.insert(QStringLiteral("logprobs"), true);
        body.insert(QStringLiteral("top_logprobs"), request.topLogprobs);
    }
    if (!request.keepAlive.isEmpty()) {
        // Ollama reads a bare number as seconds but rejects a unitless string like "-1".
        bool isNumber = false;
        const qint64 seconds = request.keepAlive.toLongLong(&isNumber);
        body.insert(QStringLiteral("keep_alive"),
                    isNumber ? QJsonValue(seconds) : QJsonValue(request.keepAlive));
    }
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

QByteArray OllamaBackend::embedBodyFor(const CallRequest& request)
{
    // truncate false: an input longer than the model's context is an error, not a vector of
    // its first part that would pass for the whole reply's.
    QJsonObject body{{QStringLiteral("model"), request.model},
                     {QStringLiteral("input"), request.embedInput},
                     {QStringLiteral("truncate"), false}};
    if (!request.keepAlive.isEmpty()) {
        bool isNumber = false;
        const qint64 seconds = request.keepAlive.toLongLong(&isNumber);
        body.insert(QStringLiteral("keep_alive"),
                    isNumber ? QJsonValue(seconds) : QJsonValue(request.keepAlive));
    }
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

QString OllamaBackend::embedPath() const
{
    return QStringLiteral("/api/embed");
}

QByteArray OllamaBackend::embedBody(const CallRequest& request) const
{
    return embedBodyFor(request);
}

QString OllamaBackend::chatPath() const
{
    return QStringLiteral("/api/chat");
}

QByteArray OllamaBackend::chatBody(const CallRequest& request) const
{
    return chatBodyFor(request);
}

std::unique_ptr<ReplyReader> OllamaBackend::replyReader(const CallRequest& request) const
{
    return std::make_unique<OllamaReplyReader>(request.stream);
}

void OllamaBackend::prepareEndpoint(int endpoint)
{
    BoundedReply* reply = sendMetadataRequest(endpoint, QStringLiteral("/api/version"));
    connect(reply, &BoundedReply::ended, this,
            [this, endpoint, reply] { readVersion(endpoint, reply); });
}

void OllamaBackend::readVersion(int endpoint, BoundedReply* reply)
{
    if (stopped())
        return;
    if (const auto& failure = reply->failure()) {
        endpointPreparationFailed(endpoint, *failure);
        return;
    }
    const QByteArray body = reply->takeBody();
    const QJsonValue version =
        QJsonDocument::fromJson(body).object().value(QLatin1String("version"));
    if (!version.isString() || version.toString().isEmpty()) {
        endpointPreparationFailed(
            endpoint, HttpFailure::wrongProtocol(QStringLiteral("no \"version\" text in the body"),
                                                 reply->context()));
        return;
    }
    m_facts[endpoint].version = version.toString();
    BoundedReply* tags = sendMetadataRequest(endpoint, QStringLiteral("/api/tags"));
    connect(tags, &BoundedReply::ended, this, [this, endpoint, tags] { readTags(endpoint, tags); });
}

void OllamaBackend::readTags(int endpoint, BoundedReply* reply)
{
    if (stopped())
        return;
    if (const auto& failure = reply->failure()) {
        endpointPreparationFailed(endpoint, *failure);
        return;
    }
    const std::optional<QList<ModelInfo>> models = parseTags(reply->takeBody());
    if (!models) {
        endpointPreparationFailed(
            endpoint,
            HttpFailure::wrongProtocol(QStringLiteral("no \"models\" list"), reply->context()));
        return;
    }
    EndpointFacts& facts = m_facts[endpoint];
    const std::optional<ModelInfo> model = findModel(*models, config().model);
    if (!model) {
        endpointPreparationFailed(endpoint, modelMissing(endpoint, *models));
        return;
    }
    if (!acceptDigest(endpoint, model->digest))
        return;
    facts.callsSinceCheck = 0;
    facts.lastCheckMs = nowMs();
    const QByteArray showBody =
        QJsonDocument(QJsonObject{{QStringLiteral("model"), config().model}})
            .toJson(QJsonDocument::Compact);
    BoundedReply* show = sendMetadataRequest(endpoint, QStringLiteral("/api/show"), showBody);
    connect(show, &BoundedReply::ended, this, [this, endpoint, show] { readShow(endpoint, show); });
}

void OllamaBackend::readShow(int endpoint, BoundedReply* reply)
{
    if (stopped())
        return;
    // The model's family and size are worth logging but not worth failing a run over.
    const QByteArray body = reply->failure() ? QByteArray() : reply->takeBody();
    const QJsonObject details =
        QJsonDocument::fromJson(body).object().value(QLatin1String("details")).toObject();
    QJsonObject kept;
    for (const QLatin1String key : {QLatin1String("family"), QLatin1String("parameter_size"),
                                    QLatin1String("quantization_level")}) {
        if (details.value(key).isString())
            kept.insert(key, details.value(key));
    }
    m_facts[endpoint].modelDetails = kept;
    endpointReady(endpoint);
}

void OllamaBackend::recheckDigest(int endpoint)
{
    m_facts[endpoint].checking = true;
    BoundedReply* reply = sendMetadataRequest(endpoint, QStringLiteral("/api/tags"));
    connect(reply, &BoundedReply::ended, this,
            [this, endpoint, reply] { readRecheck(endpoint, reply); });
}

void OllamaBackend::readRecheck(int endpoint, BoundedReply* reply)
{
    EndpointFacts& facts = m_facts[endpoint];
    facts.checking = false;
    if (stopped())
        return;
    const std::optional<QList<ModelInfo>> models =
        reply->failure() ? std::nullopt : parseTags(reply->takeBody());
    if (!models)
        return; // a missed check is tried again later; the calls report their own failures
    const std::optional<ModelInfo> model = findModel(*models, config().model);
    if (!model) {
        HttpFailure gone;
        gone.kind = QStringLiteral("model-changed");
        gone.message = QStringLiteral("the %1 '%2' disappeared from %3 during the run "
                                      "(digest %4 before): it was removed or replaced; the run "
                                      "stopped")
                           .arg(config().modelRole, config().model, shownUrl(endpoint),
                                shortDigest(m_runDigest));
        gone.stopsRun = true;
        stopRun(gone);
        return;
    }
    if (!acceptDigest(endpoint, model->digest))
        return;
    facts.callsSinceCheck = 0;
    facts.lastCheckMs = nowMs();
}

bool OllamaBackend::acceptDigest(int endpoint, const QString& digest)
{
    EndpointFacts& facts = m_facts[endpoint];
    const bool seenHereBefore = !facts.digest.isEmpty();
    if (m_runDigest.isEmpty() || digest == m_runDigest) {
        if (m_runDigest.isEmpty())
            m_runDigest = digest;
        facts.digest = digest;
        return true;
    }
    HttpFailure changed;
    changed.kind = QStringLiteral("model-changed");
    changed.stopsRun = true;
    if (seenHereBefore)
        changed.message = QStringLiteral("the %1 '%2' changed during the run (digest %3 -> "
                                         "%4): a different digest is a different model; the run "
                                         "stopped")
                              .arg(config().modelRole, config().model, shortDigest(m_runDigest),
                                   shortDigest(digest));
    else if (!config().expectedDigest.isEmpty())
        // Resuming: what is already stored came from the old digest, and stays as it is.
        changed.message =
            QStringLiteral("the %1 '%2' changed since the run's calls were stored (digest %3 -> "
                           "%4): %5 %3, and a different digest is a different model; the run "
                           "stopped")
                .arg(config().modelRole, config().model, shortDigest(m_runDigest),
                     shortDigest(digest), config().storedWork);
    else
        changed.message = QStringLiteral("the %1 '%2' at %3 has digest %4, not %5 like the "
                                         "other endpoints: a different digest is a different "
                                         "model; the run stopped")
                              .arg(config().modelRole, config().model, shownUrl(endpoint),
                                   shortDigest(digest), shortDigest(m_runDigest));
    facts.digest = digest;
    stopRun(changed);
    return false;
}

QString OllamaBackend::modelListPath() const
{
    return QStringLiteral("/api/tags");
}

std::optional<QList<ModelInfo>> OllamaBackend::parseModelList(const QByteArray& body) const
{
    return parseTags(body);
}

bool OllamaBackend::listsModel(const QList<ModelInfo>& models) const
{
    return findModel(models, config().model).has_value();
}

HttpFailure OllamaBackend::modelMissing(int endpoint, const QList<ModelInfo>& models) const
{
    HttpFailure failure;
    failure.kind = QStringLiteral("unknown-model");
    failure.message = QStringLiteral("model '%1' is not pulled here: `ollama pull %1`. Models "
                                     "available at %2: %3")
                          .arg(config().model, shownUrl(endpoint), listedNames(models));
    failure.stopsRun = true;
    return failure;
}

void OllamaBackend::completeResult(int endpoint, CallResult& result) const
{
    const EndpointFacts& facts = m_facts.at(endpoint);
    result.modelDigest = facts.digest;
    if (!facts.version.isEmpty())
        result.details.insert(QStringLiteral("server_version"), facts.version);
    for (auto it = facts.modelDetails.begin(); it != facts.modelDetails.end(); ++it)
        result.details.insert(it.key(), it.value());
}

void OllamaBackend::callSucceeded(int endpoint)
{
    EndpointFacts& facts = m_facts[endpoint];
    ++facts.callsSinceCheck;
    const bool dueByCount =
        config().digestRecheckCalls > 0 && facts.callsSinceCheck >= config().digestRecheckCalls;
    const bool dueByTime =
        config().digestRecheckMs > 0 && nowMs() - facts.lastCheckMs >= config().digestRecheckMs;
    if (!facts.checking && (dueByCount || dueByTime))
        recheckDigest(endpoint);
}

void OllamaBackend::becameIdle()
{
    for (int i = 0; i < endpointCount(); ++i) {
        const EndpointFacts& facts = m_facts.at(i);
        if (facts.callsSinceCheck > 0 && !facts.checking && endpointReadyForCalls(i))
            recheckDigest(i);
    }
}

QString OllamaBackend::shownUrl(int endpoint) const
{
    return endpointBase(endpoint).toDisplayString(QUrl::RemoveUserInfo | QUrl::StripTrailingSlash);
}

} // namespace pb
