#include "log/CsvLogReader.h"

#include "csv/CsvTable.h"
#include "log/ChoiceLogColumns.h"
#include "probe/BoundedFile.h"
#include "probe/ProbeDocument.h"

#include <QHash>
#include <QSet>
#include <cmath>

namespace pb {
namespace {

const QStringList& knownColumns()
{
    static const QStringList columns = {
        QStringLiteral("run_id"),       QStringLiteral("time"),   QStringLiteral("model"),
        QStringLiteral("temperature"),  QStringLiteral("seed"),   QStringLiteral("item"),
        QStringLiteral("variant"),      QStringLiteral("prompt"), QStringLiteral("reply"),
        QStringLiteral("status"),       QStringLiteral("flags"),  QStringLiteral("input_tokens"),
        QStringLiteral("output_tokens")};
    return columns;
}

// Spreadsheets in many locales write decimals with a comma; accept "2,5" as 2.5 only when
// it is unambiguous (one comma, no dot).
std::optional<double> parseNumber(QString text)
{
    text = text.trimmed();
    if (text.count(QLatin1Char(',')) == 1 && !text.contains(QLatin1Char('.'))) {
        text.replace(QLatin1Char(','), QLatin1Char('.'));
    }
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (!ok || !std::isfinite(v)) {
        return std::nullopt;
    }
    return v;
}

// A token cell as the log writes it: empty when the server reported nothing, else a count.
bool parseTokens(const QString& raw, std::optional<qint64>* out)
{
    const QString text = raw.trimmed();
    if (text.isEmpty())
        return true;
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    if (!ok)
        return false;
    *out = TokenCount::checked(value);
    return out->has_value();
}

} // namespace

bool CsvLogReader::read(const QString& path, const QString& metricColumn, ImportedLog* log,
                        QString* error)
{
    ProbeProblem problem;
    const std::optional<QByteArray> bytes =
        BoundedFile::read(path, kMaxFileBytes, QStringLiteral("CSV log"), &problem);
    if (!bytes) {
        *error = QStringLiteral("%1: %2").arg(path, problem.message);
        return false;
    }
    return parse(*bytes, path, metricColumn, log, error);
}

bool CsvLogReader::parse(const QByteArray& utf8, const QString& sourceName,
                         const QString& metricColumn, ImportedLog* log, QString* error)
{
    *log = ImportedLog{};
    log->file = sourceName;
    QList<CsvRecord> records;
    QString csvError;
    if (!CsvTable::parse(utf8, &records, &csvError)) {
        *error = sourceName + QStringLiteral(": ") + csvError;
        return false;
    }
    if (records.isEmpty()) {
        *error = sourceName + QStringLiteral(": the file is empty; expected a header row");
        return false;
    }
    QHash<QString, int> column;
    const QStringList header = records.front().fields;
    for (int i = 0; i < header.size(); ++i) {
        const QString name = header[i].trimmed();
        if (column.contains(name)) {
            *error =
                QStringLiteral("%1: line 1: column \"%2\" appears twice").arg(sourceName, name);
            return false;
        }
        column.insert(name, i);
    }
    // A generative probe's log names the embedding of each reply, not a score: its vectors
    // are in the store, and no column of it is a metric to average.
    if (column.contains(QStringLiteral("embedding_dims"))) {
        *error = QStringLiteral("%1: line 1: this is a generative probe's log (embedding_model, "
                                "embedding_dims): its scores are distances between embeddings "
                                "kept in the run's store, not a column to analyse; run the probe "
                                "again with probebench run to rebuild its results")
                     .arg(sourceName);
        return false;
    }
    QStringList missing;
    for (const char* required : {"item", "variant"}) {
        if (!column.contains(QLatin1String(required))) {
            missing << QLatin1String(required);
        }
    }
    bool isChoiceLog = false;
    QString choiceError;
    QStringList trimmedHeader;
    for (const QString& name : header)
        trimmedHeader << name.trimmed();
    const std::optional<ChoiceLogColumns> choice =
        ChoiceLogColumns::find(trimmedHeader, &choiceError, &isChoiceLog);
    if (isChoiceLog && !choice) {
        *error = QStringLiteral("%1: %2").arg(sourceName, choiceError);
        return false;
    }
    if (choice && !metricColumn.isEmpty() && metricColumn != choice->metric) {
        *error =
            QStringLiteral("%1: line 1: a choice log's metric is its column \"%2\", not \"%3\"")
                .arg(sourceName, choice->metric, metricColumn);
        return false;
    }
    QString metric = choice ? choice->metric : metricColumn;
    if (metric.isEmpty()) {
        if (column.contains(QStringLiteral("steps"))) {
            metric = QStringLiteral("steps");
        } else {
            QStringList candidates;
            for (const QString& name : header) {
                if (!knownColumns().contains(name.trimmed()) && !name.trimmed().isEmpty()) {
                    candidates << name.trimmed();
                }
            }
            if (candidates.size() == 1) {
                metric = candidates.front();
            } else if (candidates.isEmpty()) {
                missing << QStringLiteral("a metric column (e.g. steps)");
            } else {
                *error =
                    QStringLiteral("%1: line 1: more than one column could be the metric (%2); "
                                   "name it with --metric")
                        .arg(sourceName, candidates.join(QStringLiteral(", ")));
                return false;
            }
        }
    } else if (!column.contains(metric)) {
        missing << metric;
    }
    if (!missing.isEmpty()) {
        *error = QStringLiteral("%1: line 1: missing column%2: %3 (found: %4)")
                     .arg(sourceName, missing.size() > 1 ? QStringLiteral("s") : QString(),
                          missing.join(QStringLiteral(", ")), header.join(QStringLiteral(", ")));
        return false;
    }
    log->metricName = metric;
    if (choice)
        log->candidates = choice->candidates;
    log->hasTokenColumns = column.contains(QStringLiteral("input_tokens")) &&
                           column.contains(QStringLiteral("output_tokens"));

    auto cell = [&](const CsvRecord& r, const QString& name) -> QString {
        const int i = column.value(name, -1);
        return i >= 0 && i < r.fields.size() ? CsvTable::readTextCell(r.fields[i]) : QString();
    };

    QSet<QString> seenVariants;
    int blank = 0;
    for (qsizetype k = 1; k < records.size(); ++k) {
        const CsvRecord& r = records[k];
        if (r.fields.size() != header.size()) {
            *error = QStringLiteral("%1: line %2: %3 fields, but the header has %4")
                         .arg(sourceName)
                         .arg(r.line)
                         .arg(r.fields.size())
                         .arg(header.size());
            return false;
        }
        ImportedRow row;
        row.line = r.line;
        row.itemId = cell(r, QStringLiteral("item")).trimmed();
        row.variant = cell(r, QStringLiteral("variant")).trimmed();
        row.seed = cell(r, QStringLiteral("seed")).trimmed();
        row.model = cell(r, QStringLiteral("model"));
        row.temperature = cell(r, QStringLiteral("temperature"));
        row.prompt = cell(r, QStringLiteral("prompt"));
        row.reply = cell(r, QStringLiteral("reply"));
        row.status = cell(r, QStringLiteral("status")).trimmed();
        if (row.itemId.isEmpty() || row.variant.isEmpty()) {
            *error =
                QStringLiteral("%1: line %2: column \"%3\" is empty")
                    .arg(sourceName)
                    .arg(r.line)
                    .arg(row.itemId.isEmpty() ? QStringLiteral("item") : QStringLiteral("variant"));
            return false;
        }
        const QString raw = cell(r, metric).trimmed();
        if (choice) {
            QStringList cells;
            for (const QString& field : r.fields)
                cells << CsvTable::readTextCell(field);
            QString problem;
            row.choice = choice->read(cells, &problem);
            if (!problem.isEmpty()) {
                *error = QStringLiteral("%1: line %2: %3").arg(sourceName).arg(r.line).arg(problem);
                return false;
            }
            if (!row.choice && row.status != QLatin1String("failed"))
                ++blank;
        } else if (!raw.isEmpty()) {
            row.value = parseNumber(raw);
            if (!row.value) {
                *error = QStringLiteral("%1: line %2, column \"%3\": \"%4\" is not a number")
                             .arg(sourceName)
                             .arg(r.line)
                             .arg(metric, raw.left(40));
                return false;
            }
        } else if (row.status != QLatin1String("failed")) {
            ++blank;
        }
        for (const auto& [name, side] :
             {std::pair{QStringLiteral("input_tokens"), &row.tokens.input},
              std::pair{QStringLiteral("output_tokens"), &row.tokens.output}}) {
            const QString raw = cell(r, name);
            if (!parseTokens(raw, side)) {
                *error = QStringLiteral("%1: line %2, column \"%3\": \"%4\" is not a token "
                                        "count (a whole number from 0 to %5, or empty)")
                             .arg(sourceName)
                             .arg(r.line)
                             .arg(name, raw.trimmed().left(40))
                             .arg(TokenCount::kMostPerCall);
                return false;
            }
        }
        if (log->hasTokenColumns)
            log->tokens.add(row.tokens);
        if (row.status == QLatin1String("failed")) {
            row.value.reset(); // a failed call is never scored, whatever the cell says
            row.choice.reset();
        }
        if (!seenVariants.contains(row.variant)) {
            seenVariants.insert(row.variant);
            log->variants << row.variant;
        }
        log->rows << row;
    }
    if (log->rows.isEmpty()) {
        *error = sourceName + QStringLiteral(": no rows below the header");
        return false;
    }
    if (blank > 0) {
        log->warnings
            << QStringLiteral("%1 rows have no %2 value and are left out").arg(blank).arg(metric);
    }
    return true;
}

bool ImportedLog::comparedValues(const QStringList& requested, QString* a, QString* b,
                                 QString* error) const
{
    if (!requested.isEmpty()) {
        if (requested.size() != 2) {
            *error = QStringLiteral("--values takes two variant names separated by a comma, e.g. "
                                    "formal,casual");
            return false;
        }
        for (const QString& v : requested) {
            if (!variants.contains(v)) {
                *error = QStringLiteral("%1: no rows have variant \"%2\" (variants found: %3)")
                             .arg(file, v, variants.join(QStringLiteral(", ")));
                return false;
            }
        }
        *a = requested[0];
        *b = requested[1];
        return true;
    }
    const QString suffix = ProbeDocument::noiseLabelFor(QString());
    QStringList probeValues;
    for (const QString& v : variants) {
        if (!v.endsWith(suffix) || !variants.contains(v.chopped(suffix.size())))
            probeValues << v;
    }
    if (probeValues.size() < 2) {
        *error = QStringLiteral("%1: column \"variant\": need two variants to compare, found %2")
                     .arg(file, probeValues.isEmpty() ? QStringLiteral("none")
                                                      : probeValues.join(QStringLiteral(", ")));
        return false;
    }
    *a = probeValues[0];
    *b = probeValues[1];
    return true;
}

} // namespace pb
