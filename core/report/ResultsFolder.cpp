#include "report/ResultsFolder.h"

#include "choice/ChoiceReport.h"
#include "choice/ChoiceSummaryJson.h"
#include "generative/GenerativeReport.h"
#include "generative/GenerativeSummaryJson.h"
#include "log/CsvLogWriter.h"
#include "probe/WholeFile.h"
#include "report/ReportBuilder.h"
#include "report/RunEvidence.h"
#include "report/SummaryJson.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryFile>

namespace pb {
namespace {

const QString kSummary = QStringLiteral("summary.json");

} // namespace

QString ResultsFolder::filePath(const QString& name) const
{
    return QDir(m_path).filePath(name);
}

bool ResultsFolder::prepare(QString* error) const
{
    QDir dir(m_path);
    if (!dir.exists() && !QDir().mkpath(m_path)) {
        *error = QStringLiteral("%1: cannot create the output folder").arg(m_path);
        return false;
    }
    QTemporaryFile probe(dir.filePath(QStringLiteral(".probebench-write-test-XXXXXX")));
    if (!probe.open()) {
        *error = QStringLiteral("%1: the output folder is not writable: %2")
                     .arg(m_path, probe.errorString());
        return false;
    }
    return true;
}

bool ResultsFolder::checkNotFewer(const ResultsEvidence& now, QString* error) const
{
    QFile file(filePath(kSummary));
    if (!file.open(QIODevice::ReadOnly)) {
        return true; // no results yet
    }
    // Our own file; a summary that no longer parses protects nothing.
    const QJsonDocument doc = QJsonDocument::fromJson(file.read(64 * 1024 * 1024));
    const std::optional<ResultsEvidence> before = ResultsEvidence::fromSummary(doc.object());
    if (!before) {
        return true;
    }
    const QString refusal = now.shrinkageFrom(*before);
    if (refusal.isEmpty()) {
        return true;
    }
    *error = QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(m_path), refusal);
    return false;
}

bool ResultsFolder::write(const ResultsEvidence& evidence,
                          const QList<QPair<QString, QByteArray>>& files, QJsonObject summary,
                          QString* error) const
{
    if (!checkNotFewer(evidence, error)) {
        return false;
    }
    QList<WholeFile::Part> parts;
    for (const auto& [name, bytes] : files) {
        parts.append({filePath(name), [&bytes = bytes] { return bytes; }});
    }
    summary.insert(QStringLiteral("evidence"), evidence.toJson());
    parts.append({filePath(kSummary),
                  [&summary] { return QJsonDocument(summary).toJson(QJsonDocument::Indented); }});
    return WholeFile::write(parts, error);
}

bool ResultsFolder::write(const ReportContext& context, const ProbeAnalysis& analysis,
                          const QList<LoggedCall>& calls, QString* error) const
{
    std::optional<WholeFile::Part> log;
    if (!calls.isEmpty()) {
        log = WholeFile::Part{filePath(QStringLiteral("log.csv")),
                              [&] { return CsvLogWriter::toCsv(calls, analysis.metricName); }};
    }
    return writeWithLog(context, analysis, std::move(log), error);
}

bool ResultsFolder::write(const ReportContext& context, const ProbeAnalysis& analysis,
                          const RunStore& store, qint64 runId, QString* error) const
{
    return writeWithLog(context, analysis,
                        CsvLogWriter::storedLog(filePath(QStringLiteral("log.csv")), store, runId,
                                                analysis.metricName),
                        error);
}

bool ResultsFolder::write(const ReportContext& context, const ChoiceAnalysis& analysis,
                          const RunStore& store, qint64 runId, QString* error) const
{
    return writeWithLog(context, analysis,
                        CsvLogWriter::storedLog(filePath(QStringLiteral("log.csv")), store, runId,
                                                analysis.metricName, analysis.candidates),
                        error);
}

bool ResultsFolder::write(const ReportContext& context, const ChoiceAnalysis& analysis,
                          QString* error) const
{
    return writeWithLog(context, analysis, std::nullopt, error);
}

bool ResultsFolder::writeWithLog(const ReportContext& context, const ChoiceAnalysis& analysis,
                                 std::optional<WholeFile::Part> log, QString* error) const
{
    return writeReport(
        context, ChoiceReport::build(context, analysis),
        [&] { return ChoiceSummaryJson::build(context, analysis); }, std::move(log), error);
}

bool ResultsFolder::write(const ReportContext& context, const GenerativeAnalysis& analysis,
                          const RunStore& store, qint64 runId, QString* error) const
{
    return writeReport(
        context, GenerativeReport::build(context, analysis),
        [&] { return GenerativeSummaryJson::build(context, analysis); },
        CsvLogWriter::storedGenerativeLog(filePath(QStringLiteral("log.csv")), store, runId),
        error);
}

bool ResultsFolder::write(const RunEvidence& run, const RunStore& store, QString* error) const
{
    if (run.choice)
        return write(run.context, *run.choice, store, run.record.id, error);
    if (run.generative)
        return write(run.context, *run.generative, store, run.record.id, error);
    return write(run.context, run.analysis, store, run.record.id, error);
}

bool ResultsFolder::writeWithLog(const ReportContext& context, const ProbeAnalysis& analysis,
                                 std::optional<WholeFile::Part> log, QString* error) const
{
    return writeReport(
        context, ReportBuilder::build(context, analysis),
        [&] { return SummaryJson::build(context, analysis); }, std::move(log), error);
}

bool ResultsFolder::writeReport(const ReportContext& context, const ReportDocument& report,
                                const std::function<QJsonObject()>& summary,
                                std::optional<WholeFile::Part> log, QString* error) const
{
    if (context.evidence && !checkNotFewer(*context.evidence, error)) {
        return false;
    }
    // Each file's bytes are made when it is written, so a large log is not held beside the rest.
    QList<WholeFile::Part> files;
    if (log) {
        files.append(std::move(*log));
    }
    files.append({filePath(QStringLiteral("report.md")),
                  [&report] { return report.toMarkdown().toUtf8(); }});
    files.append(
        {filePath(QStringLiteral("report.html")), [&report] { return report.toHtml().toUtf8(); }});
    files.append({filePath(kSummary),
                  [&] { return QJsonDocument(summary()).toJson(QJsonDocument::Indented); }});
    return WholeFile::write(files, error);
}

} // namespace pb
