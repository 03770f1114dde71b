#include "SeededDraws.h"
#include "stats/detection/MinimumDetectableEffect.h"

#include <QTest>
#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>

using namespace pb::detection;

namespace {

DetectableEffect solved(double items, double gapSd, double alpha = 0.05, double power = 0.8)
{
    const DetectableEffect e = MinimumDetectableEffect::solve({items, gapSd, alpha, power});
    if (!e.valid)
        qFatal("unexpected refusal: %s", e.refusal.c_str());
    return e;
}

// Power of the two-sided one-sample t-test computed without the noncentral t: conditional on
// V = (n - 1) s^2 / sigma^2 ~ chi^2_{n-1}, T' > c exactly when Z > c sqrt(V / (n - 1)) - delta,
// so P(T' > c) = E[Phi(delta - c sqrt(V / df))], integrated by Gauss-Kronrod over u = sqrt(V)
// (which removes the singularity of the chi-squared density at 0 for one degree of freedom)
// on the range holding all but a negligible part of V's mass.
double powerByIntegration(double items, double gap, double gapSd, double alpha)
{
    const double df = items - 1.0;
    const double delta = gap * std::sqrt(items) / gapSd;
    const double c = boost::math::quantile(boost::math::students_t(df), 1.0 - alpha / 2.0);
    const boost::math::chi_squared chi(df);
    const boost::math::normal z;
    const auto integrand = [&](double u) {
        const double v = u * u;
        if (v <= 0.0)
            return 0.0;
        const double scaled = c * std::sqrt(v / df);
        return (boost::math::cdf(z, delta - scaled) + boost::math::cdf(z, -scaled - delta)) *
               boost::math::pdf(chi, v) * 2.0 * u;
    };
    const double spread = 60.0 * std::sqrt(2.0 * df) + 60.0;
    const double low = std::sqrt(std::max(0.0, df - spread));
    const double high = std::sqrt(df + spread);
    return boost::math::quadrature::gauss_kronrod<double, 61>::integrate(integrand, low, high, 15,
                                                                         1e-14);
}

} // namespace

class TestMinimumDetectableEffect : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void publishedSolutions_data();
    void publishedSolutions();
    void publishedPower();
    void powerAgreesWithIndependentIntegration_data();
    void powerAgreesWithIndependentIntegration();
    void powerAtTheSolutionIsTheTarget_data();
    void powerAtTheSolutionIsTheTarget();
    void approachesTheNormalLimit();
    void simulatedRejectionRateAtTheMde();
    void gapSdFromRunNoise();
    void refusals_data();
    void refusals();
    void twoSampleMatchesPublishedSolutions_data();
    void twoSampleMatchesPublishedSolutions();
};

void TestMinimumDetectableEffect::publishedSolutions_data()
{
    QTest::addColumn<double>("items");
    QTest::addColumn<double>("gapSd");
    QTest::addColumn<double>("gap");
    QTest::addColumn<double>("tolerance");

    // R: power.t.test(power = 0.8, delta = 1, type = "one.sample") prints n = 9.937864, so at
    // that n the detectable delta is 1. R solves n with uniroot to about 1e-4 and prints seven
    // digits; the tolerance allows for both.
    QTest::addRow("R one.sample, delta 1") << 9.937864 << 1.0 << 1.0 << 1e-4;
    // The same design with every gap twice as spread: the MDE scales with the SD.
    QTest::addRow("R one.sample, sd 2") << 9.937864 << 2.0 << 2.0 << 2e-4;
    // R: power.t.test(delta = 0.8, sd = 1, power = 0.8, type = "paired") gives n =
    // 14.302803316243569 pairs (the paired test is the one-sample test on the differences).
    QTest::addRow("R paired, delta 0.8") << 14.302803316243569 << 1.0 << 0.8 << 1e-4;
}

void TestMinimumDetectableEffect::publishedSolutions()
{
    QFETCH(double, items);
    QFETCH(double, gapSd);
    QFETCH(double, gap);
    QFETCH(double, tolerance);
    const DetectableEffect e = solved(items, gapSd);
    QVERIFY2(std::abs(e.gap - gap) <= tolerance, qPrintable(QString::number(e.gap, 'g', 17)));
    QVERIFY(std::abs(e.standardized - e.gap / gapSd) < 1e-15);
    QCOMPARE(e.degreesOfFreedom, items - 1.0);
}

// G*Power 3, "Means: Difference from constant (one sample case)", post hoc, two tails, d =
// 0.333333 (5 IQ points on SD 15), alpha 0.05, N = 25: power = 0.360 (as printed, three digits).
void TestMinimumDetectableEffect::publishedPower()
{
    const double power = MinimumDetectableEffect::power(25, 5.0, 15.0, 0.05);
    QVERIFY2(std::abs(power - 0.360) <= 5e-4, qPrintable(QString::number(power, 'g', 17)));
}

