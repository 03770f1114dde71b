#include "backends/RetryPolicy.h"

#include <algorithm>
#include <cmath>

namespace pb {

RetryPolicy::RetryPolicy(int maxTries, int baseDelayMs, int maxDelayMs)
    : m_maxTries(std::max(1, maxTries)), m_baseDelayMs(std::max(0, baseDelayMs)),
      m_maxDelayMs(std::max(0, maxDelayMs)), m_jitter(QRandomGenerator::securelySeeded())
{
}

bool RetryPolicy::shouldRetry(const HttpFailure& failure, int attempts) const
{
    return failure.transient && !failure.stopsRun && attempts < m_maxTries;
}

int RetryPolicy::delayMs(int attempts, const HttpFailure& failure)
{
    int wait = backoffMs(attempts);
    if (failure.retryAfterMs > 0)
        wait = std::max(wait, std::min(failure.retryAfterMs, m_maxDelayMs));
    return wait;
}

int RetryPolicy::backoffMs(int attempts)
{
    const double exponential = m_baseDelayMs * std::pow(2.0, std::max(0, attempts - 1));
    const double jittered = exponential * (0.5 + m_jitter.generateDouble());
    return int(std::lround(std::min(jittered, double(m_maxDelayMs))));
}

} // namespace pb
