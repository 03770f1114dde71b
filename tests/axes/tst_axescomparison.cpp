#include "axes/AxesComparison.h"
#include "axes/AxesReport.h"
#include "axes/AxesResultsFolder.h"
#include "stats/HolmAdjustment.h"
#include "store/LoggedCall.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>
#include <cmath>

using namespace pb;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

AxesDocument document()
{
    AxesDocument doc;
    doc.base = QStringLiteral("formal");
    doc.axes = {{QStringLiteral("register"), QStringLiteral("casual")},
                {QStringLiteral("name"), QStringLiteral("Lakisha")},
                {QStringLiteral("name"), QStringLiteral("Jamal")}};
    doc.metric.name = QStringLiteral("steps");
    return doc;
}

LoggedCall call(int item, const QString& variant, double value, bool ok = true)
{
    LoggedCall c;
    c.itemIndex = item;
    c.itemId = QString::number(item);
    c.variant = variant;
    c.seed = 1;
    c.status = ok ? CallStatus::Ok : CallStatus::Failed;
    if (ok)
        c.metricValue = value;
    else
        c.error = QStringLiteral("HTTP 500");
    return c;
}

// One axis's model-probe analysis from per-item base and counterfactual values; an empty
// counterfactual list is an axis whose counterfactual calls all failed.
ProbeAnalysis analysis(const QString& value, const QList<double>& base, const QList<double>& cf)
{
    QList<LoggedCall> calls;
    QStringList order;
    for (int i = 0; i < base.size(); ++i) {
        order << QString::number(i);
        calls << call(i, QStringLiteral("formal"), base[i]);
        if (cf.isEmpty())
            calls << call(i, value, 0.0, false);
        else
            calls << call(i, value, cf[i]);
    }
    return ProbeAnalysis::fromCalls(calls, QStringLiteral("formal"), value, QStringLiteral("steps"),
                                    order);
}

AxisEvidence evidence(const AxisSpec& axis, qint64 runId, RunOutcome outcome,
                      std::optional<ProbeAnalysis> a)
{
    AxisEvidence e;
    e.axis = axis;
    e.runId = runId;
    e.outcome = outcome;
    e.analysis = std::move(a);
    return e;
}

} // namespace

class TestAxesComparison : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void holm_data();
    void holm();
    void vectorAndMaxNameTheAxis_data();
    void vectorAndMaxNameTheAxis();
    void aMissingAxisLeavesAPartialResult();
    void noAxisNoAggregate();
};

void TestAxesComparison::holm_data()
{
    QTest::addColumn<QList<double>>("p");
    QTest::addColumn<QList<double>>("adjusted");
    QTest::addRow("three") << QList<double>{0.01, 0.04, 0.03} << QList<double>{0.03, 0.06, 0.06};
    QTest::addRow("capped at 1") << QList<double>{0.5, 0.9} << QList<double>{1.0, 1.0};
    QTest::addRow("one is itself") << QList<double>{0.2} << QList<double>{0.2};
    // A comparison not made does not count in m.
    QTest::addRow("NaN left out") << QList<double>{0.01, kNaN, 0.02}
                                  << QList<double>{0.02, kNaN, 0.02};
    // Step-down keeps the order: a larger p never gets a smaller adjusted p.
    QTest::addRow("monotone") << QList<double>{0.001, 0.011, 0.012, 0.5}
                              << QList<double>{0.004, 0.033, 0.033, 0.5};
}

void TestAxesComparison::holm()
{
    QFETCH(QList<double>, p);
    QFETCH(QList<double>, adjusted);
    const std::vector<double> out = HolmAdjustment::adjust(std::vector<double>(p.begin(), p.end()));
    QCOMPARE(qsizetype(out.size()), adjusted.size());
    for (qsizetype i = 0; i < adjusted.size(); ++i) {
        if (std::isnan(adjusted[i]))
            QVERIFY(std::isnan(out[std::size_t(i)]));
        else
            QVERIFY2(std::fabs(out[std::size_t(i)] - adjusted[i]) < 1e-12,
                     qPrintable(QString::number(out[std::size_t(i)])));
    }
}