void TestMinimumDetectableEffect::powerAgreesWithIndependentIntegration_data()
{
    QTest::addColumn<double>("items");
    QTest::addColumn<double>("gap");
    QTest::addColumn<double>("alpha");
    QTest::addRow("n 3, large gap") << 3.0 << 2.0 << 0.05;
    QTest::addRow("n 5") << 5.0 << 1.0 << 0.05;
    QTest::addRow("n 10, alpha 0.01") << 10.0 << 0.7 << 0.01;
    QTest::addRow("n 30, small gap") << 30.0 << 0.2 << 0.05;
    QTest::addRow("n 8, negative gap") << 8.0 << -0.9 << 0.1;
    QTest::addRow("no gap") << 12.0 << 0.0 << 0.05;
}

void TestMinimumDetectableEffect::powerAgreesWithIndependentIntegration()
{
    QFETCH(double, items);
    QFETCH(double, gap);
    QFETCH(double, alpha);
    const double fromNoncentralT = MinimumDetectableEffect::power(items, gap, 1.0, alpha);
    const double integrated = powerByIntegration(items, gap, 1.0, alpha);
    QVERIFY2(std::abs(fromNoncentralT - integrated) < 1e-9,
             qPrintable(QStringLiteral("%1 against %2")
                            .arg(fromNoncentralT, 0, 'g', 15)
                            .arg(integrated, 0, 'g', 15)));
    if (gap == 0.0)
        QVERIFY(std::abs(fromNoncentralT - alpha) < 1e-12);
}

void TestMinimumDetectableEffect::powerAtTheSolutionIsTheTarget_data()
{
    QTest::addColumn<double>("items");
    QTest::addColumn<double>("alpha");
    QTest::addColumn<double>("power");
    QTest::addRow("n 2") << 2.0 << 0.05 << 0.8;
    QTest::addRow("n 3") << 3.0 << 0.05 << 0.8;
    QTest::addRow("n 8") << 8.0 << 0.05 << 0.8;
    QTest::addRow("n 20, power 0.9") << 20.0 << 0.05 << 0.9;
    QTest::addRow("n 50, alpha 0.01") << 50.0 << 0.01 << 0.8;
    QTest::addRow("n 5000") << 5000.0 << 0.05 << 0.8;
}

void TestMinimumDetectableEffect::powerAtTheSolutionIsTheTarget()
{
    QFETCH(double, items);
    QFETCH(double, alpha);
    QFETCH(double, power);
    const DetectableEffect e = solved(items, 0.7, alpha, power);
    QVERIFY(std::abs(MinimumDetectableEffect::power(items, e.gap, 0.7, alpha) - power) < 1e-9);
    const double integrated = powerByIntegration(items, e.gap, 0.7, alpha);
    QVERIFY2(std::abs(integrated - power) < 1e-8, qPrintable(QString::number(integrated, 'g', 15)));
}

// For large n the t-test becomes the z-test: MDE sqrt(n) / sd -> z_0.975 + z_0.8 = 2.8016, from
// above (the t has heavier tails), and closer as n grows.
void TestMinimumDetectableEffect::approachesTheNormalLimit()
{
    const boost::math::normal z;
    const double limit = boost::math::quantile(z, 0.975) + boost::math::quantile(z, 0.8);
    QVERIFY(std::abs(limit - 2.8016) < 5e-5);
    double previous = std::numeric_limits<double>::infinity();
    for (double n : {10.0, 100.0, 1000.0, 10000.0, 100000.0}) {
        const double scaled = solved(n, 3.0).gap * std::sqrt(n) / 3.0;
        QVERIFY2(scaled > limit, qPrintable(QString::number(scaled, 'g', 17)));
        QVERIFY(scaled - limit < previous);
        previous = scaled - limit;
    }
    QVERIFY2(previous / limit < 1e-4, qPrintable(QString::number(previous, 'g', 17)));
}

// 4,000 seeded probes of 10 items with normal gaps (SD 1.5) at the MDE: the two-sided t-test
// must reject in a share inside the 99.9% binomial band around 0.8; with no gap, around 0.05.
void TestMinimumDetectableEffect::simulatedRejectionRateAtTheMde()
{
    const int items = 10;
    const double sd = 1.5;
    const int probes = 4000;
    const DetectableEffect e = solved(items, sd);
    const double c = e.criticalT;
    std::mt19937_64 engine(20261201);
    const auto rejectionRate = [&](double gap) {
        int rejected = 0;
        for (int probe = 0; probe < probes; ++probe) {
            double sum = 0.0;
            double squares = 0.0;
            std::vector<double> gaps(items);
            for (double& g : gaps) {
                g = gap + sd * pb::test::standardNormal(engine);
                sum += g;
            }
            const double mean = sum / items;
            for (double g : gaps)
                squares += (g - mean) * (g - mean);
            const double t = mean / std::sqrt(squares / (items - 1) / items);
            rejected += std::abs(t) > c ? 1 : 0;
        }
        return double(rejected) / probes;
    };
    for (const auto& [gap, expected] : {std::pair{e.gap, 0.8}, std::pair{0.0, 0.05}}) {
        const boost::math::binomial b(probes, expected);
        const double low = boost::math::quantile(b, 0.0005) / probes;
        const double high = boost::math::quantile(b, 0.9995) / probes;
        const double rate = rejectionRate(gap);
        QVERIFY2(rate >= low && rate <= high,
                 qPrintable(QStringLiteral("gap %1: rate %2 outside [%3, %4]")
                                .arg(gap)
                                .arg(rate)
                                .arg(low)
                                .arg(high)));
    }
}

