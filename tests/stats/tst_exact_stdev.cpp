// ExactMoments::sampleStandardDeviation against Python 3.11's statistics.stdev, bit for bit.
#include "ExactDouble.h"
#include "stats/ExactMoments.h"

#include <QTest>
#include <cmath>
#include <limits>

using namespace pb;

class TestExactStdev : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stdevMatchesPython_data();
    void stdevMatchesPython();
    void stdevNeedsTwoFiniteValues();
};

void TestExactStdev::stdevMatchesPython_data()
{
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<double>("expected");
    // statistics.stdev(values) from Python 3.11 (correctly rounded square root of the exact
    // sample variance).
    // python3 tests/stats/make_stats_literals.py stdev
    QTest::addRow("stdev-0") << QList<double>{0x1.8000000000000p+0, 0x1.4000000000000p+1,
                                              0x1.4000000000000p+1, 0x1.6000000000000p+1,
                                              0x1.a000000000000p+1, 0x1.3000000000000p+2}
                             << 0x1.14c22515c8b96p+0;
    QTest::addRow("stdev-1") << QList<double>{0x1.0000000000000p+0, 0x1.0000000000000p+0} << 0.0;
    QTest::addRow("stdev-2") << QList<double>{0x1.1c37937e08000p+53, 0x1.0000000000000p+0,
                                              -0x1.1c37937e08000p+53}
                             << 0x1.1c37937e08000p+53;
    QTest::addRow("stdev-3") << QList<double>{0x1.8000000000000p+1, 0x1.0000000000000p+2,
                                              0x1.0000000000000p+2, 0x1.4000000000000p+2,
                                              0x1.8000000000000p+1}
                             << 0x1.ac5eb3f7ab2f8p-1;
    QTest::addRow("stdev-4") << QList<double>{0x1.999999999999ap-4, 0x1.999999999999ap-3,
                                              0x1.3333333333333p-2}
                             << 0x1.9999999999999p-4;
    QTest::addRow("stdev-5") << QList<double>{0x1.56e1fc2f8f359p-997, 0x1.56e1fc2f8f359p-996,
                                              0x1.56e1fc2f8f359p-995}
                             << 0x1.05e18b23a1a88p-996;
    QTest::addRow("stdev-6") << QList<double>{0x1.8000000000000p+2, 0x1.0000000000000p+2,
                                              0x1.0000000000000p+2, 0x1.0000000000000p+2,
                                              0x1.0000000000000p+1, 0x1.4000000000000p+2,
                                              0x1.0000000000000p+3, 0x1.2000000000000p+3,
                                              0x1.0000000000000p+2, 0x1.8000000000000p+1}
                             << 0x1.177561d51a19bp+1;
    QTest::addRow("stdev-7") << QList<double>{0x1.2000000000000p+3, 0x1.0000000000000p+0,
                                              0x1.4000000000000p+2, 0x1.0000000000000p+0,
                                              0x1.0000000000000p+3, 0x1.8000000000000p+1,
                                              0x1.0000000000000p+2, 0x1.2000000000000p+3,
                                              0x1.c000000000000p+2, 0x1.8000000000000p+1,
                                              0x1.8000000000000p+2, 0x1.8000000000000p+2,
                                              0x1.0000000000000p+1, 0x1.0000000000000p+1,
                                              0x1.2000000000000p+3, 0x1.4000000000000p+2,
                                              0x1.2000000000000p+3, 0x1.0000000000000p+3,
                                              0x1.0000000000000p+2}
                             << 0x1.6cacf0e4bd55bp+1;
    QTest::addRow("stdev-8") << QList<double>{0x1.0000000000000p+2, 0x1.0000000000000p+1,
                                              0x1.0000000000000p+1, 0x1.0000000000000p+2,
                                              0x1.2000000000000p+3, 0x1.0000000000000p+3,
                                              0x1.2000000000000p+3, 0x1.0000000000000p+1,
                                              0x1.0000000000000p+1}
                             << 0x1.8fae0c15ad38ap+1;
    QTest::addRow("stdev-9") << QList<double>{0x1.8000000000000p+2, 0x1.0000000000000p+1,
                                              0x1.0000000000000p+1, 0x1.0000000000000p+3,
                                              0x1.0000000000000p+1, 0x1.2000000000000p+3,
                                              0x1.0000000000000p+1, 0x1.4000000000000p+2}
                             << 0x1.76bee17a3789dp+1;
    QTest::addRow("stdev-10") << QList<double>{0x1.2000000000000p+3, 0x1.0000000000000p+1,
                                               0x1.8000000000000p+2, 0x1.2000000000000p+3,
                                               0x1.0000000000000p+0, 0x1.c000000000000p+2,
                                               0x1.2000000000000p+3, 0x1.0000000000000p+2,
                                               0x1.0000000000000p+2, 0x1.0000000000000p+3,
                                               0x1.c000000000000p+2, 0x1.8000000000000p+1,
                                               0x1.c000000000000p+2, 0x1.0000000000000p+0,
                                               0x1.0000000000000p+0, 0x1.0000000000000p+0}
                              << 0x1.9355de8b18066p+1;
    QTest::addRow("stdev-11") << QList<double>{0x1.0000000000000p+0, 0x1.8000000000000p+2,
                                               0x1.c000000000000p+2, 0x1.0000000000000p+1,
                                               0x1.4000000000000p+2, 0x1.2000000000000p+3,
                                               0x1.0000000000000p+3, 0x1.0000000000000p+0,
                                               0x1.0000000000000p+3, 0x1.0000000000000p+1,
                                               0x1.8000000000000p+1, 0x1.4000000000000p+2,
                                               0x1.2000000000000p+3, 0x1.0000000000000p+1,
                                               0x1.0000000000000p+0, 0x1.0000000000000p+3,
                                               0x1.8000000000000p+2}
                              << 0x1.7fafa747d466ep+1;
    QTest::addRow("stdev-12") << QList<double>{0x1.0000000000000p+0, 0x1.0000000000000p+0,
                                               0x1.0000000000000p+3, 0x1.8000000000000p+1,
                                               0x1.0000000000000p+0, 0x1.0000000000000p+0,
                                               0x1.0000000000000p+2, 0x1.0000000000000p+1,
                                               0x1.0000000000000p+3, 0x1.0000000000000p+1,
                                               0x1.c000000000000p+2, 0x1.0000000000000p+3,
                                               0x1.0000000000000p+1, 0x1.8000000000000p+1,
                                               0x1.0000000000000p+2}
                              << 0x1.5f19318f3eea2p+1;
    QTest::addRow("stdev-13") << QList<double>{0x1.0000000000000p+2, 0x1.0000000000000p+1,
                                               0x1.8000000000000p+1, 0x1.8000000000000p+1,
                                               0x1.8000000000000p+1, 0x1.0000000000000p+0,
                                               0x1.0000000000000p+0, 0x1.0000000000000p+2,
                                               0x1.2000000000000p+3, 0x1.c000000000000p+2}
                              << 0x1.45383b2191847p+1;
    QTest::addRow("stdev-14") << QList<double>{0x1.c000000000000p+2, 0x1.0000000000000p+3,
                                               0x1.2000000000000p+3, 0x1.4000000000000p+2,
                                               0x1.0000000000000p+1, 0x1.0000000000000p+3,
                                               0x1.c000000000000p+2, 0x1.4000000000000p+2,
                                               0x1.2000000000000p+3, 0x1.4000000000000p+2,
                                               0x1.4000000000000p+2, 0x1.0000000000000p+3,
                                               0x1.0000000000000p+2, 0x1.0000000000000p+0,
                                               0x1.0000000000000p+3, 0x1.0000000000000p+1,
                                               0x1.0000000000000p+0, 0x1.0000000000000p+0,
                                               0x1.8000000000000p+1, 0x1.0000000000000p+0}
                              << 0x1.76da3a0afb04bp+1;
    QTest::addRow("stdev-15") << QList<double>{0x1.0000000000000p+1, 0x1.2000000000000p+3,
                                               0x1.0000000000000p+2, 0x1.0000000000000p+1}
                              << 0x1.a6eab70ac700cp+1;
    QTest::addRow("stdev-16") << QList<double>{0x1.8000000000000p+1, 0x1.0000000000000p+1,
                                               0x1.c000000000000p+2, 0x1.4000000000000p+2,
                                               0x1.0000000000000p+3, 0x1.0000000000000p+3,
                                               0x1.2000000000000p+3, 0x1.c000000000000p+2,
                                               0x1.0000000000000p+2, 0x1.c000000000000p+2,
                                               0x1.4000000000000p+2, 0x1.4000000000000p+2,
                                               0x1.0000000000000p+1, 0x1.2000000000000p+3,
                                               0x1.8000000000000p+2}
                              << 0x1.2b03c7844505dp+1;
    QTest::addRow("stdev-17") << QList<double>{0x1.0000000000000p+2, 0x1.4000000000000p+2,
                                               0x1.8000000000000p+2, 0x1.0000000000000p+3,
                                               0x1.2000000000000p+3, 0x1.c000000000000p+2,
                                               0x1.2000000000000p+3, 0x1.2000000000000p+3,
                                               0x1.c000000000000p+2, 0x1.4000000000000p+2,
                                               0x1.c000000000000p+2, 0x1.2000000000000p+3}
                              << 0x1.c8199565f1c6ap+0;
    QTest::addRow("stdev-18") << QList<double>{0x1.0000000000000p+1, 0x1.4000000000000p+2,
                                               0x1.0000000000000p+1, 0x1.8000000000000p+1,
                                               0x1.8000000000000p+1, 0x1.8000000000000p+2,
                                               0x1.0000000000000p+0, 0x1.0000000000000p+2,
                                               0x1.2000000000000p+3, 0x1.0000000000000p+0,
                                               0x1.2000000000000p+3}
                              << 0x1.708ffa8006ee2p+1;
    QTest::addRow("stdev-19") << QList<double>{0x1.0000000000000p+1, 0x1.8000000000000p+1}
                              << 0x1.6a09e667f3bcdp-1;
    QTest::addRow("stdev-20") << QList<double>{0x1.8000000000000p+1, 0x1.8000000000000p+2,
                                               0x1.0000000000000p+0, 0x1.2000000000000p+3,
                                               0x1.c000000000000p+2, 0x1.0000000000000p+1,
                                               0x1.4000000000000p+2, 0x1.0000000000000p+1,
                                               0x1.8000000000000p+2, 0x1.0000000000000p+3}
                              << 0x1.6228b6881a036p+1;
    QTest::addRow("stdev-21") << QList<double>{0x1.0000000000000p+0, 0x1.0000000000000p+3}
                              << 0x1.3cc8a99af5453p+2;
    QTest::addRow("stdev-22") << QList<double>{0x1.0000000000000p+3, 0x1.c000000000000p+2,
                                               0x1.2000000000000p+3, 0x1.0000000000000p+1,
                                               0x1.c000000000000p+2, 0x1.0000000000000p+0}
                              << 0x1.a9cffe93c0333p+1;
    QTest::addRow("stdev-23") << QList<double>{0x1.0000000000000p+0, 0x1.c000000000000p+2,
                                               0x1.8000000000000p+1, 0x1.0000000000000p+0,
                                               0x1.4000000000000p+2}
                              << 0x1.4dc87d61451dap+1;
    QTest::addRow("stdev-24") << QList<double>{0x1.8000000000000p+1, 0x1.2000000000000p+3,
                                               0x1.0000000000000p+1, 0x1.0000000000000p+1,
                                               0x1.0000000000000p+0, 0x1.2000000000000p+3,
                                               0x1.c000000000000p+2, 0x1.2000000000000p+3,
                                               0x1.0000000000000p+1, 0x1.8000000000000p+1}
                              << 0x1.af1f9683ef0d1p+1;
    QTest::addRow("stdev-25") << QList<double>{0x1.0000000000000p+2, 0x1.2000000000000p+3,
                                               0x1.8000000000000p+2, 0x1.8000000000000p+2,
                                               0x1.0000000000000p+3, 0x1.0000000000000p+2,
                                               0x1.0000000000000p+2, 0x1.0000000000000p+3,
                                               0x1.c000000000000p+2, 0x1.c000000000000p+2,
                                               0x1.2000000000000p+3, 0x1.0000000000000p+2,
                                               0x1.c000000000000p+2, 0x1.0000000000000p+1,
                                               0x1.0000000000000p+2, 0x1.4000000000000p+2,
                                               0x1.8000000000000p+2}
                              << 0x1.038162ad33a11p+1;
    QTest::addRow("stdev-26") << QList<double>{0x1.c000000000000p+2, 0x1.0000000000000p+2,
                                               0x1.2000000000000p+3, 0x1.2000000000000p+3,
                                               0x1.8000000000000p+2, 0x1.0000000000000p+2,
                                               0x1.4000000000000p+2, 0x1.8000000000000p+2,
                                               0x1.0000000000000p+2, 0x1.8000000000000p+1,
                                               0x1.8000000000000p+2, 0x1.8000000000000p+1}
                              << 0x1.08955839eaa9ep+1;
    QTest::addRow("stdev-27") << QList<double>{0x1.2000000000000p+3, 0x1.0000000000000p+3,
                                               0x1.4000000000000p+2, 0x1.4000000000000p+2,
                                               0x1.0000000000000p+3, 0x1.0000000000000p+2,
                                               0x1.0000000000000p+1, 0x1.0000000000000p+3,
                                               0x1.0000000000000p+1, 0x1.4000000000000p+2}
                              << 0x1.460ee6c65fe42p+1;
    QTest::addRow("stdev-28") << QList<double>{0x1.8000000000000p+1, 0x1.0000000000000p+0,
                                               0x1.4000000000000p+2, 0x1.c000000000000p+2,
                                               0x1.c000000000000p+2, 0x1.2000000000000p+3,
                                               0x1.2000000000000p+3, 0x1.c000000000000p+2,
                                               0x1.c000000000000p+2, 0x1.0000000000000p+1,
                                               0x1.0000000000000p+3}
                              << 0x1.62f9d15928262p+1;
    QTest::addRow("stdev-29") << QList<double>{0x1.8000000000000p+2, 0x1.0000000000000p+3,
                                               0x1.0000000000000p+3, 0x1.c000000000000p+2,
                                               0x1.8000000000000p+1, 0x1.c000000000000p+2,
                                               0x1.c000000000000p+2, 0x1.2000000000000p+3,
                                               0x1.c000000000000p+2, 0x1.4000000000000p+2,
                                               0x1.0000000000000p+0, 0x1.4000000000000p+2,
                                               0x1.4000000000000p+2, 0x1.0000000000000p+3,
                                               0x1.2000000000000p+3, 0x1.0000000000000p+3,
                                               0x1.0000000000000p+0, 0x1.0000000000000p+1,
                                               0x1.c000000000000p+2}
                              << 0x1.46438b0bc215ep+1;
    QTest::addRow("stdev-30") << QList<double>{0x1.496d0cbdbf75ep-4, -0x1.4f071a1fcf018p+12,
                                               0x1.ee5da1473ade5p-2, -0x1.26176e8bec67dp-17}
                              << 0x1.4f0a1b24b7e59p+11;
    QTest::addRow("stdev-31") << QList<double>{-0x1.0de55e5648085p-9, 0x1.e9d78d7e506bep-18}
                              << 0x1.7f0b263fc17abp-10;
    QTest::addRow("stdev-32") << QList<double>{-0x1.547c1d72f495dp-14, -0x1.4de7cb5609a7ep+15,
                                               -0x1.13c5f306b09c9p-14, 0x1.c35a6f1928e0ap+0,
                                               -0x1.f16dd80d5ff06p+10}
                              << 0x1.277d0109c4079p+14;
    QTest::addRow("stdev-33") << QList<double>{0x1.8c9f38b4e496ep+6, -0x1.7c3f80abb8ebep+15}
                              << 0x1.0d6c7a5417947p+15;
    QTest::addRow("stdev-34") << QList<double>{-0x1.69792971c14c1p-18, 0x1.c269c630f7c64p-13,
                                               -0x1.0fc010b6245ebp+13, 0x1.c9295918931bep-13,
                                               -0x1.72946bf0cadf6p-22, 0x1.60063d25855b1p+6}
                              << 0x1.bcafb0deb844bp+11;
    QTest::addRow("stdev-35") << QList<double>{0x1.ae82af2d4e23ap+1, -0x1.ebe177ebef108p+10,
                                               -0x1.e698a214352ccp-2, -0x1.b9a0890b4d0edp-17}
                              << 0x1.ec1f45b5f2193p+9;
    QTest::addRow("stdev-36") << QList<double>{-0x1.db55a80fd4915p+13, 0x1.5ee36f93d6fcap-11,
                                               -0x1.374f45c8f8e50p-9,  0x1.5981c6b46d2abp-4,
                                               -0x1.903deca4c20aap+0,  0x1.37463376b0cfep+8,
                                               -0x1.a54197421cacbp+6}
                              << 0x1.68372da5d7498p+12;
    QTest::addRow("stdev-37") << QList<double>{-0x1.7a4e8b9cd6233p+6, -0x1.9a5ffe56932a9p+13}
                              << 0x1.2016cc7cf4a09p+13;
    QTest::addRow("stdev-38") << QList<double>{0x1.72ef43a3e12fbp+5, -0x1.0aac6d3add2cdp+4,
                                               -0x1.c0b2c62a539c3p+10, -0x1.3fde415082f56p+7,
                                               0x1.85f8989358ad4p+15}
                              << 0x1.605d6736ebab9p+14;
    QTest::addRow("stdev-39") << QList<double>{0x1.c383949c28de1p-9, -0x1.801a09fc6a820p-2,
                                               0x1.63406a881c720p-3, -0x1.180fa7a34ff29p-1,
                                               0x1.46f9b52c93e2fp-7}
                              << 0x1.340d082cecf36p-2;
    QTest::addRow("stdev-40") << QList<double>{0x1.3b0e632adb3abp+11, 0x1.d5b7469b0d8e0p-8}
                              << 0x1.bd8e344207dadp+10;
    QTest::addRow("stdev-41") << QList<double>{0x1.5baa0832956e4p-17, -0x1.06a733b40f863p-9,
                                               -0x1.e19109e3fd032p+0, -0x1.e78001cb7c04cp-7,
                                               -0x1.a0a9cf0bb75ffp-7, -0x1.83a2b4172997ep-4}
                              << 0x1.846d43cc01bbep-1;
    QTest::addRow("stdev-42") << QList<double>{0x1.02fc563fac1c2p-16, 0x1.4aa1b5f3065b3p+17,
                                               -0x1.0d3e3dd283088p+6, 0x1.30e14a90b169ap-10}
                              << 0x1.4aacef5922113p+16;
    QTest::addRow("stdev-43") << QList<double>{-0x1.0b848c40c3e9fp-10, 0x1.193cd49cb93a3p-20,
                                               0x1.5bdd387688e0cp-20, -0x1.2b80ee67920b4p-2,
                                               0x1.1a7831b0fd4cbp+10}
                              << 0x1.f95463ceed115p+8;
    QTest::addRow("stdev-44") << QList<double>{-0x1.0e177726d9d0fp+8, 0x1.54a2aeee23380p+9,
                                               0x1.6fe04c0198ddbp-15, -0x1.182e7e596f3b5p-16,
                                               -0x1.6c005b0015c3cp-10}
                              << 0x1.62b4ce91a0560p+8;
}

void TestExactStdev::stdevMatchesPython()
{
    QFETCH(QList<double>, values);
    QFETCH(double, expected);
    PB_COMPARE_EXACT(ExactMoments::sampleStandardDeviation(values), expected);
}

void TestExactStdev::stdevNeedsTwoFiniteValues()
{
    QVERIFY(std::isnan(ExactMoments::sampleStandardDeviation(QList<double>{})));
    QVERIFY(std::isnan(ExactMoments::sampleStandardDeviation(QList<double>{3.0})));
    QVERIFY(std::isnan(ExactMoments::sampleStandardDeviation(
        QList<double>{1.0, std::numeric_limits<double>::infinity()})));
    PB_COMPARE_EXACT(ExactMoments::sampleStandardDeviation(QList<double>{4.0, 4.0, 4.0}), 0.0);
}

QTEST_GUILESS_MAIN(TestExactStdev)
#include "tst_exact_stdev.moc"
