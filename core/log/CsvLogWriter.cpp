#include "log/CsvLogWriter.h"

#include "csv/CsvTable.h"
#include "probe/WholeFile.h"

#include <QLocale>

namespace pb {
namespace {

QString flags(const LoggedCall& c, const QString& rowFlag)
{
    QStringList parts{c.flags(), rowFlag};
    parts.removeAll(QString());
    return parts.join(QLatin1Char(';'));
}

} // namespace

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

QByteArray CsvLogWriter::toCsv(const QList<LoggedCall>& calls, const QString& metricName,
                               const QString& rowFlag)
{
    QByteArray out = CsvTable::formatRecord(header(metricName));
    for (const LoggedCall& c : calls) {
        const QString model = c.modelReported.isEmpty() ? c.model : c.modelReported;
        out += CsvTable::formatRecord({
            c.time.toUTC().toString(Qt::ISODateWithMs),
            CsvTable::textCell(model),
            formatNumber(c.temperature),
            CsvTable::textCell(c.itemId),
            CsvTable::textCell(c.variant),
            QString::number(c.seed),
            CsvTable::textCell(c.prompt),
            CsvTable::textCell(c.reply),
            c.metricValue ? formatNumber(*c.metricValue) : QString(),
            QString::number(c.runId),
            callStatusName(c.status),
            CsvTable::textCell(flags(c, rowFlag)),
        });
    }
    return out;
}

bool CsvLogWriter::writeFile(const QString& path, const QList<LoggedCall>& calls,
                             const QString& metricName, QString* error)
{
    return WholeFile::write(path, toCsv(calls, metricName), error);
}

} // namespace pb
