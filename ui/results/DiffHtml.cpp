#include "results/DiffHtml.h"

namespace pb {
namespace {

QString escaped(const QString& text)
{
    QString out = text.toHtmlEscaped();
    out.replace(QLatin1Char('\n'), QStringLiteral("<br>"));
    return out;
}

} // namespace

QString DiffHtml::render(const QString& text, const QList<DiffSpan>& spans)
{
    QString html;
    qsizetype pos = 0;
    for (const DiffSpan& s : spans) {
        html += escaped(text.mid(pos, s.start - pos));
        const QString word = escaped(text.mid(s.start, s.length));
        switch (s.kind) {
        case DiffSpan::Kind::Changed:
            html += QStringLiteral("<span class=\"changed\">") + word + QStringLiteral("</span>");
            break;
        case DiffSpan::Kind::Restyled:
            html += QStringLiteral("<span class=\"restyled\">") + word + QStringLiteral("</span>");
            break;
        case DiffSpan::Kind::Same:
            html += word;
            break;
        }
        pos = s.start + s.length;
    }
    html += escaped(text.mid(pos));
    return html;
}

QString DiffHtml::styleSheet(bool dark)
{
    return dark ? QStringLiteral(
                      ".changed { background-color: #7a4d00; color: #ffffff; font-weight: bold; }"
                      ".restyled { background-color: #3d4a5c; }")
                : QStringLiteral(
                      ".changed { background-color: #ffd54f; color: #000000; font-weight: bold; }"
                      ".restyled { background-color: #e3ecf7; }");
}

} // namespace pb
