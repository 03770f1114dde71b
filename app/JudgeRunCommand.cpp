#include "JudgeRunCommand.h"

#include "CliText.h"
#include "InterruptWatch.h"
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

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>

namespace pb::cli {
namespace {

QString baseName(const QString& path)
{
    QString name = QFileInfo(path).fileName();
    for (const QString& suffix : {QStringLiteral(".judge.json"), QStringLiteral(".json")}) {
        if (name.endsWith(suffix)) {
            name.chop(suffix.size());
            break;
        }
    }
    return name;
}

bool writeText(const QString& path, const QByteArray& bytes, QString* error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || (f.write(bytes), !f.commit())) {
        *error = QStringLiteral("%1: cannot write: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

QString recordedDigest(const QList<LoggedCall>& calls)
{
    for (const LoggedCall& c : calls) {
        if (c.status == CallStatus::Ok && !c.modelDigest.isEmpty())
            return c.modelDigest;
    }
    return QString();
}

// Runs one judge to the end (or until interrupted); returns its outcome.
RunOutcome runJudge(const JudgeProbeDocument& doc, int index, RunStore& store, qint64 runId,
                    ModelBackend* backend, bool quiet, QString* message)
{
    JudgeRunner runner(doc, index, &store, runId, backend);
    runner.setPublishInterval(quiet ? 1000 : 250);
    InterruptWatch interrupts;
    QObject::connect(&interrupts, &InterruptWatch::interrupted, &runner, [&] {
        printErr(
            QStringLiteral("\ncancelling: waiting for calls in flight; run again to resume\n"));
        runner.cancel();
    });
    QElapsedTimer sincePrint;
    sincePrint.start();
    int lastPrinted = -1;
    QObject::connect(&runner, &JudgeRunner::progressChanged, &runner, [&](const RunProgress& p) {
        if (quiet || (sincePrint.elapsed() < 1000 && p.remaining() > 0) || p.done() == lastPrinted)
            return;
        lastPrinted = p.done();
        sincePrint.restart();
        printErr(QStringLiteral("%1/%2 judge calls%3\n")
                     .arg(p.done())
                     .arg(p.total)
                     .arg(p.resumed > 0
                              ? QStringLiteral(" (%1 from an earlier session)").arg(p.resumed)
                              : QString()));
    });
    RunOutcome outcome = RunOutcome::Completed;
    QObject::connect(&runner, &JudgeRunner::finished, &runner,
                     [&](RunOutcome o, const QString& text) {
                         outcome = o;
                         *message = text;
                         QCoreApplication::exit(0);
                     });
    QMetaObject::invokeMethod(&runner, &JudgeRunner::start, Qt::QueuedConnection);
    QCoreApplication::exec();
    return outcome;
}

} // namespace

int judgeRunCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("probe"), QStringLiteral("FILE.judge.json"));
    const QCommandLineOption outOpt(QStringLiteral("out"), QStringLiteral("results folder"),
                                    QStringLiteral("DIR"));
    const QCommandLineOption storeOpt(QStringLiteral("store"), QStringLiteral("run store"),
                                      QStringLiteral("FILE"));
    const QCommandLineOption judgeOpt(
        QStringLiteral("judge"), QStringLiteral("run only this judge"), QStringLiteral("NAME"));
    const QCommandLineOption backendOpt(QStringLiteral("backend"), QStringLiteral("backend"),
                                        QStringLiteral("NAME"));
    const QCommandLineOption endpointOpt(QStringLiteral("endpoint"), QStringLiteral("endpoint"),
                                         QStringLiteral("URL"));
    const QCommandLineOption modelOpt(QStringLiteral("model"), QStringLiteral("model"),
                                      QStringLiteral("NAME"));
    const QCommandLineOption concurrencyOpt(QStringLiteral("concurrency"),
                                            QStringLiteral("calls in flight"), QStringLiteral("N"));
    const QCommandLineOption timeoutOpt(
        QStringLiteral("timeout"), QStringLiteral("seconds per call"), QStringLiteral("SECONDS"));
    const QCommandLineOption limitOpt(QStringLiteral("limit-seeds"), QStringLiteral("ignored"),
                                      QStringLiteral("N"));
    const QCommandLineOption quietOpt(QStringLiteral("quiet"), QStringLiteral("no progress"));
    parser.addOptions({outOpt, storeOpt, judgeOpt, backendOpt, endpointOpt, modelOpt,
                       concurrencyOpt, timeoutOpt, limitOpt, quietOpt});
    if (!parser.parse(QStringList{QStringLiteral("probebench run")} + args)) {
        printErr(QStringLiteral("probebench run: %1\n").arg(parser.errorText()));
        return ExitBadInput;
    }
    if (parser.positionalArguments().size() != 1) {
        printErr(QStringLiteral("probebench run: give exactly one probe file\n"));
        return ExitBadInput;
    }
    const QString probePath = parser.positionalArguments().front();
    const JudgeProbeLoadResult loaded = JudgeProbeReader::readFile(probePath);
    if (!loaded.ok()) {
        printErr(loaded.text() + QLatin1Char('\n'));
        return ExitBadInput;
    }
    if (loaded.hasWarnings())
        printErr(loaded.warningText() + QLatin1Char('\n'));
    JudgeProbeDocument doc = *loaded.document;
    if (parser.isSet(limitOpt))
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
        if (parser.isSet(backendOpt)) {
            j.backend = parser.value(backendOpt);
            if (!JudgeProbeReader::judgeBackendNames().contains(j.backend)) {
                printErr(QStringLiteral("probebench run: --backend: \"%1\" is not one of %2\n")
                             .arg(j.backend, JudgeProbeReader::judgeBackendNames().join(
                                                 QStringLiteral(", "))));
                return ExitBadInput;
            }
        }
        if (parser.isSet(endpointOpt))
            j.endpoints = parser.values(endpointOpt);
        if (parser.isSet(modelOpt))
            j.model = parser.value(modelOpt);
        if (parser.isSet(concurrencyOpt)) {
            bool ok = false;
            const int n = parser.value(concurrencyOpt).toInt(&ok);
            if (!ok || n < 1) {
                printErr(QStringLiteral(
                    "probebench run: --concurrency: give a whole number of 1 or more\n"));
                return ExitBadInput;
            }
            j.concurrency = n;
        }
        if (parser.isSet(timeoutOpt)) {
            bool ok = false;
            const double t = parser.value(timeoutOpt).toDouble(&ok);
            if (!ok || !(t > 0)) {
                printErr(QStringLiteral(
                    "probebench run: --timeout: give a number of seconds above 0\n"));
                return ExitBadInput;
            }
            j.timeoutSeconds = t;
        }
    }

