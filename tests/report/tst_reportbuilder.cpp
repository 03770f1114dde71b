#include "analysis/ProbeAnalysis.h"
#include "report/ReportBuilder.h"
#include "report/SummaryJson.h"
#include "store/LoggedCall.h"

#include <QJsonArray>
#include <QTest>

using namespace pb;

namespace {

// Calls with the given per-item (A, B) step counts, `runs` seeds each, plus noise rows.
QList<LoggedCall> calls(const QList<QPair<int, int>>& perItem, int runs)
{
    QList<LoggedCall> out;
    for (int i = 0; i < perItem.size(); ++i) {
        for (int s = 1; s <= runs; ++s) {
            for (const auto& [variant, value, arm] :
                 {std::tuple{QStringLiteral("formal"), perItem[i].first, CallArm::Probe},
                  std::tuple{QStringLiteral("casual"), perItem[i].second, CallArm::Probe},
                  std::tuple{QStringLiteral("formal again"), perItem[i].first, CallArm::Noise}}) {
                LoggedCall c;
                c.itemId = QString::number(i);
                c.variant = variant;
                c.arm = arm;
                c.seed = s;
                c.status = CallStatus::Ok;
                c.metricValue = value + (s % 2); // some spread
                c.reply = QStringLiteral("<b>reply</b> | pipe");
                out << c;
            }
        }
    }
    return out;
}

ReportContext context()
{
    ReportContext c;
    c.title = QStringLiteral("Style <probe>");
    c.attributeName = QStringLiteral("writing style");
    c.source = QStringLiteral("test");
    c.models = {QStringLiteral("stand-in-v1")};
    c.appVersion = QStringLiteral("test");
    c.generated = QDateTime::currentDateTimeUtc();
    c.metricDefinition = QStringLiteral("numbered steps");
    return c;
}

} // namespace

class TestReportBuilder : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void detectedGapNamesItsItems();
    void nullResultIsNotAGuarantee();
    void failedCallsAreListedNotFilled();
    void htmlEscapesUserText();
    void summaryCarriesTheNumbers();
    void whatTheRunLacksIsSaid_data();
    void whatTheRunLacksIsSaid();
};

void TestReportBuilder::detectedGapNamesItsItems()
{
    const ProbeAnalysis a = ProbeAnalysis::fromCalls(
        calls({{5, 3}, {4, 3}, {6, 4}, {4, 2}, {5, 4}, {4, 3}, {5, 2}}, 4),
        QStringLiteral("formal"), QStringLiteral("casual"), QStringLiteral("steps"));
    QVERIFY(a.detected());
    const QString md = ReportBuilder::build(context(), a).toMarkdown();
    QVERIFY2(md.contains(QStringLiteral("The probe detected a gap")), qPrintable(md));
    QVERIFY(md.contains(QStringLiteral(
        "| Item | formal mean | casual mean | Gap (formal minus casual) | Runs per value |")));
    QVERIFY(md.contains(QStringLiteral("| **Average** |")));
    QVERIFY(md.contains(QStringLiteral(
                "Items driving the gap, largest first: 2 (+2.00), 3 (+2.00), 6 (+3.00)")) ||
            md.contains(QStringLiteral("Items driving the gap, largest first: 6 (+3.00)")));
    QVERIFY(md.contains(QStringLiteral("exact over all 128 sign patterns of 7 item gaps")));
    QVERIFY(md.contains(QStringLiteral("Same versus same")));
    QVERIFY(!md.contains(QStringLiteral("Null result")));
}

void TestReportBuilder::nullResultIsNotAGuarantee()
{
    const ProbeAnalysis a = ProbeAnalysis::fromCalls(
        calls({{5, 4}, {3, 4}, {4, 4}, {4, 5}, {5, 4}}, 3), QStringLiteral("formal"),
        QStringLiteral("casual"), QStringLiteral("steps"));
    QVERIFY(!a.detected());
    const QString md = ReportBuilder::build(context(), a).toMarkdown();
    QVERIFY2(md.contains(QStringLiteral(
                 "Null result: this probe did not detect a gap larger than its noise.")),
             qPrintable(md));
    QVERIFY(md.contains(QStringLiteral("It does not show that the system is unbiased")));
    QVERIFY(md.contains(QStringLiteral("these 5 items"))); // the zero-gap item is still an item
    QVERIFY(md.contains(QStringLiteral("smallest p this test can return")));
    QVERIFY(!md.contains(QStringLiteral("detected a gap:")));
}

