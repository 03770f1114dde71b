#pragma once

#include "generative/GenerativeAnalysis.h"
#include "report/ReportContext.h"

#include <QJsonObject>

namespace pb {

// A generative probe's summary.json (probebench/generative-summary@1, "mode": "generative",
// with the embedding model): its own format, so a reader or the release gate never takes its
// cosine distances for a numeric metric's gaps or a choice probe's divergences
// (docs/log-format.md lists the keys).
class GenerativeSummaryJson
{
public:
    static constexpr const char* kFormat = "probebench/generative-summary@1";

    static QJsonObject build(const ReportContext& context, const GenerativeAnalysis& analysis);
};

} // namespace pb
