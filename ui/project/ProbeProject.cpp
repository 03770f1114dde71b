#include "project/ProbeProject.h"

#include "metrics/Metric.h"
#include "probe/ProbeReader.h"
#include "probe/ProbeWriter.h"
#include "project/SnapshotEdit.h"
#include "project/UntitledFolder.h"
#include "run/PreRegistration.h"
#include "run/Rescoring.h"
#include "run/RunConfiguration.h"
#include "store/RunStore.h"
#include "store/StoreBackup.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>

namespace pb {

namespace {

// Runs on the re-scoring's worker thread, through a connection of its own (a Qt SQL
// connection belongs to the thread that opened it). The run record is read here rather than
// at the start so the note extends the one stored last.
bool rescoreInStore(const QString& path, qint64 runId, const MetricSpec& previous,
                    const MetricSpec& corrected, const QDate& day,
                    const std::atomic<bool>& cancelled, QString* error)
{
    RunStore store;
    if (!store.open(path, error)) {
        return false;
    }
    RunRecord run;
    QList<LoggedCall> calls;
    if (!store.run(runId, &run, error) || !store.calls(runId, &calls, error)) {
        return false;
    }
    const QString notChanged = ProbeProject::tr("The re-scoring was stopped; nothing was changed.");
    if (cancelled) {
        *error = notChanged;
        return false;
    }
    const Rescoring r = Rescoring::compute(calls, previous, corrected, day);
    if (cancelled) {
        *error = notChanged;
        return false;
    }
    // A second correction keeps the first on record.
    const QString note =
        run.rescoreNote.isEmpty() ? r.note : run.rescoreNote + QStringLiteral("; ") + r.note;
    return store.rescore(runId, r.calls, note, r.metricName, r.metricDefinition, error);
}

} // namespace

ProbeProject::ProbeProject(QObject* parent) : QObject(parent)
{
    m_autosave.setSingleShot(true);
    m_autosave.setInterval(1000);
    connect(&m_autosave, &QTimer::timeout, this, [this] {
        QString error;
        if (!saveDraft(&error)) {
            Q_EMIT saveFailed(error);
        }
    });
}

ProbeProject::~ProbeProject()
{
    // A re-scoring stops before writing if it has not begun to; a write already begun is one
    // transaction and ends whole (the worker's destructor waits for it). Its result is dropped.
    m_cancelRescore = true;
    m_rescoreWorker.reset();
    if (m_autosave.isActive()) {
        QString ignored;
        saveDraft(&ignored);
    }
}

QString ProbeProject::displayName() const
{
    if (m_untitled) {
        return m_document.title.isEmpty() ? tr("Untitled probe") : m_document.title;
    }
    return QFileInfo(m_path).fileName();
}

QString ProbeProject::untitledPath() const
{
    const QString dir = UntitledFolder::path();
    QDir().mkpath(dir);
    return QDir(dir).filePath(
        QStringLiteral("untitled-%1.pbrun")
            .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"))));
}

bool ProbeProject::openStore(const QString& path, QString* error)
{
    StoreLock lock;
    auto store = std::make_unique<RunStore>();
    if (!lock.acquire(path, error) || !store->open(path, error)) {
        return false;
    }
    m_store = std::move(store);
    lock.moveTo(&m_lock);
    m_path = path;
    m_lockedConfigs.clear();
    return true;
}

bool ProbeProject::adoptDocument(const ProbeDocument& doc, QString* error)
{
    m_document = doc;
    m_undo.clear();
    Q_EMIT documentChanged();
    Q_EMIT fileChanged();
    Q_EMIT runsChanged();
    return saveDraft(error);
}

bool ProbeProject::refuseWhileRescoring(QString* error) const
{
    if (!isRescoring()) {
        return false;
    }
    *error = tr("Run %1 is being re-scored in this project file: wait until that has finished.")
                 .arg(m_rescoreRunId);
    return true;
}

bool ProbeProject::newFromExample(QString* error)
{
    if (refuseWhileRescoring(error)) {
        return false;
    }
    const ProbeLoadResult loaded =
        ProbeReader::readFile(QStringLiteral(":/examples/style-probe.probe.json"));
    if (!loaded.ok()) {
        *error = loaded.errorText();
        return false;
    }
    if (!openStore(untitledPath(), error)) {
        return false;
    }
    m_untitled = true;
    return adoptDocument(*loaded.document, error);
}

ProbeDocument ProbeProject::blankDocument()
{
    ProbeDocument doc;
    doc.title = tr("New probe");
    doc.attribute.name = tr("attribute");
    doc.attribute.values = {QStringLiteral("A"), QStringLiteral("B")};
    ProbeItem item;
    item.id = QStringLiteral("1");
    item.variants = {{QStringLiteral("A"), QString()}, {QStringLiteral("B"), QString()}};
    doc.items.append(item);
    for (qint64 s = 1; s <= 20; ++s) {
        doc.settings.seeds << s;
    }
    doc.settings.seedsText = QStringLiteral("1-20");
    return doc;
}

bool ProbeProject::newEmpty(QString* error)
{
    if (refuseWhileRescoring(error)) {
        return false;
    }
    if (!openStore(untitledPath(), error)) {
        return false;
    }
    m_untitled = true;
    return adoptDocument(blankDocument(), error);
}

bool ProbeProject::open(const QString& path, QString* error)
{
    if (refuseWhileRescoring(error)) {
        return false;
    }
    if (path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)) {
        const ProbeLoadResult loaded = ProbeReader::readFile(path);
        if (!loaded.ok()) {
            *error = loaded.errorText();
            return false;
        }
        if (!openStore(untitledPath(), error)) {
            return false;
        }
        m_untitled = true;
        return adoptDocument(*loaded.document, error);
    }
    if (!QFileInfo::exists(path)) {
        *error = tr("%1: no such file").arg(path);
        return false;
    }
    StoreLock lock;
    auto store = std::make_unique<RunStore>();
    if (!lock.acquire(path, error) || !store->open(path, error)) {
        return false;
    }
    QString json;
    if (!store->loadDraft(&json, error)) {
        return false;
    }
    if (json.isEmpty()) {
        // A store written by the CLI has runs but no draft: show the latest run's probe.
        QList<RunRecord> runs;
        if (!store->runs(&runs, error)) {
            return false;
        }
        if (!runs.isEmpty()) {
            json = runs.last().probeJson;
        }
    }
    if (json.isEmpty()) {
        *error = tr("%1: holds no probe").arg(path);
        return false;
    }
    const ProbeLoadResult loaded = ProbeReader::parse(json.toUtf8(), QFileInfo(path).fileName());
    if (!loaded.ok()) {
        *error = loaded.errorText();
        return false;
    }
    m_store = std::move(store);
    lock.moveTo(&m_lock);
    m_path = path;
    m_lockedConfigs.clear();
    m_untitled = false;
    m_document = *loaded.document;
    m_undo.clear();
    Q_EMIT documentChanged();
    Q_EMIT fileChanged();
    Q_EMIT runsChanged();
    return true;
}

bool ProbeProject::saveAs(const QString& path, QString* error, StoreBackup::Existing existing)
{
    if (path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)) {
        return ProbeWriter::writeFile(m_document, path, error);
    }
    if (refuseWhileRescoring(error)) {
        return false;
    }
    if (m_running) {
        // The run goes on writing to this file, so a copy made now would miss its last calls.
        *error = tr("A run is going: save the project under a new name when it has stopped.");
        return false;
    }
    if (!saveDraft(error)) {
        return false;
    }
    if (QFileInfo(path).absoluteFilePath() == QFileInfo(m_path).absoluteFilePath()) {
        return true;
    }
    // The copy is this project's file from now on: no other process may hold it.
    StoreLock target;
    if (!target.acquire(path, error)) {
        return false;
    }
    // Never a file copy: a run's connection may still hold its last calls in the WAL.
    if (!StoreBackup::copy(m_path, path, existing, error) || !openStore(path, error)) {
        return false;
    }
    m_untitled = false;
    m_undo.setClean();
    Q_EMIT fileChanged();
    return true;
}

