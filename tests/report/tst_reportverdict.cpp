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

// One call per value in `formal` and `casual` for each of `items` items; std::nullopt is a
// reply the metric flagged.
QList<LoggedCall> calls(int items, const QList<std::optional<double>>& formal,
                        const QList<std::optional<double>>& casual)
{
    QList<LoggedCall> out;
    for (int i = 0; i < items; ++i) {
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

QTEST_GUILESS_MAIN(TestReportVerdict)
#include "tst_reportverdict.moc"
