// Spearman's rho and Kendall's tau-b against values worked by hand (and as scipy.stats
// spearmanr / kendalltau give them), their Fisher-z intervals and permutation p's.
#include "stats/agreement/RankCorrelation.h"

#include <QTest>
#include <cmath>

using namespace pb;

class TestRankCorrelation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void midRanksShareTies()
    {
        const std::vector<double> r = RankCorrelation::midRanks({3.0, 1.0, 3.0, 2.0, 3.0});
        const std::vector<double> expected{4.0, 1.0, 4.0, 2.0, 4.0};
        QCOMPARE(r, expected);
    }

    void withoutTies()
    {
        // d = -1, 1, -1, 1, 0: rho = 1 - 6 * 4 / (5 * 24) = 0.8; 8 concordant and 2 discordant
        // pairs: tau = 6 / 10.
        const std::vector<double> x{1, 2, 3, 4, 5}, y{2, 1, 4, 3, 5};
        QCOMPARE(RankCorrelation::spearman(x, y), 0.8);
        QCOMPARE(RankCorrelation::kendallTauB(x, y), 0.6);
    }

    void withTies()
    {
        // Mid-ranks 1, 2.5, 2.5, 4 against 1..4: 4.5 / sqrt(4.5 * 5); tau-b: 5 concordant, the
        // pair tied in x counts in neither, 5 and 6 untied pairs: 5 / sqrt(30).
        const std::vector<double> x{1, 2, 2, 3}, y{1, 2, 3, 4};
        QVERIFY(std::abs(RankCorrelation::spearman(x, y) - 4.5 / std::sqrt(22.5)) < 1e-15);
        QVERIFY(std::abs(RankCorrelation::kendallTauB(x, y) - 5.0 / std::sqrt(30.0)) < 1e-15);
        // Reversed, the same with the sign turned.
        const std::vector<double> down{4, 3, 2, 1};
        QVERIFY(std::abs(RankCorrelation::kendallTauB(x, down) + 5.0 / std::sqrt(30.0)) < 1e-15);
    }

    void intervalIsFisherZ()
    {
        const RankAgreement a =
            RankCorrelation::of({1, 2, 3, 4, 5, 6, 7, 8}, {2, 1, 4, 3, 6, 5, 8, 7}, 999);
        QVERIFY(a.spearman.defined && a.kendall.defined);
        QCOMPARE(a.spearman.n, 8);
        // rho = 1 - 6 * 8 / (8 * 63) = 0.904762; se sqrt(1.06 / 5); z 1.959964.
        const double rho = 1.0 - 48.0 / 504.0;
        QVERIFY(std::abs(a.spearman.value - rho) < 1e-12);
        const double half = 1.959963984540054 * std::sqrt(1.06 / 5.0);
        QVERIFY(std::abs(a.spearman.lower - std::tanh(std::atanh(rho) - half)) < 1e-9);
        QVERIFY(std::abs(a.spearman.upper - std::tanh(std::atanh(rho) + half)) < 1e-9);
        // tau: 4 discordant of 28 pairs; se sqrt(0.437 / 4).
        const double tau = 20.0 / 28.0;
        QVERIFY(std::abs(a.kendall.value - tau) < 1e-12);
        const double tauHalf = 1.959963984540054 * std::sqrt(0.437 / 4.0);
        QVERIFY(std::abs(a.kendall.lower - std::tanh(std::atanh(tau) - tauHalf)) < 1e-9);
        QVERIFY(a.spearman.lower < a.spearman.value && a.spearman.value < a.spearman.upper);
    }

    void permutationP()
    {
        // A perfect order of 7: exactly 2 of the 5040 orders reach |rho| = 1, p = 2 / 5040.
        const std::vector<double> x{1, 2, 3, 4, 5, 6, 7};
        const RankAgreement perfect = RankCorrelation::of(x, x, 9999);
        QCOMPARE(perfect.spearman.value, 1.0);
        QVERIFY2(perfect.spearman.p < 0.003, qPrintable(QString::number(perfect.spearman.p)));
        QVERIFY(perfect.kendall.p < 0.003);
        QVERIFY(perfect.spearman.upper > 0.999999);
        // No order: y alternates around its middle, rho near 0, p far from small.
        const RankAgreement none = RankCorrelation::of(x, {4, 1, 7, 3, 5, 2, 6}, 9999);
        QVERIFY(none.spearman.p > 0.5);
        QVERIFY(none.kendall.p > 0.5);
        // Seeded: the same lists and seed give the same p.
        QCOMPARE(RankCorrelation::of(x, {4, 1, 7, 3, 5, 2, 6}, 9999).spearman.p, none.spearman.p);
    }

    void refusals()
    {
        QVERIFY(!RankCorrelation::of({1, 2, 3}, {1, 2, 3}).spearman.defined);      // three pairs
        QVERIFY(!RankCorrelation::of({1, 2, 3, 4}, {1, 2, 3}).spearman.defined);   // lengths
        QVERIFY(!RankCorrelation::of({1, 1, 1, 1}, {1, 2, 3, 4}).kendall.defined); // no order
        QVERIFY(!RankCorrelation::of({1, 2, NAN, 4}, {1, 2, 3, 4}).spearman.defined);
    }
};

QTEST_GUILESS_MAIN(TestRankCorrelation)
#include "tst_rank_correlation.moc"
