#pragma once

#include "nameset/NameSetAnalysis.h"
#include "report/ResultsEvidence.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace pb {

class RunStore;

// A name-set run's results folder, written whole by the CLI and the window alike:
// log.csv (one row per attempt: name, group, decision, score, attempt, validation errors),
// report.md and summary.json (probebench/name-set-summary@1, docs/name-set-format.md).
class NameSetResultsFolder
{
public:
    static constexpr const char* kSummaryFormat = "probebench/name-set-summary@1";

    static QJsonObject summary(const NameSetDocument& doc, const NameSetAnalysis& analysis);
    // The log of the run's stored calls, read call by call.
    static bool log(const RunStore& store, qint64 runId, QByteArray* out, QString* error);
    static QStringList logHeader();

    static bool write(const QString& folder, const NameSetDocument& doc,
                      const NameSetAnalysis& analysis, const RunStore& store, qint64 runId,
                      const ResultsEvidence& evidence, QString* error);
};

} // namespace pb
