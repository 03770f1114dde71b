// Every p the workbench prints: "p < 0.001" where the test is that sure, never "p = 0.000",
// in the CLI summary, the report and the judge side alike.
#include "analysis/ProbeAnalysis.h"
#include "judge/JudgeConsoleText.h"
#include "judge/PropertyEffect.h"
#include "report/ConsoleSummary.h"
#include "report/NumberText.h"
#include "report/ReportBuilder.h"
#include "report/RunComparison.h"
#include "stats/SignFlipTest.h"
#include "store/LoggedCall.h"

#include <QTest>
#include <limits>

using namespace pb;

namespace {

// `items` items whose every formal call has `gap` more steps than its casual one.
QList<LoggedCall> oneSidedCalls(int items, int gap)
{
    QList<LoggedCall> out;
    for (int i = 0; i < items; ++i) {
        for (int s = 1; s <= 3; ++s) {
            for (const auto& [variant, value, arm] :
                 {std::tuple{QStringLiteral("formal"), 4 + gap, CallArm::Probe},
                  std::tuple{QStringLiteral("casual"), 4, CallArm::Probe},
                  std::tuple{QStringLiteral("formal again"), 4 + gap - (s + i) % 2,
                             CallArm::Noise}}) {
                LoggedCall c;
                c.itemId = QString::number(i);
                c.variant = variant;
                c.arm = arm;
                c.seed = s;
                c.status = CallStatus::Ok;
                c.metricValue = value + (s % 2);
                out << c;
            }
        }
    }
    return out;
}

} // namespace

class TestNumberText : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void pValue_data()
    {
        QTest::addColumn<double>("p");
        QTest::addColumn<QString>("cell");
        QTest::addColumn<QString>("sentence");
        QTest::addRow("tutorial") << 0.015625 << "0.016"
                                  << "p = 0.016";
        QTest::addRow("one") << 1.0 << "1.000"
                             << "p = 1.000";
        QTest::addRow("at 0.001") << 0.001 << "0.001"
                                  << "p = 0.001";
        QTest::addRow("rounds up to 0.001") << 0.0009 << "< 0.001"
                                            << "p < 0.001";
        QTest::addRow("rounds to 0.000") << 0.0004 << "< 0.001"
                                         << "p < 0.001";
        QTest::addRow("2 in 2^20") << 2.0 / 1048576.0 << "< 0.001"
                                   << "p < 0.001";
        QTest::addRow("no Monte Carlo hit") << 0.0 << "< 0.001"
                                            << "p < 0.001";
        QTest::addRow("not computed") << std::numeric_limits<double>::quiet_NaN() << "n/a"
                                      << "p = n/a";
    }
    void pValue()
    {
        QFETCH(double, p);
        QFETCH(QString, cell);
        QFETCH(QString, sentence);
        QCOMPARE(NumberText::pValue(p), cell);
        QCOMPARE(NumberText::pEquals(p), sentence);
    }

    void small_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text");
        QTest::addRow("standard error") << 0.00012 << "0.00012";
        QTest::addRow("2 in 2^20") << 2.0 / 1048576.0 << "0.0000019";
        QTest::addRow("ordinary") << 0.0123 << "0.012";
        QTest::addRow("zero") << 0.0 << "0.000";
    }
    void small()
    {
        QFETCH(double, value);
        QFETCH(QString, text);
        QCOMPARE(NumberText::small(value), text);
    }

    // A gap every one of 24 items shows: the exact p is 2 in 2^24.
    void tinyPInEveryPrintout()
    {
        const ProbeAnalysis a =
            ProbeAnalysis::fromCalls(oneSidedCalls(24, 2), QStringLiteral("formal"),
                                     QStringLiteral("casual"), QStringLiteral("steps"));
        QVERIFY(a.probe.signFlip.p < 0.001);
        QVERIFY(a.probe.signFlip.p > 0.0);
        const QString console = ConsoleSummary::render(a);
        ReportContext context;
        context.title = QStringLiteral("tiny p");
        context.generated = QDateTime::currentDateTimeUtc();
        const QString report = ReportBuilder::build(context, a).toMarkdown();
        const QString compared = RunComparison::build({QStringLiteral("run 1"), a, std::nullopt},
                                                      {QStringLiteral("run 2"), a, std::nullopt})
                                     .toMarkdown();
        for (const QString& text : {console, report, compared}) {
            QVERIFY2(!text.contains(QStringLiteral("p = 0.000")), qPrintable(text));
            QVERIFY2(!text.contains(QStringLiteral("p = <")), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("p < 0.001")), qPrintable(text));
        }
        QVERIFY2(console.contains(QStringLiteral("average gap: +2.00 steps,  p < 0.001")),
                 qPrintable(console));
        // The smallest p the test can reach is a number, not a bound.
        QVERIFY2(report.contains(QStringLiteral("2 in 2^24 = 0.00000012")), qPrintable(report));
    }

    void judgeSideSaysBelow()
    {
        CriterionEffect c;
        c.criterionId = QStringLiteral("directness");
        c.flips = 24;
        c.meanDelta = 1.0;
        for (int i = 0; i < 24; ++i) {
            c.itemDeltas << 1.0;
        }
        c.signFlip = SignFlipTest::run(c.itemDeltas);
        PropertyEffect effect;
        effect.criteria << c;
        const QString text = JudgeConsoleText::meanDeltaText(effect);
        QVERIFY2(text.contains(QStringLiteral("directness +1.00 (sign-flip p < 0.001 over 24 "
                                              "items)")),
                 qPrintable(text));
    }
};

QTEST_MAIN(TestNumberText)
#include "tst_numbertext.moc"
