#pragma once

#include "analysis/ProbeAnalysis.h"
#include "probe/WholeFile.h"
#include "report/ReportContext.h"
#include "report/ResultsEvidence.h"
#include "store/LoggedCall.h"

#include <QJsonObject>
#include <QPair>
#include <QString>
#include <functional>
#include <optional>

namespace pb {

class ReportDocument;
class RunStore;
struct ChoiceAnalysis;
struct GenerativeAnalysis;
struct RunEvidence;

// The folder a run's evidence is written to: log.csv, report.md, report.html, summary.json.
// Its files are written together and whole (WholeFile): a failed write (a full disk) leaves
// every previous file as it was, and the message names the file and the system's reason.
class ResultsFolder
{
public:
    explicit ResultsFolder(QString path) : m_path(std::move(path)) {}

    // Creates the folder if needed and proves it is writable before any work is done, so a
    // long run never ends in "cannot write". The message names the folder.
    bool prepare(QString* error) const;
    // calls may be empty (an analysis of an imported log writes no log.csv). A context read
    // from a store carries its evidence, which summary.json records; the write is refused,
    // with nothing written, when it would replace results with fewer calls of the same run.
    bool write(const ReportContext& context, const ProbeAnalysis& analysis,
               const QList<LoggedCall>& calls, QString* error) const;
    // The same for a stored run, its log.csv written from the store call by call as the file
    // is written (CsvLogWriter::storedLog), so a million-call log is never held whole.
    bool write(const ReportContext& context, const ProbeAnalysis& analysis, const RunStore& store,
               qint64 runId, QString* error) const;
    // A choice probe's results from its stored run: its report (ChoiceReport), summary.json
    // (ChoiceSummaryJson) and log.csv with the choice columns, written together.
    bool write(const ReportContext& context, const ChoiceAnalysis& analysis, const RunStore& store,
               qint64 runId, QString* error) const;
    // The same for an analysis of an imported choice log: no log.csv.
    bool write(const ReportContext& context, const ChoiceAnalysis& analysis, QString* error) const;
    // A generative probe's: GenerativeReport, GenerativeSummaryJson and the generative log.
    bool write(const ReportContext& context, const GenerativeAnalysis& analysis,
               const RunStore& store, qint64 runId, QString* error) const;
    // A stored model-probe run's results in its own mode: numeric, choice or generative.
    bool write(const RunEvidence& run, const RunStore& store, QString* error) const;
    // The same for results of another shape (a judge probe's): `files` (name, bytes) and
    // summary.json, with the evidence recorded in it, are written together.
    bool write(const ResultsEvidence& evidence, const QList<QPair<QString, QByteArray>>& files,
               QJsonObject summary, QString* error) const;
    // False, with the sentence why, when the folder's summary.json records more calls of one
    // of these runs than `now` has.
    bool checkNotFewer(const ResultsEvidence& now, QString* error) const;
    QString filePath(const QString& name) const;

private:
    bool writeWithLog(const ReportContext& context, const ProbeAnalysis& analysis,
                      std::optional<WholeFile::Part> log, QString* error) const;
    bool writeWithLog(const ReportContext& context, const ChoiceAnalysis& analysis,
                      std::optional<WholeFile::Part> log, QString* error) const;
    // The one write of a report folder: log (when given), report.md and .html, summary.json.
    bool writeReport(const ReportContext& context, const ReportDocument& report,
                     const std::function<QJsonObject()>& summary,
                     std::optional<WholeFile::Part> log, QString* error) const;

    QString m_path;
};

} // namespace pb
