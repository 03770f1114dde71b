#include "analysis/ProbeAnalysis.h"

#include "analysis/CallTally.h"
#include "log/CsvLogReader.h"
#include "probe/ProbeDocument.h"
#include "stats/Observation.h"
#include "stats/SignFlipTest.h"
#include "store/LoggedCall.h"

#include <algorithm>
#include <cmath>

namespace pb {
namespace {

GapAnalysis compare(const QList<Observation>& observations, const QString& a, const QString& b,
                    const QStringList& itemOrder)
{
    GapAnalysis g;
    g.table = PerItemTable::build(observations, a, b, itemOrder);
    const QList<double> gaps = g.table.gaps();
    g.signFlip = SignFlipTest::run(gaps, g.table.gapGrid());
    g.signTest = SignTest::run(gaps);
    g.interval = TInterval::averageGap(gaps);
    if (g.interval.valid) {
        const double n = g.interval.items;
        g.detectable = detection::MinimumDetectableEffect::solve(
            {n, g.interval.standardError * std::sqrt(n), ProbeAnalysis::kAlpha, 0.8});
    } else {
        g.detectable.refusal = g.interval.note.toStdString();
    }
    return g;
}

bool hasVariant(const QList<Observation>& observations, const QString& variant)
{
    return std::any_of(observations.cbegin(), observations.cend(),
                       [&](const Observation& o) { return o.variant == variant; });
}

ProbeAnalysis analyse(const QList<Observation>& observations, const QString& a, const QString& b,
                      const QString& metricName, const QStringList& itemOrder)
{
    ProbeAnalysis result;
    result.valueA = a;
    result.valueB = b;
    result.noiseLabel = ProbeDocument::noiseLabelFor(a);
    result.metricName = metricName;
    result.probe = compare(observations, a, b, itemOrder);
    if (hasVariant(observations, result.noiseLabel)) {
        result.noise = compare(observations, a, result.noiseLabel, itemOrder);
    }
    return result;
}

} // namespace

ProbeAnalysis ProbeAnalysis::fromCalls(const QList<LoggedCall>& calls, const QString& valueA,
                                       const QString& valueB, const QString& metricName,
                                       const QStringList& itemOrder)
{
    CallTally tally;
    tally.add(calls);
    return fromTally(tally, valueA, valueB, metricName, itemOrder);
}

ProbeAnalysis ProbeAnalysis::fromTally(const CallTally& tally, const QString& valueA,
                                       const QString& valueB, const QString& metricName,
                                       const QStringList& itemOrder)
{
    ProbeAnalysis result = analyse(tally.observations(), valueA, valueB, metricName, itemOrder);
    result.callsLogged = tally.calls();
    result.callsFailed = tally.failed();
    result.repliesFlagged = tally.flagged();
    result.issues = tally.issues();
    return result;
}

std::optional<ProbeAnalysis>
ProbeAnalysis::fromImportedLog(const ImportedLog& log, const QStringList& values, QString* error)
{
    QString a;
    QString b;
    if (!log.comparedValues(values, &a, &b, error)) {
        return std::nullopt;
    }

    QList<Observation> observations;
    QList<DataQualityIssue> issues;
    QStringList itemOrder;
    int failed = 0;
    int unscored = 0;
    for (const ImportedRow& row : log.rows) {
        if (!itemOrder.contains(row.itemId)) {
            itemOrder << row.itemId;
        }
        observations.append(Observation{row.itemId, row.variant, row.value});
        if (row.status == QLatin1String("failed")) {
            ++failed;
            issues.append({row.itemId, row.variant, row.seed, QStringLiteral("failed"),
                           QStringLiteral("line %1").arg(row.line)});
        } else if (!row.value) {
            ++unscored;
            issues.append(
                {row.itemId, row.variant, row.seed, QStringLiteral("flagged"),
                 QStringLiteral("line %1: no %2 value").arg(row.line).arg(log.metricName)});
        }
    }
    ProbeAnalysis result = analyse(observations, a, b, log.metricName, itemOrder);
    result.callsLogged = int(log.rows.size());
    result.callsFailed = failed;
    result.repliesUnscored = unscored;
    result.issues = issues;
    return result;
}

} // namespace pb
