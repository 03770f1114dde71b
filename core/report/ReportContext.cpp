#include "report/ReportContext.h"

#include "analysis/CallTally.h"
#include "design/FactCheck.h"
#include "log/CsvLogReader.h"
#include "log/CsvLogWriter.h"
#include "probe/ProbeDocument.h"
#include "store/LoggedCall.h"
#include "store/RunRecord.h"

#include <QFileInfo>

namespace pb {
namespace {

void addDistinct(QStringList& list, const QString& value)
{
    if (!value.isEmpty() && !list.contains(value)) {
        list << value;
    }
}

} // namespace

ReportContext ReportContext::fromRun(const ProbeDocument& probe, const RunRecord& run,
                                     const QList<LoggedCall>& calls, const QString& storeName,
                                     const QList<RunEvent>& events)
{
    CallTally tally(probe);
    tally.add(calls);
    return fromRun(probe, run, tally, storeName, events);
}

ReportContext ReportContext::fromRun(const ProbeDocument& probe, const RunRecord& run,
                                     const CallTally& calls, const QString& storeName,
                                     const QList<RunEvent>& events)
{
    ReportContext c;
    c.title = probe.title.isEmpty() ? QStringLiteral("Bias probe") : probe.title;
    c.attributeName = probe.attribute.name;
    c.source = QStringLiteral("run %1 in %2").arg(run.id).arg(QFileInfo(storeName).fileName());
    c.evidence = ResultsEvidence{QFileInfo(storeName).fileName(),
                                 {{run.id, run.created, qint64(calls.calls())}}};
    c.cost = RunCost::single(run.id, calls.tokens(), probe.settings.prices);
    c.probe = probe;
    c.completeness = calls.completeness();
    c.pairMismatches = FactCheck::mismatches(probe);
    c.metricDefinition = run.metricDefinition;
    c.rescoreNote = run.rescoreNote;
    for (const RunEvent& e : events) {
        c.runEvents << QStringLiteral("%1 %2: %3")
                           .arg(e.time.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")),
                                e.kind, e.message);
    }
    c.appVersion = QStringLiteral(PB_VERSION);
    c.generated = QDateTime::currentDateTimeUtc();
    c.models = calls.models();
    c.digests = calls.digests();
    c.backends = calls.backends();
    c.temperatures = calls.temperatures();
    c.seeds = calls.seeds();
    c.firstCall = calls.firstCall();
    c.lastCall = calls.lastCall();
    if (c.models.isEmpty()) {
        c.models << probe.settings.model;
    }
    return c;
}

void ReportContext::priceAt(const BackendSettings& now)
{
    if (cost && probe && now.backend == probe->settings.backend &&
        now.model == probe->settings.model)
        cost = cost->atPrices(now.prices);
}

ReportContext ReportContext::fromImportedLog(const ImportedLog& log,
                                             const std::optional<TokenPrices>& prices)
{
    ReportContext c;
    if (log.hasTokenColumns)
        c.cost = RunCost::single(0, log.tokens, prices);
    c.title = QStringLiteral("Bias probe from %1").arg(QFileInfo(log.file).fileName());
    c.source = QFileInfo(log.file).fileName();
    c.appVersion = QStringLiteral(PB_VERSION);
    c.generated = QDateTime::currentDateTimeUtc();
    c.metricDefinition = QStringLiteral("column \"%1\" of the log, as scored when the log was made")
                             .arg(log.metricName);
    for (const ImportedRow& row : log.rows) {
        addDistinct(c.models, row.model.trimmed());
        addDistinct(c.temperatures, row.temperature.trimmed());
        if (row.seed.isEmpty()) {
            c.seedsControlled = false;
        } else if (!row.variant.endsWith(ProbeDocument::noiseLabelFor(QString()))) {
            addDistinct(c.seeds, row.seed);
        }
    }
    return c;
}

} // namespace pb