void TestAxesComparison::vectorAndMaxNameTheAxis_data()
{
    QTest::addColumn<QList<double>>("casual");
    QTest::addColumn<QList<double>>("lakisha");
    QTest::addColumn<QList<double>>("jamal");
    QTest::addColumn<int>("worst");
    QTest::addColumn<double>("aggregate");
    QTest::addColumn<QList<bool>>("detected");
    const QList<double> base{5, 5, 5, 5, 5, 5, 5, 5};
    // Every item two steps fewer: the sign-flip p is 2/256 = 0.0078, Holm over three 0.023.
    QTest::addRow("first axis worst")
        << QList<double>{3, 3, 3, 3, 3, 3, 3, 3} << QList<double>{5, 6, 4, 5, 5, 6, 4, 5}
        << QList<double>{5, 5, 5, 5, 5, 5, 5, 6} << 0 << 2.0 << QList<bool>{true, false, false};
    // The largest |gap| may be a counterfactual that gets more, not less.
    QTest::addRow("negative gap sets the max")
        << QList<double>{4, 4, 4, 4, 4, 4, 4, 4} << QList<double>{5, 6, 4, 5, 5, 6, 4, 5}
        << QList<double>{8, 8, 8, 8, 8, 8, 8, 8} << 2 << 3.0 << QList<bool>{true, false, true};
    // Unadjusted p = 0.0078 three times: Holm 0.023 each, still detected.
    QTest::addRow("three detected")
        << QList<double>{4, 4, 4, 4, 4, 4, 4, 4} << QList<double>{3, 3, 3, 3, 3, 3, 3, 3}
        << QList<double>{4.5, 4.5, 4.5, 4.5, 4.5, 4.5, 4.5, 4.5} << 1 << 2.0
        << QList<bool>{true, true, true};
}

void TestAxesComparison::vectorAndMaxNameTheAxis()
{
    QFETCH(QList<double>, casual);
    QFETCH(QList<double>, lakisha);
    QFETCH(QList<double>, jamal);
    QFETCH(int, worst);
    QFETCH(double, aggregate);
    QFETCH(QList<bool>, detected);
    const QList<double> base{5, 5, 5, 5, 5, 5, 5, 5};
    const AxesDocument doc = document();
    const QList<QList<double>> cf{casual, lakisha, jamal};
    QList<AxisEvidence> in;
    for (int a = 0; a < 3; ++a)
        in << evidence(doc.axes[a], a + 1, RunOutcome::Completed,
                       analysis(doc.axes[a].value, base, cf[a]));
    const AxesComparison c = AxesComparison::from(doc, in);

    QCOMPARE(c.mode, QStringLiteral("numeric"));
    QCOMPARE(c.axes.size(), 3);
    QVERIFY(c.complete());
    QCOMPARE(c.coverage(), QStringLiteral("complete: 3 of 3 axes"));
    QCOMPARE(c.tested, 3);
    QCOMPARE(c.worst, worst);
    QCOMPARE(c.aggregate, aggregate);
    std::vector<double> p;
    for (int a = 0; a < 3; ++a) {
        QCOMPARE(c.axes[a].value, in[a].analysis->probe.table.averageGap());
        QCOMPARE(c.axes[a].p, in[a].analysis->probe.signFlip.p);
        p.push_back(c.axes[a].p);
    }
    const std::vector<double> holm = HolmAdjustment::adjust(p);
    for (int a = 0; a < 3; ++a) {
        QCOMPARE(c.axes[a].pHolm, holm[std::size_t(a)]);
        QCOMPARE(c.axes[a].detected, detected[a]);
        QVERIFY(c.axes[a].pHolm >= c.axes[a].p);
    }
    QVERIFY2(c.aggregateSentence().contains(doc.axes[worst].label()),
             qPrintable(c.aggregateSentence()));
    QVERIFY(c.aggregateSentence().startsWith(QStringLiteral("largest |average gap|: ")));

    const QJsonObject summary = AxesResultsFolder::summary(doc, c);
    QCOMPARE(summary.value(QStringLiteral("format")).toString(),
             QStringLiteral("probebench/axes-summary@1"));
    const QJsonObject agg = summary.value(QStringLiteral("aggregate")).toObject();
    QCOMPARE(agg.value(QStringLiteral("statistic")).toString(), QStringLiteral("max"));
    QCOMPARE(agg.value(QStringLiteral("axis")).toString(), doc.axes[worst].label());
    QCOMPARE(agg.value(QStringLiteral("magnitude")).toDouble(), aggregate);
    QCOMPARE(agg.value(QStringLiteral("complete")).toBool(), true);
    const QJsonArray axes = summary.value(QStringLiteral("axes")).toArray();
    QCOMPARE(axes.size(), 3);
    for (const QJsonValue& v : axes) {
        QCOMPARE(v[QStringLiteral("mode")].toString(), QStringLiteral("numeric"));
        QVERIFY(v[QStringLiteral("estimator")].toString().contains(QStringLiteral("sign-flip")));
    }
}

