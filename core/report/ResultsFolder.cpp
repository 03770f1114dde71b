#include "report/ResultsFolder.h"

#include "log/CsvLogWriter.h"
#include "report/ReportBuilder.h"
#include "report/SummaryJson.h"

#include <QDir>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTemporaryFile>

namespace pb {
namespace {

bool writeText(const QString& path, const QByteArray& bytes, QString* error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        *error = QStringLiteral("%1: cannot write: %2").arg(path, f.errorString());
        return false;
    }
    f.write(bytes);
    if (!f.commit()) {
        *error = QStringLiteral("%1: cannot write: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

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

bool ResultsFolder::write(const ReportContext& context, const ProbeAnalysis& analysis,
                          const QList<LoggedCall>& calls, QString* error) const
{
    if (!calls.isEmpty() && !CsvLogWriter::writeFile(filePath(QStringLiteral("log.csv")), calls,
                                                     analysis.metricName, error)) {
        return false;
    }
    const ReportDocument report = ReportBuilder::build(context, analysis);
    return writeText(filePath(QStringLiteral("report.md")), report.toMarkdown().toUtf8(), error) &&
           writeText(filePath(QStringLiteral("report.html")), report.toHtml().toUtf8(), error) &&
           writeText(
               filePath(QStringLiteral("summary.json")),
               QJsonDocument(SummaryJson::build(context, analysis)).toJson(QJsonDocument::Indented),
               error);
}

} // namespace pb
