// The release gate on choice-probe summaries: what blocks, and which pairs of summaries it
// refuses to compare because their scores come from different estimators.
#include "gate/ReleaseGate.h"

#include <QJsonArray>
#include <QtTest>

using namespace pb;

namespace {

// A choice summary with the keys the gate reads: noise-floor path with p and effect.
QJsonObject choiceSummary(double p, double effect)
{
    return {
        {QStringLiteral("format"), QStringLiteral("probebench/choice-summary@1")},
        {QStringLiteral("mode"), QStringLiteral("choice")},
        {QStringLiteral("estimator"), QStringLiteral("jensen-shannon bits against same-vs-same")},
        {QStringLiteral("distribution_source"), QStringLiteral("logprobs")},
        {QStringLiteral("candidates"), QJsonArray{QStringLiteral("yes"), QStringLiteral("no")}},
        {QStringLiteral("effect"),
         QJsonObject{{QStringLiteral("path"), QStringLiteral("noise-floor")},
                     {QStringLiteral("p"), p},
                     {QStringLiteral("effect"), effect}}}};
}

QJsonObject deterministic(bool stable, bool differs)
{
    QJsonObject s = choiceSummary(0.5, 0.0);
    s.insert(QStringLiteral("effect"),
             QJsonObject{{QStringLiteral("path"), QStringLiteral("deterministic")},
                         {QStringLiteral("stable"), stable},
                         {QStringLiteral("differs"), differs},
                         {QStringLiteral("largest_js"), differs ? 0.25 : 0.0}});
    return s;
}

} // namespace

class TestChoiceGate : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void checks_data()
    {
        QTest::addColumn<QJsonObject>("current");
        QTest::addColumn<double>("maxEffect"); // < 0: not set
        QTest::addColumn<QString>("checkName");
        QTest::addColumn<bool>("passed");
        QTest::addColumn<QString>("detail");
        QTest::addRow("no shift passes")
            << choiceSummary(0.4, 0.3) << -1.0 << "distribution shift significance" << true
            << "is not below alpha 0.050";
        QTest::addRow("a significant shift blocks")
            << choiceSummary(0.001, 9.0) << -1.0 << "distribution shift significance" << false
            << "is below alpha 0.050";
        QJsonObject below = choiceSummary(0.0, -0.4);
        QJsonObject belowEffect = below.value(QStringLiteral("effect")).toObject();
        belowEffect.insert(QStringLiteral("p"), QJsonValue(QJsonValue::Null));
        belowEffect.insert(QStringLiteral("p_two_sided"), 0.6);
        belowEffect.insert(QStringLiteral("mean_difference"), -0.01);
        below.insert(QStringLiteral("effect"), belowEffect);
        QTest::addRow("below the noise passes")
            << below << -1.0 << "distribution shift significance" << true
            << "one-sided p \u2265 0.5";
        QTest::addRow("no result cannot pass")
            << choiceSummary(double(NAN), double(NAN)) << -1.0 << "distribution shift significance"
            << false << "no result cannot pass a gate";
        QTest::addRow("an effect over the bound blocks")
            << choiceSummary(0.2, 2.5) << 2.0 << "score gap" << false
            << "the standardized effect against the noise floor 2.500 exceeds 2.000";
        QTest::addRow("an effect within the bound passes")
            << choiceSummary(0.2, 1.5) << 2.0 << "score gap" << true << "is within 2.000";
        QTest::addRow("temperature 0, the same")
            << deterministic(true, false) << -1.0 << "deterministic difference" << true
            << "are the same";
        QTest::addRow("temperature 0, a difference blocks")
            << deterministic(true, true) << -1.0 << "deterministic difference" << false
            << "the replies of A and B differ";
        QTest::addRow("temperature 0, unstable cannot pass")
            << deterministic(false, false) << -1.0 << "deterministic difference" << false
            << "not stable";
    }

    void checks()
    {
        QFETCH(QJsonObject, current);
        QFETCH(double, maxEffect);
        QFETCH(QString, checkName);
        QFETCH(bool, passed);
        QFETCH(QString, detail);
        GateThresholds t;
        if (maxEffect >= 0)
            t.maxScoreGap = maxEffect;
        const ReleaseGate::Outcome o = ReleaseGate::evaluate(current, choiceSummary(0.5, 0.1), t);
        QVERIFY2(o.inputError.isEmpty(), qPrintable(o.inputError));
        QCOMPARE(o.kind, QStringLiteral("choice probe"));
        const GateCheck* found = nullptr;
        for (const GateCheck& c : o.checks)
            found = c.name == checkName ? &c : found;
        QVERIFY(found);
        QCOMPARE(found->passed, passed);
        QVERIFY2(found->detail.contains(detail), qPrintable(found->detail));
        QCOMPARE(o.blocked(), !passed);
    }

    void otherEstimatorsAreBadInput_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("error");
        QTest::addRow("sampled against logprobs")
            << "distribution_source" << QJsonValue(QStringLiteral("sampled"))
            << "distribution_source is \"sampled\" and the baseline's \"logprobs\"";
        QTest::addRow("other candidates")
            << "candidates" << QJsonValue(QJsonArray{QStringLiteral("A"), QStringLiteral("B")})
            << "candidates is \"[A, B]\" and the baseline's \"[yes, no]\"";
        QTest::addRow("other mode") << "mode" << QJsonValue(QStringLiteral("generative"))
                                    << "different estimators are not compared";
    }

    void otherEstimatorsAreBadInput()
    {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(QString, error);
        QJsonObject current = choiceSummary(0.5, 0.1);
        current.insert(key, value);
        const ReleaseGate::Outcome o = ReleaseGate::evaluate(current, choiceSummary(0.5, 0.1), {});
        QVERIFY2(o.inputError.contains(error), qPrintable(o.inputError));
        QVERIFY(o.checks.isEmpty()); // never a pass
    }
};

QTEST_GUILESS_MAIN(TestChoiceGate)
#include "tst_choicegate.moc"
