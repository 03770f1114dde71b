#include "stats/agreement/CohenKappa.h"
#include "stats/agreement/LandisKoch.h"

#include <QTest>
#include <cmath>
#include <limits>

using namespace pb;

using Counts = QList<QList<qint64>>;
using Levels = QList<int>;

namespace {

constexpr double kNotPublished = std::numeric_limits<double>::quiet_NaN();

ConfusionMatrix table(const Levels& levels, const Counts& counts)
{
    QString error;
    const std::optional<ConfusionMatrix> m = ConfusionMatrix::fromCounts(levels, counts, 0, &error);
    if (!m)
        qFatal("bad test table: %s", qPrintable(error));
    return *m;
}

void compareRounded(double actual, double expected, double tolerance, const char* what)
{
    if (std::isnan(expected))
        return;
    QVERIFY2(std::abs(actual - expected) <= tolerance,
             qPrintable(QStringLiteral("%1: %2, published %3")
                            .arg(QLatin1String(what))
                            .arg(actual, 0, 'f', 10)
                            .arg(expected, 0, 'f', 10)));
}

} // namespace

class TestCohenKappa : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void publishedValues_data();
    void publishedValues();
    void missingScoresAreLeftOutPairwise();
    void undefinedWhenChanceAgreementIsTotal();
    void perfectAgreementHasNoSpread();
    void landisKochBands_data();
    void landisKochBands();
};

void TestCohenKappa::publishedValues_data()
{
    QTest::addColumn<Levels>("levels");
    QTest::addColumn<Counts>("counts");
    QTest::addColumn<int>("weights");
    QTest::addColumn<double>("kappa");
    QTest::addColumn<double>("se");
    QTest::addColumn<double>("lower");
    QTest::addColumn<double>("upper");
    QTest::addColumn<double>("tolerance"); // half a unit in the last published digit

    const auto none = int(KappaWeights::Unweighted);
    const auto linear = int(KappaWeights::Linear);
    const auto quadratic = int(KappaWeights::Quadratic);
    const double nan = kNotPublished;

    // R package Delta, GetKappa documentation example: GetKappa(matrix(c(50,10,10,20),2,2))
    // prints "Kappa +- S.E. = 0.5 +- 0.09682458".
    QTest::addRow("Delta GetKappa doc") << Levels{1, 2} << Counts{{50, 10}, {10, 20}} << none << 0.5
                                        << 0.09682458 << nan << nan << 5e-9;
    // The acceptance values. 2x2: p_o = 0.70, p_e = 0.54, kappa = 0.16 / 0.46.
    QTest::addRow("2x2 hand") << Levels{1, 2} << Counts{{20, 20}, {10, 50}} << none << 0.3478 << nan
                              << nan << nan << 5e-5;
    const Counts three{{46, 0, 0}, {4, 40, 0}, {0, 0, 10}};
    QTest::addRow("3x3 unweighted")
        << Levels{1, 2, 3} << three << none << 0.9315 << nan << nan << nan << 5e-5;
    QTest::addRow("3x3 linear") << Levels{1, 2, 3} << three << linear << 0.9412 << nan << nan << nan
                                << 5e-5;
    QTest::addRow("3x3 quadratic")
        << Levels{1, 2, 3} << three << quadratic << 0.9541 << nan << nan << nan << 5e-5;
    const Counts sparse{{0, 4, 1}, {0, 8, 0}, {0, 1, 5}};
    QTest::addRow("sparse unweighted with SE")
        << Levels{1, 2, 3} << sparse << none << 0.4842 << 0.1380 << 0.2137 << 0.7547 << 5e-5;
    QTest::addRow("sparse linear")
        << Levels{1, 2, 3} << sparse << linear << 0.4701 << nan << nan << nan << 5e-5;
    // Weights follow the level values, not the positions: levels 2..4 weigh as 1..3.
    QTest::addRow("shifted levels linear")
        << Levels{2, 3, 4} << sparse << linear << 0.4701 << nan << nan << nan << 5e-5;
}

