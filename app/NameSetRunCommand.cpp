#include "NameSetRunCommand.h"

#include "CliText.h"
#include "RunConsole.h"
#include "RunOptions.h"
#include "backends/BackendFactory.h"
#include "nameset/NameSetReader.h"
#include "nameset/NameSetReport.h"
#include "nameset/NameSetResultsFolder.h"
#include "report/ResultsFolder.h"
#include "run/RunSession.h"
#include "store/RunStore.h"
#include "store/StoreLock.h"

#include <QDir>
#include <QFileInfo>

namespace pb::cli {

int nameSetRunCommand(const QStringList& args)
{
    RunOptions options(QStringLiteral(".names.json"), QStringLiteral("dry run"));
    int seedLimit = 0;
    const std::optional<NameSetDocument> file = options.readRunProbe(
        args, [](const QString& path) { return NameSetReader::readFile(path); }, &seedLimit);
    if (!file)
        return ExitBadInput;
    const NameSetDocument doc = *file;

    RunOutput output(options.outDir());
    if (const int code = options.openOutput(&output))
        return code;
    const QList<RunUnit> units{NameSetRun::unit(doc, seedLimit)};
    QString error;
    if (!options.unitsCanRun(units))
        return ExitBadInput;
    RunSession session(&output.store, units, std::make_unique<NameSetAnalyzer>(doc));
    const auto startLine = [&](int, qint64 runId, bool resumed) {
        return QStringLiteral("%1 run %2 in %3 (%4 names, %5 on %6)")
            .arg(resumed ? QStringLiteral("resuming") : QStringLiteral("starting"))
            .arg(runId)
            .arg(output.storePath)
            .arg(doc.names.size())
            .arg(doc.settings.effectiveModel(), doc.settings.backend);
    };
    QString finishMessage;
    const RunOutcome outcome = RunConsole(options.quiet(), startLine).run(session, &finishMessage);
    if (!finishMessage.isEmpty())
        printErr(QStringLiteral("probebench run: %1\n").arg(finishMessage));
    const qint64 runId = session.runIds().constFirst();
    if (runId == 0)
        return ExitFailure; // the store gave no run: nothing to write results from

    const NameSetResults* held = NameSetRun::resultsIn(session.results());
    if (!held) {
        printErr(QStringLiteral("probebench run: the run's calls could not be read back\n"));
        return ExitFailure;
    }
    const NameSetAnalysis analysis = NameSetAnalysis::compute(doc, *held);
    RunRecord run;
    if (!output.store.run(runId, &run, &error)) {
        printErr(QStringLiteral("probebench run: %1\n").arg(error));
        return ExitFailure;
    }
    const ResultsEvidence evidence{QFileInfo(output.storePath).fileName(),
                                   {{run.id, run.created, qint64(analysis.answered)}}};
    if (!NameSetResultsFolder::write(output.dir, doc, analysis, output.store, runId, evidence,
                                     &error)) {
        printErr(QStringLiteral("probebench run: %1\n").arg(error));
        return ExitFailure;
    }
    printOut(NameSetReport::console(analysis));
    if (seedLimit > 0)
        printOut(
            estimateLine(analysis.cost.total(), NameSetRun::callCount(doc), doc.settings.prices));
    printOut(QStringLiteral("%1 calls logged, %2 without a usable reply; results in %3\n")
                 .arg(analysis.answered)
                 .arg(analysis.gaps.size())
                 .arg(QDir::toNativeSeparators(output.dir)));
    if (session.storeFailed())
        return ExitFailure; // the system refused the store a write: not a resumable stop
    if (outcome != RunOutcome::Completed || !analysis.hasResult())
        return ExitIncomplete;
    return ExitDone;
}

} // namespace pb::cli
