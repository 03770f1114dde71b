#pragma once

#include "backends/ApiKey.h"
#include "backends/BackendConfig.h"
#include "backends/EndpointPool.h"
#include "backends/HttpFailure.h"
#include "backends/ModelBackend.h"
#include "backends/ReplyReader.h"
#include "backends/RetryPolicy.h"
#include "backends/WireProtocol.h"

#include <QElapsedTimer>
#include <QSet>
#include <QTimer>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <unordered_map>

class QNetworkAccessManager;
class QNetworkReply;
class QNetworkRequest;

namespace pb {

// The HTTP transport shared by the Ollama and OpenAI backends. It owns the queue of
// submitted calls and keeps at most `concurrency` of them in flight per endpoint, the
// least loaded live endpoint first. A failed try is retried after a jittered backoff
// (RetryPolicy), on another endpoint when there is one; an endpoint that keeps refusing
// connections is dead for a cool-down and the run stops only when every endpoint is.
// Problems that doom every call (unknown model, rejected key, changed model) stop the
// run: fatalError() once, then every outstanding and later call finishes Failed with
// that error.
//
// Threading: lives on the runner's thread. The QNetworkAccessManager is created on first
// use, on that thread; nothing here blocks or spins a nested event loop. submit() only
// queues: finished() is never emitted from inside submit(). cancelAll() emits finished()
// for everything outstanding before it returns. Destroy the backend on its own thread,
// after cancelAll(): outstanding calls are dropped silently by the destructor.
//
// A call's `attempts` counts the times it was sent; a call failed before it could be
// sent (the run stopped first) has attempts 0. Timeouts are Qt transfer timeouts: a
// call fails when no byte has arrived for timeoutSeconds (<= 0: no timeout).
class HttpModelBackend : public ModelBackend
{
    Q_OBJECT
public:
    HttpModelBackend(const BackendConfig& config, QObject* parent = nullptr);
    ~HttpModelBackend() override;

    int capacity() const override;
    void submit(const CallRequest& request) override;
    void cancelAll() override;

    const BackendConfig& config() const { return m_config; }

protected:
    virtual WireProtocol protocol() const = 0;
    // Path of the chat call, appended to the endpoint's base path.
    virtual QString chatPath() const = 0;
    virtual QByteArray chatBody(const CallRequest& request) const = 0;
    virtual std::unique_ptr<ReplyReader> replyReader(const CallRequest& request) const = 0;

    // Called once an endpoint has work and before its first call; must end, now or
    // later, in endpointReady() or endpointPreparationFailed(). The default is ready.
    virtual void prepareEndpoint(int endpoint);
    // Adds what is known about the endpoint (digest, server version) to a good result.
    virtual void completeResult(int endpoint, CallResult& result) const;
    // Lets a protocol reword a failure of a chat call (e.g. list the models it has).
    virtual HttpFailure refineFailure(int endpoint, const HttpFailure& failure) const;
    virtual void callSucceeded(int endpoint);
    // Nothing queued or in flight for idleDigestCheckMs after at least one call.
    virtual void becameIdle();

    QNetworkAccessManager* network();
    int endpointCount() const { return m_pool.size(); }
    QUrl endpointBase(int endpoint) const { return m_pool.url(endpoint); }
    QUrl endpointUrl(int endpoint, const QString& path) const;
    bool endpointReadyForCalls(int endpoint) const;
    HttpFailure::Context failureContext(int endpoint, const QString& path, int timeoutMs) const;
    // A JSON request to url with the API key (read now from the environment) and a
    // transfer timeout.
    QNetworkRequest jsonRequest(const QUrl& url, int timeoutMs) const;
    // GET path, or POST body as JSON when body is not empty, with the metadata timeout.
    QNetworkReply* sendMetadataRequest(int endpoint, const QString& path,
                                       const QByteArray& body = QByteArray());

    void endpointReady(int endpoint);
    void endpointPreparationFailed(int endpoint, const HttpFailure& failure);
    // Emits fatalError(failure.message) once and fails every outstanding call with it;
    // calls in flight are aborted unless abortInFlight is false.
    void stopRun(const HttpFailure& failure, bool abortInFlight = true);
    bool stopped() const { return m_stop.has_value(); }
    // Removes the API key's value from text that may have come from a server.
    QString scrubbed(QString text) const;
    qint64 nowMs() const { return m_clock.elapsed(); }

private:
    struct PendingCall
    {
        CallRequest request;
        int attempts = 0;
        int lastEndpoint = -1;
        QSet<int> failedOn;
    };
    struct InFlight
    {
        PendingCall call;
        int endpoint = -1;
        std::unique_ptr<ReplyReader> reader;
        HttpFailure::Context context;
    };

    void requestPump();
    void pump();
    void pumpOnce();
    void dispatch(PendingCall call, int endpoint);
    void onReadyRead(QNetworkReply* reply);
    void onReplyFinished(QNetworkReply* reply);
    void handleFailure(PendingCall call, int endpoint, HttpFailure failure);
    void finishFailed(const PendingCall& call, const HttpFailure& failure);
    void emitResult(CallResult result);
    void armIdleCheck();
    bool hasWork() const;
    std::optional<HttpFailure> missingApiKey() const;
    HttpFailure allEndpointsDown(const HttpFailure& last) const;
    int timeoutMsFor(const CallRequest& request) const;

    BackendConfig m_config;
    EndpointPool m_pool;
    RetryPolicy m_retry;
    ApiKey m_apiKey;
    QNetworkAccessManager* m_network = nullptr;
    QElapsedTimer m_clock;
    std::deque<PendingCall> m_queue;
    std::map<quint64, PendingCall> m_waiting; // between a failed try and the next
    quint64 m_nextWaitId = 0;
    std::unordered_map<QNetworkReply*, InFlight> m_inFlight;
    QList<int> m_preparationFailures;
    std::optional<HttpFailure> m_stop;
    // Parented to the backend so that they move with it to the runner's thread.
    QTimer m_wakeTimer; // a dead endpoint returns or a deferred check may start
    QTimer m_idleTimer;
    bool m_pumpPosted = false; // coalesces submits into one pump
    bool m_pumping = false;
    bool m_pumpAgain = false;
    bool m_callsSinceIdle = false;
};

} // namespace pb
