#include "report/ReportDocument.h"

#include <algorithm>
#include <utility>

namespace pb {
namespace {

// literal() wraps its text in two private-use characters, which no report text otherwise
// holds (literal() drops them from what it wraps).
constexpr char16_t kLiteralStart = 0xE000;
constexpr char16_t kLiteralEnd = 0xE001;

// A piece of inline text: the marks toggle bold and code; text is builder prose (trusted) or
// a literal value.
struct Span
{
    enum class Kind
    {
        Text,
        Bold,
        Code
    };
    Kind kind = Kind::Text;
    QString text;
    bool literal = false;
};

QList<Span> spans(const QString& text)
{
    QList<Span> out;
    QString current;
    auto flush = [&](bool literal) {
        if (!current.isEmpty()) {
            out.append({Span::Kind::Text, current, literal});
            current.clear();
        }
    };
    bool inLiteral = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text.at(i).unicode();
        if (inLiteral) {
            if (c == kLiteralEnd) {
                flush(true);
                inLiteral = false;
            } else {
                current += text.at(i);
            }
        } else if (c == kLiteralStart) {
            flush(false);
            inLiteral = true;
        } else if (c == u'*' && i + 1 < text.size() && text.at(i + 1) == QLatin1Char('*')) {
            flush(false);
            out.append({Span::Kind::Bold, {}, false});
            ++i;
        } else if (c == u'`') {
            flush(false);
            out.append({Span::Kind::Code, {}, false});
        } else {
            current += text.at(i);
        }
    }
    flush(inLiteral);
    return out;
}

// A control character (a NUL a server sent) shown as its visible symbol, never raw.
QString visibleControls(QString text)
{
    for (QChar& c : text) {
        const char16_t u = c.unicode();
        if (u < 0x20 && u != u'\n' && u != u'\t') {
            c = QChar(char16_t(0x2400 + u)); // the Control Pictures block: NUL is U+2400
        } else if (u == 0x7f) {
            c = QChar(char16_t(0x2421));
        } else if (u >= 0x80 && u <= 0x9f) {
            c = QChar(char16_t(0xfffd));
        }
    }
    return text;
}

// A value in Markdown prose: every character Markdown or inline HTML would act on is
// backslash-escaped (CommonMark shows an escaped ASCII punctuation character as itself),
// and a line break, which could start a heading or a list, is a space as it renders anyway.
QString markdownLiteral(const QString& text, bool atBlockStart)
{
    static const QString active = QStringLiteral("`*[]<>&~");
    QString out;
    const QString shown = visibleControls(text);
    for (qsizetype i = 0; i < shown.size(); ++i) {
        const QChar c = shown.at(i);
        if (c == QLatin1Char('\n') || c == QLatin1Char('\r')) {
            out += QLatin1Char(' ');
            continue;
        }
        // A backslash escapes only the ASCII punctuation after it ("\d" stays as it is).
        const bool escapingBackslash =
            c == QLatin1Char('\\') &&
            (i + 1 == shown.size() ||
             (shown.at(i + 1).unicode() < 0x80 && shown.at(i + 1).isPunct()) ||
             (shown.at(i + 1).unicode() < 0x80 && shown.at(i + 1).isSymbol()));
        // At the start of a block a value could still begin a list, quote or heading.
        const bool blockMarker = atBlockStart && out.isEmpty() &&
                                 (c == QLatin1Char('-') || c == QLatin1Char('+') ||
                                  c == QLatin1Char('=') || c == QLatin1Char('#'));
        // "_" between two letters or digits never emphasises (count_steps stays as it is).
        const bool loneUnderscore =
            c == QLatin1Char('_') && !(i > 0 && shown.at(i - 1).isLetterOrNumber() &&
                                       i + 1 < shown.size() && shown.at(i + 1).isLetterOrNumber());
        if (active.contains(c) || escapingBackslash || blockMarker || loneUnderscore) {
            out += QLatin1Char('\\');
        }
        out += c;
    }
    if (atBlockStart) {
        // "1." or "1)" at the start of a block is an ordered list.
        qsizetype digits = 0;
        while (digits < out.size() && out.at(digits).isDigit()) {
            ++digits;
        }
        if (digits > 0 && digits < out.size() &&
            (out.at(digits) == QLatin1Char('.') || out.at(digits) == QLatin1Char(')'))) {
            out.insert(digits, QLatin1Char('\\'));
        }
        if (out.startsWith(QLatin1Char(' ')) || out.startsWith(QLatin1Char('\t'))) {
            out.prepend(QStringLiteral("&#32;")); // an indent would make a code block
            out.remove(5, 1);
        }
    }
    return out;
}

// A code span holding content as it is: the fence is one backtick longer than the longest
// run of backticks inside, padded with a space when the content touches a backtick.
QString markdownCode(const QString& content)
{
    QString text = visibleControls(content);
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    text.replace(QLatin1Char('\r'), QLatin1Char(' '));
    qsizetype longest = 0;
    qsizetype run = 0;
    for (const QChar c : std::as_const(text)) {
        run = c == QLatin1Char('`') ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const QString fence(longest + 1, QLatin1Char('`'));
    const bool pad = text.startsWith(QLatin1Char('`')) || text.endsWith(QLatin1Char('`'));
    return fence + (pad ? QStringLiteral(" ") : QString()) + text +
           (pad ? QStringLiteral(" ") : QString()) + fence;
}

// Builder prose holds no HTML, entity or link on purpose: what would start one is escaped,
// so a value a builder did not mark still cannot become markup beyond bold and code. Only
// what could start markup is escaped, so prose stays readable as plain text: "p < 0.001"
// cannot open a tag or an autolink (CommonMark needs a letter, '/', '!' or '?' after '<'),
// and "A & B" is no entity (one needs a letter or '#' after '&'). Brackets always could.
QString markdownProse(const QString& text)
{
    const QString shown = visibleControls(text);
    QString out;
    for (qsizetype i = 0; i < shown.size(); ++i) {
        const QChar c = shown.at(i);
        const QChar next = i + 1 < shown.size() ? shown.at(i + 1) : QChar();
        const bool opensTag =
            c == QLatin1Char('<') && (next.isLetter() || next == QLatin1Char('/') ||
                                      next == QLatin1Char('!') || next == QLatin1Char('?'));
        const bool opensEntity =
            c == QLatin1Char('&') && (next.isLetterOrNumber() || next == QLatin1Char('#'));
        if (opensTag || opensEntity || c == QLatin1Char('[') || c == QLatin1Char(']')) {
            out += QLatin1Char('\\');
        }
        out += c;
    }
    return out;
}

QString inlineMarkdown(const QString& text)
{
    QString out;
    QString code;
    bool inCode = false;
    for (const Span& s : spans(text)) {
        switch (s.kind) {
        case Span::Kind::Code:
            if (inCode) {
                out += markdownCode(code);
                code.clear();
            }
            inCode = !inCode;
            break;
        case Span::Kind::Bold:
            if (inCode) {
                code += QStringLiteral("**");
            } else {
                out += QStringLiteral("**");
            }
            break;
        case Span::Kind::Text:
            if (inCode) {
                code += s.text;
            } else {
                out += s.literal ? markdownLiteral(s.text, out.isEmpty()) : markdownProse(s.text);
            }
            break;
        }
    }
    if (inCode) {
        out += markdownCode(code);
    }
    return out;
}

QString escapeMarkdownCell(QString text)
{
    text = inlineMarkdown(text);
    text.replace(QLatin1Char('|'), QStringLiteral("\\|"));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text;
}

// Report text is plain; in HTML only **bold** and `code` spans are honoured, and never
// inside a literal value; everything is escaped.
QString inlineHtml(const QString& text)
{
    QString out;
    bool bold = false;
    bool code = false;
    for (const Span& s : spans(text)) {
        switch (s.kind) {
        case Span::Kind::Bold:
            if (code) {
                out += QStringLiteral("**");
            } else {
                out += bold ? QStringLiteral("</strong>") : QStringLiteral("<strong>");
                bold = !bold;
            }
            break;
        case Span::Kind::Code:
            out += code ? QStringLiteral("</code>") : QStringLiteral("<code>");
            code = !code;
            break;
        case Span::Kind::Text:
            out += visibleControls(s.text).toHtmlEscaped();
            break;
        }
    }
    if (bold) {
        out += QStringLiteral("</strong>");
    }
    if (code) {
        out += QStringLiteral("</code>");
    }
    return out;
}

const char* kCss =
    R"(body{font-family:system-ui,sans-serif;max-width:52em;margin:2em auto;padding:0 1em;line-height:1.45;color:#1d1d1f}
table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #c8c8cc;padding:.3em .7em;text-align:right}
th:first-child,td:first-child{text-align:left}tr.total td{font-weight:600;border-top:2px solid #555}
.result-detected{border-left:4px solid #b35900;padding-left:.8em}.result-null{border-left:4px solid #2a6fb0;padding-left:.8em}
.warning{border-left:4px solid #b00020;padding-left:.8em}code{background:#f2f2f4;padding:0 .2em}
@media (prefers-color-scheme:dark){body{background:#1d1d1f;color:#e8e8ea}th,td{border-color:#555}code{background:#333}})";

} // namespace

void ReportDocument::heading(const QString& text, int level)
{
    ReportBlock b;
    b.kind = ReportBlock::Kind::Heading;
    b.text = text;
    b.level = level;
    m_blocks.append(b);
}

void ReportDocument::paragraph(const QString& text, const QString& cssClass)
{
    ReportBlock b;
    b.kind = ReportBlock::Kind::Paragraph;
    b.text = text;
    b.cssClass = cssClass;
    m_blocks.append(b);
}

void ReportDocument::bullets(const QStringList& items)
{
    ReportBlock b;
    b.kind = ReportBlock::Kind::Bullets;
    b.items = items;
    m_blocks.append(b);
}

void ReportDocument::table(const QStringList& header, const QList<QStringList>& rows,
                           bool emphasiseLastRow)
{
    ReportBlock b;
    b.kind = ReportBlock::Kind::Table;
    b.header = header;
    b.rows = rows;
    b.emphasiseLastRow = emphasiseLastRow;
    m_blocks.append(b);
}

QString ReportDocument::literal(const QString& text)
{
    QString inner = text;
    inner.remove(QChar(kLiteralStart));
    inner.remove(QChar(kLiteralEnd));
    return QChar(kLiteralStart) + inner + QChar(kLiteralEnd);
}

QString ReportDocument::plain(const QString& text)
{
    QString out = text;
    out.remove(QChar(kLiteralStart));
    out.remove(QChar(kLiteralEnd));
    return out;
}

QString ReportDocument::title() const
{
    for (const ReportBlock& b : m_blocks) {
        if (b.kind == ReportBlock::Kind::Heading && b.level == 1) {
            return plain(b.text);
        }
    }
    return QString();
}

QString ReportDocument::toMarkdown() const
{
    QString out;
    for (const ReportBlock& b : m_blocks) {
        switch (b.kind) {
        case ReportBlock::Kind::Heading:
            out += QString(b.level, QLatin1Char('#')) + QLatin1Char(' ') + inlineMarkdown(b.text) +
                   QStringLiteral("\n\n");
            break;
        case ReportBlock::Kind::Paragraph:
            out += inlineMarkdown(b.text) + QStringLiteral("\n\n");
            break;
        case ReportBlock::Kind::Bullets:
            for (const QString& item : b.items) {
                out += QStringLiteral("- ") + inlineMarkdown(item) + QLatin1Char('\n');
            }
            out += QLatin1Char('\n');
            break;
        case ReportBlock::Kind::Table: {
            QStringList cells;
            for (const QString& h : b.header) {
                cells << escapeMarkdownCell(h);
            }
            out +=
                QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n|");
            for (qsizetype i = 0; i < b.header.size(); ++i) {
                out += i == 0 ? QStringLiteral("---|") : QStringLiteral("---:|");
            }
            out += QLatin1Char('\n');
            for (qsizetype r = 0; r < b.rows.size(); ++r) {
                const bool emphasise = b.emphasiseLastRow && r == b.rows.size() - 1;
                QStringList row;
                for (const QString& c : b.rows[r]) {
                    row << (emphasise ? QStringLiteral("**") + escapeMarkdownCell(c) +
                                            QStringLiteral("**")
                                      : escapeMarkdownCell(c));
                }
                out +=
                    QStringLiteral("| ") + row.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
            }
            out += QLatin1Char('\n');
            break;
        }
        }
    }
    return out;
}

QString ReportDocument::toHtml() const
{
    QString out =
        QStringLiteral(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>") +
        visibleControls(title()).toHtmlEscaped() + QStringLiteral("</title>\n<style>") +
        QLatin1String(kCss) + QStringLiteral("</style></head>\n<body>\n");
    for (const ReportBlock& b : m_blocks) {
        const QString cls =
            b.cssClass.isEmpty() ? QString() : QStringLiteral(" class=\"%1\"").arg(b.cssClass);
        switch (b.kind) {
        case ReportBlock::Kind::Heading:
            out += QStringLiteral("<h%1>%2</h%1>\n").arg(b.level).arg(inlineHtml(b.text));
            break;
        case ReportBlock::Kind::Paragraph:
            out += QStringLiteral("<p%1>%2</p>\n").arg(cls, inlineHtml(b.text));
            break;
        case ReportBlock::Kind::Bullets:
            out += QStringLiteral("<ul>\n");
            for (const QString& item : b.items) {
                out += QStringLiteral("<li>") + inlineHtml(item) + QStringLiteral("</li>\n");
            }
            out += QStringLiteral("</ul>\n");
            break;
        case ReportBlock::Kind::Table:
            out += QStringLiteral("<table>\n<thead><tr>");
            for (const QString& h : b.header) {
                out += QStringLiteral("<th>") + inlineHtml(h) + QStringLiteral("</th>");
            }
            out += QStringLiteral("</tr></thead>\n<tbody>\n");
            for (qsizetype r = 0; r < b.rows.size(); ++r) {
                const bool emphasise = b.emphasiseLastRow && r == b.rows.size() - 1;
                out += emphasise ? QStringLiteral("<tr class=\"total\">") : QStringLiteral("<tr>");
                for (const QString& c : b.rows[r]) {
                    out += QStringLiteral("<td>") + inlineHtml(c) + QStringLiteral("</td>");
                }
                out += QStringLiteral("</tr>\n");
            }
            out += QStringLiteral("</tbody></table>\n");
            break;
        }
    }
    out += QStringLiteral("</body></html>\n");
    return out;
}

} // namespace pb
