#include "backends/HttpModelBackend.h"

#include <QDateTime>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QThread>
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
    // Replies still running would otherwise report into a half-destroyed backend while
    // the access manager deletes them.
    if (m_network) {
        const QList<QNetworkReply*> replies = m_network->findChildren<QNetworkReply*>();
        for (QNetworkReply* reply : replies) {
            reply->disconnect(this);
            reply->abort();
        }
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
    std::deque<PendingCall> cancelled = std::exchange(m_queue, {});
    for (auto& [id, call] : std::exchange(m_waiting, {}))
        cancelled.push_back(std::move(call));
    for (auto& [reply, flight] : std::exchange(m_inFlight, {})) {
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
        m_pool.release(flight.endpoint);
        cancelled.push_back(std::move(flight.call));
    }
    m_wakeTimer.stop();
    for (const PendingCall& call : cancelled)
        finishFailed(call, HttpFailure::cancelled());
}

void HttpModelBackend::prepareEndpoint(int endpoint)
{
    endpointReady(endpoint);
}

void HttpModelBackend::completeResult(int, CallResult&) const
{
}

HttpFailure HttpModelBackend::refineFailure(int, const HttpFailure& failure) const
{
    return failure;
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

QNetworkRequest HttpModelBackend::jsonRequest(const QUrl& url, int timeoutMs) const
{
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Accept", "application/json, application/x-ndjson");
    request.setTransferTimeout(timeoutMs);
    const QByteArray authorization = m_apiKey.authorization();
    if (!authorization.isEmpty())
        request.setRawHeader("Authorization", authorization);
    return request;
}

QNetworkReply* HttpModelBackend::sendMetadataRequest(int endpoint, const QString& path,
                                                     const QByteArray& body)
{
    const QNetworkRequest request =
        jsonRequest(endpointUrl(endpoint, path), m_config.metadataTimeoutMs);
    return body.isEmpty() ? network()->get(request) : network()->post(request, body);
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

    std::deque<PendingCall> failed = std::exchange(m_queue, {});
    for (auto& [id, call] : std::exchange(m_waiting, {}))
        failed.push_back(std::move(call));
    if (abortInFlight) {
        for (auto& [reply, flight] : std::exchange(m_inFlight, {})) {
            reply->disconnect(this);
            reply->abort();
            reply->deleteLater();
            m_pool.release(flight.endpoint);
            failed.push_back(std::move(flight.call));
        }
    }
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
    if (m_queue.empty())
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
    if (!m_queue.empty()) {
        const qint64 next = m_pool.nextChangeMs(now);
        if (next > now)
            m_wakeTimer.start(int(std::min<qint64>(next - now, 60000)));
    }
}

void HttpModelBackend::dispatch(PendingCall call, int endpoint)
{
    const int timeoutMs = timeoutMsFor(call.request);
    const QString path = chatPath();
    m_pool.acquire(endpoint);
    ++call.attempts;
    call.lastEndpoint = endpoint;

    InFlight flight;
    flight.endpoint = endpoint;
    flight.reader = replyReader(call.request);
    flight.context = failureContext(endpoint, path, timeoutMs);
    flight.call = std::move(call);

    QNetworkReply* reply = network()->post(jsonRequest(endpointUrl(endpoint, path), timeoutMs),
                                           chatBody(flight.call.request));
    m_inFlight.emplace(reply, std::move(flight));
    connect(reply, &QNetworkReply::readyRead, this, [this, reply] { onReadyRead(reply); });
    connect(reply, &QNetworkReply::finished, this, [this, reply] { onReplyFinished(reply); });
}

void HttpModelBackend::onReadyRead(QNetworkReply* reply)
{
    const auto it = m_inFlight.find(reply);
    if (it == m_inFlight.end())
        return;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status < 200 || status >= 300)
        return; // an error body is read whole when the reply finishes
    if (it->second.reader->feed(reply->readAll()))
        Q_EMIT partialReply(it->second.call.request.callIndex, it->second.reader->textSoFar());
}

void HttpModelBackend::onReplyFinished(QNetworkReply* reply)
{
    auto node = m_inFlight.extract(reply);
    if (node.empty())
        return;
    reply->deleteLater();
    InFlight flight = std::move(node.mapped());
    const int endpoint = flight.endpoint;
    m_pool.release(endpoint);
    if (reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).isValid())
        m_pool.recordAnswer(endpoint);

    // Qt closes a reply it aborted itself (transfer timeout); reading it would only warn.
    const QByteArray rest = reply->isOpen() ? reply->readAll() : QByteArray();
    std::optional<HttpFailure> failure = HttpFailure::fromReply(reply, rest, flight.context);
    CallResult result;
    if (failure) {
        failure = refineFailure(endpoint, *failure);
    } else {
        flight.reader->feed(rest);
        failure = flight.reader->finish(result, flight.context);
    }
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
    callSucceeded(endpoint);
    emitResult(std::move(result));
    requestPump();
}

void HttpModelBackend::handleFailure(PendingCall call, int endpoint, HttpFailure failure)
{
    failure.message = scrubbed(failure.message);
    call.failedOn.insert(endpoint);
    const qint64 now = nowMs();
    const bool newlyDead = failure.connectionLevel && m_pool.recordConnectionFailure(endpoint, now);
    if (!stopped() && m_retry.shouldRetry(failure, call.attempts)) {
        const quint64 id = m_nextWaitId++;
        const int delay = m_retry.delayMs(call.attempts, failure);
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
    return !m_queue.empty() || !m_waiting.empty() || !m_inFlight.empty();
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
                ? QStringLiteral("%1 tries in a row got no reply (%2)")
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
