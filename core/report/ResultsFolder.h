#pragma once

#include "analysis/ProbeAnalysis.h"
#include "report/ReportContext.h"
#include "store/LoggedCall.h"

#include <QString>

namespace pb {

// The folder a run's evidence is written to: log.csv, report.md, report.html, summary.json.
class ResultsFolder
{
public:
    explicit ResultsFolder(QString path) : m_path(std::move(path)) {}

    // Creates the folder if needed and proves it is writable before any work is done, so a
    // long run never ends in "cannot write". The message names the folder.
    bool prepare(QString* error) const;
    // calls may be empty (an analysis of an imported log writes no log.csv).
    bool write(const ReportContext& context, const ProbeAnalysis& analysis,
               const QList<LoggedCall>& calls, QString* error) const;
    QString filePath(const QString& name) const;

private:
    QString m_path;
};

} // namespace pb
