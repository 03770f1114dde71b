#include "judge/JudgeRunWorker.h"

#include "backends/ModelBackend.h"
#include "judge/JudgeBackendFactory.h"
#include "judge/JudgeCallRecord.h"
#include "judge/JudgeRunIdentity.h"
#include "judge/JudgeRunner.h"
#include "report/ResultsFolder.h"
#include "store/RunStore.h"

#include <QFileInfo>

namespace pb {

namespace {

// How bad an outcome is, for the outcome of several judges run in a row.
int severity(RunOutcome outcome)
{
    switch (outcome) {
    case RunOutcome::Completed:
        return 0;
    case RunOutcome::Incomplete:
        return 1;
    case RunOutcome::Stopped:
        return 2;
    case RunOutcome::Cancelled:
        return 3;
    }
    return 0;
}

} // namespace

JudgeRunWorker::JudgeRunWorker(QObject* parent) : QObject(parent)
{
}

JudgeRunWorker::~JudgeRunWorker()
{
    teardown();
}

void JudgeRunWorker::teardown()
{
    if (m_runner)
        m_runner->disconnect(this);
    m_runner.reset();
    m_backend.reset();
}

std::optional<JudgeAnalysis> JudgeRunWorker::analyse(RunStore& store, const JudgeProbeDocument& doc,
                                                     int* storedCalls, QString* error)
{
    QList<QList<JudgedCall>> callsPerJudge;
    int n = 0;
    for (const JudgeConfig& judge : doc.judges) {
        std::optional<qint64> runId;
        QList<LoggedCall> calls;
        if (!store.findRun(JudgeRunIdentity::hash(doc, judge), &runId, error) ||
            (runId && !store.calls(*runId, &calls, error)))
            return std::nullopt;
        callsPerJudge << JudgeCallRecord::fromLogged(doc, judge, calls);
        n += int(callsPerJudge.constLast().size());
    }
    if (storedCalls)
        *storedCalls = n;
    return JudgeAnalysis::compute(doc, callsPerJudge);
}

void JudgeRunWorker::loadStored(quint64 request, const JudgeProbeDocument& doc,
                                const QString& storePath)
{
    int stored = 0;
    // A probe never run has no store yet, and looking must not create one.
    if (!QFileInfo::exists(storePath)) {
        Q_EMIT storedLoaded(request, JudgeAnalysis::compute(doc, {}), 0, QString());
        return;
    }
    RunStore store;
    QString error;
    if (!store.open(storePath, &error)) {
        Q_EMIT storedLoaded(request, JudgeAnalysis::compute(doc, {}), 0, error);
        return;
    }
    const std::optional<JudgeAnalysis> analysis = analyse(store, doc, &stored, &error);
    if (!analysis) {
        Q_EMIT storedLoaded(request, JudgeAnalysis::compute(doc, {}), 0, error);
        return;
    }
    Q_EMIT storedLoaded(request, *analysis, stored, QString());
}

void JudgeRunWorker::start(const JudgeProbeDocument& doc, const QString& storePath,
                           const QList<int>& judgeIndexes, int analysisIntervalMs)
{
    teardown();
    m_store.reset();
    m_doc = doc;
    m_queue.clear();
    m_current = -1;
    m_cancelled = false;
    m_outcome = RunOutcome::Completed;
    m_messages.clear();
    m_analysisIntervalMs = analysisIntervalMs;
    for (int i = 0; i < doc.judges.size(); ++i) {
        if (judgeIndexes.isEmpty() || judgeIndexes.contains(i))
            m_queue << i;
    }
    if (m_queue.isEmpty()) {
        Q_EMIT finished(RunOutcome::Stopped, QStringLiteral("no judge to run"));
        return;
    }
    QString error;
    const ResultsFolder folder(QFileInfo(storePath).absolutePath());
    auto store = std::make_unique<RunStore>();
    // A first run makes the store: the worker holds its lock from before the first write
    // until it is destroyed or runs another store (shared with the project's, if it has it).
    if (!folder.prepare(&error) || !m_lock.acquire(storePath, &error) ||
        !store->open(storePath, &error)) {
        m_lock.release();
        Q_EMIT finished(RunOutcome::Stopped, error);
        return;
    }
    m_store = std::move(store);
    m_sinceAnalysis.start();
    startNext();
}

void JudgeRunWorker::startNext()
{
    teardown();
    if (m_cancelled || m_queue.isEmpty()) {
        finish();
        return;
    }
    m_current = m_queue.takeFirst();
    const JudgeConfig& judge = m_doc.judges.at(m_current);
    QString error;
    bool resumed = false;
    const qint64 runId =
        JudgeRunIdentity::findOrCreateRun(*m_store, m_doc, judge, &resumed, &error);
    if (runId == 0) {
        judgeFinished(RunOutcome::Stopped, error);
        return;
    }
    QList<LoggedCall> stored;
    if (!m_store->calls(runId, &stored, &error)) {
        judgeFinished(RunOutcome::Stopped, error);
        return;
    }
    m_backend = JudgeBackendFactory::create(judge, LoggedCall::recordedDigest(stored), &error);
    if (!m_backend) {
        judgeFinished(RunOutcome::Stopped, error);
        return;
    }
    m_runner =
        std::make_unique<JudgeRunner>(m_doc, m_current, m_store.get(), runId, m_backend.get());
    const int index = m_current;
    connect(m_runner.get(), &JudgeRunner::progressChanged, this,
            [this, index](const RunProgress& p) {
                Q_EMIT progressChanged(index, m_doc.judges.at(index).name, p);
            });
    connect(m_runner.get(), &JudgeRunner::callsRecorded, this,
            [this, index](const QList<JudgedCall>& calls) { onCalls(index, calls); });
    // Queued: the runner is deleted when the next judge starts, never inside its own signal.
    connect(m_runner.get(), &JudgeRunner::finished, this, &JudgeRunWorker::judgeFinished,
            Qt::QueuedConnection);
    Q_EMIT started(index, runId, resumed);
    if (!stored.isEmpty())
        Q_EMIT callsRecorded(index, JudgeCallRecord::fromLogged(m_doc, judge, stored));
    m_runner->start();
}

void JudgeRunWorker::judgeFinished(RunOutcome outcome, const QString& message)
{
    if (severity(outcome) > severity(m_outcome))
        m_outcome = outcome;
    if (!message.isEmpty() && m_current >= 0)
        m_messages
            << QStringLiteral("judge \"%1\": %2").arg(m_doc.judges.at(m_current).name, message);
    // A judge that could not run does not keep the others from running; a cancel does.
    if (outcome == RunOutcome::Cancelled)
        m_cancelled = true;
    startNext();
}

void JudgeRunWorker::onCalls(int judgeIndex, const QList<JudgedCall>& calls)
{
    Q_EMIT callsRecorded(judgeIndex, calls);
    // Analysis reads the whole store; at a bounded rate a fast judge spends its time judging.
    if (m_sinceAnalysis.elapsed() >= m_analysisIntervalMs)
        publishAnalysis();
}

void JudgeRunWorker::publishAnalysis()
{
    m_sinceAnalysis.restart();
    if (!m_store)
        return;
    QString error;
    if (const std::optional<JudgeAnalysis> analysis = analyse(*m_store, m_doc, nullptr, &error))
        Q_EMIT analysisUpdated(*analysis);
    else if (!m_messages.contains(error))
        m_messages << error; // shown when the run ends; a partial analysis never is
}

void JudgeRunWorker::finish()
{
    publishAnalysis();
    m_current = -1;
    m_store.reset();
    Q_EMIT finished(m_outcome, m_messages.join(QLatin1Char('\n')));
}

void JudgeRunWorker::cancel()
{
    m_cancelled = true;
    m_queue.clear();
    if (m_runner)
        m_runner->cancel();
}

} // namespace pb