void TestReportBuilder::failedCallsAreListedNotFilled()
{
    QList<LoggedCall> cs = calls({{5, 3}, {4, 3}}, 2);
    cs[1].status = CallStatus::Failed;
    cs[1].metricValue.reset();
    cs[1].error = QStringLiteral("nothing answers at http://127.0.0.1:11434");
    cs[6].metricValue.reset(); // item 1, seed 1, formal
    cs[6].metricFlag = QStringLiteral("unparsable-json");
    const ProbeAnalysis a = ProbeAnalysis::fromCalls(
        cs, QStringLiteral("formal"), QStringLiteral("casual"), QStringLiteral("steps"));
    QCOMPARE(a.callsFailed, 1);
    QCOMPARE(a.repliesFlagged, 1);
    const QString md = ReportBuilder::build(context(), a).toMarkdown();
    QVERIFY(md.contains(QStringLiteral("## Data-quality gaps")));
    QVERIFY(md.contains(QStringLiteral("nothing answers at http://127.0.0.1:11434")));
    QVERIFY(md.contains(QStringLiteral("unparsable-json")));
    QVERIFY(md.contains(
        QStringLiteral("| 0 | 5.50 | 3.00 | +2.50 | 2 / 1 |"))); // one casual run failed
}

void TestReportBuilder::htmlEscapesUserText()
{
    const ProbeAnalysis a =
        ProbeAnalysis::fromCalls(calls({{5, 3}, {4, 3}}, 2), QStringLiteral("a<b"),
                                 QStringLiteral("casual"), QStringLiteral("steps"));
    const QString html = ReportBuilder::build(context(), a).toHtml();
    QVERIFY(html.contains(
        QStringLiteral("<title>Style &lt;probe&gt;: counterfactual bias probe</title>")));
    QVERIFY(!html.contains(QStringLiteral("<probe>")));
    QVERIFY(html.contains(QStringLiteral("<tr class=\"total\">")));
}

void TestReportBuilder::summaryCarriesTheNumbers()
{
    const ProbeAnalysis a =
        ProbeAnalysis::fromCalls(calls({{5, 3}, {4, 3}, {6, 4}}, 2), QStringLiteral("formal"),
                                 QStringLiteral("casual"), QStringLiteral("steps"));
    const QJsonObject s = SummaryJson::build(context(), a);
    QCOMPARE(s.value(QStringLiteral("average_gap")).toDouble(), a.probe.table.averageGap());
    QCOMPARE(s.value(QStringLiteral("sign_flip_p")).toDouble(), a.probe.signFlip.p);
    QCOMPARE(s.value(QStringLiteral("sign_test_p")).toDouble(), a.probe.signTest.p);
    QCOMPARE(s.value(QStringLiteral("same_vs_same_gap")).toDouble(), 0.0);
    QCOMPARE(s.value(QStringLiteral("calls_made")).toInt(), 18);
    QCOMPARE(s.value(QStringLiteral("per_item"))
                 .toObject()
                 .value(QStringLiteral("items"))
                 .toArray()
                 .size(),
             3);
}

void TestReportBuilder::whatTheRunLacksIsSaid_data()
{
    QTest::addColumn<int>("answered");
    QTest::addColumn<bool>("mismatch");
    QTest::addColumn<QStringList>("said");
    QTest::addColumn<QStringList>("notSaid");
    const QString incomplete =
        QStringLiteral("Incomplete: 180 of 480 calls missing; Start resumes.");
    const QString pairs = QStringLiteral(
        "Pairs that differ in more than the attribute: 3 (casual drops '10'; formal drops '12'). "
        "A gap on this item may come from that difference instead of the attribute");
    QTest::addRow("complete, matched")
        << 480 << false << QStringList()
        << QStringList{QStringLiteral("Incomplete"), QStringLiteral("Pairs that differ")};
    QTest::addRow("incomplete") << 300 << false
                                << QStringList{incomplete, QStringLiteral("from the 300 calls "
                                                                          "answered so far")}
                                << QStringList{QStringLiteral("Pairs that differ")};
    QTest::addRow("a pair not matched")
        << 480 << true << QStringList{pairs} << QStringList{QStringLiteral("Incomplete")};
    QTest::addRow("both") << 300 << true << QStringList{incomplete, pairs} << QStringList();
}

void TestReportBuilder::whatTheRunLacksIsSaid()
{
    QFETCH(int, answered);
    QFETCH(bool, mismatch);
    QFETCH(QStringList, said);
    QFETCH(QStringList, notSaid);
    ReportContext c = context();
    c.completeness = RunCompleteness{480, answered};
    if (mismatch) {
        c.pairMismatches = {PairMismatch{
            QStringLiteral("3"),
            {QStringLiteral("casual drops '10'"), QStringLiteral("formal drops '12'")}}};
    }
    const ProbeAnalysis a =
        ProbeAnalysis::fromCalls(calls({{5, 3}, {4, 3}, {6, 4}}, 2), QStringLiteral("formal"),
                                 QStringLiteral("casual"), QStringLiteral("steps"));
    const QString md = ReportBuilder::build(c, a).toMarkdown();
    for (const QString& s : said) {
        QVERIFY2(md.contains(s), qPrintable(s + QStringLiteral("\n---\n") + md));
    }
    for (const QString& s : notSaid) {
        QVERIFY2(!md.contains(s), qPrintable(s));
    }
    if (answered < 480) {
        // Said before any number, not buried under them.
        QVERIFY(md.indexOf(QStringLiteral("Incomplete")) < md.indexOf(QStringLiteral("Items:")));
    }
}

QTEST_GUILESS_MAIN(TestReportBuilder)
#include "tst_reportbuilder.moc"
