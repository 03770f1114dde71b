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
};

} // namespace pb
