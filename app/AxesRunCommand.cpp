#include "AxesRunCommand.h"

#include "CliText.h"
#include "RunConsole.h"
#include "RunOptions.h"
#include "axes/AxesReader.h"
#include "axes/AxesReport.h"
#include "axes/AxesResultsFolder.h"
#include "axes/AxesRun.h"
#include "axes/AxesStoredRuns.h"
#include "backends/BackendFactory.h"
#include "run/RunSession.h"

#include <QDir>
#include <QFileInfo>

namespace pb::cli {

int axesRunCommand(const QStringList& args)
{
    RunOptions options(QStringLiteral(".axes.json"), QStringLiteral("dry run"));
    int seedLimit = 0;
    const std::optional<AxesDocument> file = options.readRunProbe(
        args, [](const QString& path) { return AxesReader::readFile(path); }, &seedLimit);
    if (!file)
        return ExitBadInput;
    const AxesDocument doc = *file;

    RunOutput output(options.outDir());
    if (const int code = options.openOutput(&output))
        return code;
    const QList<RunUnit> units = AxesRun::units(doc, seedLimit);
    QString error;
    if (!options.unitsCanRun(units))
        return ExitBadInput;
    RunSession session(&output.store, units);
    QList<AxisRunEnd> ends(units.size());
    QObject::connect(&session, &RunSession::unitFinished,
                     [&ends](int unit, RunOutcome outcome, const QString& message) {
                         ends[unit].outcome = outcome;
                         ends[unit].message = message;
                     });
    const auto startLine = [&](int unit, qint64 runId, bool resumed) {
        return QStringLiteral("%1 run %2 in %3 for axis %4 of %5, %6 (%7 on %8)")
            .arg(resumed ? QStringLiteral("resuming") : QStringLiteral("starting"))
            .arg(runId)
            .arg(output.storePath)
            .arg(unit + 1)
            .arg(units.size())
            .arg(doc.axes[unit].label(), doc.settings.effectiveModel(), doc.settings.backend);
    };
    QString finishMessage;
    const RunOutcome outcome = RunConsole(options.quiet(), startLine).run(session, &finishMessage);
    if (!finishMessage.isEmpty())
        printErr(QStringLiteral("probebench run: %1\n").arg(finishMessage));
    for (int a = 0; a < ends.size(); ++a)
        ends[a].runId = session.runIds().value(a);

    const std::optional<AxesRunRead> read = AxesStoredRuns::read(output.store, doc, ends, &error);
    if (!read) {
        printErr(QStringLiteral("probebench run: %1\n").arg(error));
        return ExitFailure;
    }
    if (!AxesResultsFolder::write(output.dir, doc, read->comparison, read->evidence, output.store,
                                  QFileInfo(output.storePath).fileName(), &error)) {
        printErr(QStringLiteral("probebench run: %1\n").arg(error));
        return ExitFailure;
    }
    printOut(AxesReport::consoleText(read->comparison));
    if (seedLimit > 0) {
        TokenTotals dryRun;
        for (const std::optional<RunEvidence>& e : read->evidence) {
            if (e && e->context.cost)
                dryRun = dryRun.plus(e->context.cost->total());
        }
        printOut(estimateLine(dryRun, AxesRun::callCount(doc), doc.settings.prices));
    }
    int logged = 0;
    int failed = 0;
    for (const AxisComparison& a : read->comparison.axes) {
        logged += a.callsLogged;
        failed += a.callsFailed;
    }
    printOut(QStringLiteral("%1 calls logged over %2 axes, %3 failed; results in %4\n")
                 .arg(logged)
                 .arg(doc.axes.size())
                 .arg(failed)
                 .arg(QDir::toNativeSeparators(output.dir)));
    if (session.storeFailed())
        return ExitFailure; // the system refused the store a write: not a resumable stop
    if (read->comparison.withResult() == 0) {
        printErr(noResultMessage(QStringLiteral("probebench run")));
        return ExitIncomplete;
    }
    if (!read->comparison.complete()) {
        printErr(QStringLiteral("probebench run: %1: the result is partial\n")
                     .arg(read->comparison.coverage()));
        return ExitIncomplete;
    }
    return outcome == RunOutcome::Completed ? ExitDone : ExitIncomplete;
}

} // namespace pb::cli