    const QString base = baseName(probePath);
    const QString outDir =
        parser.isSet(outOpt)
            ? parser.value(outOpt)
            : QFileInfo(probePath).dir().filePath(base + QStringLiteral("-results"));
    const ResultsFolder results(outDir);
    QString error;
    if (!results.prepare(&error)) {
        printErr(QStringLiteral("probebench run: %1\n").arg(error));
        return ExitBadInput;
    }
    const QString storePath = parser.isSet(storeOpt)
                                  ? parser.value(storeOpt)
                                  : results.filePath(base + QStringLiteral(".pbrun"));
    RunStore store;
    if (!store.open(storePath, &error)) {
        printErr(QStringLiteral("probebench run: %1\n").arg(error));
        return ExitBadInput;
    }

    const bool quiet = parser.isSet(quietOpt);
    bool complete = true;
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
        std::unique_ptr<ModelBackend> backend =
            JudgeBackendFactory::create(judge, recordedDigest(store.calls(runId)), &error);
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
        QString message;
        const RunOutcome outcome = runJudge(doc, i, store, runId, backend.get(), quiet, &message);
        if (!message.isEmpty())
            printErr(QStringLiteral("probebench run: judge \"%1\": %2\n").arg(judge.name, message));
        complete = complete && outcome == RunOutcome::Completed;
        if (outcome == RunOutcome::Cancelled || outcome == RunOutcome::Stopped) {
            complete = false;
            if (outcome == RunOutcome::Cancelled)
                break;
        }
    }

    QList<QList<JudgedCall>> callsPerJudge;
    for (int i = 0; i < doc.judges.size(); ++i) {
        callsPerJudge << (i < runIds.size() ? JudgeCallRecord::fromLogged(doc, doc.judges.at(i),
                                                                          store.calls(runIds.at(i)))
                                            : QList<JudgedCall>{});
    }
    const JudgeAnalysis analysis = JudgeAnalysis::compute(doc, callsPerJudge);
    JudgeReportBuilder::Context context;
    context.source = QFileInfo(probePath).fileName();
    context.store = QFileInfo(storePath).fileName();
    context.generated = QDateTime::currentDateTimeUtc();
    const ReportDocument report = JudgeReportBuilder::build(doc, analysis, context);
    if (!JudgeCsvLog::writeFile(results.filePath(QStringLiteral("judge-log.csv")), doc, analysis,
                                &error) ||
        !writeText(results.filePath(QStringLiteral("report.md")), report.toMarkdown().toUtf8(),
                   &error) ||
        !writeText(results.filePath(QStringLiteral("report.html")), report.toHtml().toUtf8(),
                   &error) ||
        !writeText(
            results.filePath(QStringLiteral("summary.json")),
            QJsonDocument(JudgeSummaryJson::build(doc, analysis)).toJson(QJsonDocument::Indented),
            &error)) {
        printErr(QStringLiteral("probebench run: %1\n").arg(error));
        return ExitBadInput;
    }
    printOut(JudgeConsoleText::render(doc, analysis));
    int logged = 0;
    for (const JudgeRunAnalysis& run : analysis.judges)
        logged += run.logged;
    printOut(QStringLiteral("%1 judge calls logged; results in %2\n")
                 .arg(logged)
                 .arg(QDir::toNativeSeparators(outDir)));
    return complete ? ExitDone : ExitIncomplete;
}

} // namespace pb::cli