void TestAxesComparison::aMissingAxisLeavesAPartialResult()
{
    const AxesDocument doc = document();
    const QList<double> base{5, 5, 5, 5, 5, 5, 5, 5};
    QList<AxisEvidence> in;
    in << evidence(doc.axes[0], 1, RunOutcome::Completed,
                   analysis(QStringLiteral("casual"), base, {4, 4, 4, 4, 4, 4, 4, 4}));
    // Every counterfactual call failed: the axis's run exists, but compares nothing.
    in << evidence(doc.axes[1], 2, RunOutcome::Incomplete,
                   analysis(QStringLiteral("Lakisha"), base, {}));
    in << evidence(doc.axes[2], 3, RunOutcome::Completed,
                   analysis(QStringLiteral("Jamal"), base, {9, 9, 9, 9, 9, 9, 9, 9}));
    in[1].message = QStringLiteral("8 calls failed after every retry");
    const AxesComparison c = AxesComparison::from(doc, in);

    QCOMPARE(c.withResult(), 2);
    QVERIFY(c.partial());
    QVERIFY(!c.complete());
    QCOMPARE(c.coverage(), QStringLiteral("partial: 2 of 3 axes"));
    QCOMPARE(c.axes[1].status, AxisStatus::Missing);
    QVERIFY(std::isnan(c.axes[1].pHolm));
    QVERIFY(!c.axes[1].detected);
    QVERIFY2(c.axes[1].gap.contains(QStringLiteral("8 of its 16 calls failed")),
             qPrintable(c.axes[1].gap));
    QVERIFY(c.axes[1].gap.contains(QStringLiteral("no item has a scored reply for both values")));
    // Holm over the two axes tested, and the aggregate over them, said to be partial.
    QCOMPARE(c.tested, 2);
    QCOMPARE(c.worst, 2);
    QCOMPARE(c.aggregate, 4.0);
    QVERIFY2(c.aggregateSentence().endsWith(QStringLiteral("partial: 2 of 3 axes")),
             qPrintable(c.aggregateSentence()));
    QVERIFY(c.multipleComparisonNote().contains(QStringLiteral("missing axes were not tested")));

    const QJsonObject summary = AxesResultsFolder::summary(doc, c);
    const QJsonObject agg = summary.value(QStringLiteral("aggregate")).toObject();
    QCOMPARE(agg.value(QStringLiteral("complete")).toBool(), false);
    QCOMPARE(agg.value(QStringLiteral("partial")).toBool(), true);
    QCOMPARE(agg.value(QStringLiteral("coverage")).toString(),
             QStringLiteral("partial: 2 of 3 axes"));
    const QJsonObject missing = summary.value(QStringLiteral("axes")).toArray()[1].toObject();
    QCOMPARE(missing.value(QStringLiteral("status")).toString(), QStringLiteral("missing"));
    QVERIFY(missing.value(QStringLiteral("value")).isNull());
    QVERIFY(!missing.value(QStringLiteral("gap")).toString().isEmpty());

    const QString console = AxesReport::consoleText(c);
    QVERIFY2(console.contains(QStringLiteral("name = Lakisha missing: ")), qPrintable(console));
    const QString report =
        AxesReport::build(doc, c, AxesResultsFolder::axisFolders(doc)).toMarkdown();
    QVERIFY2(report.contains(QStringLiteral("This result is not complete (partial: 2 of 3 axes)")),
             qPrintable(report));
}

void TestAxesComparison::noAxisNoAggregate()
{
    const AxesDocument doc = document();
    QList<AxisEvidence> in;
    for (const AxisSpec& axis : doc.axes) {
        AxisEvidence e;
        e.axis = axis;
        e.message = QStringLiteral("the stand-in refused");
        in << e; // never got a run
    }
    const AxesComparison c = AxesComparison::from(doc, in);
    QCOMPARE(c.withResult(), 0);
    QCOMPARE(c.worst, -1);
    QVERIFY(std::isnan(c.aggregate));
    QCOMPARE(c.coverage(), QStringLiteral("no result: 0 of 3 axes"));
    QVERIFY(c.axes[0].gap.contains(QStringLiteral("its run could not start")));
    QVERIFY(c.axes[0].gap.contains(QStringLiteral("the stand-in refused")));
    QVERIFY(!c.anyDetected());
}

QTEST_GUILESS_MAIN(TestAxesComparison)
#include "tst_axescomparison.moc"
