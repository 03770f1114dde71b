#include "analysis/ProbeAnalysis.h"
#include "report/ConsoleSummary.h"
#include "report/NumberText.h"
#include "report/ReportBuilder.h"
#include "report/SummaryJson.h"
#include "store/LoggedCall.h"

#include <QJsonObject>
#include <QTest>
#include <cmath>
#include <optional>

using namespace pb;

namespace {

using Values = QList<std::optional<double>>;

// One call per value in `formal` and `casual` for each of `items` items, numbered from
// `firstItem`; std::nullopt is a reply the metric flagged.
QList<LoggedCall> calls(int items, const Values& formal, const Values& casual, int firstItem = 0)
{
    QList<LoggedCall> out;
    for (int i = firstItem; i < firstItem + items; ++i) {
        for (const auto& [variant, values] : {std::pair{QStringLiteral("formal"), formal},
                                              std::pair{QStringLiteral("casual"), casual}}) {
            for (qsizetype s = 0; s < values.size(); ++s) {
                LoggedCall c;
                c.itemId = QString::number(i);
                c.variant = variant;
                c.seed = s + 1;
                c.status = CallStatus::Ok;
                c.metricValue = values[s];
                if (!values[s])
                    c.metricFlag = QStringLiteral("no-json-field");
                out << c;
            }
        }
    }
    return out;
}

ProbeAnalysis analyse(const QList<LoggedCall>& cs)
{
    return ProbeAnalysis::fromCalls(cs, QStringLiteral("formal"), QStringLiteral("casual"),
                                    QStringLiteral("score"));
}

ReportContext context()
{
    ReportContext c;
    c.title = QStringLiteral("Audit");
    c.source = QStringLiteral("test");
    c.appVersion = QStringLiteral("test");
    c.generated = QDateTime::currentDateTimeUtc();
    return c;
}

} // namespace

class TestReportVerdict : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void residueIsNotAGap();
    void runsPerValueIsTheRangeOfScoredRuns();
    void noUsableDataIsNoResult();
    void intervalNamesItsMethod();
    void verdictSaysWhichTestItReads_data();
    void verdictSaysWhichTestItReads();
    void nullResultCarriesItsSize();
};

void TestReportVerdict::residueIsNotAGap()
{
    // The audit's case: every gap printed "-0.0", the sign-flip p was 1.000 and yet the sign
    // test said "p = 0.031 (6 of 6 nonzero gaps one way)".
    const ProbeAnalysis a = analyse(calls(6, {0.1, 0.7}, {0.4, 0.4}));
    QCOMPARE(a.probe.signTest.n, 0);
    QCOMPARE(a.probe.signTest.zeros, 6);
    QCOMPARE(a.probe.signTest.p, 1.0);
    QCOMPARE(a.probe.signFlip.zeroGaps, 6);
    const QString console = ConsoleSummary::render(a);
    QVERIFY2(console.contains(QStringLiteral("sign test:   p = 1.000  (0 of 0 nonzero gaps")),
             qPrintable(console));
    QVERIFY2(!console.contains(QStringLiteral("-0.0")), qPrintable(console));
    const QString md = ReportBuilder::build(context(), a).toMarkdown();
    QVERIFY2(md.contains(QStringLiteral("(6 zero gaps dropped)")), qPrintable(md));
}

void TestReportVerdict::runsPerValueIsTheRangeOfScoredRuns()
{
    // The audit's case: 9 calls per value everywhere, but on 4 of the 6 items only one of
    // them could be scored. "9 runs per value" described the plan, not the evidence.
    const Values nine{4.0, 5.0, 4.0, 5.0, 4.0, 5.0, 4.0, 5.0, 4.0};
    Values one(9, std::nullopt);
    one[0] = 5.0;
    const ProbeAnalysis a = analyse(calls(2, nine, nine) + calls(4, one, one, 2));
    const ScoredRuns runs = a.probe.table.scoredRunsPerValue();
    QCOMPARE(runs.fewest, 1);
    QCOMPARE(runs.most, 9);
    const QString md = ReportBuilder::build(context(), a).toMarkdown();
    QVERIFY2(md.contains(QStringLiteral("scored runs per value: 1\u20139")), qPrintable(md));
    QVERIFY2(md.contains(QStringLiteral("6 items and 1\u20139 scored runs per value")),
             qPrintable(md));
    QVERIFY2(!md.contains(QStringLiteral(" 9 runs per value")), qPrintable(md));
    const QJsonObject summary = SummaryJson::build(context(), a);
    const QJsonObject scored = summary.value(QStringLiteral("scored_runs_per_value")).toObject();
    QCOMPARE(scored.value(QStringLiteral("fewest")).toInt(), 1);
    QCOMPARE(scored.value(QStringLiteral("most")).toInt(), 9);
    QVERIFY(!summary.contains(QStringLiteral("runs_per_value")));

    // Equal everywhere: one number.
    const ProbeAnalysis even = analyse(calls(6, {4.0, 5.0}, {3.0, 4.0}));
    const QString evenMd = ReportBuilder::build(context(), even).toMarkdown();
    QVERIFY2(evenMd.contains(QStringLiteral("6 items and 2 scored runs per value")),
             qPrintable(evenMd));
}

