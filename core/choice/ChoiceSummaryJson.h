#pragma once

#include "choice/ChoiceAnalysis.h"
#include "report/ReportContext.h"

#include <QJsonObject>

namespace pb {

// A choice probe's summary.json (probebench/choice-summary@1, "mode": "choice"): its own
// format, so a reader or the release gate never takes its divergences for a numeric metric's
// gaps (docs/log-format.md lists the keys).
class ChoiceSummaryJson
{
public:
    static constexpr const char* kFormat = "probebench/choice-summary@1";

    static QJsonObject build(const ReportContext& context, const ChoiceAnalysis& analysis);
};

} // namespace pb
