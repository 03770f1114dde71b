#pragma once

#include "backends/HttpFailure.h"

#include <QRandomGenerator>

namespace pb {

// When a failed call is tried again, and after how long. Transient failures (nothing
// answered, connection closed, timeout, HTTP 5xx or 429, a body that is not the protocol)
// are retried up to maxTries in total; permanent ones (HTTP 400/401/403/404) never are.
// The wait before try n+1 is base * 2^(n-1), scaled by a random factor in [0.5, 1.5) so
// that calls failing together do not come back together.
class RetryPolicy
{
public:
    RetryPolicy(int maxTries, int baseDelayMs, int maxDelayMs);

    int maxTries() const { return m_maxTries; }
    // Whether a call that has been tried `attempts` times and just failed this way
    // should be tried again.
    bool shouldRetry(const HttpFailure& failure, int attempts) const;
    // Milliseconds to wait after the attempts-th failure, honouring the server's
    // Retry-After when it asks for longer.
    int delayMs(int attempts, const HttpFailure& failure);
    // The same wait without a server's say: base * 2^(attempts-1), jittered, capped.
    int backoffMs(int attempts);

private:
    int m_maxTries;
    int m_baseDelayMs;
    int m_maxDelayMs;
    QRandomGenerator m_jitter;
};

} // namespace pb
