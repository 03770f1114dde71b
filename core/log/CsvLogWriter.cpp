#include "log/CsvLogWriter.h"

#include "csv/CsvTable.h"

#include <QLocale>
#include <QSaveFile>

namespace pb {

QStringList CsvLogWriter::header(const QString& metricName)
{
    return {QStringLiteral("time"),   QStringLiteral("model"),   QStringLiteral("temperature"),
            QStringLiteral("item"),   QStringLiteral("variant"), QStringLiteral("seed"),
            QStringLiteral("prompt"), QStringLiteral("reply"),   metricName,
            QStringLiteral("run_id"), QStringLiteral("status"),  QStringLiteral("flags")};
}

QString CsvLogWriter::formatNumber(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

QByteArray CsvLogWriter::toCsv(const QList<LoggedCall>& calls, const QString& metricName)
{
    QByteArray out = CsvTable::formatRecord(header(metricName));
    for (const LoggedCall& c : calls) {
        const QString model = c.modelReported.isEmpty() ? c.model : c.modelReported;
        out += CsvTable::formatRecord({
            c.time.toUTC().toString(Qt::ISODateWithMs),
            CsvTable::neutraliseFormula(model),
            formatNumber(c.temperature),
            CsvTable::neutraliseFormula(c.itemId),
            CsvTable::neutraliseFormula(c.variant),
            QString::number(c.seed),
            CsvTable::neutraliseFormula(c.prompt),
            CsvTable::neutraliseFormula(c.reply),
            c.metricValue ? formatNumber(*c.metricValue) : QString(),
            QString::number(c.runId),
            callStatusName(c.status),
            CsvTable::neutraliseFormula(c.flags()),
        });
    }
    return out;
}

bool CsvLogWriter::writeFile(const QString& path, const QList<LoggedCall>& calls,
                             const QString& metricName, QString* error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        *error = QStringLiteral("%1: cannot write: %2").arg(path, f.errorString());
        return false;
    }
    f.write(toCsv(calls, metricName));
    if (!f.commit()) {
        *error = QStringLiteral("%1: cannot write: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

} // namespace pb
