#pragma once

#include <QList>
#include <QSet>
#include <QUrl>

namespace pb {

// The endpoints serving one model and what the backend knows about each: how many calls
// it has in flight, whether it is ready (Ollama endpoints are checked before their first
// call), and whether it keeps refusing connections. An endpoint with deadAfterFailures
// connection failures in a row is dead for the cool-down; after it, one more failure
// kills it again, while any answer (even an HTTP error) clears the count. Times are
// milliseconds on one monotonic clock supplied by the caller, so tests control time.
class EndpointPool
{
public:
    enum class Readiness
    {
        Unprepared, // not checked yet, or the last check failed and may be repeated
        Preparing,  // a check is under way
        Ready,      // calls may go here
        Disabled    // will never be used in this run (answers in another protocol)
    };

    EndpointPool(const QList<QUrl>& urls, int concurrency, int deadAfterFailures, int cooldownMs);

    int size() const { return int(m_endpoints.size()); }
    int concurrency() const { return m_concurrency; }
    QUrl url(int index) const { return m_endpoints.at(index).url; }
    int inFlight(int index) const { return m_endpoints.at(index).inFlight; }
    int totalInFlight() const;

    Readiness readiness(int index) const { return m_endpoints.at(index).readiness; }
    void setReadiness(int index, Readiness readiness);
    // An unprepared, live endpoint whose last check failed waits until notBeforeMs.
    bool mayPrepare(int index, qint64 nowMs) const;
    void deferPreparation(int index, qint64 notBeforeMs);

    bool isDead(int index, qint64 nowMs) const;
    bool isUsable(int index, qint64 nowMs) const; // neither dead nor disabled
    bool allDown(qint64 nowMs) const;             // every endpoint dead or disabled
    // Every endpoint ready or out of use (dead, disabled): nothing is left to check first.
    bool allSettled(qint64 nowMs) const;

    // The endpoint for the next call: ready, usable and with a free slot, the least loaded
    // first and round-robin among equals. Endpoints in `avoid` (where this call already
    // failed) are used only when no usable endpoint outside it exists. -1 when none fits.
    int pick(const QSet<int>& avoid, qint64 nowMs);
    bool hasFreeSlot(qint64 nowMs) const;
    void acquire(int index);
    void release(int index);

    // Returns true when this failure is the one that marks the endpoint dead.
    bool recordConnectionFailure(int index, qint64 nowMs);
    void recordAnswer(int index);
    // When the next dead endpoint comes back or a deferred check may start; -1 if never.
    qint64 nextChangeMs(qint64 nowMs) const;

private:
    struct Endpoint
    {
        QUrl url;
        int inFlight = 0;
        int connectionFailures = 0;
        qint64 deadUntilMs = -1;
        qint64 prepareNotBeforeMs = 0;
        Readiness readiness = Readiness::Unprepared;
    };

    QList<Endpoint> m_endpoints;
    int m_concurrency;
    int m_deadAfterFailures;
    int m_cooldownMs;
    int m_nextStart = 0;
};

} // namespace pb
