#include "axes/AxesStoredResults.h"

#include "axes/AxesReport.h"
#include "axes/AxesResultsFolder.h"
#include "axes/AxesRun.h"
#include "report/StoredRunReader.h"
#include "store/RunStore.h"

#include <QFileInfo>

namespace pb {

namespace {

// How a stored run ended, as far as the store can tell without the session that ran it.
RunOutcome storedOutcome(const RunEvidence& run)
{
    if (run.context.completeness && run.context.completeness->complete())
        return RunOutcome::Completed;
    if (!run.events.isEmpty()) {
        const QString& last = run.events.constLast().kind;
        if (last == QLatin1String("cancelled"))
            return RunOutcome::Cancelled;
        if (last == QLatin1String("stopped"))
            return RunOutcome::Stopped;
    }
    return RunOutcome::Incomplete;
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
        AxisRunEnd end;
        std::optional<qint64> runId;
        if (!store.findRun(AxesRun::unit(doc, a).identity.hash(), &runId, error))
            return false;
        if (runId) {
            const std::optional<RunEvidence> run = StoredRunReader::read(store, *runId, error);
            if (!run)
                return false;
            end.runId = *runId;
            end.outcome = storedOutcome(*run);
        }
        out << end;
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