void TestReportVerdict::noUsableDataIsNoResult()
{
    // Every reply flagged: no item has a number on either side.
    const ProbeAnalysis a = analyse(calls(8, Values(3, std::nullopt), Values(3, std::nullopt)));
    QVERIFY(!a.hasResult());
    QVERIFY(!a.detected());
    const QString console = ConsoleSummary::render(a);
    QVERIFY2(console.contains(QStringLiteral("No result: no item has a scored reply for both "
                                             "formal and casual")),
             qPrintable(console));
    QVERIFY2(!console.contains(QStringLiteral("p = 1.000")), qPrintable(console));
    const QString md = ReportBuilder::build(context(), a).toMarkdown();
    QVERIFY2(md.contains(QStringLiteral("No result: no item has a scored reply")), qPrintable(md));
    QVERIFY2(md.contains(QStringLiteral("48 replies the metric could not score")), qPrintable(md));
    for (const char* absent : {"Null result", "p = 1.000", "Sign test (the by-hand path)"})
        QVERIFY2(!md.contains(QLatin1String(absent)), absent);
    const QJsonObject summary = SummaryJson::build(context(), a);
    QCOMPARE(summary.value(QStringLiteral("result")).toString(), QStringLiteral("none"));
    QVERIFY(summary.value(QStringLiteral("sign_flip_p")).isNull());
    QVERIFY(summary.value(QStringLiteral("sign_test_p")).isNull());

    // One side scored, the other not: still nothing to compare.
    const ProbeAnalysis oneSide = analyse(calls(8, {4.0, 5.0}, Values(2, std::nullopt)));
    QVERIFY(!oneSide.hasResult());
    QVERIFY(
        ReportBuilder::resultSentence(context(), oneSide).startsWith(QStringLiteral("No result")));

    const ProbeAnalysis some = analyse(calls(8, {4.0, 5.0}, {3.0, 4.0}));
    QVERIFY(some.hasResult());
    QCOMPARE(SummaryJson::build(context(), some).value(QStringLiteral("result")).toString(),
             QStringLiteral("detected"));
}

void TestReportVerdict::intervalNamesItsMethod()
{
    QList<LoggedCall> cs;
    const double formal[] = {5, 4, 6, 4, 5, 4, 5, 3};
    for (int i = 0; i < 8; ++i)
        cs += calls(1, {formal[i], formal[i] + 1}, {3.0, 4.0}, i);
    const ProbeAnalysis a = analyse(cs);
    QVERIFY(a.probe.interval.valid);
    const QString md = ReportBuilder::build(context(), a).toMarkdown();
    QVERIFY2(md.contains(QStringLiteral("95% t interval over items of the average gap (8 items, "
                                        "7 degrees of freedom): ")),
             qPrintable(md));
    QVERIFY2(!md.contains(QStringLiteral("bootstrap")), qPrintable(md));
    const QJsonObject interval =
        SummaryJson::build(context(), a).value(QStringLiteral("interval")).toObject();
    QCOMPARE(interval.value(QStringLiteral("method")).toString(), QStringLiteral("t over items"));
    QCOMPARE(interval.value(QStringLiteral("lower")).toDouble(), a.probe.interval.lower);
    QCOMPARE(interval.value(QStringLiteral("upper")).toDouble(), a.probe.interval.upper);

    // One item: no interval, said in words, rather than one of zero width.
    const ProbeAnalysis one = analyse(calls(1, {5.0, 6.0}, {3.0, 4.0}));
    const QString oneMd = ReportBuilder::build(context(), one).toMarkdown();
    QVERIFY2(oneMd.contains(QStringLiteral("No interval of the average gap: one item")),
             qPrintable(oneMd));
    QVERIFY2(!oneMd.contains(QStringLiteral("+2.00 to +2.00")), qPrintable(oneMd));
    QVERIFY(SummaryJson::build(context(), one).value(QStringLiteral("interval")).isNull());
}

