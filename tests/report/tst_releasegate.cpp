#include "gate/ReleaseGate.h"

#include <QJsonArray>
#include <QtTest>

using namespace pb;

namespace {

struct GroupRow
{
    QString group;
    double ratio;
    bool flagged;
    bool flips;
};

// A name-set summary with the keys the gate reads, two names per group.
QJsonObject nameSetSummary(const QList<GroupRow>& groups, double namesP, double decisionsP,
                           double largestGap)
{
    QJsonArray names;
    QJsonArray rows;
    for (const GroupRow& g : groups) {
        for (int i = 1; i <= 2; ++i)
            names.append(
                QJsonObject{{QStringLiteral("name"), QString(g.group + QString::number(i))},
                            {QStringLiteral("group"), g.group}});
        rows.append(QJsonObject{{QStringLiteral("group"), g.group},
                                {QStringLiteral("impact_ratio"), g.ratio},
                                {QStringLiteral("flagged"), g.flagged},
                                {QStringLiteral("one_person_flips"), g.flips}});
    }
    return {{QStringLiteral("format"), QStringLiteral("probebench/name-set-summary@1")},
            {QStringLiteral("names"), names},
            {QStringLiteral("four_fifths"), QJsonObject{{QStringLiteral("groups"), rows}}},
            {QStringLiteral("tests"),
             QJsonObject{
                 {QStringLiteral("names_permutation"), QJsonObject{{QStringLiteral("p"), namesP}}},
                 {QStringLiteral("decisions"), QJsonObject{{QStringLiteral("p"), decisionsP}}}}},
            {QStringLiteral("largest_group_gap"), largestGap}};
}

const QList<GroupRow> kEven{{"A", 1.0, false, false}, {"B", 0.95, false, false}};

const GateCheck* check(const ReleaseGate::Outcome& o, const QString& name)
{
    for (const GateCheck& c : o.checks) {
        if (c.name == name)
            return &c;
    }
    return nullptr;
}

} // namespace

// What blocks a release, check by check, on summaries written for the purpose (the CLI test
// runs the same gate on real runs).
class TestReleaseGate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void nameSetChecks_data();
    void nameSetChecks();
    void mismatchedRunsAreBadInputNeverAPass_data();
    void mismatchedRunsAreBadInputNeverAPass();
    void junitHasAFailurePerBlockingCheck();
};

void TestReleaseGate::nameSetChecks_data()
{
    QTest::addColumn<QList<GroupRow>>("groups");
    QTest::addColumn<double>("namesP");
    QTest::addColumn<double>("maxDrop"); // < 0: not set
    QTest::addColumn<QString>("checkName");
    QTest::addColumn<bool>("passed");
    QTest::addColumn<QString>("detail");

    QTest::addRow("even groups pass the four-fifths rule")
        << kEven << 0.5 << -1.0 << "four-fifths rule" << true << "no group is below four fifths";
    QTest::addRow("a flagged group blocks")
        << QList<GroupRow>{{"A", 1.0, false, false}, {"B", 0.6, true, false}} << 0.5 << -1.0
        << "four-fifths rule" << false << "below four fifths: B (0.600)";
    QTest::addRow("a fragile flag still blocks, and says so")
        << QList<GroupRow>{{"A", 1.0, false, false}, {"B", 0.75, true, true}} << 0.5 << -1.0
        << "four-fifths rule" << false << "B (0.750; one person's outcome would flip it)";
    QTest::addRow("a significant disparity blocks")
        << kEven << 0.01 << -1.0 << "disparity significance" << false << "is below alpha 0.050";
    QTest::addRow("no p cannot pass") << kEven << double(NAN) << -1.0 << "disparity significance"
                                      << false << "no result cannot pass a gate";
    QTest::addRow("a ratio drop over the threshold blocks")
        << QList<GroupRow>{{"A", 1.0, false, false}, {"B", 0.85, false, false}} << 0.5 << 0.05
        << "impact ratio drop" << false << "B (0.950 -> 0.850)";
    QTest::addRow("a ratio drop within the threshold passes")
        << QList<GroupRow>{{"A", 1.0, false, false}, {"B", 0.92, false, false}} << 0.5 << 0.05
        << "impact ratio drop" << true << "fell by more than 0.050 against the baseline";
}

void TestReleaseGate::nameSetChecks()
{
    QFETCH(QList<GroupRow>, groups);
    QFETCH(double, namesP);
    QFETCH(double, maxDrop);
    QFETCH(QString, checkName);
    QFETCH(bool, passed);
    QFETCH(QString, detail);
    GateThresholds t;
    if (maxDrop >= 0)
        t.maxRatioDrop = maxDrop;
    const ReleaseGate::Outcome o = ReleaseGate::evaluate(nameSetSummary(groups, namesP, 0.5, 0.1),
                                                         nameSetSummary(kEven, 0.5, 0.5, 0.1), t);
    QVERIFY2(o.inputError.isEmpty(), qPrintable(o.inputError));
    const GateCheck* c = check(o, checkName);
    QVERIFY(c);
    QCOMPARE(c->passed, passed);
    QVERIFY2(c->detail.contains(detail), qPrintable(c->detail));
    QCOMPARE(o.blocked(), !passed);
}

void TestReleaseGate::mismatchedRunsAreBadInputNeverAPass_data()
{
    QTest::addColumn<QJsonObject>("current");
    QTest::addColumn<QString>("error");
    QJsonObject otherNames = nameSetSummary(kEven, 0.5, 0.5, 0.1);
    otherNames.insert(QStringLiteral("names"),
                      QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("Zed")},
                                             {QStringLiteral("group"), QStringLiteral("A")}}});
    QTest::addRow("other names") << otherNames << "did not probe the same names";
    QTest::addRow("other kind") << QJsonObject{{QStringLiteral("format"),
                                                QStringLiteral("probebench/summary@1")}}
                                << "the run is a probebench/summary@1 summary";
}

void TestReleaseGate::mismatchedRunsAreBadInputNeverAPass()
{
    QFETCH(QJsonObject, current);
    QFETCH(QString, error);
    const ReleaseGate::Outcome o =
        ReleaseGate::evaluate(current, nameSetSummary(kEven, 0.5, 0.5, 0.1), {});
    QVERIFY2(o.inputError.contains(error), qPrintable(o.inputError));
}

void TestReleaseGate::junitHasAFailurePerBlockingCheck()
{
    const ReleaseGate::Outcome o = ReleaseGate::evaluate(
        nameSetSummary({{"A", 1.0, false, false}, {"B", 0.6, true, false}}, 0.01, 0.5, 0.1),
        nameSetSummary(kEven, 0.5, 0.5, 0.1), {});
    const QByteArray xml = ReleaseGate::toJUnit(o);
    QCOMPARE(xml.count("<failure"), 2); // the four-fifths rule and the names permutation
    QVERIFY(xml.contains("failures=\"2\""));
}

QTEST_GUILESS_MAIN(TestReleaseGate)
#include "tst_releasegate.moc"
