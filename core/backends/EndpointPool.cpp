#include "backends/EndpointPool.h"

#include <algorithm>

namespace pb {

EndpointPool::EndpointPool(const QList<QUrl>& urls, int concurrency, int deadAfterFailures,
                           int cooldownMs)
    : m_concurrency(std::max(1, concurrency)), m_deadAfterFailures(std::max(1, deadAfterFailures)),
      m_cooldownMs(std::max(0, cooldownMs))
{
    for (const QUrl& url : urls) {
        Endpoint endpoint;
        endpoint.url = url;
        m_endpoints.append(endpoint);
    }
}

int EndpointPool::totalInFlight() const
{
    int total = 0;
    for (const Endpoint& endpoint : m_endpoints)
        total += endpoint.inFlight;
    return total;
}

void EndpointPool::setReadiness(int index, Readiness readiness)
{
    m_endpoints[index].readiness = readiness;
}

bool EndpointPool::mayPrepare(int index, qint64 nowMs) const
{
    const Endpoint& endpoint = m_endpoints.at(index);
    return endpoint.readiness == Readiness::Unprepared && isUsable(index, nowMs) &&
           nowMs >= endpoint.prepareNotBeforeMs;
}

void EndpointPool::deferPreparation(int index, qint64 notBeforeMs)
{
    m_endpoints[index].prepareNotBeforeMs = notBeforeMs;
}

bool EndpointPool::isDead(int index, qint64 nowMs) const
{
    return nowMs < m_endpoints.at(index).deadUntilMs;
}

bool EndpointPool::isUsable(int index, qint64 nowMs) const
{
    return m_endpoints.at(index).readiness != Readiness::Disabled && !isDead(index, nowMs);
}

bool EndpointPool::allDown(qint64 nowMs) const
{
    for (int i = 0; i < size(); ++i) {
        if (isUsable(i, nowMs))
            return false;
    }
    return true;
}

bool EndpointPool::allSettled(qint64 nowMs) const
{
    for (int i = 0; i < size(); ++i) {
        if (isUsable(i, nowMs) && readiness(i) != Readiness::Ready)
            return false;
    }
    return true;
}

int EndpointPool::pick(const QSet<int>& avoid, qint64 nowMs)
{
    bool freshExists = false;
    for (int i = 0; i < size(); ++i) {
        if (isUsable(i, nowMs) && !avoid.contains(i))
            freshExists = true;
    }
    int best = -1;
    for (int step = 0; step < size(); ++step) {
        const int i = (m_nextStart + step) % size();
        const Endpoint& endpoint = m_endpoints.at(i);
        if (!isUsable(i, nowMs) || endpoint.readiness != Readiness::Ready ||
            endpoint.inFlight >= m_concurrency)
            continue;
        if (freshExists && avoid.contains(i))
            continue;
        if (best < 0 || endpoint.inFlight < m_endpoints.at(best).inFlight)
            best = i;
    }
    if (best >= 0)
        m_nextStart = (best + 1) % size();
    return best;
}

bool EndpointPool::hasFreeSlot(qint64 nowMs) const
{
    for (int i = 0; i < size(); ++i) {
        const Endpoint& endpoint = m_endpoints.at(i);
        if (isUsable(i, nowMs) && endpoint.readiness == Readiness::Ready &&
            endpoint.inFlight < m_concurrency)
            return true;
    }
    return false;
}

void EndpointPool::acquire(int index)
{
    ++m_endpoints[index].inFlight;
}

void EndpointPool::release(int index)
{
    Endpoint& endpoint = m_endpoints[index];
    endpoint.inFlight = std::max(0, endpoint.inFlight - 1);
}

bool EndpointPool::recordConnectionFailure(int index, qint64 nowMs)
{
    Endpoint& endpoint = m_endpoints[index];
    ++endpoint.connectionFailures;
    if (endpoint.connectionFailures < m_deadAfterFailures || isDead(index, nowMs))
        return false;
    endpoint.deadUntilMs = nowMs + m_cooldownMs;
    return true;
}

void EndpointPool::recordAnswer(int index)
{
    m_endpoints[index].connectionFailures = 0;
}

qint64 EndpointPool::nextChangeMs(qint64 nowMs) const
{
    qint64 next = -1;
    const auto consider = [&](qint64 at) {
        if (at > nowMs && (next < 0 || at < next))
            next = at;
    };
    for (const Endpoint& endpoint : m_endpoints) {
        if (endpoint.readiness == Readiness::Disabled)
            continue;
        consider(endpoint.deadUntilMs);
        if (endpoint.readiness == Readiness::Unprepared)
            consider(endpoint.prepareNotBeforeMs);
    }
    return next;
}

} // namespace pb
