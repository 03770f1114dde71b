#include "results/DiffHtml.h"

#include "widgets/ThemeColours.h"

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

QString DiffHtml::styleSheet(const QPalette& palette)
{
    const QString text = palette.color(QPalette::Text).name();
    return QStringLiteral(".changed { background-color: %1; color: %3; font-weight: bold; }"
                          ".restyled { background-color: %2; color: %3; }")
        .arg(ThemeColours::changedWord(palette).name(), ThemeColours::restyledWord(palette).name(),
             text);
}

} // namespace pb
