#pragma once

#include "backends/ApiKey.h"
#include "backends/BackendConfig.h"
#include "backends/BoundedReply.h"
#include "backends/EndpointPool.h"
#include "backends/HttpFailure.h"
#include "backends/ModelBackend.h"
#include "backends/ModelInfo.h"
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

namespace pb {

// The HTTP transport shared by the Ollama and OpenAI backends. It owns the queue of
// submitted calls and keeps at most `concurrency` of them in flight per endpoint, the
// least loaded live endpoint first. A failed try is retried after a jittered backoff
// (RetryPolicy), on another endpoint when there is one; an endpoint that keeps refusing
// connections is dead for a cool-down and the run stops only when every endpoint is.
// Problems that doom every call (unknown model, rejected key, changed model) stop the
// run: fatalError() once, then every outstanding and later call finishes Failed with
// that error. A 404 on the chat path is such a problem only when the server's model list,
// asked then, confirms that the model is not there; otherwise it is one failed try.
//
// Threading: lives on the runner's thread. The QNetworkAccessManager is created on first
// use, on that thread; nothing here blocks or spins a nested event loop. submit() only
// queues: finished() is never emitted from inside submit(). cancelAll() emits finished()
// for everything outstanding before it returns. Destroy the backend on its own thread,
// after cancelAll(): outstanding calls are dropped silently by the destructor.
//
// A request that asks for log probabilities and gets HTTP 400 is sent once more at once
// without them (some OpenAI-compatible servers refuse the fields outright); when that try
// succeeds the refusal is taken as the server's answer, every later call goes without them,
// and each such reply carries details["logprobs_problem"] saying so, so a choice probe reads
// it as a sample and its report says why. A 400 the second time is an ordinary failure.
//
// Every exchange is a BoundedReply: a try fails when it has not ended timeoutSeconds after
// it was handed to Qt (<= 0: no deadline), however steadily bytes arrive; a body over
// maxReplyBytes fails the call ("reply-too-large"); a redirect is never followed. A call's
// `attempts` counts the times its request went onto the wire, Qt's own silent resends
// included, so it equals what the servers received: a try whose connection was refused
// sent nothing, and a call failed before it could be sent has attempts 0. A try cut off in
// flight (cancelAll(), a stopped run) counts as sent at least once: Qt's report of the send
// comes from its HTTP thread and may not have arrived yet.
class HttpModelBackend : public ModelBackend
{
    Q_OBJECT
public:
    HttpModelBackend(const BackendConfig& config, QObject* parent = nullptr);
    ~HttpModelBackend() override;

    int capacity() const override;
    void submit(const CallRequest& request) override;
    void cancelAll() override;
    // Prepares every endpoint (for Ollama: the model is pulled and has the run's digest) and
    // passes once each is ready or out of use; a problem stops the run as it would a call.
    void preflight() override;
    // The transport's backoff (RetryPolicy) before a follow-up to a reply that did not
    // validate.
    int askAgainDelayMs(int repliesSoFar) override { return m_retry.backoffMs(repliesSoFar); }

    const BackendConfig& config() const { return m_config; }

protected:
    virtual WireProtocol protocol() const = 0;
    // Path of the chat call, appended to the endpoint's base path.
    virtual QString chatPath() const = 0;
    virtual QByteArray chatBody(const CallRequest& request) const = 0;
    virtual std::unique_ptr<ReplyReader> replyReader(const CallRequest& request) const = 0;
    // The embedding call (CallRequest::embedding): its path and body; its reply is read by an
    // EmbeddingReplyReader of protocol().
    virtual QString embedPath() const = 0;
    virtual QByteArray embedBody(const CallRequest& request) const = 0;
    // The protocol's list of the models a server has, asked when a chat call gets a 404.
    virtual QString modelListPath() const = 0;
    virtual std::optional<QList<ModelInfo>> parseModelList(const QByteArray& body) const = 0;
    // Whether the list has the model the calls name (the default: by exact name).
    virtual bool listsModel(const QList<ModelInfo>& models) const;
    // The failure that stops the run once the list confirms the model is not there.
    virtual HttpFailure modelMissing(int endpoint, const QList<ModelInfo>& models) const;

    // Called once an endpoint has work and before its first call; must end, now or
    // later, in endpointReady() or endpointPreparationFailed(). The default is ready.
    virtual void prepareEndpoint(int endpoint);
    // Adds what is known about the endpoint (digest, server version) to a good result.
    virtual void completeResult(int endpoint, CallResult& result) const;
    virtual void callSucceeded(int endpoint);
    // Nothing queued or in flight for idleDigestCheckMs after at least one call.
    virtual void becameIdle();

