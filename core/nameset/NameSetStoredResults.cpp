#include "nameset/NameSetStoredResults.h"

#include "nameset/NameSetResultsFolder.h"
#include "nameset/NameSetRun.h"
#include "run/RunIdentity.h"
#include "store/RunStore.h"

#include <QFileInfo>

namespace pb {

namespace {

// Fills *out from the open store; false with out->error when a read failed.
bool readFrom(const RunStore& store, const NameSetDocument& doc, const QString& storePath,
              NameSetStoredResults* out)
{
    std::optional<qint64> runId;
    if (!store.findRun(RunIdentity::hashOf(NameSetRun::canonical(doc)), &runId, &out->error))
        return false;
    QList<LoggedCall> calls;
    RunRecord run;
    if (runId &&
        (!store.calls(*runId, &calls, &out->error) || !store.run(*runId, &run, &out->error)))
        return false;
    NameSetAnalyzer analyzer(doc);
    analyzer.add(0, runId.value_or(0), calls);
    out->analysis = NameSetAnalysis::compute(doc, *NameSetRun::resultsIn(analyzer.results()));
    out->runId = runId.value_or(0);
    out->storedCalls = int(calls.size());
    if (runId)
        out->evidence = ResultsEvidence{QFileInfo(storePath).fileName(),
                                        {{run.id, run.created, qint64(out->analysis.answered)}}};
    return true;
}

} // namespace

NameSetStoredResults NameSetStoredResults::read(const NameSetDocument& doc,
                                                const QString& storePath)
{
    NameSetStoredResults out;
    NameSetAnalyzer none(doc);
    out.analysis = NameSetAnalysis::compute(doc, *NameSetRun::resultsIn(none.results()));
    if (!QFileInfo::exists(storePath))
        return out; // a probe never run has no store yet, and looking must not create one
    RunStore store;
    NameSetStoredResults read;
    if (!store.open(storePath, &out.error) || !readFrom(store, doc, storePath, &read)) {
        out.error = read.error.isEmpty() ? out.error : read.error;
        return out;
    }
    return read;
}

bool NameSetStoredResults::exportFolder(const NameSetDocument& doc, const QString& storePath,
                                        const QString& folder, QString* error)
{
    if (!QFileInfo::exists(storePath)) {
        *error = QStringLiteral("%1 does not exist yet: run the name set first")
                     .arg(QFileInfo(storePath).fileName());
        return false;
    }
    RunStore store;
    NameSetStoredResults read;
    if (!store.open(storePath, error))
        return false;
    if (!readFrom(store, doc, storePath, &read)) {
        *error = read.error;
        return false;
    }
    if (read.runId == 0) {
        *error = QStringLiteral("%1 holds no run of this name set: run it first")
                     .arg(QFileInfo(storePath).fileName());
        return false;
    }
    return NameSetResultsFolder::write(folder, doc, read.analysis, store, read.runId, read.evidence,
                                       error);
}

} // namespace pb