bool ProbeProject::saveDraft(QString* error)
{
    m_autosave.stop();
    if (!m_store) {
        return true;
    }
    return m_store->saveDraft(QString::fromUtf8(ProbeWriter::toJson(m_document)), error);
}

QString ProbeProject::byHandSheet() const
{
    QString sheet;
    QString error;
    if (m_store && !m_store->loadByHandSheet(&sheet, &error)) {
        qWarning("%s", qUtf8Printable(error));
    }
    return sheet;
}

bool ProbeProject::saveByHandSheet(const QString& sheet, QString* error)
{
    if (!m_store) {
        *error = tr("no project is open to keep the by-hand sheet in");
        return false;
    }
    return m_store->saveByHandSheet(sheet, error);
}

void ProbeProject::applyEdit(const ProbeDocument& after, const QString& description)
{
    if (m_running) {
        return; // read-only while a run is going
    }
    m_undo.push(
        new SnapshotEdit<ProbeDocument, ProbeProject>(this, m_document, after, description));
}

void ProbeProject::edit(const QString& description,
                        const std::function<void(ProbeDocument&)>& change)
{
    ProbeDocument doc = m_document;
    change(doc);
    if (!(doc == m_document)) {
        applyEdit(doc, description);
    }
}

void ProbeProject::setDocumentFromUndo(const ProbeDocument& doc)
{
    m_document = doc;
    m_autosave.start();
    Q_EMIT documentChanged();
}

