#include "run/RunWorker.h"

#include "backends/BackendFactory.h"
#include "backends/ModelBackend.h"
#include "probe/ProbeWriter.h"
#include "run/ProbeRunner.h"
#include "run/RunConfiguration.h"
#include "store/RunStore.h"

namespace pb {

RunWorker::RunWorker(QObject* parent) : QObject(parent)
{
}

RunWorker::~RunWorker()
{
    teardown();
}

void RunWorker::teardown()
{
    m_runner.reset();
    m_backend.reset();
    m_store.reset();
}

void RunWorker::start(const ProbeDocument& doc, const QString& storePath, int seedLimit,
                      int analysisIntervalMs)
{
    teardown();
    m_doc = doc;
    m_calls.clear();
    m_analysisIntervalMs = analysisIntervalMs;
    m_store = std::make_unique<RunStore>();
    QString error;
    bool resumed = false;
    if (!m_store->open(storePath, &error)) {
        Q_EMIT finished(RunOutcome::Stopped, error, 0);
        return;
    }
    m_runId = RunConfiguration::findOrCreateRun(
        *m_store, doc, QString::fromUtf8(ProbeWriter::toJson(doc)), &resumed, &error);
    if (m_runId == 0) {
        Q_EMIT finished(RunOutcome::Stopped, error, 0);
        return;
    }
    if (!m_store->calls(m_runId, &m_calls, &error)) {
        Q_EMIT finished(RunOutcome::Stopped, error, m_runId);
        return;
    }
    auto config = BackendFactory::configFor(doc.settings, &error);
    if (config) {
        for (const LoggedCall& c : std::as_const(m_calls)) {
            if (c.status == CallStatus::Ok && !c.modelDigest.isEmpty()) {
                config->expectedDigest = c.modelDigest; // a resumed run must keep its model
                break;
            }
        }
        m_backend = BackendFactory::create(doc.settings.backend, *config, &error);
    }
    if (!m_backend) {
        Q_EMIT finished(RunOutcome::Stopped, QStringLiteral("settings: ") + error, m_runId);
        return;
    }
    m_runner = std::make_unique<ProbeRunner>(doc, m_store.get(), m_runId, m_backend.get());
    m_runner->setSeedLimit(seedLimit);
    connect(m_runner.get(), &ProbeRunner::progressChanged, this, &RunWorker::progressChanged);
    connect(m_runner.get(), &ProbeRunner::callsRecorded, this, &RunWorker::onCalls);
    connect(m_runner.get(), &ProbeRunner::partialReply, this, &RunWorker::partialReply);
    connect(m_runner.get(), &ProbeRunner::finished, this,
            [this](RunOutcome outcome, const QString& message) {
                publishAnalysis();
                Q_EMIT finished(outcome, message, m_runId);
            });
    Q_EMIT started(m_runId, resumed);
    if (!m_calls.isEmpty()) {
        Q_EMIT callsRecorded(m_calls);
        publishAnalysis();
    }
    m_sinceAnalysis.start();
    m_runner->start();
}

void RunWorker::onCalls(const QList<LoggedCall>& calls)
{
    m_calls += calls;
    Q_EMIT callsRecorded(calls);
    m_analysisDirty = true;
    // Analysis is cheap next to a model call but not next to the stand-in: recompute at a
    // bounded rate so a fast run spends its time calling, not re-analysing.
    if (m_sinceAnalysis.elapsed() >= m_analysisIntervalMs) {
        publishAnalysis();
    }
}

void RunWorker::publishAnalysis()
{
    m_analysisDirty = false;
    m_sinceAnalysis.restart();
    QStringList order;
    for (const ProbeItem& item : m_doc.items) {
        order << item.id;
    }
    Q_EMIT analysisUpdated(ProbeAnalysis::fromCalls(m_calls, m_doc.valueA(), m_doc.valueB(),
                                                    m_doc.metric.name, order));
}

void RunWorker::pause()
{
    if (m_runner) {
        m_runner->pause();
    }
}

void RunWorker::resume()
{
    if (m_runner) {
        m_runner->resume();
    }
}

void RunWorker::cancel()
{
    if (m_runner) {
        m_runner->cancel();
    }
}

} // namespace pb
