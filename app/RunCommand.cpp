#include "CliCommands.h"
#include "CliText.h"
#include "InterruptWatch.h"
#include "JudgeRunCommand.h"

#include "analysis/ProbeAnalysis.h"
#include "backends/BackendFactory.h"
#include "backends/ModelBackend.h"
#include "judge/JudgeProbeReader.h"
#include "probe/ProbeReader.h"
#include "probe/ProbeWriter.h"
#include "report/ConsoleSummary.h"
#include "report/ResultsFolder.h"
#include "run/ProbeRunner.h"
#include "run/RunConfiguration.h"
#include "store/RunStore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <cmath>

namespace pb::cli {
namespace {

QString probeBaseName(const QString& path)
{
    QString name = QFileInfo(path).fileName();
    for (const QString& suffix : {QStringLiteral(".probe.json"), QStringLiteral(".json")}) {
        if (name.endsWith(suffix)) {
            name.chop(suffix.size());
            break;
        }
    }
    return name;
}

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
        line += QStringLiteral(", about %1 s left").arg(QString::number(std::ceil(*p.etaSeconds), 'f', 0));
    }
    return line;
}

// The digest of the model that answered earlier calls of this run: a resumed run must keep
// talking to the same model.
QString recordedDigest(const QList<LoggedCall>& calls)
{
    for (const LoggedCall& c : calls) {
        if (c.status == CallStatus::Ok && !c.modelDigest.isEmpty()) {
            return c.modelDigest;
        }
    }
    return QString();
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
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("probe"), QStringLiteral("FILE.probe.json"));
    const QCommandLineOption outOpt(QStringLiteral("out"), QStringLiteral("results folder"), QStringLiteral("DIR"));
    const QCommandLineOption storeOpt(QStringLiteral("store"), QStringLiteral("run store"), QStringLiteral("FILE"));
    const QCommandLineOption backendOpt(QStringLiteral("backend"), QStringLiteral("backend"), QStringLiteral("NAME"));
    const QCommandLineOption endpointOpt(QStringLiteral("endpoint"), QStringLiteral("endpoint"), QStringLiteral("URL"));
    const QCommandLineOption modelOpt(QStringLiteral("model"), QStringLiteral("model"), QStringLiteral("NAME"));
    const QCommandLineOption concurrencyOpt(QStringLiteral("concurrency"), QStringLiteral("calls in flight"),
                                            QStringLiteral("N"));
    const QCommandLineOption timeoutOpt(QStringLiteral("timeout"), QStringLiteral("seconds per call"),
                                        QStringLiteral("SECONDS"));
    const QCommandLineOption limitOpt(QStringLiteral("limit-seeds"), QStringLiteral("dry run"), QStringLiteral("N"));
    const QCommandLineOption quietOpt(QStringLiteral("quiet"), QStringLiteral("no progress"));
    parser.addOptions({outOpt, storeOpt, backendOpt, endpointOpt, modelOpt, concurrencyOpt, timeoutOpt,
                       limitOpt, quietOpt});
    if (!parser.parse(QStringList{QStringLiteral("probebench run")} + args)) {
        printErr(QStringLiteral("probebench run: %1\n").arg(parser.errorText()));
        return ExitBadInput;
    }
    if (parser.positionalArguments().size() != 1) {
        printErr(QStringLiteral("probebench run: give exactly one probe file (see probebench --help)\n"));
        return ExitBadInput;
    }
    const QString probePath = parser.positionalArguments().front();
    ProbeLoadResult loaded = ProbeReader::readFile(probePath);
    if (!loaded.ok()) {
        printErr(loaded.text() + QLatin1Char('\n'));
        return ExitBadInput;
    }
    if (!loaded.warnings().isEmpty()) {
        printErr(loaded.warningText() + QLatin1Char('\n'));
    }
    ProbeDocument doc = *loaded.document;

    if (parser.isSet(backendOpt)) {
        doc.settings.backend = parser.value(backendOpt);
        if (!BackendFactory::backendNames().contains(doc.settings.backend)) {
            printErr(QStringLiteral("probebench run: --backend: \"%1\" is not one of %2\n")
                         .arg(doc.settings.backend, BackendFactory::backendNames().join(QStringLiteral(", "))));
            return ExitBadInput;
        }
    }
    if (parser.isSet(endpointOpt)) {
        doc.settings.endpoints = parser.values(endpointOpt);
    }
    if (parser.isSet(modelOpt)) {
        doc.settings.model = parser.value(modelOpt);
    }
    if (parser.isSet(concurrencyOpt)) {
        bool ok = false;
        const int n = parser.value(concurrencyOpt).toInt(&ok);
        if (!ok || n < 1) {
            printErr(QStringLiteral("probebench run: --concurrency: give a whole number of 1 or more\n"));
            return ExitBadInput;
        }
        doc.settings.concurrency = n;
    }
    if (parser.isSet(timeoutOpt)) {
        bool ok = false;
        const double t = parser.value(timeoutOpt).toDouble(&ok);
        if (!ok || !(t > 0)) {
            printErr(QStringLiteral("probebench run: --timeout: give a number of seconds above 0\n"));
            return ExitBadInput;
        }
        doc.settings.timeoutSeconds = t;
    }
    int seedLimit = 0;
    if (parser.isSet(limitOpt)) {
        bool ok = false;
        seedLimit = parser.value(limitOpt).toInt(&ok);
        if (!ok || seedLimit < 1) {
            printErr(QStringLiteral("probebench run: --limit-seeds: give a whole number of 1 or more\n"));
            return ExitBadInput;
        }
    }

    const QString base = probeBaseName(probePath);
    const QString outDir = parser.isSet(outOpt)
                               ? parser.value(outOpt)
                               : QFileInfo(probePath).dir().filePath(base + QStringLiteral("-results"));
    const ResultsFolder results(outDir);
    QString error;
    if (!results.prepare(&error)) {
        printErr(QStringLiteral("probebench run: %1\n").arg(error));
        return ExitBadInput;
    }
    const QString storePath =
        parser.isSet(storeOpt) ? parser.value(storeOpt) : results.filePath(base + QStringLiteral(".pbrun"));
    RunStore store;
    if (!store.open(storePath, &error)) {
        printErr(QStringLiteral("probebench run: %1\n").arg(error));
        return ExitBadInput;
    }
    bool resumed = false;
    const qint64 runId = RunConfiguration::findOrCreateRun(store, doc, QString::fromUtf8(ProbeWriter::toJson(doc)),
                                                           &resumed, &error);
    if (runId == 0) {
        printErr(QStringLiteral("probebench run: %1\n").arg(error));
        return ExitFailure;
    }

    std::unique_ptr<ModelBackend> backend;
    if (auto config = BackendFactory::configFor(doc.settings, &error)) {
        config->expectedDigest = recordedDigest(store.calls(runId));
        backend = BackendFactory::create(doc.settings.backend, *config, &error);
    }
    if (!backend) {
        printErr(QStringLiteral("probebench run: %1: settings: %2\n").arg(QFileInfo(probePath).fileName(), error));
        return ExitBadInput;
    }

    const bool quiet = parser.isSet(quietOpt);
    if (!quiet) {
        printErr(QStringLiteral("%1 run %2 in %3 (%4 on %5)\n")
                     .arg(resumed ? QStringLiteral("resuming") : QStringLiteral("starting"))
                     .arg(runId)
                     .arg(storePath, doc.settings.model, doc.settings.backend));
    }
    ProbeRunner runner(doc, &store, runId, backend.get());
    runner.setSeedLimit(seedLimit);
    runner.setPublishInterval(quiet ? 1000 : 250);
    InterruptWatch interrupts;
    QObject::connect(&interrupts, &InterruptWatch::interrupted, &runner, [&] {
        printErr(QStringLiteral("\ncancelling: waiting for calls in flight; run again to resume\n"));
        runner.cancel();
    });
    qint64 lastPrinted = -1;
    QElapsedTimer sincePrint;
    sincePrint.start();
    QObject::connect(&runner, &ProbeRunner::progressChanged, &runner, [&](const RunProgress& p) {
        if (quiet || (sincePrint.elapsed() < 1000 && p.remaining() > 0) || p.done() == lastPrinted) {
            return;
        }
        lastPrinted = p.done();
        sincePrint.restart();
        printErr(progressLine(p) + QLatin1Char('\n'));
    });
    RunOutcome outcome = RunOutcome::Completed;
    QString finishMessage;
    QObject::connect(&runner, &ProbeRunner::finished, &runner, [&](RunOutcome o, const QString& message) {
        outcome = o;
        finishMessage = message;
        QCoreApplication::exit(0);
    });
    QMetaObject::invokeMethod(&runner, &ProbeRunner::start, Qt::QueuedConnection);
    QCoreApplication::exec();

    const QList<LoggedCall> calls = store.calls(runId);
    const ProbeAnalysis analysis =
        ProbeAnalysis::fromCalls(calls, doc.valueA(), doc.valueB(), doc.metric.name, [&] {
            QStringList ids;
            for (const ProbeItem& item : doc.items) {
                ids << item.id;
            }
            return ids;
        }());
    const ReportContext context = ReportContext::fromRun(doc, *store.run(runId), calls, storePath, store.events(runId));
    if (!results.write(context, analysis, calls, &error)) {
        printErr(QStringLiteral("probebench run: %1\n").arg(error));
        return ExitBadInput;
    }
    printOut(ConsoleSummary::render(analysis));
    printOut(QStringLiteral("%1 calls logged, %2 failed; results in %3\n")
                 .arg(analysis.callsLogged)
                 .arg(analysis.callsFailed)
                 .arg(QDir::toNativeSeparators(outDir)));
    if (!finishMessage.isEmpty()) {
        printErr(QStringLiteral("probebench run: %1\n").arg(finishMessage));
    }
    return outcome == RunOutcome::Completed ? ExitDone : ExitIncomplete;
}

} // namespace pb::cli
