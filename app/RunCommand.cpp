#include "CliCommands.h"
#include "CliText.h"
#include "JudgeRunCommand.h"
#include "RunConsole.h"
#include "RunOptions.h"
#include "analysis/ProbeAnalysis.h"
#include "backends/BackendFactory.h"
#include "backends/ModelBackend.h"
#include "judge/JudgeProbeReader.h"
#include "probe/ProbeReader.h"
#include "probe/ProbeWriter.h"
#include "report/ConsoleSummary.h"
#include "report/ResultsFolder.h"
#include "report/StoredRunReader.h"
#include "run/ProbeRunner.h"
#include "run/RunConfiguration.h"
#include "store/RunStore.h"
#include "store/StoreLock.h"

#include <QDir>
#include <QFileInfo>
#include <cmath>

namespace pb::cli {
namespace {

QString progressLine(const RunProgress& p)
{
    QString line = QStringLiteral("%1/%2 calls").arg(p.done()).arg(p.total);
    if (p.resumed > 0) {
        line += QStringLiteral(" (%1 from an earlier session)").arg(p.resumed);
    }
    if (p.failed > 0) {
        line += QStringLiteral(", %1 failed").arg(p.failed);
    }
    if (p.callsPerMinute > 0) {
        line += QStringLiteral(", %1 calls/min").arg(QString::number(p.callsPerMinute, 'f', 0));
    }
    if (p.etaSeconds && p.remaining() > 0) {
        line += QStringLiteral(", about %1 s left")
                    .arg(QString::number(std::ceil(*p.etaSeconds), 'f', 0));
    }
    return line;
}

} // namespace

int runCommand(const QStringList& args)
{
    // A judge probe has options of its own (--judge), so it is handed over before parsing.
    for (const QString& arg : args) {
        if (!arg.startsWith(QLatin1Char('-')) && JudgeProbeReader::isJudgeProbeFile(arg)) {
            return judgeRunCommand(args);
        }
    }
    RunOptions options(QStringLiteral(".probe.json"), QStringLiteral("dry run"));
    if (!options.parse(args,
                       QStringLiteral("give exactly one probe file (see probebench --help)"))) {
        return ExitBadInput;
    }
    const QString probePath = options.probePath();
    ProbeLoadResult loaded = ProbeReader::readFile(probePath);
    if (!loaded.ok()) {
        printErr(loaded.text() + QLatin1Char('\n'));
        return ExitBadInput;
    }
    if (!loaded.warnings().isEmpty()) {
        printErr(loaded.warningText() + QLatin1Char('\n'));
    }
    ProbeDocument doc = *loaded.document;
    int seedLimit = 0;
    if (!options.applyTo(doc.settings, BackendFactory::backendNames()) ||
        !options.seedLimit(&seedLimit)) {
        return ExitBadInput;
    }

    const QString outDir = options.outDir();
    const ResultsFolder results(outDir);
    QString storePath;
    StoreLock lock; // held until the results are written: one writer per store
    RunStore store;
    if (const int code = options.openOutput(results, &lock, &store, &storePath)) {
        return code;
    }
    QString error;
    bool resumed = false;
    const qint64 runId = RunConfiguration::findOrCreateRun(
        store, doc, QString::fromUtf8(ProbeWriter::toJson(doc)), &resumed, &error);
    if (runId == 0) {
        printErr(QStringLiteral("probebench run: %1\n").arg(error));
        return ExitFailure;
    }

    QString digest; // read without the run's calls: a large run's calls are many
    if (!store.recordedDigest(runId, &digest, &error)) {
        printErr(QStringLiteral("probebench run: %1\n").arg(error));
        return ExitFailure;
    }
    std::unique_ptr<ModelBackend> backend;
    if (auto config = BackendFactory::configFor(doc.settings, &error)) {
        config->expectedDigest = digest;
        backend = BackendFactory::create(doc.settings.backend, *config, &error);
    }
    if (!backend) {
        printErr(QStringLiteral("probebench run: %1: settings: %2\n")
                     .arg(QFileInfo(probePath).fileName(), error));
        return ExitBadInput;
    }

    const bool quiet = options.quiet();
    if (!quiet) {
        printErr(QStringLiteral("%1 run %2 in %3 (%4 on %5)\n")
                     .arg(resumed ? QStringLiteral("resuming") : QStringLiteral("starting"))
                     .arg(runId)
                     .arg(storePath, doc.settings.model, doc.settings.backend));
    }
    ProbeRunner runner(doc, &store, runId, backend.get());
    runner.setSeedLimit(seedLimit);
    QString finishMessage;
    const RunOutcome outcome = RunConsole(quiet, progressLine).run(runner, &finishMessage);
    // Said at once: why the run stopped (a full disk, say) matters even if nothing more works.
    if (!finishMessage.isEmpty()) {
        printErr(QStringLiteral("probebench run: %1\n").arg(finishMessage));
    }

    const std::optional<RunEvidence> evidence = StoredRunReader::read(store, runId, &error);
    if (!evidence) {
        printErr(QStringLiteral("probebench run: %1\n").arg(error));
        return ExitFailure;
    }
    const ProbeAnalysis& analysis = evidence->analysis;
    if (!results.write(evidence->context, analysis, store, runId, &error)) {
        printErr(QStringLiteral("probebench run: %1\n").arg(error));
        return ExitFailure;
    }
    printOut(ConsoleSummary::render(analysis));
    printOut(QStringLiteral("%1 calls logged, %2 failed; results in %3\n")
                 .arg(analysis.callsLogged)
                 .arg(analysis.callsFailed)
                 .arg(QDir::toNativeSeparators(outDir)));
    if (runner.storeFailed()) {
        return ExitFailure; // the system refused the store a write: not a resumable stop
    }
    return outcome == RunOutcome::Completed ? ExitDone : ExitIncomplete;
}

} // namespace pb::cli
