#include "design/PairRows.h"

#include "csv/CsvTable.h"

#include <QSet>

namespace pb {

namespace {

const QString kId = QStringLiteral("id");
const QString kNote = QStringLiteral("note");
const QString kFacts = QStringLiteral("facts");

// Where each column of a table goes: a value's index, or one of the fixed fields.
struct ColumnMap
{
    int id = -1;
    int note = -1;
    int facts = -1;
    QList<int> valueColumn; // per value, the column holding it
};

std::optional<ColumnMap> mapHeader(const QStringList& header, const QStringList& values,
                                   QStringList* errors)
{
    ColumnMap map;
    map.valueColumn = QList<int>(values.size(), -1);
    for (int c = 0; c < header.size(); ++c) {
        const QString name = header.at(c).trimmed();
        const qsizetype v = values.indexOf(name);
        if (v >= 0) {
            map.valueColumn[v] = c;
        } else if (name.compare(kId, Qt::CaseInsensitive) == 0) {
            map.id = c;
        } else if (name.compare(kNote, Qt::CaseInsensitive) == 0) {
            map.note = c;
        } else if (name.compare(kFacts, Qt::CaseInsensitive) == 0) {
            map.facts = c;
        } else if (!name.isEmpty()) {
            errors->append(QStringLiteral("line 1: column \"%1\" is none of the values (%2), id, "
                                          "note or facts")
                               .arg(name, values.join(QStringLiteral(", "))));
        }
    }
    for (qsizetype v = 0; v < values.size(); ++v) {
        if (map.valueColumn.at(v) < 0) {
            errors->append(
                QStringLiteral("line 1: no column for the value \"%1\"").arg(values.at(v)));
        }
    }
    if (!errors->isEmpty()) {
        return std::nullopt;
    }
    return map;
}

bool namesEveryValue(const QStringList& row, const QStringList& values)
{
    for (const QString& v : values) {
        bool found = false;
        for (const QString& cell : row) {
            found = found || cell.trimmed() == v;
        }
        if (!found) {
            return false;
        }
    }
    return true;
}

// Tab-separated records; a cell starting with a double quote runs to the closing quote,
// with "" for a quote inside, as spreadsheets write cells holding line breaks.
QList<QStringList> splitTabSeparated(const QString& text)
{
    QList<QStringList> rows;
    QStringList row;
    QString cell;
    qsizetype i = 0;
    const qsizetype n = text.size();
    bool cellStart = true;
    while (i < n) {
        const QChar c = text.at(i);
        if (cellStart && c == QLatin1Char('"')) {
            qsizetype j = i + 1;
            QString quoted;
            bool closed = false;
            while (j < n) {
                if (text.at(j) == QLatin1Char('"')) {
                    if (j + 1 < n && text.at(j + 1) == QLatin1Char('"')) {
                        quoted += QLatin1Char('"');
                        j += 2;
                        continue;
                    }
                    closed = true;
                    ++j;
                    break;
                }
                quoted += text.at(j);
                ++j;
            }
            const bool endsCell = j >= n || text.at(j) == QLatin1Char('\t') ||
                                  text.at(j) == QLatin1Char('\n') ||
                                  text.at(j) == QLatin1Char('\r');
            if (closed && endsCell) {
                cell = quoted;
                i = j;
                cellStart = false;
                continue;
            }
            // Not a quoted cell after all: the quote is text.
        }
        cellStart = false;
        if (c == QLatin1Char('\t')) {
            row << cell;
            cell.clear();
            cellStart = true;
        } else if (c == QLatin1Char('\n') || c == QLatin1Char('\r')) {
            if (c == QLatin1Char('\r') && i + 1 < n && text.at(i + 1) == QLatin1Char('\n')) {
                ++i;
            }
            row << cell;
            rows << row;
            row.clear();
            cell.clear();
            cellStart = true;
        } else {
            cell += c;
        }
        ++i;
    }
    if (!cell.isEmpty() || !row.isEmpty()) {
        row << cell;
        rows << row;
    }
    return rows;
}

bool blank(const QStringList& row)
{
    return std::all_of(row.cbegin(), row.cend(),
                       [](const QString& c) { return c.trimmed().isEmpty(); });
}

class IdPool
{
public:
    explicit IdPool(const QStringList& taken) : m_taken(taken) {}
    QString claim(const QString& wanted)
    {
        const QString id =
            !wanted.isEmpty() && !m_taken.contains(wanted) ? wanted : PairRows::nextFreeId(m_taken);
        m_taken << id;
        return id;
    }

private:
    QStringList m_taken;
};

PairRows::Parsed itemsFromRows(const QList<QStringList>& rows, const QList<int>& lines,
                               const ColumnMap& map, const QStringList& values,
                               const QStringList& takenIds, bool restoreFormulas)
{
    PairRows::Parsed parsed;
    IdPool ids(takenIds);
    const auto cell = [restoreFormulas](const QStringList& row, int column) {
        const QString text = column >= 0 ? row.value(column) : QString();
        return restoreFormulas ? CsvTable::restoreFormula(text) : text;
    };
    for (qsizetype r = 0; r < rows.size(); ++r) {
        const QStringList& row = rows.at(r);
        if (blank(row)) {
            continue;
        }
        ProbeItem item;
        item.id = ids.claim(cell(row, map.id).trimmed());
        for (qsizetype v = 0; v < values.size(); ++v) {
            item.variants.insert(values.at(v), cell(row, map.valueColumn.at(v)).trimmed());
        }
        item.note = cell(row, map.note).trimmed();
        item.facts = PairRows::splitFacts(cell(row, map.facts));
        const int known =
            int(std::max({map.id, map.note, map.facts,
                          *std::max_element(map.valueColumn.cbegin(), map.valueColumn.cend())}));
        if (row.size() > known + 1 && !blank(row.mid(known + 1))) {
            parsed.errors << QStringLiteral("line %1: %2 cells, more than the %3 columns")
                                 .arg(lines.at(r))
                                 .arg(row.size())
                                 .arg(known + 1);
        }
        parsed.items << item;
    }
    return parsed;
}

} // namespace

QStringList PairRows::header(const QStringList& values)
{
    return QStringList{kId} + values + QStringList{kNote, kFacts};
}

QByteArray PairRows::toCsv(const ProbeDocument& doc)
{
    QByteArray out = CsvTable::formatRecord(header(doc.attribute.values));
    for (const ProbeItem& item : doc.items) {
        QStringList fields{CsvTable::neutraliseFormula(item.id)};
        for (const QString& v : doc.attribute.values) {
            fields << CsvTable::neutraliseFormula(item.variants.value(v));
        }
        fields << CsvTable::neutraliseFormula(item.note)
               << CsvTable::neutraliseFormula(joinFacts(item.facts));
        out += CsvTable::formatRecord(fields);
    }
    return out;
}

PairRows::Parsed PairRows::fromCsv(const QByteArray& utf8, const QStringList& values,
                                   const QStringList& takenIds)
{
    Parsed parsed;
    QList<CsvRecord> records;
    QString error;
    if (!CsvTable::parse(utf8, &records, &error)) {
        parsed.errors << error;
        return parsed;
    }
    if (records.isEmpty()) {
        parsed.errors << QStringLiteral(
            "the file is empty: it needs a header row naming the values");
        return parsed;
    }
    const auto map = mapHeader(records.first().fields, values, &parsed.errors);
    if (!map) {
        return parsed;
    }
    QList<QStringList> rows;
    QList<int> lines;
    for (qsizetype r = 1; r < records.size(); ++r) {
        rows << records.at(r).fields;
        lines << records.at(r).line;
    }
    return itemsFromRows(rows, lines, *map, values, takenIds, true);
}

PairRows::Parsed PairRows::fromTabSeparated(const QString& text, const QStringList& values,
                                            const QStringList& takenIds)
{
    Parsed parsed;
    QList<QStringList> rows = splitTabSeparated(text);
    QList<int> lines;
    for (qsizetype r = 0; r < rows.size(); ++r) {
        lines << int(r + 1);
    }
    while (!rows.isEmpty() && blank(rows.first())) {
        rows.removeFirst();
        lines.removeFirst();
    }
    if (rows.isEmpty()) {
        parsed.errors << QStringLiteral("nothing to paste");
        return parsed;
    }
    ColumnMap map;
    if (namesEveryValue(rows.first(), values)) {
        const auto headerMap = mapHeader(rows.first(), values, &parsed.errors);
        if (!headerMap) {
            return parsed;
        }
        map = *headerMap;
        rows.removeFirst();
        lines.removeFirst();
    } else {
        // No header: the widest row decides whether an id comes first.
        qsizetype widest = 0;
        for (const QStringList& row : std::as_const(rows)) {
            widest = std::max(widest, row.size());
        }
        const int offset = widest > values.size() ? 1 : 0;
        map.id = offset == 1 ? 0 : -1;
        for (qsizetype v = 0; v < values.size(); ++v) {
            map.valueColumn << int(v + offset);
        }
        if (widest > values.size() + 1) {
            parsed.errors << QStringLiteral("rows have %1 cells; expected %2 (%3) or %4 (id first)")
                                 .arg(widest)
                                 .arg(values.size())
                                 .arg(values.join(QStringLiteral(", ")))
                                 .arg(values.size() + 1);
            return parsed;
        }
    }
    Parsed items = itemsFromRows(rows, lines, map, values, takenIds, false);
    items.errors = parsed.errors + items.errors;
    return items;
}

QString PairRows::nextFreeId(const QStringList& taken)
{
    const QSet<QString> set(taken.cbegin(), taken.cend());
    for (qsizetype n = 0;; ++n) {
        const QString id = QString::number(n);
        if (!set.contains(id)) {
            return id;
        }
    }
}

QStringList PairRows::splitFacts(const QString& text)
{
    QStringList out;
    for (const QString& part : text.split(QLatin1Char(';'))) {
        const QString t = part.trimmed();
        if (!t.isEmpty()) {
            out << t;
        }
    }
    return out;
}

QString PairRows::joinFacts(const QStringList& facts)
{
    return facts.join(QStringLiteral("; "));
}

} // namespace pb
