#include "analysis/ProbeAnalysis.h"
#include "report/ConsoleSummary.h"
#include "report/ReportBuilder.h"
#include "report/SummaryJson.h"
#include "store/LoggedCall.h"

#include <QJsonObject>
#include <QTest>
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

QTEST_GUILESS_MAIN(TestReportVerdict)
#include "tst_reportverdict.moc"