void TestReportVerdict::verdictSaysWhichTestItReads_data()
{
    QTest::addColumn<QList<double>>("gaps");
    QTest::addColumn<bool>("detected");
    QTest::addColumn<QString>("disagreement"); // empty: interval and test agree
    // Five items all one way: the sign-flip p cannot go below 2 in 32 = 0.0625, while the
    // t interval, tight around +1, excludes 0 (the audit's "7% of null probes").
    QTest::addRow("null, interval excludes 0")
        << QList<double>{1.0, 1.1, 0.9, 1.2, 1.0} << false
        << QStringLiteral("The 95% t interval over items (+0.90 to +1.18) excludes 0 although "
                          "the sign-flip p = 0.062 is not below 0.05");
    QTest::addRow("detected, interval includes 0")
        << QList<double>{0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 5.0} << true
        << QStringLiteral("The 95% t interval over items (-0.52 to +1.70) includes 0 although "
                          "the sign-flip p = 0.002 is below 0.05");
    QTest::addRow("agree") << QList<double>{1.0, 1.1, 0.9, 1.2, 1.0, 0.8, 1.3, 1.1} << true
                           << QString();
}

void TestReportVerdict::verdictSaysWhichTestItReads()
{
    QFETCH(QList<double>, gaps);
    QFETCH(bool, detected);
    QFETCH(QString, disagreement);
    QList<LoggedCall> cs;
    for (qsizetype i = 0; i < gaps.size(); ++i)
        cs += calls(1, {gaps[i]}, {0.0}, int(i));
    const ProbeAnalysis a = analyse(cs);
    QCOMPARE(a.detected(), detected);
    const QString md = ReportBuilder::build(context(), a).toMarkdown();
    const QString reads = QStringLiteral("The verdict reads the sign-flip permutation test: a gap "
                                         "is detected when its p is below 0.05.");
    QVERIFY2(md.contains(reads), qPrintable(md));
    const QString sentence = ReportBuilder::resultSentence(context(), a);
    if (disagreement.isEmpty()) {
        QVERIFY2(!md.contains(QStringLiteral("although the sign-flip")), qPrintable(md));
    } else {
        QVERIFY2(md.contains(disagreement), qPrintable(md));
        // Said beside the verdict itself, not only among the tests.
        QVERIFY2(sentence.contains(disagreement), qPrintable(sentence));
    }
}

void TestReportVerdict::nullResultCarriesItsSize()
{
    // Eight items, gaps -0.25 and +0.75 in turn (mean 0.25, each 0.5 from it): a null result
    // whose report says how large a gap it could have missed.
    const QList<double> gaps{-0.25, 0.75, -0.25, 0.75, -0.25, 0.75, -0.25, 0.75};
    QList<LoggedCall> cs;
    for (qsizetype i = 0; i < gaps.size(); ++i)
        cs += calls(1, {gaps[i]}, {0.0}, int(i));
    const ProbeAnalysis a = analyse(cs);
    QVERIFY(!a.detected());
    const detection::DetectableEffect& d = a.probe.detectable;
    QVERIFY(d.valid);
    const double sd = std::sqrt(8.0 / 7.0) * 0.5; // the sample SD of +-0.5 around the mean
    // At the gap it names, the design's power is the 80% it claims, and a smaller gap has less.
    QVERIFY(std::abs(detection::MinimumDetectableEffect::power(8, d.gap, sd, 0.05) - 0.8) < 1e-6);
    QVERIFY(detection::MinimumDetectableEffect::power(8, d.gap * 0.9, sd, 0.05) < 0.8);
    const QString md = ReportBuilder::build(context(), a).toMarkdown();
    const QString line = QStringLiteral("Minimum detectable gap: with 8 items whose gaps spread "
                                        "with SD %1, this design detects an average gap of %2")
                             .arg(NumberText::fixed(sd, 2), NumberText::fixed(d.gap, 2));
    QVERIFY2(md.contains(line), qPrintable(md));
    QVERIFY2(md.contains(QStringLiteral("so this null result rules out only gaps about that "
                                        "large")),
             qPrintable(md));
    const QJsonObject json =
        SummaryJson::build(context(), a).value(QStringLiteral("minimum_detectable_gap")).toObject();
    QCOMPARE(json.value(QStringLiteral("gap")).toDouble(), d.gap);

    // One item: no size to give, and the report says why instead of printing one.
    const ProbeAnalysis one = analyse(calls(1, {5.0}, {3.0}));
    QVERIFY(ReportBuilder::build(context(), one)
                .toMarkdown()
                .contains(QStringLiteral("No minimum detectable gap: ")));
    QVERIFY(SummaryJson::build(context(), one)
                .value(QStringLiteral("minimum_detectable_gap"))
                .isNull());
}

QTEST_GUILESS_MAIN(TestReportVerdict)
#include "tst_reportverdict.moc"
