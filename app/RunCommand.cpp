#include "AxesRunCommand.h"
#include "CliCommands.h"
#include "CliText.h"
#include "JudgeRunCommand.h"
#include "NameSetRunCommand.h"
#include "RunConsole.h"
#include "RunOptions.h"
#include "analysis/ProbeAnalysis.h"
#include "axes/AxesDocument.h"
#include "backends/BackendFactory.h"
#include "choice/ChoiceReport.h"
#include "generative/GenerativeReport.h"
#include "judge/JudgeProbeReader.h"
#include "nameset/NameSetReader.h"
#include "probe/FileFormat.h"
#include "probe/ProbeReader.h"
#include "report/ConsoleSummary.h"
#include "report/ResultsFolder.h"
#include "report/StoredRunReader.h"
#include "run/CallPlan.h"
#include "run/ModelProbeRun.h"
#include "run/RunSession.h"
#include "store/RunStore.h"
#include "store/StoreLock.h"

#include <QDir>
#include <QFileInfo>

namespace pb::cli {

int runCommand(const QStringList& args)
{
    // A judge probe has options of its own (--judge), so it is handed over before parsing.
    for (const QString& arg : args) {
        if (arg.startsWith(QLatin1Char('-')))
            continue;
        const QString kind = FileFormat::kindOfFile(arg);
        if (kind == QLatin1String("judge-probe"))
            return judgeRunCommand(args);
        if (kind == QLatin1String(NameSetReader::kKind))
            return nameSetRunCommand(args);
        if (kind == QLatin1String(AxesDocument::kKind))
            return axesRunCommand(args);
    }
    RunOptions options(QStringLiteral(".probe.json"), QStringLiteral("dry run"));
    int seedLimit = 0;
    const std::optional<ProbeDocument> file = options.readRunProbe(
        args, [](const QString& path) { return ProbeReader::readFile(path); }, &seedLimit);
    if (!file)
        return ExitBadInput;
    const ProbeDocument doc = *file;

    RunOutput output(options.outDir());
    if (const int code = options.openOutput(&output)) {
        return code;
    }
    const QList<RunUnit> units{ModelProbeRun::unit(doc, seedLimit)};
    QString error;
    if (!options.unitsCanRun(units))
        return ExitBadInput;
    RunSession session(&output.store, units);
    const auto startLine = [&](int, qint64 runId, bool resumed) {
        return QStringLiteral("%1 run %2 in %3 (%4 on %5)")
            .arg(resumed ? QStringLiteral("resuming") : QStringLiteral("starting"))
            .arg(runId)
            .arg(output.storePath, doc.settings.model, doc.settings.backend);
    };
    QString finishMessage;
    const RunOutcome outcome = RunConsole(options.quiet(), startLine).run(session, &finishMessage);
    // Said at once: why the run stopped (a full disk, say) matters even if nothing more works.
    if (!finishMessage.isEmpty()) {
        printErr(QStringLiteral("probebench run: %1\n").arg(finishMessage));
    }
    const qint64 runId = session.runIds().constFirst();
    if (runId == 0) {
        return ExitFailure; // the store gave no run: nothing to write results from
    }

    std::optional<RunEvidence> evidence = StoredRunReader::read(output.store, runId, &error);
    if (!evidence) {
        printErr(QStringLiteral("probebench run: %1\n").arg(error));
        return ExitFailure;
    }
    // At the prices given now (the file or the flags), as the window costs it.
    evidence->context.priceAt(doc.settings);
    const RunCost& cost = *evidence->context.cost;
    const QString costText =
        cost.consoleText() +
        (seedLimit > 0 ? estimateLine(cost.total(), CallPlan::callCount(doc), doc.settings.prices)
                       : QString());
    if (!output.results.write(*evidence, output.store, &error)) {
        printErr(QStringLiteral("probebench run: %1\n").arg(error));
        return ExitFailure;
    }
    if (evidence->generative) {
        const GenerativeAnalysis& generative = *evidence->generative;
        printOut(GenerativeReport::consoleText(generative) + costText);
        printOut(QStringLiteral("%1 calls logged, %2 failed, %3 without an embedding; results in "
                                "%4\n")
                     .arg(generative.callsLogged)
                     .arg(generative.callsFailed)
                     .arg(generative.callsFlagged)
                     .arg(QDir::toNativeSeparators(output.dir)));
        if (session.storeFailed()) {
            return ExitFailure;
        }
        if (!generative.hasResult()) {
            printErr(QStringLiteral("probebench run: %1\n")
                         .arg(GenerativeReport::resultSentence(generative)));
            return ExitIncomplete;
        }
        return outcome == RunOutcome::Completed ? ExitDone : ExitIncomplete;
    }
    if (evidence->choice) {
        const ChoiceAnalysis& choice = *evidence->choice;
        printOut(ChoiceReport::consoleText(choice) + costText);
        printOut(QStringLiteral("%1 calls logged, %2 failed; results in %3\n")
                     .arg(choice.callsLogged)
                     .arg(choice.callsFailed)
                     .arg(QDir::toNativeSeparators(output.dir)));
        if (session.storeFailed()) {
            return ExitFailure;
        }
        if (!choice.hasResult()) {
            printErr(
                QStringLiteral("probebench run: %1\n").arg(ChoiceReport::resultSentence(choice)));
            return ExitIncomplete;
        }
        return outcome == RunOutcome::Completed ? ExitDone : ExitIncomplete;
    }
    const ProbeAnalysis& analysis = evidence->analysis;
    printOut(ConsoleSummary::render(analysis) + costText);
    printOut(QStringLiteral("%1 calls logged, %2 failed, %3 not scored; results in %4\n")
                 .arg(analysis.callsLogged)
                 .arg(analysis.callsFailed)
                 .arg(analysis.repliesFlagged + analysis.repliesUnscored)
                 .arg(QDir::toNativeSeparators(output.dir)));
    if (session.storeFailed()) {
        return ExitFailure; // the system refused the store a write: not a resumable stop
    }
    if (!analysis.hasResult()) {
        printErr(noResultMessage(QStringLiteral("probebench run")));
        return ExitIncomplete;
    }
    return outcome == RunOutcome::Completed ? ExitDone : ExitIncomplete;
}

} // namespace pb::cli
