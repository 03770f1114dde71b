#include "backends/HttpModelBackend.h"

#include "backends/EmbeddingReplyReader.h"

#include <QDateTime>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QThread>
#include <algorithm>
#include <cmath>
#include <utility>

namespace pb {

HttpModelBackend::HttpModelBackend(const BackendConfig& config, QObject* parent)
    : ModelBackend(parent), m_config(config),
      m_pool(config.endpoints, config.effectiveConcurrency(), config.deadAfterFailures,
             config.deadCooldownMs),
      m_retry(config.maxTries, config.retryBaseDelayMs, config.maxRetryDelayMs),
      m_apiKey(config.apiKeyEnv), m_preparationFailures(config.endpoints.size(), 0),
      m_wakeTimer(this), m_idleTimer(this)
{
    m_clock.start();
    for (QTimer* timer : {&m_wakeTimer, &m_idleTimer})
        timer->setSingleShot(true);
    connect(&m_wakeTimer, &QTimer::timeout, this, &HttpModelBackend::pump);
    connect(&m_idleTimer, &QTimer::timeout, this, [this] {
        if (hasWork() || stopped() || !std::exchange(m_callsSinceIdle, false))
            return;
        becameIdle();
    });
}

HttpModelBackend::~HttpModelBackend()
{
    // Exchanges still running would otherwise report into a half-destroyed backend while
    // the access manager deletes them.
    if (m_network) {
        const QList<BoundedReply*> exchanges = m_network->findChildren<BoundedReply*>();
        for (BoundedReply* exchange : exchanges)
            exchange->drop();
        delete m_network;
    }
}

int HttpModelBackend::capacity() const
{
    return std::max(1, m_pool.size()) * m_pool.concurrency();
}

void HttpModelBackend::submit(const CallRequest& request)
{
    Q_ASSERT(QThread::currentThread() == thread());
    m_idleTimer.stop();
    PendingCall call;
    call.request = request;
    m_queue.push_back(std::move(call));
    requestPump();
}

void HttpModelBackend::cancelAll()
{
    // Take everything first: a finished() receiver may submit again, and those calls are
    // not part of this cancellation.
    const std::deque<PendingCall> cancelled = takeOutstanding(true);
    m_wakeTimer.stop();
    for (const PendingCall& call : cancelled)
        finishFailed(call, HttpFailure::cancelled());
}

void HttpModelBackend::preflight()
{
    m_preflightPending = true;
    requestPump();
}

void HttpModelBackend::prepareEndpoint(int endpoint)
{
    endpointReady(endpoint);
}

void HttpModelBackend::completeResult(int, CallResult&) const
{
}

bool HttpModelBackend::listsModel(const QList<ModelInfo>& models) const
{
    return std::any_of(models.begin(), models.end(),
                       [this](const ModelInfo& model) { return model.name == m_config.model; });
}

HttpFailure HttpModelBackend::modelMissing(int endpoint, const QList<ModelInfo>& models) const
{
    const QString url = m_pool.url(endpoint).toDisplayString(QUrl::RemoveUserInfo);
    HttpFailure failure;
    failure.kind = QStringLiteral("unknown-model");
    failure.message = QStringLiteral("the server at %1 does not serve the model '%2': its model "
                                     "list has %3; `probebench models --endpoint %1` lists them")
                          .arg(url, m_config.model, listedNames(models));
    failure.stopsRun = true;
    return failure;
}

QString HttpModelBackend::listedNames(const QList<ModelInfo>& models)
{
    constexpr qsizetype kShown = 20;
    QStringList names;
    for (const ModelInfo& model : models.mid(0, kShown))
        names.append(model.name);
    if (names.isEmpty())
        return QStringLiteral("none");
    QString text = names.join(QStringLiteral(", "));
    if (models.size() > kShown)
        text += QStringLiteral(" and %1 more").arg(models.size() - kShown);
    return text;
}

void HttpModelBackend::callSucceeded(int)
{
}

void HttpModelBackend::becameIdle()
{
}

QNetworkAccessManager* HttpModelBackend::network()
{
    // Created here, on the backend's own thread, never in the constructor: the backend is
    // usually built on the GUI thread and then moved to the runner's worker.
    if (!m_network) {
        Q_ASSERT(QThread::currentThread() == thread());
        m_network = new QNetworkAccessManager(this);
    }
    return m_network;
}

QUrl HttpModelBackend::endpointUrl(int endpoint, const QString& path) const
{
    QUrl url = m_pool.url(endpoint);
    QString base = url.path();
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    url.setPath(base + path);
    return url;
}

bool HttpModelBackend::endpointReadyForCalls(int endpoint) const
{
    return m_pool.readiness(endpoint) == EndpointPool::Readiness::Ready;
}

HttpFailure::Context HttpModelBackend::failureContext(int endpoint, const QString& path,
                                                      int timeoutMs) const
{
    HttpFailure::Context context;
    context.endpoint = m_pool.url(endpoint);
    context.protocol = protocol();
    context.model = m_config.model;
    context.apiKeyEnv = m_config.apiKeyEnv;
    context.path = endpointUrl(endpoint, path).path();
    context.timeoutMs = timeoutMs;
    return context;
}

BoundedReply* HttpModelBackend::sendMetadataRequest(int endpoint, const QString& path,
                                                    const QByteArray& body)
{
    const QNetworkRequest request =
        BoundedReply::request(endpointUrl(endpoint, path), m_apiKey.authorization());
    QNetworkReply* reply =
        body.isEmpty() ? network()->get(request) : network()->post(request, body);
    return new BoundedReply(reply, BoundedReply::Body::Keep, m_config.maxReplyBytes,
                            failureContext(endpoint, path, m_config.metadataTimeoutMs));
}

void HttpModelBackend::endpointReady(int endpoint)
{
    m_pool.setReadiness(endpoint, EndpointPool::Readiness::Ready);
    m_preparationFailures[endpoint] = 0;
    requestPump();
}

void HttpModelBackend::endpointPreparationFailed(int endpoint, const HttpFailure& failure)
{
    HttpFailure scrubbedFailure = failure;
    scrubbedFailure.message = scrubbed(failure.message);
    m_pool.setReadiness(endpoint, EndpointPool::Readiness::Unprepared);
    if (stopped())
        return;
    if (scrubbedFailure.stopsRun || !scrubbedFailure.transient) {
        stopRun(scrubbedFailure);
        return;
    }
    const qint64 now = nowMs();
    const int failures = ++m_preparationFailures[endpoint];
    if (scrubbedFailure.connectionLevel)
        m_pool.recordConnectionFailure(endpoint, now);
    else if (failures >= m_retry.maxTries())
        m_pool.setReadiness(endpoint, EndpointPool::Readiness::Disabled);
    if (m_pool.allDown(now)) {
        stopRun(allEndpointsDown(scrubbedFailure), false);
        return;
    }
    if (m_pool.readiness(endpoint) == EndpointPool::Readiness::Disabled)
        qWarning("probebench: endpoint left out of the run: %s",
                 qUtf8Printable(scrubbedFailure.message));
    m_pool.deferPreparation(endpoint, now + m_retry.delayMs(failures, scrubbedFailure));
    requestPump();
}

void HttpModelBackend::stopRun(const HttpFailure& failure, bool abortInFlight)
{
    if (m_stop)
        return;
    HttpFailure stop = failure;
    stop.message = scrubbed(failure.message);
    m_stop = stop;

    const std::deque<PendingCall> failed = takeOutstanding(abortInFlight);
    m_wakeTimer.stop();
    m_idleTimer.stop();
    Q_EMIT fatalError(stop.message);
    for (const PendingCall& call : failed)
        finishFailed(call, stop);
}

QString HttpModelBackend::scrubbed(QString text) const
{
    return m_apiKey.scrub(std::move(text));
}

void HttpModelBackend::requestPump()
{
    // A posted event, not a zero timer: posted events run in the order they were posted, so
    // a runner that submits the next call and then posts the recording of the last one gets
    // the call on the wire first.
    if (!std::exchange(m_pumpPosted, true))
        QMetaObject::invokeMethod(
            this,
            [this] {
                m_pumpPosted = false;
                pump();
            },
            Qt::QueuedConnection);
}

void HttpModelBackend::pump()
{
    // Preparation and failures can ask for a pump while one runs; run again instead of
    // recursing.
    if (m_pumping) {
        m_pumpAgain = true;
        return;
    }
    m_pumping = true;
    do {
        m_pumpAgain = false;
        pumpOnce();
    } while (m_pumpAgain && !stopped());
    m_pumping = false;
}

void HttpModelBackend::pumpOnce()
{
    if (stopped()) {
        // Calls submitted after the run stopped fail the same way, from the event loop.
        std::deque<PendingCall> late = std::exchange(m_queue, {});
        for (const PendingCall& call : late)
            finishFailed(call, *m_stop);
        return;
    }
    if (m_queue.empty() && !m_preflightPending)
        return;
    if (m_pool.size() == 0) {
        HttpFailure none;
        none.kind = QStringLiteral("settings");
        none.message = QStringLiteral("the %1 backend has no endpoint to call").arg(name());
        none.stopsRun = true;
        stopRun(none);
        return;
    }
    if (const std::optional<HttpFailure> noKey = missingApiKey()) {
        stopRun(*noKey);
        return;
    }
    const qint64 now = nowMs();
    for (int i = 0; i < m_pool.size(); ++i) {
        if (m_pool.mayPrepare(i, now)) {
            m_pool.setReadiness(i, EndpointPool::Readiness::Preparing);
            prepareEndpoint(i);
            if (stopped())
                return;
        }
    }
    if (m_preflightPending && m_pool.allSettled(now)) {
        m_preflightPending = false;
        Q_EMIT preflightPassed();
    }
    for (auto it = m_queue.begin(); it != m_queue.end();) {
        const int endpoint = m_pool.pick(it->failedOn, now);
        if (endpoint < 0) {
            if (!m_pool.hasFreeSlot(now))
                break; // no free slot anywhere
            ++it;      // this call waits for an endpoint it has not failed on
            continue;
        }
        PendingCall call = std::move(*it);
        it = m_queue.erase(it);
        dispatch(std::move(call), endpoint);
    }
    if (!m_queue.empty() || m_preflightPending) {
        const qint64 next = m_pool.nextChangeMs(now);
        if (next > now)
            m_wakeTimer.start(int(std::min<qint64>(next - now, 60000)));
    }
}

void HttpModelBackend::dispatch(PendingCall call, int endpoint)
{
    const bool embedding = call.request.embedding;
    const QString path = embedding ? embedPath() : chatPath();
    m_pool.acquire(endpoint);
    ++call.tries;
    call.lastEndpoint = endpoint;

    InFlight flight;
    flight.endpoint = endpoint;
    CallRequest wire = call.request;
    flight.withoutLogprobs =
        wire.topLogprobs > 0 && !(m_logprobsRefused.isEmpty() && call.logprobsRefusal.isEmpty());
    if (flight.withoutLogprobs)
        wire.topLogprobs = 0;
    flight.reader =
        embedding ? std::make_unique<EmbeddingReplyReader>(protocol()) : replyReader(wire);
    flight.call = std::move(call);

    QNetworkReply* sent = network()->post(
        BoundedReply::request(endpointUrl(endpoint, path), m_apiKey.authorization()),
        embedding ? embedBody(wire) : chatBody(wire));
    auto* reply =
        new BoundedReply(sent, BoundedReply::Body::Stream, m_config.maxReplyBytes,
                         failureContext(endpoint, path, timeoutMsFor(flight.call.request)));
    m_inFlight.emplace(reply, std::move(flight));
    connect(reply, &BoundedReply::bodyRead, this,
            [this, reply](const QByteArray& bytes) { onBodyRead(reply, bytes); });
    connect(reply, &BoundedReply::ended, this, [this, reply] { onReplyFinished(reply); });
}

void HttpModelBackend::onBodyRead(BoundedReply* reply, const QByteArray& bytes)
{
    const auto it = m_inFlight.find(reply);
    if (it != m_inFlight.end() && it->second.reader->feed(bytes))
        Q_EMIT partialReply(it->second.call.request.callIndex, it->second.reader->textSoFar());
}

void HttpModelBackend::onReplyFinished(BoundedReply* reply)
{
    auto node = m_inFlight.extract(reply);
    if (node.empty())
        return;
    InFlight flight = std::move(node.mapped());
    const int endpoint = flight.endpoint;
    m_pool.release(endpoint);
    flight.call.attempts += reply->timesSent();
    std::optional<HttpFailure> failure = reply->failure();
    // A server that sends headers and then trickles until the deadline has not answered.
    if (reply->headersSeen() && !(failure && failure->connectionLevel))
        m_pool.recordAnswer(endpoint);

    CallResult result;
    if (!failure)
        failure = flight.reader->finish(result, reply->context());
    if (failure && !stopped() &&
        (failure->httpStatus == 404 || failure->kind == QLatin1String("unknown-model"))) {
        confirmMissingModel(std::move(flight.call), endpoint, std::move(*failure));
        return;
    }
    if (failure && retriedWithoutLogprobs(flight, *failure))
        return;
    if (failure) {
        handleFailure(std::move(flight.call), endpoint, std::move(*failure));
        return;
    }
    // A reply that arrives after the run stopped because every endpoint went down is
    // still a genuine reply; calls of a run stopped for a changed model were aborted.
    result.request = flight.call.request;
    result.status = CallStatus::Ok;
    result.attempts = flight.call.attempts;
    result.endpoint = m_pool.url(endpoint).toDisplayString(QUrl::RemoveUserInfo);
    completeResult(endpoint, result);
    if (flight.withoutLogprobs) {
        if (m_logprobsRefused.isEmpty())
            m_logprobsRefused = flight.call.logprobsRefusal;
        result.details.insert(QStringLiteral("logprobs_problem"), logprobsProblem(flight.call));
    }
    callSucceeded(endpoint);
    emitResult(std::move(result));
    requestPump();
}

bool HttpModelBackend::retriedWithoutLogprobs(InFlight& flight, const HttpFailure& failure)
{
    if (stopped() || failure.httpStatus != 400 || flight.withoutLogprobs ||
        flight.call.request.topLogprobs <= 0)
        return false;
    flight.call.logprobsRefusal = scrubbed(failure.message);
    --flight.call.tries; // the server's answer to the fields, not a failed try of the call
    m_queue.push_front(std::move(flight.call));
    requestPump();
    return true;
}

QString HttpModelBackend::logprobsProblem(const PendingCall& call) const
{
    const QString why = call.logprobsRefusal.isEmpty() ? m_logprobsRefused : call.logprobsRefusal;
    return QStringLiteral("the server refused a request for log probabilities (%1), so the "
                          "calls were sent without them")
        .arg(why);
}

void HttpModelBackend::confirmMissingModel(PendingCall call, int endpoint, HttpFailure chat404)
{
    const quint64 id = m_nextWaitId++;
    BoundedReply* list = sendMetadataRequest(endpoint, modelListPath());
    m_confirming.emplace(id, Confirming{std::move(call), endpoint, std::move(chat404), list});
    connect(list, &BoundedReply::ended, this, [this, id] { readConfirmation(id); });
}

void HttpModelBackend::readConfirmation(quint64 id)
{
    auto node = m_confirming.extract(id);
    if (node.empty())
        return;
    Confirming confirming = std::move(node.mapped());
    HttpFailure judged = judgedChat404(confirming, confirming.list);
    handleFailure(std::move(confirming.call), confirming.endpoint, std::move(judged));
}

HttpFailure HttpModelBackend::judgedChat404(const Confirming& confirming, BoundedReply* list) const
{
    const HttpFailure::Context context = failureContext(confirming.endpoint, chatPath(), 0);
    const QString listPath = endpointUrl(confirming.endpoint, modelListPath()).path();
    if (const std::optional<HttpFailure>& listFailure = list->failure()) {
        // Neither the chat path nor the list is there: not this protocol at that address.
        if (listFailure->httpStatus == 404 && confirming.chat404.kind == QLatin1String("not-found"))
            return confirming.chat404;
        return HttpFailure::unconfirmedMissingModel(confirming.chat404, listPath,
                                                    listFailure->message, context);
    }
    const std::optional<QList<ModelInfo>> models = parseModelList(list->takeBody());
    if (!models)
        return HttpFailure::unconfirmedMissingModel(
            confirming.chat404, listPath, QStringLiteral("its body is not a model list"), context);
    if (!listsModel(*models))
        return modelMissing(confirming.endpoint, *models);
    return HttpFailure::unconfirmedMissingModel(confirming.chat404, listPath, QString(), context);
}

std::deque<HttpModelBackend::PendingCall> HttpModelBackend::takeOutstanding(bool takeInFlight)
{
    std::deque<PendingCall> taken = std::exchange(m_queue, {});
    for (auto& [id, call] : std::exchange(m_waiting, {}))
        taken.push_back(std::move(call));
    for (auto& [id, confirming] : std::exchange(m_confirming, {})) {
        confirming.list->drop();
        taken.push_back(std::move(confirming.call));
    }
    if (takeInFlight) {
        for (auto& [reply, flight] : std::exchange(m_inFlight, {})) {
            reply->drop();
            // Qt reports a send from its HTTP thread, so the report of a request already on
            // the wire may still be on its way: a try cut off here counts as sent.
            flight.call.attempts += std::max(1, reply->timesSent());
            m_pool.release(flight.endpoint);
            taken.push_back(std::move(flight.call));
        }
    }
    return taken;
}

void HttpModelBackend::handleFailure(PendingCall call, int endpoint, HttpFailure failure)
{
    failure.message = scrubbed(failure.message);
    call.failedOn.insert(endpoint);
    const qint64 now = nowMs();
    const bool newlyDead = failure.connectionLevel && m_pool.recordConnectionFailure(endpoint, now);
    if (!stopped() && m_retry.shouldRetry(failure, call.tries)) {
        const quint64 id = m_nextWaitId++;
        const int delay = m_retry.delayMs(call.tries, failure);
        m_waiting.emplace(id, std::move(call));
        QTimer::singleShot(delay, this, [this, id] {
            auto waited = m_waiting.extract(id);
            if (waited.empty())
                return;
            m_queue.push_front(std::move(waited.mapped()));
            pump();
        });
    } else {
        finishFailed(call, failure);
    }
    if (failure.stopsRun)
        stopRun(failure);
    else if (newlyDead && m_pool.allDown(now))
        stopRun(allEndpointsDown(failure), false);
    requestPump();
}

void HttpModelBackend::finishFailed(const PendingCall& call, const HttpFailure& failure)
{
    CallResult result;
    result.request = call.request;
    result.status = CallStatus::Failed;
    result.error = failure.message;
    result.errorKind = failure.kind;
    result.attempts = call.attempts;
    if (call.lastEndpoint >= 0)
        result.endpoint = m_pool.url(call.lastEndpoint).toDisplayString(QUrl::RemoveUserInfo);
    emitResult(std::move(result));
}

void HttpModelBackend::emitResult(CallResult result)
{
    result.finishedAt = QDateTime::currentDateTimeUtc();
    result.backend = name();
    m_callsSinceIdle = true;
    armIdleCheck();
    Q_EMIT finished(result);
}

void HttpModelBackend::armIdleCheck()
{
    if (!hasWork() && !stopped())
        m_idleTimer.start(std::max(0, m_config.idleDigestCheckMs));
}

bool HttpModelBackend::hasWork() const
{
    return !m_queue.empty() || !m_waiting.empty() || !m_confirming.empty() || !m_inFlight.empty();
}

std::optional<HttpFailure> HttpModelBackend::missingApiKey() const
{
    if (!m_apiKey.missing())
        return std::nullopt;
    HttpFailure failure;
    failure.kind = QStringLiteral("no-api-key");
    failure.message = QStringLiteral("the environment variable %1 named by api_key_env is not "
                                     "set; export it in the shell that starts probebench")
                          .arg(m_config.apiKeyEnv);
    failure.stopsRun = true;
    return failure;
}

HttpFailure HttpModelBackend::allEndpointsDown(const HttpFailure& last) const
{
    HttpFailure failure = last;
    if (last.kind == QLatin1String("timeout")) {
        const QString how =
            m_pool.size() <= 1
                ? QStringLiteral("%1 tries in a row got no reply in time (%2)")
                      .arg(m_config.deadAfterFailures)
                      .arg(last.message)
                : QStringLiteral("each of the %1 endpoints left %2 tries in a row unanswered; "
                                 "the last: %3")
                      .arg(m_pool.size())
                      .arg(m_config.deadAfterFailures)
                      .arg(last.message);
        failure.message = how + QStringLiteral(". The server takes calls but does not answer: "
                                               "check that the model is loaded and not stuck "
                                               "(`ollama ps`), or raise the timeout if it is only "
                                               "slow, then run the same command again to continue");
        return failure;
    }
    if (m_pool.size() <= 1)
        return last;
    failure.message = QStringLiteral("none of the %1 endpoints answers; the last one said: %2")
                          .arg(m_pool.size())
                          .arg(last.message);
    return failure;
}

int HttpModelBackend::timeoutMsFor(const CallRequest& request) const
{
    if (request.timeoutSeconds <= 0.0)
        return 0;
    return int(std::max(1.0, std::round(request.timeoutSeconds * 1000.0)));
}

} // namespace pb
