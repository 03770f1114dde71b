#include "byhand/ByHandCsv.h"

#include "csv/CsvTable.h"
#include "log/CsvLogReader.h"
#include "log/CsvLogWriter.h"

#include <QHash>

namespace pb {

QStringList ByHandCsv::header(const QString& metricName)
{
    return {QStringLiteral("run_id"),  QStringLiteral("time"),
            QStringLiteral("model"),   QStringLiteral("temperature"),
            QStringLiteral("seed"),    QStringLiteral("item"),
            QStringLiteral("variant"), QStringLiteral("prompt"),
            QStringLiteral("reply"),   metricName};
}

QByteArray ByHandCsv::toCsv(const QList<ByHandEntry>& entries, const QString& metricName)
{
    QByteArray out = CsvTable::formatRecord(header(metricName));
    for (const ByHandEntry& e : entries) {
        out += CsvTable::formatRecord(
            {QString::number(e.runNumber),
             e.time.isValid() ? e.time.toUTC().toString(Qt::ISODateWithMs) : QString(),
             CsvTable::neutraliseFormula(e.model), e.temperature, e.seed,
             CsvTable::neutraliseFormula(e.itemId), CsvTable::neutraliseFormula(e.variant),
             CsvTable::neutraliseFormula(e.prompt), CsvTable::neutraliseFormula(e.reply),
             e.value ? CsvLogWriter::formatNumber(*e.value) : QString()});
    }
    return out;
}

bool ByHandCsv::fromCsv(const QByteArray& utf8, const QString& sourceName,
                        const QString& metricName, QList<ByHandEntry>* entries,
                        QStringList* warnings, QString* error)
{
    ImportedLog log;
    if (!CsvLogReader::parse(utf8, sourceName, metricName, &log, error)) {
        return false;
    }
    // CsvLogReader keeps what the analysis needs; run_id and time are read here by line.
    QList<CsvRecord> records;
    QString csvError;
    CsvTable::parse(utf8, &records, &csvError);
    QHash<int, QStringList> byLine;
    QHash<QString, int> column;
    if (!records.isEmpty()) {
        const QStringList h = records.front().fields;
        for (int i = 0; i < h.size(); ++i) {
            column.insert(h[i].trimmed(), i);
        }
        for (const CsvRecord& r : records) {
            byLine.insert(r.line, r.fields);
        }
    }
    auto cell = [&](int line, const QString& name) {
        const QStringList fields = byLine.value(line);
        const int i = column.value(name, -1);
        return i >= 0 && i < fields.size() ? CsvTable::restoreFormula(fields[i]).trimmed()
                                           : QString();
    };
    entries->clear();
    int next = 1;
    for (const ImportedRow& row : log.rows) {
        ByHandEntry e;
        bool ok = false;
        const int run = cell(row.line, QStringLiteral("run_id")).toInt(&ok);
        e.runNumber = ok ? run : next;
        next = e.runNumber + 1;
        e.time = QDateTime::fromString(cell(row.line, QStringLiteral("time")), Qt::ISODateWithMs);
        e.model = row.model;
        e.temperature = row.temperature.trimmed();
        e.seed = row.seed;
        e.itemId = row.itemId;
        e.variant = row.variant;
        e.prompt = row.prompt;
        e.reply = row.reply;
        e.value = row.value;
        entries->append(e);
    }
    *warnings = log.warnings;
    return true;
}

ImportedLog ByHandCsv::toImportedLog(const QList<ByHandEntry>& entries, const QString& metricName,
                                     const QString& sourceName)
{
    ImportedLog log;
    log.file = sourceName;
    log.metricName = metricName;
    int line = 1;
    for (const ByHandEntry& e : entries) {
        ++line;
        if (!e.isFilled()) {
            continue;
        }
        if (!log.variants.contains(e.variant)) {
            log.variants << e.variant;
        }
        ImportedRow row;
        row.line = line;
        row.itemId = e.itemId;
        row.variant = e.variant;
        row.seed = e.seed;
        row.model = e.model;
        row.temperature = e.temperature;
        row.prompt = e.prompt;
        row.reply = e.reply;
        row.value = e.value;
        log.rows << row;
    }
    return log;
}

} // namespace pb
