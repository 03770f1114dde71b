#pragma once

#include "axes/AxesComparison.h"
#include "axes/AxesDocument.h"
#include "report/RunEvidence.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

class RunStore;

// Where a probe of several axes writes its results: report.md, report.html and summary.json
// (probebench/axes-summary@1) at the top, setting the axes side by side, and in axes/<n>-<axis>/
// each axis's own model-probe results (report.md, report.html, summary.json, log.csv), written by
// the model probe's ResultsFolder from the axis's stored run: one log per axis.
class AxesResultsFolder
{
public:
    static constexpr const char* kSummaryFormat = "probebench/axes-summary@1";

    // "axes/1-register-casual": the folder of axis `axis`, relative to the results folder.
    static QString axisFolder(const AxesDocument& doc, int axis);
    static QStringList axisFolders(const AxesDocument& doc);
    static QJsonObject summary(const AxesDocument& doc, const AxesComparison& comparison);

    // evidence: each axis's stored run read back (empty for an axis that got no run). Each
    // axis with a run has its folder written; then the top files, the runs they were made from
    // recorded in summary.json. A write that fails names the file; what was written stays.
    static bool write(const QString& dir, const AxesDocument& doc, const AxesComparison& comparison,
                      const QList<std::optional<RunEvidence>>& evidence, const RunStore& store,
                      const QString& storeName, QString* error);
};

} // namespace pb
