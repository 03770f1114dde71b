#include "JudgeRunCommand.h"

#include "CliText.h"
#include "RunConsole.h"
#include "RunOptions.h"
#include "judge/JudgeAnalysis.h"
#include "judge/JudgeConsoleText.h"
#include "judge/JudgeProbeReader.h"
#include "judge/JudgeProbeRun.h"
#include "judge/JudgeResultsFolder.h"
#include "report/ResultsFolder.h"
#include "run/RunSession.h"
#include "store/RunStore.h"
#include "store/StoreLock.h"

#include <QDir>
#include <QFileInfo>

namespace pb::cli {

int judgeRunCommand(const QStringList& args)
{
    const QCommandLineOption judgeOpt(
        QStringLiteral("judge"), QStringLiteral("run only this judge"), QStringLiteral("NAME"));
    RunOptions options(QStringLiteral(".judge.json"), QStringLiteral("ignored"), {judgeOpt});
    if (!options.parse(args, QStringLiteral("give exactly one probe file")))
        return ExitBadInput;
    const QCommandLineParser& parser = options.parser();
    const QString probePath = options.probePath();
    const std::optional<JudgeProbeDocument> file =
        documentOf(JudgeProbeReader::readFile(probePath));
    if (!file)
        return ExitBadInput;
    JudgeProbeDocument doc = *file;
    if (options.seedLimitGiven())
        printErr(QStringLiteral("probebench run: --limit-seeds does not apply to a judge probe; "
                                "every item is judged once\n"));

    if (parser.isSet(judgeOpt)) {
        const QStringList wanted = parser.values(judgeOpt);
        QList<JudgeConfig> kept;
        for (const JudgeConfig& j : doc.judges) {
            if (wanted.contains(j.name))
                kept << j;
        }
        for (const QString& name : wanted) {
            bool found = false;
            for (const JudgeConfig& j : doc.judges)
                found = found || j.name == name;
            if (!found) {
                QStringList names;
                for (const JudgeConfig& j : doc.judges)
                    names << j.name;
                printErr(QStringLiteral("probebench run: --judge: \"%1\" is not a judge of this "
                                        "probe (%2)\n")
                             .arg(name, names.join(QStringLiteral(", "))));
                return ExitBadInput;
            }
        }
        doc.judges = kept;
    }
    for (JudgeConfig& j : doc.judges) {
        if (!options.applyTo(j, JudgeProbeReader::judgeBackendNames()))
            return ExitBadInput;
    }

    RunOutput output(options.outDir());
    if (const int code = options.openOutput(&output))
        return code;

    const QList<RunUnit> units = JudgeProbeRun::units(doc);
    QString error;
    if (!options.unitsCanRun(units))
        return ExitBadInput;
    RunSession session(&output.store, units);
    const auto startLine = [&](int unit, qint64 runId, bool resumed) {
        const JudgeConfig& judge = doc.judges.at(unit);
        return QStringLiteral("%1 judge \"%2\" as run %3 in %4 (%5 on %6)")
            .arg(resumed ? QStringLiteral("resuming") : QStringLiteral("starting"), judge.name)
            .arg(runId)
            .arg(output.storePath, judge.effectiveModel(), judge.backend);
    };
    QString message;
    const RunOutcome outcome = RunConsole(options.quiet(), startLine).run(session, &message);
    for (const QString& line : message.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        printErr(QStringLiteral("probebench run: %1\n").arg(line));
    }
    bool complete = outcome == RunOutcome::Completed;
    const bool storeFailed = session.storeFailed();
    // What the store holds now, read and written as the window's Export writes it.
    const JudgeProbeRun::StoredJudgeResults stored =
        JudgeProbeRun::readStored(doc, output.store, QFileInfo(output.storePath).fileName());
    if (!stored.error.isEmpty()) {
        printErr(
            QStringLiteral("probebench run: %1; the results were not written\n").arg(stored.error));
        return ExitFailure;
    }
    if (stored.storedCalls == 0) {
        printErr(QStringLiteral("probebench run: no judge call was recorded; no results were "
                                "written\n"));
        return storeFailed ? ExitFailure : ExitIncomplete;
    }
    const JudgeAnalysis& analysis = stored.analysis;
    if (!JudgeResultsFolder::writeStored(output.dir, doc, stored, QFileInfo(probePath).fileName(),
                                         &error)) {
        printErr(QStringLiteral("probebench run: %1\n").arg(error));
        return ExitFailure;
    }
    printOut(JudgeConsoleText::render(doc, analysis));
    int logged = 0;
    for (const JudgeRunAnalysis& run : analysis.judges) {
        logged += run.logged;
        // A judge none of whose replies could be scored measured nothing: that is not a
        // finished run, whatever the runner says.
        if (run.logged > 0 && run.scored == 0) {
            complete = false;
            printErr(QStringLiteral("probebench run: judge \"%1\": none of its %2 replies could "
                                    "be scored (%3 review needed, %4 failed); the raw replies "
                                    "are in report.md and judge-log.csv\n")
                         .arg(run.judgeName)
                         .arg(run.logged)
                         .arg(run.reviewNeeded)
                         .arg(run.failed));
        }
    }
    printOut(QStringLiteral("%1 judge calls logged; results in %2\n")
                 .arg(logged)
                 .arg(QDir::toNativeSeparators(output.dir)));
    if (storeFailed)
        return ExitFailure; // the system refused the store a write: not a resumable stop
    return complete ? ExitDone : ExitIncomplete;
}

} // namespace pb::cli
