#include "log/CsvLogWriter.h"

#include "csv/CsvTable.h"
#include "probe/WholeFile.h"
#include "store/RunStore.h"

#include <QLocale>

namespace pb {
namespace {

QString flags(const LoggedCall& c, const QString& rowFlag)
{
    QStringList parts{c.flags(), rowFlag};
    parts.removeAll(QString());
    return parts.join(QLatin1Char(';'));
}

QByteArray row(const LoggedCall& c, const QString& rowFlag)
{
    const QString model = c.modelReported.isEmpty() ? c.model : c.modelReported;
    return CsvTable::formatRecord({
        c.time.toUTC().toString(Qt::ISODateWithMs),
        CsvTable::textCell(model),
        CsvLogWriter::formatNumber(c.temperature),
        CsvTable::textCell(c.itemId),
        CsvTable::textCell(c.variant),
        QString::number(c.seed),
        CsvTable::textCell(c.prompt),
        CsvTable::textCell(c.reply),
        c.metricValue ? CsvLogWriter::formatNumber(*c.metricValue) : QString(),
        QString::number(c.runId),
        callStatusName(c.status),
        CsvTable::textCell(flags(c, rowFlag)),
    });
}

constexpr qsizetype kPieceBytes = 1024 * 1024;

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
        out += row(c, rowFlag);
    }
    return out;
}

bool CsvLogWriter::writeFile(const QString& path, const QList<LoggedCall>& calls,
                             const QString& metricName, QString* error)
{
    return WholeFile::write(path, toCsv(calls, metricName), error);
}

WholeFile::Part CsvLogWriter::storedLog(const QString& path, const RunStore& store, qint64 runId,
                                        const QString& metricName)
{
    auto pieces = [&store, runId, metricName](const WholeFile::Sink& sink, QString* error) {
        QByteArray piece = CsvTable::formatRecord(header(metricName));
        bool refused = false;
        const bool read = store.eachCall(
            runId, RunStore::CallTexts::Whole,
            [&](const LoggedCall& c) {
                if (refused) {
                    return; // the write failed; the file is thrown away
                }
                piece += row(c, QString());
                if (piece.size() >= kPieceBytes) {
                    refused = !sink(piece);
                    piece.clear();
                }
            },
            error);
        if (refused || !read) {
            if (refused) {
                error->clear(); // the write's own reason is the one to give
            }
            return false;
        }
        return piece.isEmpty() || sink(piece);
    };
    return WholeFile::Part{path, {}, pieces};
}

bool CsvLogWriter::writeStored(const QString& path, const RunStore& store, qint64 runId,
                               const QString& metricName, QString* error)
{
    return WholeFile::write(QList<WholeFile::Part>{storedLog(path, store, runId, metricName)},
                            error);
}

} // namespace pb
