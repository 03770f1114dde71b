#include "FakeRunner.h"

#include <QEventLoop>
#include <QTimer>
#include <climits>

namespace pb::test {

FakeRunner::FakeRunner(ModelBackend* backend, QObject* parent) : QObject(parent), m_backend(backend)
{
    connect(backend, &ModelBackend::finished, this, &FakeRunner::onFinished);
    connect(backend, &ModelBackend::fatalError, this,
            [this](const QString& message) { m_fatalErrors.append(message); });
    connect(backend, &ModelBackend::partialReply, this,
            [this](quint64 callIndex, const QString& text) {
                ++m_partialCount;
                m_lastPartial.insert(callIndex, text);
            });
}

void FakeRunner::run(const QList<CallRequest>& requests, bool allAtOnce)
{
    m_allAtOnce = allAtOnce;
    m_pending.insert(m_pending.end(), requests.begin(), requests.end());
    submitMore();
}

bool FakeRunner::waitForAll(int timeoutMs)
{
    // QTest::qWaitFor sleeps 10 ms between turns, which would also slow the fake server
    // on this thread; an event loop woken by each finish keeps both at full speed.
    if (allFinished())
        return true;
    QEventLoop loop;
    QTimer deadline;
    deadline.setSingleShot(true);
    connect(&deadline, &QTimer::timeout, &loop, &QEventLoop::quit);
    const QMetaObject::Connection progress = connect(this, &FakeRunner::progressed, &loop, [&] {
        if (allFinished())
            loop.quit();
    });
    deadline.start(timeoutMs);
    loop.exec();
    disconnect(progress);
    return allFinished();
}

bool FakeRunner::allFinished() const
{
    if (!m_pending.empty())
        return false;
    for (auto it = m_submitted.begin(); it != m_submitted.end(); ++it) {
        if (m_finishCounts.value(it.key()) == 0)
            return false;
    }
    return true;
}

std::optional<CallResult> FakeRunner::resultFor(quint64 callIndex) const
{
    for (const CallResult& result : m_results) {
        if (result.request.callIndex == callIndex)
            return result;
    }
    return std::nullopt;
}

int FakeRunner::duplicateFinishes() const
{
    int duplicates = 0;
    for (auto it = m_finishCounts.begin(); it != m_finishCounts.end(); ++it)
        duplicates += std::max(0, it.value() - 1);
    return duplicates;
}

QList<CallRequest> FakeRunner::makeRequests(const QString& model, int items,
                                            const QList<qint64>& seeds, double temperature,
                                            bool stream, double timeoutSeconds)
{
    QList<CallRequest> requests;
    quint64 index = 0;
    for (qint64 seed : seeds) {
        for (int item = 0; item < items; ++item) {
            for (const QString& variant : {QStringLiteral("formal"), QStringLiteral("casual")}) {
                CallRequest request;
                request.callIndex = index++;
                request.itemIndex = item;
                request.itemId = QStringLiteral("item-%1").arg(item);
                request.variant = variant;
                request.seed = seed;
                request.temperature = temperature;
                request.model = model;
                request.prompt =
                    variant == QLatin1String("formal")
                        ? QStringLiteral("Question %1: my loop prints the same value every "
                                         "time. Could you help me find the problem?")
                              .arg(item)
                        : QStringLiteral("question %1 lol my loop prints the same value every "
                                         "time can u help pls")
                              .arg(item);
                request.messages = {ChatMessage{QStringLiteral("user"), request.prompt}};
                request.stream = stream;
                request.timeoutSeconds = timeoutSeconds;
                requests.append(request);
            }
        }
    }
    return requests;
}

void FakeRunner::submitMore()
{
    const int limit = m_allAtOnce ? INT_MAX : m_backend->capacity();
    while (!m_pending.empty() && m_outstanding < limit) {
        const CallRequest request = m_pending.front();
        m_pending.pop_front();
        m_submitted.insert(request.callIndex, true);
        ++m_outstanding;
        m_maxOutstanding = std::max(m_maxOutstanding, m_outstanding);
        m_backend->submit(request);
    }
}

void FakeRunner::onFinished(const CallResult& result)
{
    const quint64 index = result.request.callIndex;
    if (!m_submitted.contains(index))
        ++m_stray;
    if (m_finishCounts.value(index) == 0)
        --m_outstanding;
    m_finishCounts[index] += 1;
    m_results.append(result);
    submitMore();
    Q_EMIT progressed();
}

} // namespace pb::test
