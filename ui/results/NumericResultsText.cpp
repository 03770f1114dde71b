#include "results/NumericResultsText.h"

#include "report/NumberText.h"
#include "report/ReportBuilder.h"
#include "report/ReportDocument.h"
#include "report/VerdictText.h"

#include <QCoreApplication>

namespace pb::NumericResultsText {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("ResultsPage", text);
}

} // namespace

QString headline(const ProbeAnalysis& a, bool running)
{
    const PerItemTable& t = a.probe.table;
    if (t.comparableCount() == 0 && running)
        return tr("No item has replies for both %1 and %2 yet.").arg(a.valueA, a.valueB);
    if (!a.hasResult())
        return ReportDocument::plain(VerdictText::noResult(a));
    return tr("%1 minus %2: %3 %4 on average over %5 items · %6")
        .arg(a.valueA, a.valueB, NumberText::signedFixed(t.averageGap(), 2), a.metricName)
        .arg(t.comparableCount())
        .arg(NumberText::pEquals(a.probe.signFlip.p));
}

QString detailHtml(const ProbeAnalysis& a, const ReportContext& context)
{
    QStringList lines;
    if (!a.hasResult()) {
        lines << tr("No test was run: no item has a gap to test.");
    } else {
        lines << tr("p from the %1.")
                     .arg(ReportBuilder::signFlipDescription(a.probe.signFlip).toHtmlEscaped());
        const SignTestResult& st = a.probe.signTest;
        lines
            << tr("Sign test: %1 of %2 nonzero item gaps lean the same way (%3 zero gaps dropped), "
                  "%4.")
                   .arg(st.k)
                   .arg(st.n)
                   .arg(st.zeros)
                   .arg(NumberText::pEquals(st.p).toHtmlEscaped());
        lines << VerdictText::interval(a.probe.interval).toHtmlEscaped();
    }
    if (a.noise && a.noise->table.comparableCount() > 0) {
        lines << tr("Same versus same (%1 against %2): %3, %4.")
                     .arg(a.valueA.toHtmlEscaped(), a.noiseLabel.toHtmlEscaped(),
                          NumberText::signedFixed(a.noise->table.averageGap(), 2),
                          NumberText::pEquals(a.noise->signFlip.p).toHtmlEscaped());
    } else if (!a.noise) {
        lines << tr("No same-versus-same check in this run: its noise is not measured.");
    }
    QString html = lines.join(QStringLiteral("<br>"));
    if (a.hasResult()) {
        html += QStringLiteral("<p><i>") +
                ReportBuilder::resultSentence(context, a).toHtmlEscaped() +
                QStringLiteral("</i></p>");
    }
    return html;
}

} // namespace pb::NumericResultsText
