#include "csv/CsvTable.h"

namespace pb {
namespace {

bool isFormulaTrigger(QChar c)
{
    return c == QLatin1Char('=') || c == QLatin1Char('+') || c == QLatin1Char('-') ||
           c == QLatin1Char('@') || c == QLatin1Char('\t') || c == QLatin1Char('\r');
}

} // namespace

QString CsvTable::quoteField(const QString& field)
{
    const bool needsQuotes = field.contains(QLatin1Char(',')) || field.contains(QLatin1Char('"')) ||
                             field.contains(QLatin1Char('\n')) || field.contains(QLatin1Char('\r'));
    if (!needsQuotes) {
        return field;
    }
    QString out = field;
    out.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + out + QLatin1Char('"');
}

QByteArray CsvTable::formatRecord(const QStringList& fields)
{
    QString line;
    for (qsizetype i = 0; i < fields.size(); ++i) {
        if (i > 0) {
            line += QLatin1Char(',');
        }
        line += quoteField(fields[i]);
    }
    line += QStringLiteral("\r\n");
    return line.toUtf8();
}

QString CsvTable::neutraliseFormula(const QString& text)
{
    if (!text.isEmpty() && isFormulaTrigger(text.front())) {
        return QLatin1Char('\'') + text;
    }
    return text;
}

QString CsvTable::restoreFormula(const QString& text)
{
    if (text.size() >= 2 && text.front() == QLatin1Char('\'') && isFormulaTrigger(text.at(1))) {
        return text.mid(1);
    }
    return text;
}

bool CsvTable::parse(const QByteArray& utf8, QList<CsvRecord>* records, QString* error)
{
    QString text = QString::fromUtf8(utf8);
    if (text.startsWith(QChar(0xfeff))) {
        text.remove(0, 1);
    }
    records->clear();
    CsvRecord current;
    QString field;
    int line = 1;
    current.line = 1;
    bool inQuotes = false;
    bool fieldWasQuoted = false;
    bool recordHasContent = false;
    int quoteStartLine = 0;

    auto endField = [&] {
        current.fields << field;
        field.clear();
        fieldWasQuoted = false;
    };
    auto endRecord = [&] {
        endField();
        // Blank lines are skipped rather than read as one-empty-field records.
        if (recordHasContent || current.fields.size() > 1) {
            records->append(current);
        }
        current = CsvRecord{};
        current.line = line;
        recordHasContent = false;
    };

    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        const QChar c = text.at(i);
        if (inQuotes) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < n && text.at(i + 1) == QLatin1Char('"')) {
                    field += QLatin1Char('"');
                    ++i;
                } else {
                    inQuotes = false;
                }
            } else {
                if (c == QLatin1Char('\n')) {
                    ++line;
                }
                field += c;
            }
            continue;
        }
        if (c == QLatin1Char('"')) {
            if (!field.isEmpty() || fieldWasQuoted) {
                *error = QStringLiteral("line %1: a quote inside an unquoted field (RFC 4180 wants "
                                        "the whole field in quotes and inner quotes doubled)")
                             .arg(line);
                return false;
            }
            inQuotes = true;
            fieldWasQuoted = true;
            recordHasContent = true;
            quoteStartLine = line;
        } else if (c == QLatin1Char(',')) {
            endField();
            recordHasContent = true;
        } else if (c == QLatin1Char('\r') || c == QLatin1Char('\n')) {
            if (c == QLatin1Char('\r') && i + 1 < n && text.at(i + 1) == QLatin1Char('\n')) {
                ++i;
            }
            ++line;
            endRecord();
        } else {
            if (fieldWasQuoted) {
                *error = QStringLiteral("line %1: text after a closing quote").arg(line);
                return false;
            }
            field += c;
            recordHasContent = true;
        }
    }
    if (inQuotes) {
        *error = QStringLiteral("line %1: a quoted field is never closed").arg(quoteStartLine);
        return false;
    }
    if (recordHasContent || !field.isEmpty()) {
        endRecord();
    }
    return true;
}

} // namespace pb