// These keep their signatures for the pages; a store that fails a read gives nothing, never a
// part (the error goes to the log until the pages read through RunStore's checked calls).
QList<RunRecord> ProbeProject::runs() const
{
    QList<RunRecord> out;
    QString error;
    if (m_store && !m_store->runs(&out, &error)) {
        qWarning("%s", qUtf8Printable(error));
    }
    return out;
}

QList<LoggedCall> ProbeProject::calls(qint64 runId) const
{
    QList<LoggedCall> out;
    QString error;
    if (m_store && !m_store->calls(runId, &out, &error)) {
        qWarning("%s", qUtf8Printable(error));
    }
    return out;
}

std::optional<qint64> ProbeProject::runForDocument() const
{
    std::optional<qint64> run;
    QString error;
    if (m_store && !m_store->findRun(RunConfiguration::hash(m_document), &run, &error)) {
        qWarning("%s", qUtf8Printable(error));
    }
    return run;
}

bool ProbeProject::isLocked() const
{
    if (!m_store) {
        return false;
    }
    const QString hash = RunConfiguration::hash(m_document);
    if (m_lockedConfigs.contains(hash)) {
        return true;
    }
    std::optional<qint64> run;
    QString error;
    bool locked = false;
    // Read in batches and stopped at the first that registers: the answered cells of a
    // union register exactly when those of one of its parts do, and a large run's first
    // cells past the dry run settle it without reading the other 100,000.
    QSet<QString> batch;
    const auto registers = [&] {
        locked = locked || (!batch.isEmpty() && PreRegistration::registers(m_document, batch));
        batch.clear();
        return !locked;
    };
    if (!m_store->findRun(hash, &run, &error) || (run && !m_store->eachCompletedCell(
                                                             *run,
                                                             [&](const QString& cell) {
                                                                 batch.insert(cell);
                                                                 return batch.size() < 4096 ||
                                                                        registers();
                                                             },
                                                             &error))) {
        qWarning("%s", qUtf8Printable(error));
        locked = false;
    } else {
        registers();
    }
    if (locked) {
        m_lockedConfigs.insert(hash);
    }
    return locked;
}

