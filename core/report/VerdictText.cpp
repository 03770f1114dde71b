#include "report/VerdictText.h"

#include "report/NumberText.h"
#include "report/ReportBuilder.h"
#include "report/ReportDocument.h"

namespace pb {

namespace {

QString lit(const QString& value)
{
    return ReportDocument::literal(value);
}

} // namespace

QString VerdictText::noResult(const ProbeAnalysis& a)
{
    if (a.hasResult()) {
        return QString();
    }
    return QStringLiteral("No result: no item has a scored reply for both %1 and %2 (%3 calls "
                          "logged, %4 failed, %5 replies the metric could not score). There is "
                          "nothing to compare, so this is not a null result: check the metric "
                          "against a few replies, or the failed calls, and run again.")
        .arg(lit(a.valueA), lit(a.valueB))
        .arg(a.callsLogged)
        .arg(a.callsFailed)
        .arg(a.repliesFlagged + a.repliesUnscored);
}

QStringList VerdictText::testLines(const ProbeAnalysis& a)
{
    QStringList tests;
    if (!a.hasResult()) {
        tests << QStringLiteral("No test was run: no item has a gap to test.");
    } else {
        tests << QStringLiteral("Average gap %1 %2; %3: **%4**.")
                     .arg(NumberText::signedFixed(a.probe.table.averageGap(), 2), lit(a.metricName),
                          ReportBuilder::signFlipDescription(a.probe.signFlip),
                          NumberText::pEquals(a.probe.signFlip.p));
        const SignTestResult& st = a.probe.signTest;
        tests << QStringLiteral(
                     "Sign test (the by-hand path): %1 of %2 nonzero item gaps lean the same way "
                     "(%3 zero gaps dropped): %4.")
                     .arg(st.k)
                     .arg(st.n)
                     .arg(st.zeros)
                     .arg(NumberText::pEquals(st.p));
        if (a.probe.bootstrap.valid) {
            tests << QStringLiteral("%1% bootstrap interval of the average gap (%2 resamples of "
                                    "the items, seed %3): %4 to %5.")
                         .arg(QString::number(a.probe.bootstrap.level * 100, 'g', 3))
                         .arg(a.probe.bootstrap.resamples)
                         .arg(a.probe.bootstrap.seed)
                         .arg(NumberText::signedFixed(a.probe.bootstrap.lower, 2),
                              NumberText::signedFixed(a.probe.bootstrap.upper, 2));
        }
    }
    if (a.noise && a.noise->table.comparableCount() > 0) {
        tests << QStringLiteral(
                     "Same versus same (%1 against %2): average gap %3, %4. A gap this size is "
                     "what the draw alone produces here.")
                     .arg(lit(a.valueA), lit(a.noiseLabel),
                          NumberText::signedFixed(a.noise->table.averageGap(), 2),
                          NumberText::pEquals(a.noise->signFlip.p));
    } else if (!a.noise) {
        tests << QStringLiteral(
            "No same-versus-same check was run, so the run-to-run noise of this system "
            "is not measured here.");
    }
    if (a.hasResult() && !a.probe.signFlip.note.isEmpty()) {
        tests << a.probe.signFlip.note;
    }
    return tests;
}

} // namespace pb
