#include "report/ConsoleSummary.h"

#include "report/NumberText.h"
#include "report/ReportDocument.h"
#include "report/VerdictText.h"

#include <algorithm>

namespace pb {

QString ConsoleSummary::render(const ProbeAnalysis& a)
{
    const PerItemTable& t = a.probe.table;
    // Column widths follow the tutorial's layout (4, 6, 6, 5) and grow for longer labels.
    qsizetype itemWidth = 4;
    for (const PerItemRow& r : t.rows()) {
        itemWidth = std::max(itemWidth, r.itemId.size());
    }
    const qsizetype wa = std::max<qsizetype>(6, a.valueA.size());
    const qsizetype wb = std::max<qsizetype>(6, a.valueB.size());
    QString out = QStringLiteral("item").leftJustified(itemWidth) + QStringLiteral("  ") +
                  a.valueA.rightJustified(wa) + QStringLiteral("  ") + a.valueB.rightJustified(wb) +
                  QStringLiteral("   gap\n");
    for (const PerItemRow& r : t.rows()) {
        out += r.itemId.rightJustified(itemWidth) + QStringLiteral("  ") +
               NumberText::fixed(r.meanA, 1).rightJustified(wa) + QStringLiteral("  ") +
               NumberText::fixed(r.meanB, 1).rightJustified(wb) + QStringLiteral("  ") +
               (r.comparable ? NumberText::signedFixed(r.gap, 1).rightJustified(5)
                             : QStringLiteral("  n/a  (") + r.reason + QLatin1Char(')')) +
               QLatin1Char('\n');
    }
    if (!a.hasResult()) {
        return out + ReportDocument::plain(VerdictText::noResult(a)) + QLatin1Char('\n');
    }
    out += QStringLiteral("average gap: %1 %2,  %3  (%4)\n")
               .arg(NumberText::signedFixed(t.averageGap(), 2), a.metricName,
                    NumberText::pEquals(a.probe.signFlip.p), a.probe.signFlip.methodName());
    out += QStringLiteral("sign test:   %1  (%2 of %3 nonzero gaps one way)\n")
               .arg(NumberText::pEquals(a.probe.signTest.p))
               .arg(a.probe.signTest.k)
               .arg(a.probe.signTest.n);
    if (a.noise) {
        out += QStringLiteral("same vs same:           average gap %1, %2\n")
                   .arg(NumberText::signedFixed(a.noise->table.averageGap(), 2),
                        NumberText::pEquals(a.noise->signFlip.p));
    }
    return out;
}

} // namespace pb