bool ProbeProject::hasResults() const
{
    if (isLocked()) {
        return true; // known without reading the run again
    }
    const auto run = runForDocument();
    bool answered = false;
    QString error;
    if (run && !m_store->eachCompletedCell(
                   *run,
                   [&](const QString&) {
                       answered = true;
                       return false; // one is enough
                   },
                   &error)) {
        qWarning("%s", qUtf8Printable(error));
        return false;
    }
    return answered;
}

void ProbeProject::noteResults()
{
    if (m_store) {
        m_lockedConfigs.insert(RunConfiguration::hash(m_document));
    }
}

void ProbeProject::setRunning(bool running)
{
    if (m_running != running) {
        m_running = running;
        Q_EMIT runningChanged(running);
    }
}

void ProbeProject::notifyRunsChanged()
{
    Q_EMIT runsChanged();
}

} // namespace pb

namespace pb {

std::optional<MetricSpec> ProbeProject::runMetric(qint64 runId) const
{
    RunRecord run;
    QString error;
    if (!m_store || !m_store->run(runId, &run, &error)) {
        return std::nullopt;
    }
    const ProbeLoadResult loaded = ProbeReader::parse(run.probeJson.toUtf8(), QString());
    if (!loaded.ok()) {
        return std::nullopt;
    }
    MetricSpec metric = loaded.document->metric;
    if (!run.metricName.isEmpty()) {
        metric.name = run.metricName;
    }
    // After a re-scoring the record holds the corrected metric's definition only; when
    // another kind gives exactly that definition, that kind is the one in use now. A changed
    // pattern or field cannot be recovered this way and falls back to the probe's.
    if (!run.metricDefinition.isEmpty() && metricDefinition(metric) != run.metricDefinition) {
        for (const QString& kind : metricKinds()) {
            MetricSpec candidate = metric;
            candidate.kind = kind;
            if (metricDefinition(candidate) == run.metricDefinition) {
                return candidate;
            }
        }
    }
    return metric;
}

bool ProbeProject::startRescore(qint64 runId, const MetricSpec& corrected, QString* error)
{
    if (m_running) {
        *error = tr("A run is going: re-score when it has stopped.");
        return false;
    }
    if (isRescoring()) {
        *error = tr("Run %1 is being re-scored already: re-score again when that has finished.")
                     .arg(m_rescoreRunId);
        return false;
    }
    for (const ProbeProblem& p : validateMetricSpec(corrected)) {
        if (p.isError()) {
            *error = tr("The metric cannot be used: %1 (%2)").arg(p.message, p.path);
            return false;
        }
    }
    const std::optional<MetricSpec> previous = runMetric(runId); // empty if the run is unreadable
    if (!previous) {
        *error = tr("Run %1 cannot be read from %2.").arg(runId).arg(m_path);
        return false;
    }
    m_cancelRescore = false;
    m_rescoreRunId = runId;
    const QDate day = QDateTime::currentDateTimeUtc().date();
    if (!m_rescoreWorker)
        m_rescoreWorker = std::make_unique<WorkerThread>(QStringLiteral("probe-rescore"));
    m_rescoring = true;
    m_rescoreWorker->post(
        [this, path = m_path, runId, previous = *previous, corrected, day] {
            QString failure;
            const bool ok =
                rescoreInStore(path, runId, previous, corrected, day, m_cancelRescore, &failure);
            return std::pair<bool, QString>(ok, failure);
        },
        [this, runId](const std::pair<bool, QString>& done) {
            finishRescore(runId, done.first, done.second);
        });
    Q_EMIT rescoringChanged(true);
    return true;
}

void ProbeProject::finishRescore(qint64 runId, bool ok, const QString& error)
{
    m_rescoring = false;
    Q_EMIT rescoringChanged(false);
    if (ok) {
        Q_EMIT runRescored(runId);
        notifyRunsChanged();
    }
    Q_EMIT rescoreFinished(runId, ok, ok ? QString() : error);
}

} // namespace pb
