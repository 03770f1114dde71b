#include "stats/agreement/KrippendorffAlpha.h"

#include <QTest>
#include <cmath>

using namespace pb;

using Ratings = QList<QList<std::optional<int>>>;

namespace {

constexpr std::nullopt_t _ = std::nullopt;

// Krippendorff, "Computing Krippendorff's Alpha-Reliability" (2011), section C: 4 observers
// (rows) x 12 units, "." missing. He reports nominal 0.743, ordinal 0.815, interval 0.849;
// the krippendorff Python package's test suite checks ordinal 0.815 and ratio 0.797 on it.
Ratings fourCoders()
{
    return {{1, 2, 3, 3, 2, 1, 4, 1, 2, _, _, _},
            {1, 2, 3, 3, 2, 2, 4, 1, 2, 5, _, 3},
            {_, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, _},
            {1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, _}};
}

// Wikipedia's "A computational example" for Krippendorff's alpha: 3 coders x 15 units, for
// which it gives nominal 0.691 and interval 0.811; the krippendorff package's tests check
// 0.691358 and 0.810845.
Ratings threeCoders()
{
    return {{_, _, _, _, _, 3, 4, 1, 2, 1, 1, 3, 3, _, 3},
            {1, _, 2, 1, 3, 3, 4, 3, _, _, _, _, _, _, _},
            {_, _, 2, 1, 3, 4, 4, _, 2, 1, 1, 3, 3, _, 4}};
}

} // namespace

class TestKrippendorffAlpha : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void publishedValues_data();
    void publishedValues();
    void countsWhatCannotBePaired();
    void undefinedWithoutVariation();
    void unevenRatersAreAnError();
};

void TestKrippendorffAlpha::publishedValues_data()
{
    QTest::addColumn<Ratings>("ratings");
    QTest::addColumn<int>("metric");
    QTest::addColumn<double>("published");
    QTest::addColumn<int>("decimals");
    QTest::addRow("4x12 nominal") << fourCoders() << int(AlphaMetric::Nominal) << 0.743 << 3;
    QTest::addRow("4x12 ordinal") << fourCoders() << int(AlphaMetric::Ordinal) << 0.815 << 3;
    QTest::addRow("4x12 interval") << fourCoders() << int(AlphaMetric::Interval) << 0.849 << 3;
    QTest::addRow("4x12 ratio") << fourCoders() << int(AlphaMetric::Ratio) << 0.797 << 3;
    QTest::addRow("3x15 nominal") << threeCoders() << int(AlphaMetric::Nominal) << 0.691358 << 6;
    QTest::addRow("3x15 interval") << threeCoders() << int(AlphaMetric::Interval) << 0.810845 << 6;
}

void TestKrippendorffAlpha::publishedValues()
{
    QFETCH(Ratings, ratings);
    QFETCH(int, metric);
    QFETCH(double, published);
    QFETCH(int, decimals);
    QString error;
    const auto e = KrippendorffAlpha::estimate(ratings, AlphaMetric(metric), &error);
    QVERIFY2(e, qPrintable(error));
    QVERIFY(e->defined);
    const double scale = std::pow(10.0, decimals);
    QVERIFY2(std::round(e->alpha * scale) == std::round(published * scale),
             qPrintable(
                 QStringLiteral("alpha %1, published %2").arg(e->alpha, 0, 'f', 8).arg(published)));
}

void TestKrippendorffAlpha::countsWhatCannotBePaired()
{
    QString error;
    const auto e = KrippendorffAlpha::estimate(fourCoders(), AlphaMetric::Ordinal, &error);
    QVERIFY2(e, qPrintable(error));
    QCOMPARE(e->missingValues, 7);    // 3 + 1 + 2 + 1 dots
    QCOMPARE(e->unpairableValues, 1); // unit 12 has one value
    QCOMPARE(e->pairableUnits, 11);
    QCOMPARE(e->pairableValues, 40); // Krippendorff's n..
    QVERIFY(std::abs(e->alpha - (1.0 - e->observedDisagreement / e->expectedDisagreement)) < 1e-15);
}

void TestKrippendorffAlpha::undefinedWithoutVariation()
{
    QString error;
    const Ratings same{{2, 2, _}, {2, 2, 2}};
    const auto e = KrippendorffAlpha::estimate(same, AlphaMetric::Ordinal, &error);
    QVERIFY2(e, qPrintable(error));
    QVERIFY(!e->defined);
    const Ratings alone{{1, _}, {_, 2}};
    const auto lonely = KrippendorffAlpha::estimate(alone, AlphaMetric::Nominal, &error);
    QVERIFY2(lonely, qPrintable(error));
    QVERIFY(!lonely->defined);
    QCOMPARE(lonely->unpairableValues, 2);
}

void TestKrippendorffAlpha::unevenRatersAreAnError()
{
    QString error;
    const Ratings uneven{{1, 2, 3}, {1, 2}};
    QVERIFY(!KrippendorffAlpha::estimate(uneven, AlphaMetric::Nominal, &error));
    QCOMPARE(error, QStringLiteral("rater 2 lists 2 units, rater 1 lists 3"));
}

QTEST_GUILESS_MAIN(TestKrippendorffAlpha)
#include "tst_krippendorff_alpha.moc"
