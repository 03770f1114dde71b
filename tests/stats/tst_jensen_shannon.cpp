#include "SeededDraws.h"
#include "stats/detection/JensenShannon.h"

#include <QTest>
#include <cmath>
#include <limits>
#include <numeric>

using namespace pb::detection;
using Probabilities = std::vector<double>;

Q_DECLARE_METATYPE(Probabilities)

namespace {

constexpr std::uint64_t kSeed = 20261201;

double bits(const Probabilities& p, const Probabilities& q, MassCheck check = MassCheck::Refuse)
{
    const Divergence d = JensenShannon::between(p, q, check);
    if (!d.valid)
        qFatal("unexpected refusal: %s", d.refusal.c_str());
    return d.bits;
}

} // namespace

class TestJensenShannon : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void publishedValues_data();
    void publishedValues();
    void properties_data();
    void properties();
    void disjointSupportsAreOne_data();
    void disjointSupportsAreOne();
    void zeroAndSubnormalEntriesStayBounded();
    void refusals_data();
    void refusals();
    void renormalisesOnlyWhenAsked();
};

void TestJensenShannon::publishedValues_data()
{
    QTest::addColumn<Probabilities>("p");
    QTest::addColumn<Probabilities>("q");
    QTest::addColumn<double>("bits");
    QTest::addColumn<double>("nats");
    QTest::addColumn<double>("tolerance");

    // scipy.spatial.distance.jensenshannon documentation examples (scipy 1.2 to current). scipy
    // returns the distance, the square root of the divergence:
    //   jensenshannon([1.0, 0.0, 0.0], [0.0, 1.0, 0.0], 2.0)  -> 1.0
    //   jensenshannon([1.0, 0.0], [0.5, 0.5])                 -> 0.46450140402245893 (nats)
    //   jensenshannon([1.0, 0.0, 0.0], [1.0, 0.0, 0.0])       -> 0.0
    const double scipyNats = 0.46450140402245893 * 0.46450140402245893;
    QTest::addRow("scipy disjoint, base 2")
        << Probabilities{1, 0, 0} << Probabilities{0, 1, 0} << 1.0 << std::numbers::ln2 << 1e-15;
    // Issue 12's values: 0.215762 nats = 0.311278 bits, to the printed six digits.
    QTest::addRow("issue [1,0] vs [0.5,0.5]")
        << Probabilities{1, 0} << Probabilities{0.5, 0.5} << 0.311278 << 0.215762 << 5e-7;
    QTest::addRow("scipy [1,0] vs [0.5,0.5]")
        << Probabilities{1, 0} << Probabilities{0.5, 0.5} << scipyNats / std::numbers::ln2
        << scipyNats << 1e-15;
    QTest::addRow("scipy identical")
        << Probabilities{1, 0, 0} << Probabilities{1, 0, 0} << 0.0 << 0.0 << 0.0;
    // By hand: m = (0.5, 0.5); KL(p||m) = KL(q||m) = 0.75 log2 1.5 + 0.25 log2 0.5.
    const double hand = 0.75 * std::log2(1.5) + 0.25 * std::log2(0.5);
    QTest::addRow("hand [0.75,0.25] vs [0.25,0.75]")
        << Probabilities{0.75, 0.25} << Probabilities{0.25, 0.75} << hand
        << hand * std::numbers::ln2 << 1e-15;
}

void TestJensenShannon::publishedValues()
{
    QFETCH(Probabilities, p);
    QFETCH(Probabilities, q);
    QFETCH(double, bits);
    QFETCH(double, nats);
    QFETCH(double, tolerance);
    const Divergence d = JensenShannon::between(p, q);
    QVERIFY2(d.valid, d.refusal.c_str());
    QVERIFY2(std::abs(d.bits - bits) <= tolerance, qPrintable(QString::number(d.bits, 'g', 17)));
    QVERIFY2(std::abs(d.nats() - nats) <= tolerance,
             qPrintable(QString::number(d.nats(), 'g', 17)));
}

void TestJensenShannon::properties_data()
{
    QTest::addColumn<int>("size");
    QTest::addColumn<double>("zeroChance");
    QTest::addRow("2 candidates") << 2 << 0.0;
    QTest::addRow("3 candidates, sparse") << 3 << 0.4;
    QTest::addRow("5 candidates") << 5 << 0.0;
    QTest::addRow("5 candidates, sparse") << 5 << 0.6;
    QTest::addRow("50 candidates, very sparse") << 50 << 0.9;
}

// Over many seeded random pairs: symmetric bit for bit, within [0, 1], 0 on identical inputs,
// and its square root obeys the triangle inequality (it is a metric), which a wrong formula
// with the right bounds would still break.
void TestJensenShannon::properties()
{
    QFETCH(int, size);
    QFETCH(double, zeroChance);
    std::mt19937_64 engine(kSeed + std::uint64_t(size));
    for (int i = 0; i < 2000; ++i) {
        const Probabilities p = pb::test::randomDistribution(engine, std::size_t(size), zeroChance);
        const Probabilities q = pb::test::randomDistribution(engine, std::size_t(size), zeroChance);
        const Probabilities r = pb::test::randomDistribution(engine, std::size_t(size), zeroChance);
        const double pq = bits(p, q);
        QCOMPARE(bits(q, p), pq);
        QVERIFY2(pq >= 0.0 && pq <= 1.0, qPrintable(QString::number(pq, 'g', 17)));
        QCOMPARE(bits(p, p), 0.0);
        const double slack = 1e-12;
        QVERIFY(std::sqrt(pq) <= std::sqrt(bits(p, r)) + std::sqrt(bits(r, q)) + slack);
    }
}

