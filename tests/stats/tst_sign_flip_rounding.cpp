#include "ExactDouble.h"
#include "SignFlipOracle.h"
#include "stats/SignFlipTest.h"

#include <QTest>
#include <cmath>

using namespace pb;
using pb::test::bruteForceHits;

// The sign-flip p where Python's rounding of a pattern's mean decides whether it counts: every
// method must land on the reference's side of the tolerance, bit for bit.
class TestSignFlipRounding : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void reproducesPythonRoundingAtTolerance_data();
    void reproducesPythonRoundingAtTolerance();
};

void TestSignFlipRounding::reproducesPythonRoundingAtTolerance_data()
{
    QTest::addColumn<QList<double>>("gaps");
    QTest::addColumn<double>("p");
    // sign_flip_p(gaps) from tutorial_part1.py on gaps where a pattern's exact mean lies
    // within an ulp of observed - 1e-9, so that Python's rounding decides whether it counts:
    // "inside" rows count only because the pattern's mean rounds up onto the threshold,
    // "below" rows just miss, "tie" rows sit exactly halfway and round to the even double.
    // python3 tests/stats/make_stats_literals.py tolerance ../shared/reference
    QTest::addRow("random-0") << QList<double>{0x1.4583692022439p+0, 0x1.12e0be826d693p-30,
                                               0x1.047fc636541fcp-12}
                              << 0x1.0000000000000p-1;
    QTest::addRow("random-1") << QList<double>{0x1.26ddd33c0469fp+1, 0x1.12e0be826d694p-30,
                                               0x1.ebfacf4383610p-11, -0x1.a250a239483ecp-13,
                                               0x1.9f8eda163fda7p-11}
                              << 0x1.0000000000000p-2;
    QTest::addRow("random-2") << QList<double>{0x1.316c45a48d7b4p+1, 0x1.12e0be826d698p-30,
                                               0x1.3f58d783370f2p-13, 0x1.bda0aa6297e54p-11,
                                               -0x1.5bfb891b6f51fp-14}
                              << 0x1.0000000000000p-2;
    QTest::addRow("random-3") << QList<double>{0x1.16d4e4d3bb808p+1, 0x1.12e0be826d697p-30}
                              << 0x1.0000000000000p+0;
    QTest::addRow("random-4") << QList<double>{0x1.75d088e6f5bf2p+0, 0x1.12e0be826d695p-30}
                              << 0x1.0000000000000p-1;
    QTest::addRow("random-5") << QList<double>{0x1.c334365ac1813p-1, 0x1.12e0be826d692p-30,
                                               0x1.7c244bc549f64p-12, 0x1.e48872f41bf0fp-12,
                                               0x1.3d760f38f291cp-11}
                              << 0x1.0000000000000p-3;
    QTest::addRow("random-6") << QList<double>{0x1.775afedf2e5f9p+1, 0x1.12e0be826d694p-30,
                                               0x1.f35860bf6a4adp-11}
                              << 0x1.0000000000000p-1;
    QTest::addRow("random-7") << QList<double>{0x1.1642f9510fc9ep+1, 0x1.12e0be826d697p-30,
                                               0x1.eee18916bcc75p-11, 0x1.36e666d986937p-15,
                                               0x1.67017120064fep-13}
                              << 0x1.0000000000000p-3;
    QTest::addRow("random-8") << QList<double>{0x1.0aa68c77a1f1fp+1, 0x1.12e0be826d695p-30}
                              << 0x1.0000000000000p+0;
    QTest::addRow("random-9") << QList<double>{0x1.687f1cdbbd4fcp+1, 0x1.12e0be826d697p-30}
                              << 0x1.0000000000000p+0;
    QTest::addRow("random-10") << QList<double>{0x1.076523d319a45p-1, 0x1.12e0be826d696p-30}
                               << 0x1.0000000000000p+0;
    QTest::addRow("random-11") << QList<double>{0x1.3480045832297p+0, 0x1.12e0be826d693p-30,
                                                0x1.d7d7f2e3b80f0p-11, 0x1.4fc58d5dba869p-11,
                                                -0x1.0e16af621eb60p-12}
                               << 0x1.0000000000000p-2;
    QTest::addRow("plain-12") << QList<double>{0x1.3333333333333p-2, 0x1.999999999999ap-4,
                                               0x1.999999999999ap-3}
                              << 0x1.0000000000000p-2;
    QTest::addRow("plain-13") << QList<double>{0x1.12e0be826d695p-30, 0x1.12e0be826d695p-30,
                                               -0x1.12e0be826d695p-30}
                              << 0x1.0000000000000p+0;
    QTest::addRow("plain-14") << QList<double>{0x1.12e0be826d695p-29, 0x1.12e0be826d695p-30}
                              << 0x1.0000000000000p-1;
    QTest::addRow("below-15") << QList<double>{0x1.45946ffc9289fp+0, 0x1.12e0be826d67bp-30}
                              << 0x1.0000000000000p-1;
    QTest::addRow("below-16") << QList<double>{0x1.20447760f51f3p+0, 0x1.12e0be826d6aap-30}
                              << 0x1.0000000000000p-1;
    QTest::addRow("below-17") << QList<double>{0x1.dd013e9a8ba7fp+0, 0x1.12e0be826d6a2p-30}
                              << 0x1.0000000000000p-1;
    QTest::addRow("below-18") << QList<double>{0x1.d7b8579703bb8p-2, 0x1.12e0be826d67ap-30}
                              << 0x1.0000000000000p-1;
    QTest::addRow("inside-19") << QList<double>{0x1.cccfc4780d785p-4, 0x1.12e0be826d69ap-30}
                               << 0x1.0000000000000p+0;
    QTest::addRow("inside-20") << QList<double>{0x1.914b44b39e308p-3, 0x1.12e0be826d6b0p-30}
                               << 0x1.0000000000000p+0;
    QTest::addRow("inside-21") << QList<double>{0x1.dba18db1d125fp-3, 0x1.12e0be826d6a0p-30}
                               << 0x1.0000000000000p+0;
    QTest::addRow("inside-22") << QList<double>{0x1.45d7a1c597e7ap-3, 0x1.12e0be826d680p-30}
                               << 0x1.0000000000000p+0;
    QTest::addRow("tie-even-23") << QList<double>{0x1.39ee1d8251a2ap+1, 0x1.12e0c40000000p-30}
                                 << 0x1.0000000000000p+0;
    QTest::addRow("tie-even-24") << QList<double>{0x1.fbe7760307a08p-4, 0x1.12e0bea000000p-30}
                                 << 0x1.0000000000000p+0;
    QTest::addRow("tie-even-25") << QList<double>{0x1.5c6cd428693e6p+1, 0x1.12e0c40000000p-30}
                                 << 0x1.0000000000000p+0;
    QTest::addRow("tie-even-26") << QList<double>{0x1.66770a6b9ca12p+1, 0x1.12e0c40000000p-30}
                                 << 0x1.0000000000000p+0;
    QTest::addRow("tie-odd-27") << QList<double>{0x1.9d2cf1827f172p+0, 0x1.12e0be0000000p-30}
                                << 0x1.0000000000000p-1;
    QTest::addRow("tie-odd-28") << QList<double>{0x1.d196a4bd5cc86p-1, 0x1.12e0bf0000000p-30}
                                << 0x1.0000000000000p-1;
    QTest::addRow("tie-odd-29") << QList<double>{0x1.d5be6d2792136p+0, 0x1.12e0be0000000p-30}
                                << 0x1.0000000000000p-1;
    QTest::addRow("tie-odd-30") << QList<double>{0x1.f911b4e453822p+0, 0x1.12e0be0000000p-30}
                                << 0x1.0000000000000p-1;
}

void TestSignFlipRounding::reproducesPythonRoundingAtTolerance()
{
    QFETCH(QList<double>, gaps);
    QFETCH(double, p);
    PB_COMPARE_EXACT(SignFlipTest::exactEnumeration(gaps).p, p);
    PB_COMPARE_EXACT(SignFlipTest::exactSplit(gaps).p, p);
    PB_COMPARE_EXACT(SignFlipTest::run(gaps).p, p);
    PB_COMPARE_EXACT(std::ldexp(static_cast<double>(bruteForceHits(gaps)), -int(gaps.size())), p);
}

QTEST_GUILESS_MAIN(TestSignFlipRounding)
#include "tst_sign_flip_rounding.moc"
