#include "CliCommands.h"
#include "CliText.h"
#include "PriceOptions.h"
#include "analysis/ProbeAnalysis.h"
#include "choice/ChoiceLogImport.h"
#include "choice/ChoiceReport.h"
#include "log/CsvLogReader.h"
#include "report/ConsoleSummary.h"
#include "report/ResultsFolder.h"

#include <QCommandLineParser>

namespace pb::cli {

namespace {

// A choice probe's log: its distributions and verdict as its run's summary.json has them.
int analyzeChoiceLog(const ImportedLog& log, const QStringList& values, const QString& out,
                     const std::optional<TokenPrices>& prices)
{
    QString error;
    const std::optional<ChoiceAnalysis> analysis = ChoiceLogImport::analyse(log, values, &error);
    if (!analysis) {
        printErr(QStringLiteral("probebench analyze: %1\n").arg(error));
        return ExitBadInput;
    }
    const ReportContext context = ReportContext::fromImportedLog(log, prices);
    if (!out.isEmpty()) {
        const ResultsFolder results(out);
        if (!results.prepare(&error)) {
            printErr(QStringLiteral("probebench analyze: %1\n").arg(error));
            return ExitBadInput;
        }
        if (!results.write(context, *analysis, &error)) {
            printErr(QStringLiteral("probebench analyze: %1\n").arg(error));
            return ExitFailure;
        }
    }
    printOut(ChoiceReport::consoleText(*analysis) +
             (context.cost ? context.cost->consoleText() : QString()));
    printOut(QStringLiteral("%1 rows read, %2 failed\n")
                 .arg(analysis->callsLogged)
                 .arg(analysis->callsFailed));
    if (!analysis->hasResult()) {
        printErr(QStringLiteral("probebench analyze: %1\n")
                     .arg(ChoiceReport::resultSentence(*analysis)));
        return ExitIncomplete;
    }
    return ExitDone;
}

} // namespace

int analyzeCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("log"), QStringLiteral("LOG.csv"));
    const QCommandLineOption metricOpt(QStringLiteral("metric"), QStringLiteral("metric column"),
                                       QStringLiteral("NAME"));
    const QCommandLineOption valuesOpt(QStringLiteral("values"), QStringLiteral("A,B"),
                                       QStringLiteral("A,B"));
    const QCommandLineOption outOpt(QStringLiteral("out"), QStringLiteral("report folder"),
                                    QStringLiteral("DIR"));
    parser.addOptions({metricOpt, valuesOpt, outOpt});
    const PriceOptions priceOptions;
    priceOptions.addTo(parser);
    if (!parser.parse(QStringList{QStringLiteral("probebench analyze")} + args)) {
        printErr(QStringLiteral("probebench analyze: %1\n").arg(parser.errorText()));
        return ExitBadInput;
    }
    if (parser.positionalArguments().size() != 1) {
        printErr(QStringLiteral(
            "probebench analyze: give exactly one CSV log (see probebench --help)\n"));
        return ExitBadInput;
    }
    std::optional<TokenPrices> prices;
    if (!priceOptions.read(parser, QStringLiteral("probebench analyze: "), &prices))
        return ExitBadInput;
    ImportedLog log;
    QString error;
    if (!CsvLogReader::read(parser.positionalArguments().front(), parser.value(metricOpt), &log,
                            &error)) {
        printErr(QStringLiteral("probebench analyze: %1\n").arg(error));
        return ExitBadInput;
    }
    for (const QString& w : log.warnings) {
        printErr(QStringLiteral("%1: warning: %2\n").arg(log.file, w));
    }
    QStringList values;
    if (parser.isSet(valuesOpt)) {
        values = parser.value(valuesOpt).split(QLatin1Char(','));
        for (QString& v : values) {
            v = v.trimmed();
        }
    }
    if (log.isChoiceLog())
        return analyzeChoiceLog(log, values,
                                parser.isSet(outOpt) ? parser.value(outOpt) : QString(), prices);
    const std::optional<ProbeAnalysis> analysis =
        ProbeAnalysis::fromImportedLog(log, values, &error);
    if (!analysis) {
        printErr(QStringLiteral("probebench analyze: %1\n").arg(error));
        return ExitBadInput;
    }
    const ReportContext context = ReportContext::fromImportedLog(log, prices);
    if (parser.isSet(outOpt)) {
        const ResultsFolder results(parser.value(outOpt));
        if (!results.prepare(&error)) {
            printErr(QStringLiteral("probebench analyze: %1\n").arg(error));
            return ExitBadInput;
        }
        if (!results.write(context, *analysis, {}, &error)) {
            printErr(QStringLiteral("probebench analyze: %1\n").arg(error));
            return ExitFailure; // the system refused a write (a full disk): not bad input
        }
    }
    printOut(ConsoleSummary::render(*analysis) +
             (context.cost ? context.cost->consoleText() : QString()));
    printOut(QStringLiteral("%1 rows read, %2 failed, %3 without a value\n")
                 .arg(analysis->callsLogged)
                 .arg(analysis->callsFailed)
                 .arg(analysis->repliesUnscored));
    if (!analysis->hasResult()) {
        printErr(noResultMessage(QStringLiteral("probebench analyze")));
        return ExitIncomplete;
    }
    return ExitDone;
}

} // namespace pb::cli
