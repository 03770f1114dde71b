#include "report/ReportDocument.h"

namespace pb {
namespace {

QString escapeMarkdownCell(QString text)
{
    text.replace(QLatin1Char('|'), QStringLiteral("\\|"));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text;
}

// Report text is plain; in HTML only **bold** and `code` spans are honoured, after escaping.
QString inlineHtml(const QString& text)
{
    QString escaped = text.toHtmlEscaped();
    QString out;
    bool bold = false;
    bool code = false;
    for (qsizetype i = 0; i < escaped.size(); ++i) {
        if (!code && escaped.mid(i, 2) == QLatin1String("**")) {
            out += bold ? QStringLiteral("</strong>") : QStringLiteral("<strong>");
            bold = !bold;
            ++i;
        } else if (escaped.at(i) == QLatin1Char('`')) {
            out += code ? QStringLiteral("</code>") : QStringLiteral("<code>");
            code = !code;
        } else {
            out += escaped.at(i);
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

QString ReportDocument::title() const
{
    for (const ReportBlock& b : m_blocks) {
        if (b.kind == ReportBlock::Kind::Heading && b.level == 1) {
            return b.text;
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
            out += QString(b.level, QLatin1Char('#')) + QLatin1Char(' ') + b.text +
                   QStringLiteral("\n\n");
            break;
        case ReportBlock::Kind::Paragraph:
            out += b.text + QStringLiteral("\n\n");
            break;
        case ReportBlock::Kind::Bullets:
            for (const QString& item : b.items) {
                out += QStringLiteral("- ") + item + QLatin1Char('\n');
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
        title().toHtmlEscaped() + QStringLiteral("</title>\n<style>") + QLatin1String(kCss) +
        QStringLiteral("</style></head>\n<body>\n");
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
