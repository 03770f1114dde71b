#include "widgets/PreviewHtml.h"

namespace pb {

QString PreviewHtml::forPalette(QString html, const QPalette& palette)
{
    // The colours are ReportDocument's style sheet's light ones.
    html.replace(QStringLiteral("color:#1d1d1f"),
                 QStringLiteral("color:") + palette.color(QPalette::Text).name());
    html.replace(QStringLiteral("code{background:#f2f2f4"),
                 QStringLiteral("code{background:") +
                     palette.color(QPalette::AlternateBase).name());
    html.replace(QStringLiteral("border:1px solid #c8c8cc"),
                 QStringLiteral("border:1px solid ") + palette.color(QPalette::Mid).name());
    return html;
}

} // namespace pb
