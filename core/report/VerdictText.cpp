#include "report/VerdictText.h"

#include "report/NumberText.h"
#include "report/ReportBuilder.h"
#include "report/ReportDocument.h"

#include <cmath>

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

QString VerdictText::interval(const GapInterval& i)
{
    if (!i.valid) {
        return QStringLiteral("No interval of the average gap: %1.").arg(i.note);
    }
    return QStringLiteral("%1 of the average gap (%2 items, %3 degrees of freedom): %4 to %5.")
        .arg(TInterval::name(i.level))
        .arg(i.items)
        .arg(i.degreesOfFreedom)
        .arg(NumberText::signedFixed(i.lower, 2), NumberText::signedFixed(i.upper, 2));
}

QString VerdictText::verdictTest()
{
    return QStringLiteral("The verdict reads the sign-flip permutation test: a gap is detected "
                          "when its p is below %1.")
        .arg(ProbeAnalysis::kAlpha);
}

QString VerdictText::disagreement(const ProbeAnalysis& a)
{
    const GapInterval& i = a.probe.interval;
    if (!a.hasResult() || !i.valid) {
        return QString();
    }
    const bool excludesZero = i.lower > 0.0 || i.upper < 0.0;
    if (excludesZero == a.detected()) {
        return QString();
    }
    return QStringLiteral("The %1 (%2 to %3) %4 0 although the sign-flip %5 is %6 %7: the two "
                          "answer differently here (the interval leans on the item gaps being "
                          "roughly normal, the sign-flip test only on their signs being "
                          "exchangeable), and the verdict follows the sign-flip test.")
        .arg(TInterval::name(i.level), NumberText::signedFixed(i.lower, 2),
             NumberText::signedFixed(i.upper, 2),
             excludesZero ? QStringLiteral("excludes") : QStringLiteral("includes"),
             NumberText::pEquals(a.probe.signFlip.p),
             a.detected() ? QStringLiteral("below") : QStringLiteral("not below"))
        .arg(ProbeAnalysis::kAlpha);
}

QString VerdictText::detectable(const ProbeAnalysis& a)
{
    const detection::DetectableEffect& d = a.probe.detectable;
    if (!d.valid) {
        return QStringLiteral("No minimum detectable gap: %1")
            .arg(QString::fromStdString(d.refusal));
    }
    const GapInterval& i = a.probe.interval;
    return QStringLiteral(
               "Minimum detectable gap: with %1 items whose gaps spread with SD %2, this design "
               "detects an average gap of %3 %4 or more (either way) 80% of the time at alpha "
               "0.05 (one-sample t-test on the item gaps; the sign-flip test has about the same "
               "power). A smaller true gap could go unseen%5.")
        .arg(i.items)
        .arg(NumberText::fixed(i.standardError * std::sqrt(double(i.items)), 2),
             NumberText::fixed(d.gap, 2), lit(a.metricName),
             a.detected() ? QString()
                          : QStringLiteral(", so this null result rules out only gaps "
                                           "about that large"));
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
        tests << interval(a.probe.interval);
        tests << detectable(a);
        tests << verdictTest();
        if (const QString differs = disagreement(a); !differs.isEmpty()) {
            tests << differs;
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
