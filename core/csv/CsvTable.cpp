#include "csv/CsvTable.h"

#include <optional>

namespace pb {
namespace {

bool isFormulaTrigger(QChar c)
{
    return c == QLatin1Char('=') || c == QLatin1Char('+') || c == QLatin1Char('-') ||
           c == QLatin1Char('@') || c == QLatin1Char('\t') || c == QLatin1Char('\r');
}

bool isEscapedControl(char16_t c)
{
    return (c < 0x20 && c != u'\t' && c != u'\n') || (c >= 0x7f && c <= 0x9f);
}

int hexDigit(QChar c)
{
    if (c >= QLatin1Char('0') && c <= QLatin1Char('9')) {
        return c.unicode() - u'0';
    }
    if (c >= QLatin1Char('A') && c <= QLatin1Char('F')) {
        return c.unicode() - u'A' + 10;
    }
    return -1; // lower case is never written, so it is never read as an escape either
}

// The control character "xHH" at text[at] stands for, when it is one escapeControls writes.
std::optional<char16_t> escapeAt(const QString& text, qsizetype at)
{
    if (at + 2 >= text.size() || text.at(at) != QLatin1Char('x')) {
        return std::nullopt;
    }
    const int high = hexDigit(text.at(at + 1));
    const int low = hexDigit(text.at(at + 2));
    if (high < 0 || low < 0 || !isEscapedControl(char16_t(high * 16 + low))) {
        return std::nullopt;
    }
    return char16_t(high * 16 + low);
}

void appendEscape(QString& out, char16_t c)
{
    static const char digits[] = "0123456789ABCDEF";
    out += QStringLiteral("\\x");
    out += QLatin1Char(digits[c >> 4]);
    out += QLatin1Char(digits[c & 0xf]);
}

} // namespace

QString CsvTable::escapeControls(const QString& text)
{
    const qsizetype n = text.size();
    qsizetype i = 0;
    while (i < n && !isEscapedControl(text.at(i).unicode()) && text.at(i) != QLatin1Char('\\')) {
        ++i;
    }
    if (i == n) {
        return text; // the common case: nothing to escape
    }
    QString out = text.left(i);
    while (i < n) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('\\')) {
            qsizetype end = i;
            while (end < n && text.at(end) == QLatin1Char('\\')) {
                ++end;
            }
            const bool looksLikeEscape =
                end < n && (isEscapedControl(text.at(end).unicode()) || escapeAt(text, end));
            out += QString((end - i) * (looksLikeEscape ? 2 : 1), QLatin1Char('\\'));
            i = end;
        } else if (isEscapedControl(c.unicode())) {
            appendEscape(out, c.unicode());
            ++i;
        } else {
            out += c;
            ++i;
        }
    }
    return out;
}

QString CsvTable::restoreControls(const QString& text)
{
    if (!text.contains(QLatin1Char('\\'))) {
        return text;
    }
    QString out;
    const qsizetype n = text.size();
    qsizetype i = 0;
    while (i < n) {
        if (text.at(i) != QLatin1Char('\\')) {
            out += text.at(i++);
            continue;
        }
        qsizetype end = i;
        while (end < n && text.at(end) == QLatin1Char('\\')) {
            ++end;
        }
        const qsizetype run = end - i;
        const std::optional<char16_t> control = escapeAt(text, end);
        if (!control) {
            out += QString(run, QLatin1Char('\\'));
        } else {
            out += QString(run / 2, QLatin1Char('\\'));
            if (run % 2 == 1) {
                out += QChar(*control);
                end += 3; // "xHH" was the escape, not text
            }
        }
        i = end;
    }
    return out;
}

QString CsvTable::textCell(const QString& text)
{
    return neutraliseFormula(escapeControls(text));
}

QString CsvTable::readTextCell(const QString& cell)
{
    return restoreControls(restoreFormula(cell));
}

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
