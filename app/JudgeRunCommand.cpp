#include "JudgeRunCommand.h"

#include "CliText.h"
#include "RunConsole.h"
#include "RunOptions.h"
#include "judge/JudgeAnalysis.h"
#include "judge/JudgeBackendFactory.h"
#include "judge/JudgeCallRecord.h"
#include "judge/JudgeConsoleText.h"
#include "judge/JudgeCsvLog.h"
#include "judge/JudgeProbeReader.h"
#include "judge/JudgeReportBuilder.h"
#include "judge/JudgeRunIdentity.h"
#include "judge/JudgeRunner.h"
#include "judge/JudgeSummaryJson.h"
#include "report/ResultsFolder.h"
#include "store/RunStore.h"
#include "store/StoreLock.h"

#include <QDir>
#include <QFileInfo>

namespace pb::cli {
namespace {

QString progressLine(const RunProgress& p)
{
    return QStringLiteral("%1/%2 judge calls%3")
        .arg(p.done())
        .arg(p.total)
        .arg(p.resumed > 0 ? QStringLiteral(" (%1 from an earlier session)").arg(p.resumed)
                           : QString());
}

} // namespace

int judgeRunCommand(const QStringList& args)
{
    const QCommandLineOption judgeOpt(
        QStringLiteral("judge"), QStringLiteral("run only this judge"), QStringLiteral("NAME"));
    RunOptions options(QStringLiteral(".judge.json"), QStringLiteral("ignored"), {judgeOpt});
    if (!options.parse(args, QStringLiteral("give exactly one probe file")))
        return ExitBadInput;
    const QCommandLineParser& parser = options.parser();
    const QString probePath = options.probePath();
    const JudgeProbeLoadResult loaded = JudgeProbeReader::readFile(probePath);
    if (!loaded.ok()) {
        printErr(loaded.text() + QLatin1Char('\n'));
        return ExitBadInput;
    }
    if (loaded.hasWarnings())
        printErr(loaded.warningText() + QLatin1Char('\n'));
    JudgeProbeDocument doc = *loaded.document;
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

    const QString outDir = options.outDir();
    const ResultsFolder results(outDir);
    QString storePath;
    StoreLock lock; // held until the results are written: one writer per store
    RunStore store;
    if (const int code = options.openOutput(results, &lock, &store, &storePath))
        return code;

    QString error;
    const bool quiet = options.quiet();
    bool complete = true;
    bool storeFailed = false;
    QList<qint64> runIds;
    for (int i = 0; i < doc.judges.size(); ++i) {
        const JudgeConfig& judge = doc.judges.at(i);
        bool resumed = false;
        const qint64 runId = JudgeRunIdentity::findOrCreateRun(store, doc, judge, &resumed, &error);
        if (runId == 0) {
            printErr(QStringLiteral("probebench run: %1\n").arg(error));
            return ExitFailure;
        }
        runIds << runId;
        QList<LoggedCall> stored;
        if (!store.calls(runId, &stored, &error)) {
            printErr(QStringLiteral("probebench run: %1\n").arg(error));
            return ExitFailure;
        }
        std::unique_ptr<ModelBackend> backend =
            JudgeBackendFactory::create(judge, LoggedCall::recordedDigest(stored), &error);
        if (!backend) {
            printErr(QStringLiteral("probebench run: %1: judge \"%2\": %3\n")
                         .arg(QFileInfo(probePath).fileName(), judge.name, error));
            return ExitBadInput;
        }
        if (!quiet)
            printErr(QStringLiteral("%1 judge \"%2\" as run %3 in %4 (%5 on %6)\n")
                         .arg(resumed ? QStringLiteral("resuming") : QStringLiteral("starting"),
                              judge.name)
                         .arg(runId)
                         .arg(storePath, judge.effectiveModel(), judge.backend));
        JudgeRunner runner(doc, i, &store, runId, backend.get());
        QString message;
        const RunOutcome outcome = RunConsole(quiet, progressLine).run(runner, &message);
        if (!message.isEmpty())
            printErr(QStringLiteral("probebench run: judge \"%1\": %2\n").arg(judge.name, message));
        complete = complete && outcome == RunOutcome::Completed;
        storeFailed = storeFailed || runner.storeFailed();
        if (outcome == RunOutcome::Cancelled || outcome == RunOutcome::Stopped) {
            complete = false;
            if (outcome == RunOutcome::Cancelled)
                break;
        }
    }

    QList<QList<JudgedCall>> callsPerJudge;
    ResultsEvidence evidence{QFileInfo(storePath).fileName(), {}};
    for (int i = 0; i < doc.judges.size(); ++i) {
        QList<LoggedCall> calls;
        RunRecord run;
        if (i < runIds.size() && (!store.calls(runIds.at(i), &calls, &error) ||
                                  !store.run(runIds.at(i), &run, &error))) {
            printErr(
                QStringLiteral("probebench run: %1; the results were not written\n").arg(error));
            return ExitFailure;
        }
        if (i < runIds.size())
            evidence.runs.append({run.id, run.created, qint64(calls.size())});
        callsPerJudge << JudgeCallRecord::fromLogged(doc, doc.judges.at(i), calls);
    }
    const JudgeAnalysis analysis = JudgeAnalysis::compute(doc, callsPerJudge);
    JudgeReportBuilder::Context context;
    context.source = QFileInfo(probePath).fileName();
    context.store = QFileInfo(storePath).fileName();
    context.generated = QDateTime::currentDateTimeUtc();
    const ReportDocument report = JudgeReportBuilder::build(doc, analysis, context);
    if (!results.write(evidence,
                       {{QStringLiteral("judge-log.csv"), JudgeCsvLog::toCsv(doc, analysis)},
                        {QStringLiteral("report.md"), report.toMarkdown().toUtf8()},
                        {QStringLiteral("report.html"), report.toHtml().toUtf8()}},
                       JudgeSummaryJson::build(doc, analysis), &error)) {
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
                 .arg(QDir::toNativeSeparators(outDir)));
    if (storeFailed)
        return ExitFailure; // the system refused the store a write: not a resumable stop
    return complete ? ExitDone : ExitIncomplete;
}

} // namespace pb::cli
