#include "results/ReportExcerpt.h"

#include "widgets/PreviewHtml.h"

namespace pb::ReportExcerpt {

QStringList effectBullets(const ReportDocument& report)
{
    QStringList out;
    bool inSection = false;
    for (const ReportBlock& b : report.blocks()) {
        if (b.kind == ReportBlock::Kind::Heading) {
            const QString heading = ReportDocument::plain(b.text);
            inSection = heading.startsWith(QStringLiteral("Effect")) ||
                        heading.contains(QStringLiteral("detectable"), Qt::CaseInsensitive);
        } else if (inSection && b.kind == ReportBlock::Kind::Bullets) {
            out << b.items;
        }
    }
    return out;
}

QString labelHtml(const ReportDocument& blocks, const QPalette& palette)
{
    if (blocks.blocks().isEmpty())
        return QString();
    QString html = PreviewHtml::forPalette(blocks.toHtml(), palette);
    const qsizetype body = html.indexOf(QStringLiteral("<body>"));
    if (body >= 0)
        html =
            html.mid(body + 6).remove(QStringLiteral("</body>")).remove(QStringLiteral("</html>"));
    return html;
}

} // namespace pb::ReportExcerpt
