#pragma once

#include "backends/ModelBackend.h"

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QString>
#include <functional>

namespace pb::test {

// A backend for runner tests whose replies the test writes: every submitted call is answered
// on a later event-loop turn, one per turn and in order, by the test's answer function (which
// sets the status, the reply or the error and the attempts; the request, the backend name and
// the finishing time are filled in). It can raise a fatal error after a number of answers,
// counts what was submitted and the most calls it held at once, and cancelAll() fails what it
// holds with errorKind "cancelled", as a real backend does.
class ScriptedBackend : public ModelBackend
{
    Q_OBJECT
public:
    using Answer = std::function<CallResult(const CallRequest& request)>;

    ScriptedBackend(QString name, int capacity, Answer answer, QObject* parent = nullptr);

    QString name() const override { return m_name; }
    int capacity() const override { return m_capacity; }
    void submit(const CallRequest& request) override;
    void cancelAll() override;
    int askAgainDelayMs(int repliesSoFar) override { return m_askAgainDelayMs * repliesSoFar; }

    // The wait before a follow-up to a reply that did not validate (0 by default): ms times
    // the replies read so far.
    void setAskAgainDelay(int ms) { m_askAgainDelayMs = ms; }
    // When each call index was submitted, ms since the backend was made, in order.
    QList<qint64> submitTimes(quint64 callIndex) const { return m_submitTimes.value(callIndex); }
    // Emits fatalError(message) right after the answers-th answer.
    void setFatalAfter(int answers, const QString& message);
    int submitted() const { return m_submitted; }
    int maxInFlightSeen() const { return m_maxInFlightSeen; }

private:
    void answerOne();

    QString m_name;
    int m_capacity;
    Answer m_answer;
    QList<CallRequest> m_queue;
    int m_submitted = 0;
    int m_maxInFlightSeen = 0;
    int m_answered = 0;
    int m_fatalAfter = -1;
    int m_askAgainDelayMs = 0;
    QElapsedTimer m_clock;
    QHash<quint64, QList<qint64>> m_submitTimes;
    QString m_fatalMessage;
};

} // namespace pb::test