void TestMinimumDetectableEffect::gapSdFromRunNoise()
{
    QCOMPARE(MinimumDetectableEffect::gapSdFromRunNoise(1.0, 2), 1.0);
    QCOMPARE(MinimumDetectableEffect::gapSdFromRunNoise(2.0, 8), 1.0);
    QVERIFY(std::isnan(MinimumDetectableEffect::gapSdFromRunNoise(1.0, 0)));
}

void TestMinimumDetectableEffect::refusals_data()
{
    QTest::addColumn<double>("items");
    QTest::addColumn<double>("gapSd");
    QTest::addColumn<double>("alpha");
    QTest::addColumn<double>("power");
    QTest::addColumn<QString>("message");
    QTest::addRow("one item") << 1.0 << 1.0 << 0.05 << 0.8 << "at least 2 items";
    QTest::addRow("no spread") << 10.0 << 0.0 << 0.05 << 0.8 << "positive number";
    QTest::addRow("NaN spread") << 10.0 << std::numeric_limits<double>::quiet_NaN() << 0.05 << 0.8
                                << "positive number";
    QTest::addRow("alpha 0") << 10.0 << 1.0 << 0.0 << 0.8 << "alpha";
    QTest::addRow("power below alpha") << 10.0 << 1.0 << 0.05 << 0.04 << "between alpha and 1";
    QTest::addRow("power 1") << 10.0 << 1.0 << 0.05 << 1.0 << "between alpha and 1";
}

void TestMinimumDetectableEffect::refusals()
{
    QFETCH(double, items);
    QFETCH(double, gapSd);
    QFETCH(double, alpha);
    QFETCH(double, power);
    QFETCH(QString, message);
    const DetectableEffect e = MinimumDetectableEffect::solve({items, gapSd, alpha, power});
    QVERIFY(!e.valid);
    QVERIFY(std::isnan(e.gap));
    QVERIFY2(QString::fromStdString(e.refusal).contains(message), e.refusal.c_str());
}

void TestMinimumDetectableEffect::twoSampleMatchesPublishedSolutions_data()
{
    QTest::addColumn<double>("n1");
    QTest::addColumn<double>("n2");
    QTest::addColumn<double>("power");
    QTest::addColumn<double>("gap");
    QTest::addColumn<double>("tolerance");
    // R's ?power.t.test examples (type "two.sample", sd 1, sig.level 0.05):
    // power.t.test(n = 20, delta = 1) prints power = 0.8689528, and
    // power.t.test(power = .90, delta = 1) prints n = 22.02110 per group. R counts one
    // rejection region by default; the other adds under 1e-5 here.
    QTest::addRow("R n 20, delta 1") << 20.0 << 20.0 << 0.8689528 << 1.0 << 1e-4;
    QTest::addRow("R power 0.9, delta 1") << 22.02110 << 22.02110 << 0.9 << 1.0 << 1e-4;
}

void TestMinimumDetectableEffect::twoSampleMatchesPublishedSolutions()
{
    QFETCH(double, n1);
    QFETCH(double, n2);
    QFETCH(double, power);
    QFETCH(double, gap);
    QFETCH(double, tolerance);
    const DetectableEffect e = MinimumDetectableEffect::twoSample(n1, n2, 1.0, 0.05, power);
    QVERIFY2(e.valid, e.refusal.c_str());
    QVERIFY2(std::abs(e.gap - gap) <= tolerance, qPrintable(QString::number(e.gap, 'g', 17)));
    QCOMPARE(e.degreesOfFreedom, n1 + n2 - 2);
    // Unequal groups: the power at the solution, from the two-sample noncentrality, is the
    // target.
    const DetectableEffect uneven = MinimumDetectableEffect::twoSample(6, 11, 2.0);
    QVERIFY(uneven.valid);
    const double lambda = uneven.gap / (2.0 * std::sqrt(1.0 / 6 + 1.0 / 11));
    QVERIFY(std::abs(uneven.noncentrality - lambda) < 1e-9);
    QVERIFY(!MinimumDetectableEffect::twoSample(1, 8, 1.0).valid);
}

QTEST_GUILESS_MAIN(TestMinimumDetectableEffect)
#include "tst_minimum_detectable_effect.moc"
