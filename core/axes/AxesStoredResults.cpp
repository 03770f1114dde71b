#include "axes/AxesStoredResults.h"

#include "axes/AxesReport.h"
#include "axes/AxesResultsFolder.h"
#include "axes/AxesRun.h"
#include "report/StoredRunReader.h"
#include "store/RunStore.h"

#include <QFileInfo>

namespace pb {

namespace {

// How a stored run ended, as far as the store can tell without the session that ran it, in
// the words the Runner would end it with: calls that failed for good first (a rerun tries them
// again and ends so if they fail again), then a cancel or stop as its last event says.
AxisRunEnd storedEnd(const RunEvidence& run, const RunWording& wording)
{
    AxisRunEnd end;
    end.runId = run.record.id;
    const std::optional<RunCompleteness>& completeness = run.context.completeness;
    if (completeness && completeness->complete()) {
        end.outcome = RunOutcome::Completed;
        return end;
    }
    const int failed = run.callsFailed();
    end.outcome = RunOutcome::Incomplete;
    if (failed > 0) {
        end.message = wording.someFailed.arg(failed);
        return end;
    }
    if (!run.events.isEmpty()) {
        const RunEvent& last = run.events.constLast();
        if (last.kind == QLatin1String("cancelled") || last.kind == QLatin1String("stopped")) {
            end.outcome = last.kind == QLatin1String("cancelled") ? RunOutcome::Cancelled
                                                                  : RunOutcome::Stopped;
            end.message = last.message;
            return end;
        }
    }
    if (completeness)
        end.message = QStringLiteral("%1 of its %2 planned %3 are not in the store yet; a rerun "
                                     "continues from there")
                          .arg(completeness->missing())
                          .arg(completeness->planned)
                          .arg(wording.calls);
    return end;
}

bool readFrom(const RunStore& store, const AxesDocument& doc, const QList<AxisRunEnd>& given,
              AxesStoredResults* out, QString* error)
{
    QList<AxisRunEnd> ends = given;
    if (ends.isEmpty() && !AxesStoredResults::storedEnds(store, doc, &ends, error))
        return false;
    const std::optional<AxesRunRead> read = AxesStoredRuns::read(store, doc, ends, error);
    if (!read)
        return false;
    out->read = *read;
    out->ends = ends;
    out->storedCalls = 0;
    for (const AxisComparison& a : read->comparison.axes)
        out->storedCalls += a.callsLogged;
    out->cost = RunCost();
    for (qsizetype a = 0; a < read->evidence.size() && a < doc.axes.size(); ++a) {
        const std::optional<RunEvidence>& e = read->evidence[a];
        if (!e || !e->context.cost)
            continue;
        for (RunCost::Run run : e->context.cost->runs) {
            run.label = doc.axes[a].label();
            out->cost.runs << run;
        }
    }
    out->markdown =
        AxesReport::build(doc, read->comparison, AxesResultsFolder::axisFolders(doc)).toMarkdown();
    return true;
}

} // namespace

bool AxesStoredResults::storedEnds(const RunStore& store, const AxesDocument& doc,
                                   QList<AxisRunEnd>* ends, QString* error)
{
    QList<AxisRunEnd> out;
    for (int a = 0; a < doc.axes.size(); ++a) {
        const RunUnit unit = AxesRun::unit(doc, a);
        std::optional<qint64> runId;
        if (!store.findRun(unit.identity.hash(), &runId, error))
            return false;
        if (!runId) {
            out << AxisRunEnd();
            continue;
        }
        const std::optional<RunEvidence> run = StoredRunReader::read(store, *runId, error);
        if (!run)
            return false;
        out << storedEnd(*run, unit.wording);
    }
    *ends = out;
    return true;
}

AxesStoredResults AxesStoredResults::readFile(const AxesDocument& doc, const QString& storePath,
                                              const QList<AxisRunEnd>& ends)
{
    AxesStoredResults out;
    out.read.evidence.resize(doc.axes.size());
    QList<AxisEvidence> none;
    for (const AxisSpec& axis : doc.axes) {
        AxisEvidence e;
        e.axis = axis;
        none << e;
    }
    out.read.comparison = AxesComparison::from(doc, none);
    if (!QFileInfo::exists(storePath))
        return out; // a probe never run has no store yet, and looking must not create one
    RunStore store;
    AxesStoredResults read;
    if (!store.open(storePath, &out.error) || !readFrom(store, doc, ends, &read, &out.error))
        return out;
    return read;
}

bool AxesStoredResults::exportFolder(const AxesDocument& doc, const QString& storePath,
                                     const QList<AxisRunEnd>& ends, const QString& folder,
                                     QString* error)
{
    if (!QFileInfo::exists(storePath)) {
        *error = QStringLiteral("%1 does not exist yet: run the probe first")
                     .arg(QFileInfo(storePath).fileName());
        return false;
    }
    RunStore store;
    AxesStoredResults read;
    if (!store.open(storePath, error) || !readFrom(store, doc, ends, &read, error))
        return false;
    if (read.storedCalls == 0) {
        *error = QStringLiteral("%1 holds no run of this probe: run it first")
                     .arg(QFileInfo(storePath).fileName());
        return false;
    }
    return AxesResultsFolder::write(folder, doc, read.read.comparison, read.read.evidence, store,
                                    QFileInfo(storePath).fileName(), error);
}

} // namespace pb
