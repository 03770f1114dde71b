#pragma once

#include "analysis/ProbeAnalysis.h"
#include "report/ReportContext.h"

#include <QJsonObject>

namespace pb {

// summary.json: the numbers of a report for scripts and for comparing runs. Full precision
// (doubles as JSON numbers); p values carry the test and method that produced them.
class SummaryJson
{
public:
    static QJsonObject build(const ReportContext& context, const ProbeAnalysis& analysis);

    // Adds the keys every model probe's summary (numeric, choice, generative) states alike:
    // title, source, attribute, value_a, value_b, metric and models.
    static void addHeading(QJsonObject* summary, const ReportContext& context,
                           const QString& valueA, const QString& valueB, const QString& metric);
    // Adds "tokens" and "evidence" to `summary` when the context has them (a stored run).
    static void addRunRecord(QJsonObject* summary, const ReportContext& context);
};

} // namespace pb
