#pragma once

#include "run/CallResult.h"

#include <QObject>

namespace pb {

// A source of replies. Lives on the runner's thread; submit() never blocks and every
// submitted request ends in exactly one finished() (Failed if it could not be answered,
// including after cancelAll()). Retries of transient failures happen inside the backend,
// so finished() carries the final outcome and the number of attempts it took.
class ModelBackend : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    ~ModelBackend() override = default;

    // Short identifier logged with each call: "stand-in", "ollama", "openai".
    virtual QString name() const = 0;
    // How many requests may be outstanding at once (all endpoints together).
    virtual int capacity() const = 0;
    virtual void submit(const CallRequest& request) = 0;
    // Abort everything outstanding; each aborted request still gets its finished().
    virtual void cancelAll() = 0;
    // How long the runner waits before asking again in the same conversation after the
    // repliesSoFar-th reply of a call did not validate. A server answering junk may be
    // overloaded, so a remote backend backs off as it does before retrying a failed try;
    // a local model gains nothing from waiting, hence 0 here.
    virtual int askAgainDelayMs(int repliesSoFar)
    {
        (void)repliesSoFar;
        return 0;
    }
    // Checks now, before any call is sent, what the first call would otherwise find out on
    // the way: that the model is served and is the run's (its digest, on every endpoint).
    // Ends in exactly one preflightPassed() or fatalError(), never from inside preflight();
    // calls submitted meanwhile wait for it as they would for their endpoint. The default has
    // nothing to check.
    virtual void preflight()
    {
        QMetaObject::invokeMethod(
            this, [this] { Q_EMIT preflightPassed(); }, Qt::QueuedConnection);
    }

Q_SIGNALS:
    void finished(const pb::CallResult& result);
    // Streaming backends report text as it arrives; others never emit this.
    void partialReply(quint64 callIndex, const QString& textSoFar);
    // A problem that makes further calls pointless (server gone, model digest changed).
    void fatalError(const QString& message);
    // The preflight() found nothing that stops the run.
    void preflightPassed();
};

} // namespace pb
