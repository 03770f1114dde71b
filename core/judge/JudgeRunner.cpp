#include "judge/JudgeRunner.h"

#include "backends/ModelBackend.h"
#include "judge/JudgeCallPlan.h"
#include "judge/JudgePrompt.h"
#include "judge/JudgeReplyReader.h"
#include "store/RunStore.h"

namespace pb {

JudgeRunner::JudgeRunner(JudgeProbeDocument doc, int judgeIndex, RunStore* store, qint64 runId,
                         ModelBackend* backend, QObject* parent)
    : QObject(parent), m_doc(std::move(doc)), m_judge(m_doc.judges.value(judgeIndex)),
      m_store(store), m_runId(runId), m_backend(backend), m_calls(backend),
      m_publish(this) // a child, so it follows the runner to another thread
{
    m_publish.setInterval(100);
    connect(&m_publish, &QTimer::timeout, this, &JudgeRunner::publish);
    connect(m_backend, &ModelBackend::finished, this, &JudgeRunner::onCallFinished);
    connect(m_backend, &ModelBackend::fatalError, this, &JudgeRunner::onFatal);
}

RunProgress JudgeRunner::progress() const
{
    return m_calls.progress();
}

void JudgeRunner::start()
{
    if (m_calls.state() != CallQueue::State::Idle)
        return;
    const QList<CallRequest> plan = JudgeCallPlan::build(m_doc, m_judge);
    QSet<QString> done;
    QString error;
    if (!m_store->completedCells(m_runId, &done, &error)) {
        // Not knowing what is answered, sending anything could ask a cell twice.
        m_storeFailed = true;
        Q_EMIT finished(RunOutcome::Stopped, error);
        return;
    }
    m_calls.start(plan, done);
    m_publish.start();
    fill();
    publish();
    finishIfDrained();
}

void JudgeRunner::cancel()
{
    if (m_calls.cancel())
        finishIfDrained();
}

void JudgeRunner::onFatal(const QString& message)
{
    if (m_calls.stop(message))
        finishIfDrained();
}

void JudgeRunner::fill()
{
    m_calls.fill([this](const CallRequest& r) { m_open.insert(r.callIndex, Open{r, {}}); });
}

void JudgeRunner::record(const CallResult& last, const Open& open, const JudgeVerdict& verdict)
{
    CallResult result = last;
    result.request = open.request;
    const LoggedCall logged = JudgeCallRecord::toLogged(m_runId, result, open.tries, verdict);
    QString error;
    if (!m_store->recordCall(logged, &error)) {
        m_storeFailed = true;
        onFatal(error);
        return;
    }
    m_calls.recorded(logged.status);
    m_unpublished << JudgeCallRecord::fromLogged(m_doc, m_judge, logged);
}

void JudgeRunner::onCallFinished(const CallResult& result)
{
    const auto it = m_open.find(result.request.callIndex);
    if (it == m_open.end())
        return; // not ours
    Open open = it.value();
    m_open.erase(it);
    const bool aborted = m_calls.ended(result);
    const JudgeItem& item = m_doc.items.at(open.request.itemIndex);
    const JudgeVariant* variant = item.variant(open.request.variant);
    if (aborted) {
        // Left unrecorded, so the next session asks again.
    } else if (result.status != CallStatus::Ok) {
        if (open.tries.isEmpty()) {
            record(result, open, JudgeVerdict::failed(result.error));
        } else {
            // The judge did answer before; its last reply did not validate and the re-ask got
            // no reply. That reply is what a reviewer needs.
            const JudgeCallRecord::Try& lastTry = open.tries.last();
            QStringList errors = lastTry.errors;
            errors << QStringLiteral("the re-ask failed: %1").arg(result.error);
            record(result, open,
                   JudgeVerdict::reviewNeeded(lastTry.reply, errors, int(open.tries.size())));
        }
    } else {
        const JudgeReplyReading reading = JudgeReplyReader::read(
            result.reply, m_doc.rubric, item.pairwise, m_judge.requireEvidence);
        open.tries << JudgeCallRecord::Try{result.reply, reading.errors};
        const int tries = int(open.tries.size());
        if (reading.valid) {
            record(result, open,
                   JudgeVerdict::scored(reading, result.reply, tries, m_doc.rubric, *variant,
                                        item.pairwise, m_judge.requireEvidence, m_doc.evidence));
        } else if (tries <= m_judge.maxRetries && m_calls.state() != CallQueue::State::Running) {
            // A re-ask was still due; leaving the call unrecorded lets the next session ask
            // again instead of marking it for review early.
        } else if (tries <= m_judge.maxRetries) {
            CallRequest again = open.request;
            again.messages << ChatMessage{QStringLiteral("assistant"), result.reply}
                           << ChatMessage{QStringLiteral("user"),
                                          JudgePrompt::feedback(reading.errors, m_doc.rubric,
                                                                item.pairwise,
                                                                m_judge.requireEvidence)};
            again.prompt = JudgePrompt::logged(again.messages);
            open.request = again;
            m_open.insert(again.callIndex, open);
            m_calls.send(again);
        } else {
            record(result, open, JudgeVerdict::reviewNeeded(result.reply, reading.errors, tries));
        }
    }
    fill();
    finishIfDrained();
}

void JudgeRunner::publish()
{
    if (!m_unpublished.isEmpty()) {
        Q_EMIT callsRecorded(m_unpublished);
        m_unpublished.clear();
    }
    Q_EMIT progressChanged(progress());
}

void JudgeRunner::finishIfDrained()
{
    const std::optional<RunOutcome> outcome = m_calls.outcome();
    if (!outcome)
        return;
    const QString message = m_calls.endMessage(
        *outcome, QStringLiteral("judge calls"),
        QStringLiteral("%1 judge calls got no reply after every retry; they are flagged in the "
                       "log and left out of every count"));
    m_calls.finish();
    m_publish.stop();
    publish();
    Q_EMIT finished(*outcome, message);
}

} // namespace pb
