#include "stats/agreement/CriterionAgreement.h"
#include "stats/agreement/WorstCriterion.h"

#include <QTest>

using namespace pb;

using Scores = QList<std::optional<int>>;

namespace {

constexpr std::nullopt_t _ = std::nullopt;
const QList<int> kLevels{1, 2, 3, 4};

CriterionAgreement agreement(const QString& id, const Scores& human, const Scores& judge)
{
    QString error;
    const auto a = CriterionAgreement::compute(id, QStringLiteral("human"), QStringLiteral("judge"),
                                               kLevels, human, judge, &error);
    if (!a)
        qFatal("bad test scores: %s", qPrintable(error));
    return *a;
}

} // namespace

class TestCriterionAgreement : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void confusionMatrixCounts();
    void levelOffTheScaleNamesTheUnit();
    void mostFrequentDisagreement_data();
    void mostFrequentDisagreement();
    void worstCriterion_data();
    void worstCriterion();
    void worstCriterionSkipsWhatCannotBeRanked();
};

void TestCriterionAgreement::confusionMatrixCounts()
{
    const CriterionAgreement a =
        agreement(QStringLiteral("C1"), {4, 3, 3, _, 2, 1, 3, 4}, {4, 2, 3, 3, 2, _, 3, 3});
    const ConfusionMatrix& m = a.matrix;
    QCOMPARE(m.size(), 4);
    QCOMPARE(m.total(), 6);
    QCOMPARE(m.excluded(), 2);
    QCOMPARE(m.count(3, 3), 1); // human 4, judge 4
    QCOMPARE(m.count(2, 1), 1); // human 3, judge 2
    QCOMPARE(m.count(2, 2), 2);
    QCOMPARE(m.count(3, 2), 1); // human 4, judge 3
    QCOMPARE(m.count(0, 0), 0); // level 1 keeps its row and column though nobody paired it
    QCOMPARE(m.rowTotal(2), 3);
    QCOMPARE(m.columnTotal(2), 3);
    QCOMPARE(m.agreements(), 4);
    QCOMPARE(*a.percentAgreement, 100.0 * 4 / 6);
    QCOMPARE(a.kappa(KappaWeights::Quadratic).weights, KappaWeights::Quadratic);
}

void TestCriterionAgreement::levelOffTheScaleNamesTheUnit()
{
    QString error;
    QVERIFY(!CriterionAgreement::compute(QStringLiteral("C2"), QStringLiteral("a"),
                                         QStringLiteral("b"), kLevels, {1, 2, 5}, {1, 2, 3},
                                         &error));
    QCOMPARE(error, QStringLiteral("C2: unit 3: level 5 is not on the scale"));
    QVERIFY(!CriterionAgreement::compute(QStringLiteral("C2"), QStringLiteral("a"),
                                         QStringLiteral("b"), kLevels, {1, 2}, {1}, &error));
    QCOMPARE(error, QStringLiteral("C2: the raters scored different numbers of units (2 and 1)"));
}

void TestCriterionAgreement::mostFrequentDisagreement_data()
{
    QTest::addColumn<Scores>("human");
    QTest::addColumn<Scores>("judge");
    QTest::addColumn<QString>("text");
    QTest::addRow("clear winner") << Scores{3, 3, 3, 3, 2, 4} << Scores{2, 2, 2, 2, 3, 4}
                                  << QStringLiteral("human 3, judge 2: 4 times");
    QTest::addRow("once") << Scores{1, 2, 3} << Scores{1, 2, 4}
                          << QStringLiteral("human 3, judge 4: 1 time");
    // 2->3 and 3->2 twice each: the first in row-major order wins.
    QTest::addRow("tie") << Scores{3, 3, 2, 2} << Scores{2, 2, 3, 3}
                         << QStringLiteral("human 2, judge 3: 2 times");
    QTest::addRow("none") << Scores{1, 2, 3} << Scores{1, 2, 3}
                          << QStringLiteral("no disagreement");
}

void TestCriterionAgreement::mostFrequentDisagreement()
{
    QFETCH(Scores, human);
    QFETCH(Scores, judge);
    QFETCH(QString, text);
    const QList<CriterionAgreement> one{agreement(QStringLiteral("C1"), human, judge)};
    const auto worst = WorstCriterion::find(one, AgreementMeasure::Percent);
    QVERIFY(worst);
    QCOMPARE(worst->disagreementText(), text);
}

void TestCriterionAgreement::worstCriterion_data()
{
    QTest::addColumn<int>("measure");
    QTest::addColumn<QString>("criterion");
    // C1 agrees exactly; C2 is off by one level on two of eight; C3 is off by three levels once.
    // Percent and unweighted kappa rank C2 worst (more misses); quadratic kappa weighs C3's
    // one far miss more than C2's two near ones.
    QTest::addRow("percent") << int(AgreementMeasure::Percent) << QStringLiteral("C2");
    QTest::addRow("kappa") << int(AgreementMeasure::Kappa) << QStringLiteral("C2");
    QTest::addRow("quadratic") << int(AgreementMeasure::QuadraticKappa) << QStringLiteral("C3");
}

void TestCriterionAgreement::worstCriterion()
{
    QFETCH(int, measure);
    QFETCH(QString, criterion);
    const Scores human{1, 2, 3, 4, 1, 2, 3, 4};
    const QList<CriterionAgreement> criteria{
        agreement(QStringLiteral("C1"), human, human),
        agreement(QStringLiteral("C2"), human, {1, 2, 2, 4, 1, 2, 2, 4}),
        agreement(QStringLiteral("C3"), human, {1, 2, 3, 4, 4, 2, 3, 4})};
    const auto worst = WorstCriterion::find(criteria, AgreementMeasure(measure));
    QVERIFY(worst);
    QCOMPARE(worst->criterionId, criterion);
    const CriterionAgreement& chosen = criteria.at(criterion == QLatin1String("C2") ? 1 : 2);
    const double expected =
        measure == int(AgreementMeasure::Percent)
            ? *chosen.percentAgreement
            : chosen
                  .kappa(measure == int(AgreementMeasure::Kappa) ? KappaWeights::Unweighted
                                                                 : KappaWeights::Quadratic)
                  .kappa;
    QCOMPARE(worst->value, expected);
    QCOMPARE(worst->disagreementText(), criterion == QLatin1String("C2")
                                            ? QStringLiteral("human 3, judge 2: 2 times")
                                            : QStringLiteral("human 1, judge 4: 1 time"));
}

void TestCriterionAgreement::worstCriterionSkipsWhatCannotBeRanked()
{
    // C1: both always 3 (kappa 0/0); C2: nobody paired; C3 is the only rankable criterion.
    const QList<CriterionAgreement> criteria{agreement(QStringLiteral("C1"), {3, 3, 3}, {3, 3, 3}),
                                             agreement(QStringLiteral("C2"), {_, 2, _}, {1, _, _}),
                                             agreement(QStringLiteral("C3"), {1, 2, 3}, {1, 3, 3})};
    const auto worst = WorstCriterion::find(criteria, AgreementMeasure::Kappa);
    QVERIFY(worst);
    QCOMPARE(worst->criterionId, QStringLiteral("C3"));
    QVERIFY(!WorstCriterion::find(criteria.mid(0, 2), AgreementMeasure::Kappa));
    QVERIFY(!WorstCriterion::find({}, AgreementMeasure::Percent));
}

QTEST_GUILESS_MAIN(TestCriterionAgreement)
#include "tst_criterion_agreement.moc"