void TestJensenShannon::disjointSupportsAreOne_data()
{
    QTest::addColumn<int>("size");
    QTest::addRow("2 candidates") << 2;
    QTest::addRow("4 candidates") << 4;
    QTest::addRow("20 candidates") << 20;
}

void TestJensenShannon::disjointSupportsAreOne()
{
    QFETCH(int, size);
    std::mt19937_64 engine(kSeed ^ std::uint64_t(size));
    for (int i = 0; i < 1000; ++i) {
        // Split the candidates into two non-empty sides; each distribution lives on one side.
        const std::size_t cut = 1 + std::size_t(engine() % std::uint64_t(size - 1));
        Probabilities p = pb::test::randomDistribution(engine, std::size_t(size), 0.3);
        Probabilities q = pb::test::randomDistribution(engine, std::size_t(size), 0.3);
        for (std::size_t k = 0; k < std::size_t(size); ++k)
            (k < cut ? q : p)[k] = 0.0;
        if (std::accumulate(p.begin(), p.end(), 0.0) == 0.0)
            p[0] = 1.0;
        if (std::accumulate(q.begin(), q.end(), 0.0) == 0.0)
            q[cut] = 1.0;
        const double d = bits(p, q, MassCheck::Renormalise);
        QVERIFY2(std::abs(d - 1.0) <= 1e-12, qPrintable(QString::number(d, 'g', 17)));
    }
}

// Where KL divergence would be infinite (q_i = 0 < p_i) JS stays finite; subnormal entries
// (whose half rounds to 0) must not produce a ratio above 2 or a NaN.
void TestJensenShannon::zeroAndSubnormalEntriesStayBounded()
{
    const double tiny = std::numeric_limits<double>::denorm_min();
    const Probabilities pairs[][2] = {
        {{0.5, 0.5}, {1.0, 0.0}},  {{1.0 - 1e-300, 1e-300}, {1.0, 0.0}},
        {{1.0, tiny}, {1.0, 0.0}}, {{tiny, 1.0}, {1.0, tiny}},
        {{tiny, 1.0}, {1.0, 0.0}},
    };
    for (const auto& pair : pairs) {
        const double d = bits(pair[0], pair[1]);
        QVERIFY(std::isfinite(d));
        QVERIFY(d >= 0.0 && d <= 1.0);
    }
    QCOMPARE(bits({tiny, 1.0}, {1.0, 0.0}), bits({1.0, 0.0}, {tiny, 1.0}));
    QVERIFY(std::abs(bits({tiny, 1.0}, {1.0, 0.0}) - 1.0) < 1e-12);
}

void TestJensenShannon::refusals_data()
{
    QTest::addColumn<Probabilities>("p");
    QTest::addColumn<Probabilities>("q");
    QTest::addColumn<int>("check");
    QTest::addColumn<QString>("message");
    const int refuse = int(MassCheck::Refuse);
    const int renormalise = int(MassCheck::Renormalise);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();

    QTest::addRow("different lengths") << Probabilities{1, 0} << Probabilities{1, 0, 0} << refuse
                                       << "different candidate sets (2 and 3";
    QTest::addRow("empty") << Probabilities{} << Probabilities{} << refuse << "no candidates";
    QTest::addRow("negative entry") << Probabilities{1.2, -0.2} << Probabilities{0.5, 0.5} << refuse
                                    << "first distribution, candidate 2";
    QTest::addRow("NaN entry") << Probabilities{0.5, 0.5} << Probabilities{nan, 1} << refuse
                               << "second distribution, candidate 1";
    QTest::addRow("infinite entry") << Probabilities{inf, 0} << Probabilities{1, 0} << renormalise
                                    << "first distribution, candidate 1";
    QTest::addRow("sums to 0.9") << Probabilities{0.6, 0.3} << Probabilities{0.5, 0.5} << refuse
                                 << "first distribution sums to 0.9";
    QTest::addRow("sums to 1.1") << Probabilities{0.5, 0.5} << Probabilities{0.6, 0.5} << refuse
                                 << "second distribution sums to 1.1";
    QTest::addRow("no mass to renormalise")
        << Probabilities{0, 0} << Probabilities{1, 0} << renormalise << "nothing to renormalise";
}

void TestJensenShannon::refusals()
{
    QFETCH(Probabilities, p);
    QFETCH(Probabilities, q);
    QFETCH(int, check);
    QFETCH(QString, message);
    const Divergence d = JensenShannon::between(p, q, MassCheck(check));
    QVERIFY(!d.valid);
    QVERIFY(std::isnan(d.bits));
    QVERIFY2(QString::fromStdString(d.refusal).contains(message), d.refusal.c_str());
}

void TestJensenShannon::renormalisesOnlyWhenAsked()
{
    QVERIFY(!JensenShannon::between({2, 0, 0}, {0, 3, 0}).valid);
    QCOMPARE(bits({2, 0, 0}, {0, 3, 0}, MassCheck::Renormalise), 1.0);
    QVERIFY(std::abs(bits({1, 0}, {1, 1}, MassCheck::Renormalise) - 0.311278) < 5e-7);
    // Within the tolerance a slightly short sum is accepted, and divided by its total.
    QCOMPARE(bits({0.5, 0.5 - 1e-9}, {0.5, 0.5 - 1e-9}), 0.0);
}

QTEST_GUILESS_MAIN(TestJensenShannon)
#include "tst_jensen_shannon.moc"
