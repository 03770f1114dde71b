#include "grading/GradingRubric.h"
#include "grading/WeightedTotal.h"
#include "judge/RubricReader.h"

#include <QTest>
#include <cmath>

using namespace pb;

using Levels = QList<std::optional<int>>;
using Weights = QList<double>;

namespace {

RubricCriterion criterion(const QString& id, double weight)
{
    RubricCriterion c;
    c.id = id;
    c.name = id;
    c.weight = weight;
    for (int level = 1; level <= 4; ++level)
        c.levels.insert(level, QStringLiteral("level %1 of %2").arg(level).arg(id));
    return c;
}

Rubric rubric(const Weights& weights)
{
    Rubric r;
    for (qsizetype i = 0; i < weights.size(); ++i)
        r.criteria << criterion(QStringLiteral("C%1").arg(i + 1), weights.at(i));
    return r;
}

QStringList paths(const QList<ProbeProblem>& problems)
{
    QStringList out;
    for (const ProbeProblem& p : problems)
        out << p.path + QStringLiteral(": ") + p.message;
    return out;
}

} // namespace

class TestGradingRubric : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void check_data();
    void check();
    void acceptsWhatTheReaderReads();
    void weightedTotal_data();
    void weightedTotal();
    void everyCombinationMatchesTheFormula();
    void noTotalWithoutEveryLevel();
};

void TestGradingRubric::check_data()
{
    QTest::addColumn<Rubric>("rubric");
    QTest::addColumn<QStringList>("problems");
    QTest::addRow("lab rubric") << rubric({30, 30, 20, 20}) << QStringList();
    QTest::addRow("sum 90") << rubric({30, 30, 20, 10})
                            << QStringList{
                                   QStringLiteral("criteria: the weights sum to 90, not 100")};
    QTest::addRow("fractional weight")
        << rubric({30, 30, 27.5, 12.5})
        << QStringList{
               QStringLiteral("criteria[2].weight: 27.5 is not a whole number from 0 to 100"),
               QStringLiteral("criteria[3].weight: 12.5 is not a whole number from 0 to 100")};
    Rubric passFail = rubric({50, 50});
    passFail.scale = RubricScale::PassFail;
    QTest::addRow("pass/fail") << passFail
                               << QStringList{QStringLiteral(
                                      "scale: grading needs the four-level scale, not pass/fail")};
    Rubric gap = rubric({60, 40});
    gap.criteria[0].levels.remove(3);
    QTest::addRow("level missing")
        << gap
        << QStringList{QStringLiteral(
               "criteria[0].levels.3: missing: every criterion describes levels 1 to 4")};
    Rubric twice = rubric({60, 40});
    twice.criteria[1].id = QStringLiteral("C1");
    QTest::addRow("id twice") << twice
                              << QStringList{
                                     QStringLiteral("criteria[1].id: \"C1\" is used twice")};
    QTest::addRow("no criteria") << Rubric()
                                 << QStringList{QStringLiteral(
                                        "criteria: a rubric needs at least one criterion")};
}

void TestGradingRubric::check()
{
    QFETCH(Rubric, rubric);
    QFETCH(QStringList, problems);
    QCOMPARE(paths(GradingRubric::check(rubric)), problems);
}

void TestGradingRubric::acceptsWhatTheReaderReads()
{
    const RubricLoadResult read = RubricReader::parse(R"({"criteria": [
        {"id": "C1", "name": "Claim", "weight": 30, "levels": {"4": "a", "3": "b", "2": "c", "1": "d"}},
        {"id": "C2", "name": "Evidence", "weight": 70, "levels": {"4": "a", "3": "b", "2": "c", "1": "d"}}]})",
                                                      QStringLiteral("rubric.json"));
    QVERIFY2(read.ok(), qPrintable(read.text()));
    QVERIFY(GradingRubric::check(*read.rubric).isEmpty());
    QCOMPARE(GradingRubric::levels(), (QList<int>{1, 2, 3, 4}));
}

void TestGradingRubric::weightedTotal_data()
{
    QTest::addColumn<Weights>("weights");
    QTest::addColumn<Levels>("levels");
    QTest::addColumn<qint64>("sum");
    QTest::addColumn<QString>("text");
    const Weights lab{30, 30, 20, 20};
    QTest::addRow("all 4") << lab << Levels{4, 4, 4, 4} << qint64(400) << QStringLiteral("100.0");
    QTest::addRow("all 1") << lab << Levels{1, 1, 1, 1} << qint64(100) << QStringLiteral("25.0");
    QTest::addRow("4 3 2 1") << lab << Levels{4, 3, 2, 1} << qint64(270) << QStringLiteral("67.5");
    // Totals ending in .25 and .75: the half tenth goes away from zero.
    const Weights odd{33, 33, 33, 1};
    QTest::addRow("25.25") << odd << Levels{1, 1, 1, 2} << qint64(101) << QStringLiteral("25.3");
    QTest::addRow("25.75") << odd << Levels{1, 1, 1, 4} << qint64(103) << QStringLiteral("25.8");
    QTest::addRow("33.25") << odd << Levels{2, 1, 1, 1} << qint64(133) << QStringLiteral("33.3");
    QTest::addRow("99.75") << odd << Levels{4, 4, 4, 3} << qint64(399) << QStringLiteral("99.8");
}

void TestGradingRubric::weightedTotal()
{
    QFETCH(Weights, weights);
    QFETCH(Levels, levels);
    QFETCH(qint64, sum);
    QFETCH(QString, text);
    const auto total = WeightedTotal::of(rubric(weights), levels);
    QVERIFY(total);
    QCOMPARE(total->weightLevelSum, sum);
    QCOMPARE(total->text(), text);
}

void TestGradingRubric::everyCombinationMatchesTheFormula()
{
    // The formula in floating point: weight * level / 4 sums quarters, which doubles hold
    // exactly, so floor(10 * total + 0.5) is the rounding half away from zero it promises.
    for (const Weights& weights :
         {Weights{33, 33, 33, 1}, Weights{30, 30, 20, 20}, Weights{7, 41, 13, 39}}) {
        const Rubric r = rubric(weights);
        for (int code = 0; code < 256; ++code) {
            Levels levels;
            double total = 0.0;
            for (int i = 0; i < 4; ++i) {
                const int level = (code >> (2 * i) & 3) + 1;
                levels << level;
                total += weights.at(i) * level / 4.0;
            }
            const auto exact = WeightedTotal::of(r, levels);
            QVERIFY(exact);
            QCOMPARE(exact->tenths, qint64(std::floor(total * 10.0 + 0.5)));
        }
    }
}

void TestGradingRubric::noTotalWithoutEveryLevel()
{
    const Rubric r = rubric({30, 30, 20, 20});
    QVERIFY(!WeightedTotal::of(r, {4, 4, std::nullopt, 4}));
    QVERIFY(!WeightedTotal::of(r, {4, 4, 4}));
    QVERIFY(!WeightedTotal::of(r, {4, 4, 5, 4}));
    QCOMPARE(WeightedTotal::roundedTenths(-101), -253); // -25.25 -> -25.3, away from zero
    QCOMPARE((WeightedTotal{-101, -253}.text()), QStringLiteral("-25.3"));
}

QTEST_GUILESS_MAIN(TestGradingRubric)
#include "tst_gradingrubric.moc"