void TestCohenKappa::publishedValues()
{
    QFETCH(Levels, levels);
    QFETCH(Counts, counts);
    QFETCH(int, weights);
    QFETCH(double, kappa);
    QFETCH(double, se);
    QFETCH(double, lower);
    QFETCH(double, upper);
    QFETCH(double, tolerance);
    const KappaEstimate e = CohenKappa::estimate(table(levels, counts), KappaWeights(weights));
    QVERIFY(e.defined);
    compareRounded(e.kappa, kappa, tolerance, "kappa");
    compareRounded(e.standardError, se, tolerance, "standard error");
    compareRounded(e.lower, lower, tolerance, "lower 95% limit");
    compareRounded(e.upper, upper, tolerance, "upper 95% limit");
    // The interval is symmetric about kappa at the normal 0.975 quantile.
    QCOMPARE(e.upper - e.kappa, e.kappa - e.lower);
    compareRounded((e.upper - e.kappa) / e.standardError, 1.959963984540054, 1e-12, "z");
}

void TestCohenKappa::missingScoresAreLeftOutPairwise()
{
    // The sparse table's 19 units, plus three units one rater left unscored.
    QList<std::optional<int>> first;
    QList<std::optional<int>> second;
    const Counts sparse{{0, 4, 1}, {0, 8, 0}, {0, 1, 5}};
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
            for (qint64 n = 0; n < sparse[r][c]; ++n) {
                first << r + 1;
                second << c + 1;
            }
        }
    }
    first << std::nullopt << 2 << std::nullopt;
    second << 3 << std::nullopt << std::nullopt;
    QString error;
    const auto m = ConfusionMatrix::fromRatings({1, 2, 3}, first, second, &error);
    QVERIFY2(m, qPrintable(error));
    QCOMPARE(m->total(), 19);
    QCOMPARE(m->excluded(), 3);
    const KappaEstimate fromRatings = CohenKappa::estimate(*m, KappaWeights::Unweighted);
    const KappaEstimate fromTable =
        CohenKappa::estimate(table({1, 2, 3}, sparse), KappaWeights::Unweighted);
    QCOMPARE(fromRatings.kappa, fromTable.kappa);
    QCOMPARE(fromRatings.standardError, fromTable.standardError);
}

void TestCohenKappa::undefinedWhenChanceAgreementIsTotal()
{
    // Both raters gave every unit level 3: p_o = p_e = 1, kappa is 0/0.
    const ConfusionMatrix same =
        table({1, 2, 3, 4}, {{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 6, 0}, {0, 0, 0, 0}});
    for (KappaWeights w :
         {KappaWeights::Unweighted, KappaWeights::Linear, KappaWeights::Quadratic}) {
        const KappaEstimate e = CohenKappa::estimate(same, w);
        QVERIFY(!e.defined);
        QVERIFY(e.band().isEmpty());
    }
    const ConfusionMatrix empty = table({1, 2}, {{0, 0}, {0, 0}});
    QVERIFY(!CohenKappa::estimate(empty, KappaWeights::Unweighted).defined);
}

void TestCohenKappa::perfectAgreementHasNoSpread()
{
    const ConfusionMatrix m = table({1, 2, 3}, {{3, 0, 0}, {0, 5, 0}, {0, 0, 2}});
    const KappaEstimate e = CohenKappa::estimate(m, KappaWeights::Quadratic);
    QVERIFY(e.defined);
    QCOMPARE(e.kappa, 1.0);
    QVERIFY(e.standardError < 1e-7);
    QCOMPARE(e.band(), QStringLiteral("almost perfect"));
}

void TestCohenKappa::landisKochBands_data()
{
    QTest::addColumn<double>("kappa");
    QTest::addColumn<QString>("band");
    QTest::addRow("-0.01") << -0.01 << QStringLiteral("poor");
    QTest::addRow("0") << 0.0 << QStringLiteral("slight");
    QTest::addRow("0.20") << 0.20 << QStringLiteral("slight");
    QTest::addRow("0.2001") << 0.2001 << QStringLiteral("fair");
    QTest::addRow("0.40") << 0.40 << QStringLiteral("fair");
    QTest::addRow("0.41") << 0.41 << QStringLiteral("moderate");
    QTest::addRow("0.60") << 0.60 << QStringLiteral("moderate");
    QTest::addRow("0.61") << 0.61 << QStringLiteral("substantial");
    QTest::addRow("0.80") << 0.80 << QStringLiteral("substantial");
    QTest::addRow("0.81") << 0.81 << QStringLiteral("almost perfect");
    QTest::addRow("1") << 1.0 << QStringLiteral("almost perfect");
}

void TestCohenKappa::landisKochBands()
{
    QFETCH(double, kappa);
    QFETCH(QString, band);
    QCOMPARE(LandisKoch::band(kappa), band);
}

QTEST_GUILESS_MAIN(TestCohenKappa)
#include "tst_cohen_kappa.moc"