    QNetworkAccessManager* network();
    int endpointCount() const { return m_pool.size(); }
    QUrl endpointBase(int endpoint) const { return m_pool.url(endpoint); }
    QUrl endpointUrl(int endpoint, const QString& path) const;
    bool endpointReadyForCalls(int endpoint) const;
    HttpFailure::Context failureContext(int endpoint, const QString& path, int timeoutMs) const;
    // GET path, or POST body as JSON when body is not empty, with the API key (read now
    // from the environment), the metadata timeout and the reply cap; the body is kept.
    BoundedReply* sendMetadataRequest(int endpoint, const QString& path,
                                      const QByteArray& body = QByteArray());

    void endpointReady(int endpoint);
    void endpointPreparationFailed(int endpoint, const HttpFailure& failure);
    // Emits fatalError(failure.message) once and fails every outstanding call with it;
    // calls in flight are aborted unless abortInFlight is false.
    void stopRun(const HttpFailure& failure, bool abortInFlight = true);
    bool stopped() const { return m_stop.has_value(); }
    // "a, b, c and 17 more", or "none".
    static QString listedNames(const QList<ModelInfo>& models);
    // Removes the API key's value from text that may have come from a server.
    QString scrubbed(QString text) const;
    qint64 nowMs() const { return m_clock.elapsed(); }

private:
    struct PendingCall
    {
        CallRequest request;
        int tries = 0;    // dispatched by this backend; what the retry policy counts
        int attempts = 0; // requests on the wire, as recorded
        int lastEndpoint = -1;
        QSet<int> failedOn;
        QString logprobsRefusal; // the 400 this call's logprobs request got; sent without them
    };
    struct InFlight
    {
        PendingCall call;
        int endpoint = -1;
        std::unique_ptr<ReplyReader> reader;
        bool withoutLogprobs = false; // the call asked for them; this try did not send them
    };
    // A call whose chat try got a 404, waiting for the model list that decides what it means.
    struct Confirming
    {
        PendingCall call;
        int endpoint = -1;
        HttpFailure chat404;
        BoundedReply* list = nullptr;
    };

    void requestPump();
    void pump();
    void pumpOnce();
    void dispatch(PendingCall call, int endpoint);
    void onBodyRead(BoundedReply* reply, const QByteArray& bytes);
    void onReplyFinished(BoundedReply* reply);
    void confirmMissingModel(PendingCall call, int endpoint, HttpFailure chat404);
    void readConfirmation(quint64 id);
    HttpFailure judgedChat404(const Confirming& confirming, BoundedReply* list) const;
    // Everything queued, waiting, confirming or in flight, taken out; in-flight and
    // confirming exchanges are dropped, their sends counted.
    std::deque<PendingCall> takeOutstanding(bool takeInFlight);
    void handleFailure(PendingCall call, int endpoint, HttpFailure failure);
    void finishFailed(const PendingCall& call, const HttpFailure& failure);
    void emitResult(CallResult result);
    void armIdleCheck();
    bool hasWork() const;
    std::optional<HttpFailure> missingApiKey() const;
    HttpFailure allEndpointsDown(const HttpFailure& last) const;
    int timeoutMsFor(const CallRequest& request) const;
    // Whether a failed try is the server refusing the logprobs fields: then the call goes
    // again at once without them.
    bool retriedWithoutLogprobs(InFlight& flight, const HttpFailure& failure);
    QString logprobsProblem(const PendingCall& call) const;

    BackendConfig m_config;
    EndpointPool m_pool;
    RetryPolicy m_retry;
    ApiKey m_apiKey;
    QNetworkAccessManager* m_network = nullptr;
    QElapsedTimer m_clock;
    std::deque<PendingCall> m_queue;
    std::map<quint64, PendingCall> m_waiting; // between a failed try and the next
    quint64 m_nextWaitId = 0;                 // for m_waiting and m_confirming
    std::unordered_map<BoundedReply*, InFlight> m_inFlight;
    std::map<quint64, Confirming> m_confirming;
    QList<int> m_preparationFailures;
    std::optional<HttpFailure> m_stop;
    QString m_logprobsRefused; // confirmed: a request without them then succeeded
    // Parented to the backend so that they move with it to the runner's thread.
    QTimer m_wakeTimer; // a dead endpoint returns or a deferred check may start
    QTimer m_idleTimer;
    bool m_pumpPosted = false; // coalesces submits into one pump
    bool m_pumping = false;
    bool m_pumpAgain = false;
    bool m_callsSinceIdle = false;
    bool m_preflightPending = false; // preflight() asked; endpoints are prepared without calls
};

} // namespace pb
