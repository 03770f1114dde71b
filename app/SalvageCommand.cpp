#include "CliCommands.h"
#include "CliText.h"
#include "log/CsvLogWriter.h"
#include "probe/ProbeReader.h"
#include "probe/WholeFile.h"
#include "report/ResultsFolder.h"
#include "run/CallPlan.h"
#include "store/StoreSalvage.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>

namespace pb::cli {
namespace {

// The note that goes beside a salvaged log.csv, saying where it came from and what it lacks.
QString salvageNote(const QString& storePath, const StoreSalvage::Result& r, const RunRecord* run,
                    int planned)
{
    QString text =
        QStringLiteral("Salvaged from %1 on %2 by probebench %3.\n")
            .arg(QFileInfo(storePath).fileName(),
                 QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")),
                 QStringLiteral(PB_VERSION));
    text +=
        QStringLiteral("Run %1%2: %3 calls could be read%4.\n")
            .arg(r.runId)
            .arg(run && !run->title.isEmpty() ? QStringLiteral(" (%1)").arg(run->title) : QString())
            .arg(r.calls.size())
            .arg(planned > 0 ? QStringLiteral(" of the %1 the run planned").arg(planned)
                             : QString());
    if (r.whole()) {
        text += QStringLiteral("SQLite found the store whole and every row was read.\n");
    } else {
        text += QStringLiteral("\nThe store is damaged.\n");
        if (!r.findings.isEmpty()) {
            text += QStringLiteral("SQLite's integrity check reported:\n");
            for (const QString& f : r.findings) {
                text += QStringLiteral("  - %1\n").arg(f);
            }
        }
        if (!r.readFailures.isEmpty()) {
            text += QStringLiteral("Reading stopped on damage here (what follows was reached by "
                                   "skipping past it):\n");
            for (const QString& f : r.readFailures) {
                text += QStringLiteral("  - %1\n").arg(f);
            }
        }
    }
    text += QStringLiteral(
        "\nEvery row of log.csv is flagged \"salvaged\". A call whose row could not be read is "
        "missing from it, never guessed. `probebench analyze log.csv` reads it; a report made "
        "from it must say that it is salvaged and may be incomplete.\n");
    return text;
}

} // namespace

int salvageCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("store"), QStringLiteral("STORE.pbrun"));
    const QCommandLineOption outOpt(QStringLiteral("out"), QStringLiteral("folder for log.csv"),
                                    QStringLiteral("DIR"));
    const QCommandLineOption runOpt(QStringLiteral("run"), QStringLiteral("run id"),
                                    QStringLiteral("N"));
    parser.addOptions({outOpt, runOpt});
    if (!parser.parse(QStringList{QStringLiteral("probebench salvage")} + args)) {
        printErr(QStringLiteral("probebench salvage: %1\n").arg(parser.errorText()));
        return ExitBadInput;
    }
    if (parser.positionalArguments().size() != 1 || !parser.isSet(outOpt)) {
        printErr(QStringLiteral("probebench salvage: give one store and --out DIR (see "
                                "probebench --help)\n"));
        return ExitBadInput;
    }
    const QString storePath = parser.positionalArguments().front();
    std::optional<qint64> runId;
    if (parser.isSet(runOpt)) {
        bool ok = false;
        runId = parser.value(runOpt).toLongLong(&ok);
        if (!ok || *runId < 1) {
            printErr(QStringLiteral("probebench salvage: --run: give a run id (1 or more)\n"));
            return ExitBadInput;
        }
    }
    if (!QFileInfo(storePath).isFile()) {
        printErr(QStringLiteral("probebench salvage: %1: no such file\n").arg(storePath));
        return ExitBadInput;
    }
    const ResultsFolder out(parser.value(outOpt));
    QString error;
    if (QFileInfo::exists(out.filePath(QStringLiteral("log.csv")))) {
        printErr(QStringLiteral("probebench salvage: %1 holds a log.csv already; give an empty "
                                "folder, so no complete log is replaced by a salvaged one\n")
                     .arg(QDir::toNativeSeparators(out.filePath(QStringLiteral("log.csv")))));
        return ExitBadInput;
    }
    StoreSalvage::Result r;
    if (!StoreSalvage::read(storePath, runId, &r, &error)) {
        printErr(QStringLiteral("probebench salvage: %1\n").arg(error));
        return ExitBadInput;
    }
    const RunRecord* run = nullptr;
    for (const RunRecord& candidate : std::as_const(r.runs)) {
        if (candidate.id == r.runId) {
            run = &candidate;
        }
    }
    int planned = 0;
    // The log's score columns are the run's own mode's, as its run writes them: a generative
    // run's embedding columns, a choice run's candidates, else the metric.
    MetricSpec spec;
    if (run) {
        const ProbeLoadResult probe = ProbeReader::parse(run->probeJson.toUtf8(), QString());
        if (probe.ok()) {
            planned = int(CallPlan::build(*probe.document).size());
            spec = probe.document->metric;
        }
    }
    QString metric = QStringLiteral("value");
    if (run && !run->metricName.isEmpty()) {
        metric = run->metricName;
    }
    const QString note = salvageNote(storePath, r, run, planned);
    const QList<WholeFile::Part> files = {
        {out.filePath(QStringLiteral("log.csv")),
         [&] {
             const QString flag = QStringLiteral("salvaged");
             if (spec.isGenerative())
                 return CsvLogWriter::toGenerativeCsv(r.calls, flag);
             return CsvLogWriter::toCsv(r.calls, metric, flag,
                                        spec.isChoice() ? spec.candidates : QStringList());
         }},
        {out.filePath(QStringLiteral("SALVAGED.txt")), [&note] { return note.toUtf8(); }}};
    if (!out.prepare(&error) || !WholeFile::write(files, &error)) {
        printErr(QStringLiteral("probebench salvage: %1\n").arg(error));
        return ExitFailure;
    }
    printOut(note);
    printOut(QStringLiteral("wrote %1 (and SALVAGED.txt beside it)\n")
                 .arg(QDir::toNativeSeparators(out.filePath(QStringLiteral("log.csv")))));
    if (r.runs.size() > 1) {
        QStringList ids;
        for (const RunRecord& other : std::as_const(r.runs)) {
            ids << QString::number(other.id);
        }
        printOut(QStringLiteral("the store holds runs %1; --run N salvages another\n")
                     .arg(ids.join(QStringLiteral(", "))));
    }
    // Damage may have taken rows with it: the log is then not known to be complete.
    return r.whole() ? ExitDone : ExitIncomplete;
}

} // namespace pb::cli
