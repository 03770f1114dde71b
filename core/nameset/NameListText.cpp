#include "nameset/NameListText.h"

#include "probe/BoundedFile.h"
#include "probe/ProbeProblem.h"

#include <QFileInfo>
#include <QStringDecoder>
#include <optional>

namespace pb {

namespace {

// One CSV row's cells (RFC 4180 quoting within the line), or nullopt with why in *error.
std::optional<QStringList> csvCells(const QString& line, QString* error)
{
    QStringList cells;
    QString cell;
    bool quoted = false;
    bool wasQuoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line.at(i);
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < line.size() &&
                line.at(i + 1) == QLatin1Char('"')) {
                cell += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                cell += c;
            }
        } else if (c == QLatin1Char(',')) {
            cells << cell;
            cell.clear();
            wasQuoted = false;
        } else if (c == QLatin1Char('"') && cell.trimmed().isEmpty() && !wasQuoted) {
            quoted = true;
            wasQuoted = true;
            cell.clear();
        } else {
            cell += c;
        }
    }
    if (quoted) {
        *error = QStringLiteral("a quoted cell is not closed (a \" is missing)");
        return std::nullopt;
    }
    cells << cell;
    return cells;
}

bool isHeader(const QStringList& cells)
{
    return cells.size() >= 2 &&
           cells.at(0).trimmed().compare(QLatin1String("name"), Qt::CaseInsensitive) == 0 &&
           cells.at(1).trimmed().compare(QLatin1String("group"), Qt::CaseInsensitive) == 0;
}

QString lineError(int line, const QString& message)
{
    return QStringLiteral("line %1: %2").arg(line).arg(message);
}

} // namespace

NameListImport NameListText::parse(const QString& text, const QStringList& fields)
{
    NameListImport out;
    QString body = text;
    if (body.startsWith(QChar(0xFEFF)))
        body.remove(0, 1);
    const QStringList lines = body.split(QLatin1Char('\n'));
    std::optional<bool> tabs;
    QStringList columns; // the fields, in column order after name and group
    bool first = true;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const int lineNumber = int(i) + 1;
        QString line = lines.at(i);
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        if (line.trimmed().isEmpty())
            continue;
        if (!tabs)
            tabs = line.contains(QLatin1Char('\t'));
        QStringList cells;
        if (*tabs) {
            cells = line.split(QLatin1Char('\t'));
        } else {
            QString why;
            const std::optional<QStringList> parsed = csvCells(line, &why);
            if (!parsed) {
                out.error = lineError(lineNumber, why);
                out.names.clear();
                return out;
            }
            cells = *parsed;
        }
        while (cells.size() > 2 && cells.last().trimmed().isEmpty())
            cells.removeLast(); // a spreadsheet's trailing empty columns
        if (first) {
            first = false;
            if (isHeader(cells)) {
                for (qsizetype c = 2; c < cells.size(); ++c) {
                    const QString key = cells.at(c).trimmed();
                    if (!fields.contains(key)) {
                        out.error = lineError(
                            lineNumber,
                            fields.isEmpty()
                                ? QStringLiteral("column \"%1\": the document has no {placeholder} "
                                                 "besides {name}, so only name and group are "
                                                 "read")
                                      .arg(key)
                                : QStringLiteral("column \"%1\" is not one of the document's "
                                                 "fields {%2}")
                                      .arg(key, fields.join(QStringLiteral("}, {"))));
                        return out;
                    }
                    if (columns.contains(key)) {
                        out.error =
                            lineError(lineNumber, QStringLiteral("column \"%1\" twice").arg(key));
                        return out;
                    }
                    columns << key;
                }
                continue;
            }
            columns = fields;
        }
        if (cells.size() < 2) {
            out.error = lineError(
                lineNumber, QStringLiteral("no group: write the name, then its group, "
                                           "separated by %1")
                                .arg(*tabs ? QStringLiteral("a tab") : QStringLiteral("a comma")));
            out.names.clear();
            return out;
        }
        if (cells.size() > 2 + columns.size()) {
            out.error =
                lineError(lineNumber,
                          QStringLiteral("%1 cells, but only %2 columns are known (name, group%3)")
                              .arg(cells.size())
                              .arg(2 + columns.size())
                              .arg(columns.isEmpty() ? QString()
                                                     : QStringLiteral(", ") +
                                                           columns.join(QStringLiteral(", "))));
            out.names.clear();
            return out;
        }
        NameEntry entry;
        entry.name = cells.at(0).trimmed();
        entry.group = cells.at(1).trimmed();
        if (entry.name.isEmpty() || entry.group.isEmpty()) {
            out.error =
                lineError(lineNumber, entry.name.isEmpty() ? QStringLiteral("the name is empty")
                                                           : QStringLiteral("the group is empty"));
            out.names.clear();
            return out;
        }
        // Every field the document uses is set, empty where the list gives no value, so the
        // name's row has a cell for each.
        for (const QString& key : fields)
            entry.fields.insert(key, QString());
        for (qsizetype c = 0; c < columns.size() && c + 2 < cells.size(); ++c)
            entry.fields.insert(columns.at(c), cells.at(c + 2));
        if (out.names.size() >= kMaxNames) {
            out.error = lineError(lineNumber, QStringLiteral("more than %1 names").arg(kMaxNames));
            out.names.clear();
            return out;
        }
        out.names << entry;
    }
    if (out.names.isEmpty())
        out.error = QStringLiteral("no names: write one name a line, with its group");
    return out;
}

NameListImport NameListText::readFile(const QString& path, const QStringList& fields)
{
    const QString file = QFileInfo(path).fileName();
    ProbeProblem problem;
    const std::optional<QByteArray> bytes =
        BoundedFile::read(path, kMaxFileBytes, QStringLiteral("name list"), &problem);
    NameListImport out;
    if (!bytes) {
        out.error = QStringLiteral("%1: %2").arg(file, problem.message);
        return out;
    }
    QStringDecoder utf8(QStringDecoder::Utf8);
    const QString text = utf8(*bytes);
    if (utf8.hasError()) {
        out.error = QStringLiteral("%1: not UTF-8 text; save the list as UTF-8 CSV").arg(file);
        return out;
    }
    out = parse(text, fields);
    if (!out.ok())
        out.error = QStringLiteral("%1: %2").arg(file, out.error);
    return out;
}

} // namespace pb
