#include "ExactDouble.h"
#include "stats/CorrectRounding.h"
#include "stats/ExactMoments.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

using namespace pb;

class TestExactMoments : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void meanMatchesPython_data();
    void meanMatchesPython();
    void meanIgnoresOrder_data();
    void meanIgnoresOrder();
    void meanOfSpecialValues();
    void stdevMatchesPython_data();
    void stdevMatchesPython();
    void stdevNeedsTwoFiniteValues();
    void quotientMatchesPython_data();
    void quotientMatchesPython();
    void quotientAgreesWithHardwareDivision();
    void squareRootMatchesPython_data();
    void squareRootMatchesPython();
};

void TestExactMoments::meanMatchesPython_data()
{
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<double>("expected");
    // statistics.mean(values) from Python 3.11: inputs with exact ties, cancellation, overflow
    // of a naive sum, subnormals, random inputs where sum(xs) / n is wrong, integer runs.
    // python3 tests/stats/make_stats_literals.py mean
    QTest::addRow("mean-0") << QList<double>{0x1.999999999999ap-4, 0x1.999999999999ap-3,
                                             0x1.3333333333333p-2}
                            << 0x1.999999999999ap-3;
    QTest::addRow("mean-1") << QList<double>{0x1.0000000000000p+0, 0x1.0000000000000p-53}
                            << 0x1.0000000000000p-1;
    QTest::addRow("mean-2") << QList<double>{0x1.0000000000000p+0, 0x1.8000000000000p-52}
                            << 0x1.0000000000002p-1;
    QTest::addRow("mean-3") << QList<double>{0x1.1c37937e08000p+53, 0x1.0000000000000p+0,
                                             -0x1.1c37937e08000p+53}
                            << 0x1.5555555555555p-2;
    QTest::addRow("mean-4") << QList<double>{0x1.1ccf385ebc8a0p+1023, 0x1.1ccf385ebc8a0p+1023,
                                             -0x1.1ccf385ebc8a0p+1023}
                            << 0x1.7bbef5d3a60d5p+1021;
    QTest::addRow("mean-5") << QList<double>{0x0.0000000000001p-1022, 0x0.0000000000001p-1022,
                                             0x0.0000000000001p-1022}
                            << 0x0.0000000000001p-1022;
    QTest::addRow("mean-6") << QList<double>{0x0.0000000000001p-1022, 0.0} << 0.0;
    QTest::addRow("mean-7") << QList<double>{0x0.0000000000001p-1022, 0x0.0000000000001p-1022,
                                             0x0.0000000000001p-1022, 0.0}
                            << 0x0.0000000000001p-1022;
    QTest::addRow("mean-8") << QList<double>{0.0} << 0.0;
    QTest::addRow("mean-9") << QList<double>{0x1.f333333333333p+1, 0x1.4666666666666p+1}
                            << 0x1.9ccccccccccccp+1;
    QTest::addRow("mean-10") << QList<double>{0x1.599999999999ap+0, -0x1.3333333333338p-2,
                                              0x1.9999999999998p-1, 0x1.6666666666660p-2}
                             << 0x1.1999999999998p-1;
    QTest::addRow("mean-11") << QList<double>{0x1.0000000000000p+53, 0x1.0000000000000p+0}
                             << 0x1.0000000000000p+52;
    QTest::addRow("mean-12") << QList<double>{0x1.0000000000000p+54, 0x1.0000000000000p+0,
                                              0x1.0000000000000p+0, 0x1.0000000000000p+0}
                             << 0x1.0000000000001p+52;
    QTest::addRow("mean-13") << QList<double>{0x1.dcc1c9954e58cp+12, -0x1.da925f1a352dep-29,
                                              -0x1.b50cdc350a882p-2}
                             << 0x1.3dd1f8ebe864ep+11;
    QTest::addRow("mean-14") << QList<double>{0x1.2ea198a2a4e62p+34,  0x1.22cdcacd92ff7p+61,
                                              -0x1.3ff577333ac8bp+28, 0x1.8119823410745p-41,
                                              -0x1.4874dbc62b27bp+56, 0x1.aef7cb43f5f6fp-34,
                                              0x1.5745e66924290p+26}
                             << 0x1.409de017b7bf3p+58;
    QTest::addRow("mean-15") << QList<double>{-0x1.3a1c1064e2f6bp-29, -0x1.c866575c80733p+27,
                                              -0x1.2637b11396fcbp+22, -0x1.72a93e2201fc5p-56,
                                              -0x1.54961770c6216p-42}
                             << -0x1.7479aa50e4228p+25;
    QTest::addRow("mean-16") << QList<double>{0x1.4fbc050fdf03bp+54, 0x1.6cdf29f3ae504p-43,
                                              0x1.6853f961eb219p+59}
                             << 0x1.ee6d220de2ccep+57;
    QTest::addRow("mean-17") << QList<double>{-0x1.d41201c7ff806p-32, 0x1.0986772c88348p+19,
                                              0x1.a8cec9f61c1c2p-11}
                             << 0x1.62089eeee4949p+17;
    QTest::addRow("mean-18") << QList<double>{0x1.95fd6b85e4335p-70, -0x1.5fe37e117e340p+18,
                                              0x1.153d45f4c32c1p+60, -0x1.22f035cc79c1ep+58,
                                              -0x1.10b4a48d2ede3p+26}
                             << 0x1.4735273566bd9p+57;
    QTest::addRow("mean-19") << QList<double>{0x1.851f6233a7245p+39, -0x1.82e3b6a871e4cp+15,
                                              -0x1.e63f8f22945a1p-22, 0x1.438e3e500478fp+26,
                                              0x1.aefd34d41f86ap-44}
                             << 0x1.3754641bc4be4p+37;
    QTest::addRow("mean-20") << QList<double>{-0x1.f2cf29935a67cp+14, 0x1.4a43325853e88p-4,
                                              -0x1.aeb700c7a8a83p-41, 0x1.170a7de142dccp+9,
                                              -0x1.bd24aaafbed95p-64, -0x1.8cf4de127521dp+12,
                                              -0x1.5a3fc7858488fp+10, 0x1.bec62631bebe8p+9,
                                              0x1.d6835c670139ap-13}
                             << -0x1.09560281d312dp+12;
    QTest::addRow("mean-21") << QList<double>{-0x1.887250b138068p+24, 0x1.aa0c790ee169ap+59,
                                              -0x1.251f7cbd1b11dp+56, 0x1.30f04bdfdd911p+22,
                                              0x1.ca3d9c34de988p-61,  -0x1.46d8fa097c2b8p-2,
                                              -0x1.3ec24fe87cd1ap-7,  -0x1.611ba7a2c9747p+59,
                                              0x1.7ea36c8d375c4p-4}
                             << 0x1.0222b7acce8f8p+53;
    QTest::addRow("mean-22") << QList<double>{0x1.c04018ff642f5p-47,  -0x1.0280a05fbfa7ap+9,
                                              -0x1.9c2d4df890136p+42, -0x1.66f0fa72c333ep+42,
                                              -0x1.aea43f07044ffp-36, 0x1.f48e7de3791d2p-65,
                                              -0x1.7017429d89e8ep+16, 0x1.6ab7d31939b1ap-7}
                             << -0x1.818f2463ed2bcp+40;
    QTest::addRow("mean-23") << QList<double>{0x1.c150aaf87643ep+55,  -0x1.c4bf2a7a7be13p-39,
                                              0x1.b43461ed76e38p-49,  0x1.09b6b4d19fa8dp-61,
                                              -0x1.4a28dcca06460p+49, -0x1.013c6b6c11747p+23,
                                              0x1.ee311818dd697p+22,  -0x1.3115119d18869p+5,
                                              0x1.bb064aaca1904p+22}
                             << 0x1.8ace3f93ac08bp+52;
    QTest::addRow("mean-24") << QList<double>{0x1.80fd3cdc624e8p-50,  -0x1.b0b181fc92cd0p-11,
                                              -0x1.4883167f65d36p-37, 0x1.ca77384e2a5afp-5,
                                              0x1.74224844220ebp+12,  0x1.3320ea3ee3a62p-38,
                                              0x1.f8fa25b04cc35p-58,  0x1.9496ba645c9afp-36}
                             << 0x1.74232a1e5b331p+9;
    QTest::addRow("mean-25") << QList<double>{0x1.add14bb165473p-44, -0x1.b87552f4b85c0p+35,
                                              0x1.6ccd0d167f980p+58}
                             << 0x1.e666b7877142dp+56;
    QTest::addRow("mean-26") << QList<double>{0x1.a1c72a4e4cf94p+48,  -0x1.cf97b0fcb6e44p+29,
                                              -0x1.eea33c211e4ddp-68, 0x1.1cf4f8cd4944fp-19,
                                              0x1.1562247bbc904p+36,  0x1.3cf4542e08ac6p-37,
                                              -0x1.79165aa632d6bp-39}
                             << 0x1.dd897521d9cf6p+45;
    QTest::addRow("mean-27") << QList<double>{0x1.1ee0fc20c9ba6p-7,  0x1.2d40567a465aep+52,
                                              0x1.d55ace89f7281p+2,  0x1.1096b0a6c964ap+23,
                                              0x1.adea0d92ca53ep-45, -0x1.01eb9477ddc4ep-7}
                             << 0x1.91ab1e03b96bdp+49;
    QTest::addRow("mean-28") << QList<double>{-0x1.0093035125f71p-34, 0x1.a2bdcfc52a88cp+18,
                                              0x1.89f8796aff764p-60,  0x1.cf97991c98481p+1,
                                              -0x1.fe4841c4cd312p+30, 0x1.174f2b51012b5p-4,
                                              0x1.d6679ee3a999fp+22,  0x1.0ab62721b347bp+29,
                                              -0x1.05e1cd204e723p-7}
                             << -0x1.4d525096882a4p+27;
    QTest::addRow("mean-29") << QList<double>{-0x1.69e0755d5c0f0p-44, -0x1.6a37730607993p+14,
                                              0x1.63d371122f78ep+30,  -0x1.62a7cf17d78e7p-29,
                                              -0x1.aecfe0a98cc50p-41, 0x1.a174fc7c0d428p+39,
                                              0x1.6a6fcbab484bap-31,  -0x1.279701d3c4d9bp+36}
                             << 0x1.7d34054502058p+36;
    QTest::addRow("mean-30") << QList<double>{0x1.81f9eb5171ab8p+12, 0x1.d199d98884c39p+31,
                                              0x1.9cc5fd6266552p-65, 0x1.31b4e3fd66da4p-3}
                             << 0x1.d19a09c80e9afp+29;
    QTest::addRow("mean-31") << QList<double>{0x1.d654626c82062p-5, -0x1.0b2e1c1593c10p+61,
                                              0x1.2f084e84ce191p+16}
                             << -0x1.643d7ac76f9f6p+59;
    QTest::addRow("mean-32") << QList<double>{-0x1.6de922825ea8fp+31, 0x1.8c8b7752135acp+6,
                                              -0x1.696e33381bdb7p-37}
                             << -0x1.e7e18250213c6p+29;
    QTest::addRow("mean-33") << QList<double>{-0x1.b944ba8148625p+58, -0x1.8dfd4431cc65fp-21,
                                              0x1.c2f8a8ba09c42p-14,  -0x1.43e82c32544e2p+22,
                                              0x1.e140249194966p+9,   -0x1.a8550f5bd7afdp+29,
                                              0x1.92920eecb0416p+59,  -0x1.7cf90adaa3729p+40,
                                              -0x1.5b5d92707d5fdp-14}
                             << 0x1.4370e7278ce6ep+55;
    QTest::addRow("mean-34") << QList<double>{-0x1.4c49f87fc6f8ap-37, -0x1.0cb3fd59dac85p-7,
                                              0x1.051003e7c1f9dp-17, -0x1.69f57f7534c53p+19,
                                              -0x1.f8988e8e47025p-18}
                             << -0x1.219132f9e7604p+17;
    QTest::addRow("mean-35") << QList<double>{-0x1.2efbdfbe46efcp+1, 0x1.e7d852463c381p-25,
                                              -0x1.b8f19c2882146p+12, -0x1.05adc02428b96p+22,
                                              -0x1.d2d8ca6baec65p-52}
                             << -0x1.a360099e82ecep+19;
    QTest::addRow("mean-36") << QList<double>{0x1.0bf5b8091c4aep-48,  -0x1.d0bbaba5d7d65p+39,
                                              0x1.3f7dc311c2a51p-24,  0x1.5a0986e21fdcap+46,
                                              0x1.1566f7cd63c6cp+2,   0x1.24a9ad91d4a58p-45,
                                              -0x1.0135eeb3fdb43p-27, 0x1.06b38b70c1a50p-58,
                                              -0x1.f565d2ea5adc7p-34}
                             << 0x1.305c7f97d91afp+43;
    QTest::addRow("mean-37") << QList<double>{0x1.991b0cae49011p-44,  0x1.a3611b05e682ap+15,
                                              -0x1.18a1a5a95d656p-14, -0x1.0a16be665835cp-46,
                                              0x1.82e9d750c069bp+6,   0x1.3e9e0ec5797dap-47,
                                              0x1.7bc04acd6b426p-35}
                             << 0x1.e0277fe578f4ap+12;
    QTest::addRow("mean-38") << QList<double>{-0x1.d3774bc7d12e3p-46, 0x1.f18cb2c0311d3p+45,
                                              0x1.57e35fda4a17ap+51,  0x1.b50d3a457ee2cp+29,
                                              -0x1.2500622d201eep+2,  -0x1.2d9b5a191ef8ap+56,
                                              0x1.a9215bcb782eep+13,  0x1.82e1713aed5e2p+24}
                             << -0x1.229e0d4bcfe3ep+53;
    QTest::addRow("mean-39") << QList<double>{0x1.cb5151238ede9p+18, -0x1.b12326dbdae69p-61,
                                              0x1.3b021401bd9fbp-30, -0x1.1f00897b44ab0p-12,
                                              0x1.06bc55c99ac52p-44}
                             << 0x1.6f7440e5a8b15p+16;
    QTest::addRow("mean-40") << QList<double>{0x1.0000000000000p+3,
                                              0x1.2000000000000p+3,
                                              0x1.0000000000000p+0,
                                              0x1.0000000000000p+3,
                                              0.0,
                                              0x1.0000000000000p+3,
                                              0x1.0000000000000p+3,
                                              0.0,
                                              0x1.c000000000000p+2,
                                              0x1.c000000000000p+2,
                                              0x1.0000000000000p+1,
                                              0x1.0000000000000p+3}
                             << 0x1.6000000000000p+2;
    QTest::addRow("mean-41") << QList<double>{0x1.0000000000000p+3,
                                              0.0,
                                              0x1.2000000000000p+3,
                                              0x1.0000000000000p+0,
                                              0x1.4000000000000p+2,
                                              0x1.0000000000000p+2,
                                              0x1.2000000000000p+3,
                                              0x1.0000000000000p+0,
                                              0x1.2000000000000p+3,
                                              0x1.c000000000000p+2,
                                              0x1.8000000000000p+2,
                                              0x1.8000000000000p+1,
                                              0x1.2000000000000p+3,
                                              0x1.2000000000000p+3,
                                              0.0,
                                              0x1.0000000000000p+3,
                                              0x1.0000000000000p+1,
                                              0x1.0000000000000p+0,
                                              0x1.8000000000000p+2}
                             << 0x1.46bca1af286bdp+2;
    QTest::addRow("mean-42") << QList<double>{0x1.4000000000000p+2, 0x1.8000000000000p+2}
                             << 0x1.6000000000000p+2;
    QTest::addRow("mean-43") << QList<double>{0x1.8000000000000p+2,
                                              0x1.0000000000000p+1,
                                              0x1.c000000000000p+2,
                                              0x1.0000000000000p+1,
                                              0x1.0000000000000p+0,
                                              0x1.0000000000000p+0,
                                              0.0,
                                              0x1.0000000000000p+0,
                                              0x1.0000000000000p+1,
                                              0x1.0000000000000p+3,
                                              0x1.8000000000000p+2,
                                              0x1.0000000000000p+1,
                                              0x1.0000000000000p+2,
                                              0x1.4000000000000p+2,
                                              0x1.4000000000000p+2,
                                              0x1.0000000000000p+0,
                                              0x1.4000000000000p+2,
                                              0x1.0000000000000p+0,
                                              0x1.4000000000000p+2,
                                              0x1.8000000000000p+2,
                                              0x1.8000000000000p+1,
                                              0x1.0000000000000p+1,
                                              0x1.4000000000000p+2,
                                              0x1.4000000000000p+2,
                                              0x1.0000000000000p+1,
                                              0x1.0000000000000p+2,
                                              0x1.0000000000000p+2,
                                              0x1.8000000000000p+1,
                                              0x1.8000000000000p+1,
                                              0x1.0000000000000p+1}
                             << 0x1.b777777777777p+1;
    QTest::addRow("mean-44") << QList<double>{0x1.0000000000000p+3, 0.0,
                                              0x1.0000000000000p+0, 0x1.0000000000000p+3,
                                              0x1.0000000000000p+2, 0x1.c000000000000p+2,
                                              0x1.0000000000000p+1, 0x1.0000000000000p+1,
                                              0x1.c000000000000p+2}
                             << 0x1.1555555555555p+2;
    QTest::addRow("mean-45") << QList<double>{0x1.0000000000000p+0,
                                              0x1.8000000000000p+1,
                                              0x1.4000000000000p+2,
                                              0x1.4000000000000p+2,
                                              0x1.0000000000000p+3,
                                              0x1.8000000000000p+2,
                                              0.0,
                                              0x1.0000000000000p+2,
                                              0x1.0000000000000p+0,
                                              0x1.0000000000000p+2,
                                              0x1.0000000000000p+3}
                             << 0x1.05d1745d1745dp+2;
    QTest::addRow("mean-46") << QList<double>{0x1.0000000000000p+0,
                                              0x1.0000000000000p+3,
                                              0x1.c000000000000p+2,
                                              0.0,
                                              0x1.8000000000000p+1,
                                              0x1.0000000000000p+3,
                                              0x1.8000000000000p+2,
                                              0x1.0000000000000p+1,
                                              0x1.c000000000000p+2,
                                              0x1.0000000000000p+0,
                                              0x1.0000000000000p+0,
                                              0x1.c000000000000p+2,
                                              0.0,
                                              0x1.0000000000000p+2,
                                              0x1.0000000000000p+1,
                                              0x1.c000000000000p+2,
                                              0x1.0000000000000p+1,
                                              0.0,
                                              0x1.0000000000000p+1,
                                              0x1.4000000000000p+2,
                                              0x1.4000000000000p+2,
                                              0x1.0000000000000p+0,
                                              0x1.0000000000000p+3}
                             << 0x1.e42c8590b2164p+1;
    QTest::addRow("mean-47") << QList<double>{0.0,
                                              0x1.0000000000000p+1,
                                              0x1.4000000000000p+2,
                                              0x1.2000000000000p+3,
                                              0x1.4000000000000p+2,
                                              0x1.2000000000000p+3,
                                              0.0,
                                              0x1.0000000000000p+1,
                                              0x1.0000000000000p+0,
                                              0x1.2000000000000p+3,
                                              0.0,
                                              0x1.0000000000000p+1,
                                              0x1.8000000000000p+1,
                                              0x1.0000000000000p+3,
                                              0x1.0000000000000p+2}
                             << 0x1.f777777777777p+1;
    QTest::addRow("mean-48") << QList<double>{0.0,
                                              0x1.8000000000000p+1,
                                              0x1.4000000000000p+2,
                                              0x1.0000000000000p+0,
                                              0x1.0000000000000p+1,
                                              0x1.4000000000000p+2,
                                              0x1.0000000000000p+0,
                                              0x1.0000000000000p+1}
                             << 0x1.3000000000000p+1;
    QTest::addRow("mean-49") << QList<double>{0x1.0000000000000p+2, 0x1.0000000000000p+1,
                                              0x1.8000000000000p+2, 0x1.8000000000000p+2,
                                              0x1.0000000000000p+2, 0x1.0000000000000p+3,
                                              0x1.8000000000000p+1, 0.0,
                                              0x1.0000000000000p+1, 0x1.0000000000000p+1,
                                              0x1.c000000000000p+2, 0x1.0000000000000p+2,
                                              0x1.0000000000000p+1, 0.0}
                             << 0x1.c924924924925p+1;
    QTest::addRow("mean-50") << QList<double>{0x1.4000000000000p+2, 0.0,
                                              0x1.0000000000000p+1, 0x1.0000000000000p+3,
                                              0x1.0000000000000p+3, 0x1.0000000000000p+2,
                                              0x1.0000000000000p+1, 0x1.4000000000000p+2,
                                              0x1.0000000000000p+3, 0x1.8000000000000p+1,
                                              0x1.4000000000000p+2, 0.0,
                                              0x1.2000000000000p+3, 0x1.0000000000000p+0,
                                              0x1.0000000000000p+3, 0x1.8000000000000p+2,
                                              0x1.2000000000000p+3, 0x1.c000000000000p+2,
                                              0x1.4000000000000p+2, 0x1.0000000000000p+2}
                             << 0x1.3cccccccccccdp+2;
    QTest::addRow("mean-51") << QList<double>{0x1.c000000000000p+2, 0x1.0000000000000p+3,
                                              0x1.8000000000000p+1, 0x1.c000000000000p+2,
                                              0x1.8000000000000p+2, 0x1.0000000000000p+3,
                                              0x1.0000000000000p+2, 0.0,
                                              0x1.0000000000000p+1, 0.0}
                             << 0x1.2000000000000p+2;
    QTest::addRow("mean-52") << QList<double>{0x1.0000000000000p+3, 0x1.8000000000000p+2,
                                              0x1.0000000000000p+1, 0x1.0000000000000p+3,
                                              0x1.4000000000000p+2, 0x1.8000000000000p+2,
                                              0x1.c000000000000p+2, 0x1.4000000000000p+2,
                                              0x1.8000000000000p+1, 0x1.8000000000000p+1,
                                              0x1.2000000000000p+3, 0x1.2000000000000p+3,
                                              0x1.8000000000000p+1, 0x1.0000000000000p+1,
                                              0x1.8000000000000p+2, 0x1.8000000000000p+2,
                                              0x1.0000000000000p+3, 0x1.8000000000000p+1,
                                              0x1.0000000000000p+2, 0x1.0000000000000p+0,
                                              0x1.0000000000000p+0, 0.0}
                             << 0x1.31745d1745d17p+2;
    QTest::addRow("mean-53") << QList<double>{0x1.8000000000000p+2, 0x1.4000000000000p+2}
                             << 0x1.6000000000000p+2;
    QTest::addRow("mean-54") << QList<double>{0x1.0000000000000p+0, 0x1.0000000000000p+3,
                                              0x1.8000000000000p+2, 0x1.0000000000000p+0,
                                              0x1.0000000000000p+2}
                             << 0x1.0000000000000p+2;
    QTest::addRow("mean-55")
        << QList<double>{0x1.0000000000000p+1, 0x1.4000000000000p+2, 0x1.2000000000000p+3,
                         0x1.8000000000000p+2, 0x1.8000000000000p+2, 0x1.c000000000000p+2,
                         0x1.2000000000000p+3, 0x1.0000000000000p+1, 0.0,
                         0x1.8000000000000p+1, 0x1.c000000000000p+2, 0x1.8000000000000p+1,
                         0x1.0000000000000p+2, 0x1.8000000000000p+1, 0x1.8000000000000p+1,
                         0x1.0000000000000p+2, 0x1.8000000000000p+2}
        << 0x1.2969696969697p+2;
    QTest::addRow("mean-56") << QList<double>{0x1.4000000000000p+2, 0x1.4000000000000p+2,
                                              0x1.0000000000000p+2, 0x1.c000000000000p+2,
                                              0x1.0000000000000p+0, 0x1.0000000000000p+3,
                                              0x1.0000000000000p+1, 0x1.4000000000000p+2,
                                              0x1.c000000000000p+2, 0x1.4000000000000p+2}
                             << 0x1.399999999999ap+2;
    QTest::addRow("mean-57") << QList<double>{0x1.c000000000000p+2,
                                              0x1.0000000000000p+0,
                                              0x1.0000000000000p+2,
                                              0x1.4000000000000p+2,
                                              0.0,
                                              0x1.0000000000000p+3,
                                              0x1.0000000000000p+1,
                                              0x1.2000000000000p+3,
                                              0x1.8000000000000p+1,
                                              0x1.0000000000000p+0,
                                              0x1.0000000000000p+0}
                             << 0x1.dd1745d1745d1p+1;
    QTest::addRow("mean-58") << QList<double>{0x1.0000000000000p+2,
                                              0x1.c000000000000p+2,
                                              0.0,
                                              0x1.8000000000000p+1,
                                              0x1.2000000000000p+3,
                                              0x1.0000000000000p+2,
                                              0x1.0000000000000p+2,
                                              0x1.2000000000000p+3,
                                              0x1.c000000000000p+2,
                                              0x1.2000000000000p+3,
                                              0x1.2000000000000p+3,
                                              0x1.8000000000000p+2,
                                              0x1.2000000000000p+3,
                                              0.0,
                                              0x1.8000000000000p+2,
                                              0x1.4000000000000p+2,
                                              0x1.4000000000000p+2,
                                              0x1.2000000000000p+3,
                                              0x1.0000000000000p+3,
                                              0x1.0000000000000p+3,
                                              0x1.8000000000000p+2,
                                              0x1.0000000000000p+3,
                                              0x1.2000000000000p+3,
                                              0x1.0000000000000p+1,
                                              0x1.c000000000000p+2,
                                              0x1.0000000000000p+3,
                                              0x1.8000000000000p+1,
                                              0x1.c000000000000p+2,
                                              0x1.8000000000000p+2,
                                              0x1.c000000000000p+2}
                             << 0x1.8888888888889p+2;
    QTest::addRow("mean-59") << QList<double>{0x1.0000000000000p+0, 0x1.2000000000000p+3,
                                              0x1.0000000000000p+1, 0x1.c000000000000p+2,
                                              0x1.0000000000000p+3}
                             << 0x1.599999999999ap+2;
}

void TestExactMoments::meanMatchesPython()
{
    QFETCH(QList<double>, values);
    QFETCH(double, expected);
    PB_COMPARE_EXACT(ExactMoments::mean(values), expected);
}

void TestExactMoments::meanIgnoresOrder_data()
{
    QTest::addColumn<quint64>("seed");
    for (quint64 seed = 1; seed <= 20; ++seed)
        QTest::addRow("seed-%llu", static_cast<unsigned long long>(seed)) << seed;
}

void TestExactMoments::meanIgnoresOrder()
{
    // An exact sum cannot depend on the order of the terms; a double sum usually does.
    QFETCH(quint64, seed);
    std::mt19937_64 generator(seed);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::uniform_int_distribution<int> exponent(-30, 30);
    QList<double> values;
    for (int i = 0; i < 50; ++i)
        values.append(std::ldexp(unit(generator), exponent(generator)));
    const double reference = ExactMoments::mean(values);
    for (int round = 0; round < 10; ++round) {
        std::shuffle(values.begin(), values.end(), generator);
        PB_COMPARE_EXACT(ExactMoments::mean(values), reference);
    }
}

void TestExactMoments::meanOfSpecialValues()
{
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    QVERIFY(std::isnan(ExactMoments::mean(QList<double>{})));
    PB_COMPARE_EXACT(ExactMoments::mean(QList<double>{inf, 1.0}), inf);
    PB_COMPARE_EXACT(ExactMoments::mean(QList<double>{-inf, 1.0}), -inf);
    QVERIFY(std::isnan(ExactMoments::mean(QList<double>{inf, -inf})));
    QVERIFY(std::isnan(ExactMoments::mean(QList<double>{nan, 1.0})));
    PB_COMPARE_EXACT(ExactMoments::mean(QList<double>{-0.0, -0.0}), 0.0); // Python gives 0.0
    PB_COMPARE_EXACT(ExactMoments::mean(QList<double>{7.25}), 7.25);
}

void TestExactMoments::stdevMatchesPython_data()
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

void TestExactMoments::stdevMatchesPython()
{
    QFETCH(QList<double>, values);
    QFETCH(double, expected);
    PB_COMPARE_EXACT(ExactMoments::sampleStandardDeviation(values), expected);
}

void TestExactMoments::stdevNeedsTwoFiniteValues()
{
    QVERIFY(std::isnan(ExactMoments::sampleStandardDeviation(QList<double>{})));
    QVERIFY(std::isnan(ExactMoments::sampleStandardDeviation(QList<double>{3.0})));
    QVERIFY(std::isnan(ExactMoments::sampleStandardDeviation(
        QList<double>{1.0, std::numeric_limits<double>::infinity()})));
    PB_COMPARE_EXACT(ExactMoments::sampleStandardDeviation(QList<double>{4.0, 4.0, 4.0}), 0.0);
}

void TestExactMoments::quotientMatchesPython_data()
{
    QTest::addColumn<QString>("numerator");
    QTest::addColumn<QString>("denominator");
    QTest::addColumn<double>("expected");
    // Python's int / int (correctly rounded): ties at 2^53, the largest double, subnormal
    // ties, results below half the smallest subnormal, random big integers.
    // python3 tests/stats/make_stats_literals.py quotient
    QTest::addRow("quotient-0") << QStringLiteral("1") << QStringLiteral("3")
                                << 0x1.5555555555555p-2;
    QTest::addRow("quotient-1") << QStringLiteral("2") << QStringLiteral("3")
                                << 0x1.5555555555555p-1;
    QTest::addRow("quotient-2") << QStringLiteral("-7") << QStringLiteral("9")
                                << -0x1.8e38e38e38e39p-1;
    QTest::addRow("quotient-3") << QStringLiteral("1000000000000000000000000000001")
                                << QStringLiteral("1000000000000") << 0x1.bc16d674ec800p+59;
    QTest::addRow("quotient-4")
        << QStringLiteral("1")
        << QStringLiteral(
               "10000000000000000000000000000000000000000000000000000000000000000000000000000000000"
               "00000000000000000000000000000000000000000000000000000000000000000000000000000000000"
               "00000000000000000000000000000000000000000000000000000000000000000000000000000000000"
               "000000000000000000000000000000000000000000000000000000000000000000000000")
        << 0x0.00000000007e8p-1022;
    QTest::addRow("quotient-5")
        << QStringLiteral("135829852904938584927735142835926677860349384693174454974851966972781309"
                          "275424184872053920832075605922985782629538473834750387255432349299711555"
                          "483428006287218857634994063903317828641441646807307668371605262231765127"
                          "984357721299565533552860322030803807757597323201989850948840040691161230"
                          "84147875437183658467465148948790552744165376")
        << QStringLiteral("3713820117856140824697372672") << 0x1.5555555555555p+1008;
    QTest::addRow("quotient-6") << QStringLiteral("9007199254740993") << QStringLiteral("1")
                                << 0x1.0000000000000p+53;
    QTest::addRow("quotient-7") << QStringLiteral("9007199254740995") << QStringLiteral("1")
                                << 0x1.0000000000002p+53;
    QTest::addRow("quotient-8") << QStringLiteral("18014398509481986") << QStringLiteral("1")
                                << 0x1.0000000000000p+54;
    QTest::addRow("quotient-9")
        << QStringLiteral(
               "17976931348623157081452742373170435679807056752584499659891747680315726078002853876"
               "05895586327668781715404589535143824642343213268894641827684675467035375169860499105"
               "76551282076245490090389328944075868508455133942304583236903222948165808559332123348"
               "274797826204144723168738177180919299881250404026184124858368")
        << QStringLiteral("1") << 0x1.fffffffffffffp+1023;
    QTest::addRow("quotient-10")
        << QStringLiteral(
               "17976931348623156582492664989490482765713878493374858143028932571451340702366043266"
               "75598289603567137091455452219251297408782042164082260728373725757195533651381204148"
               "64472731276231307712675137650231564897547665985671191375543412964838782421529947376"
               "052659655084034329400935909991529195775354165950324100038656")
        << QStringLiteral("1") << 0x1.fffffffffffffp+1023;
    QTest::addRow("quotient-11")
        << QStringLiteral("1")
        << QStringLiteral(
               "40480450661462123670499069343783461409911329952828423671380271605486067913599069378"
               "39207674028742489903741557286336238227796174747715869537340267998814770198430348485"
               "53132722728933815484186432682479535356945490137124014966849385397236206711298319112"
               "681620113024717539104666829230461005064372655017292012526615415482186989568")
        << 0.0;
    QTest::addRow("quotient-12")
        << QStringLiteral("3")
        << QStringLiteral(
               "80960901322924247340998138687566922819822659905656847342760543210972135827198138756"
               "78415348057484979807483114572672476455592349495431739074680535997629540396860696971"
               "06265445457867630968372865364959070713890980274248029933698770794472413422596638225"
               "363240226049435078209333658460922010128745310034584025053230830964373979136")
        << 0x0.0000000000001p-1022;
    QTest::addRow("quotient-13")
        << QStringLiteral("1")
        << QStringLiteral(
               "20240225330731061835249534671891730704955664976414211835690135802743033956799534689"
               "19603837014371244951870778643168119113898087373857934768670133999407385099215174242"
               "76566361364466907742093216341239767678472745068562007483424692698618103355649159556"
               "340810056512358769552333414615230502532186327508646006263307707741093494785")
        << 0x0.0000000000001p-1022;
    QTest::addRow("quotient-14")
        << QStringLiteral("3")
        << QStringLiteral(
               "40480450661462123670499069343783461409911329952828423671380271605486067913599069378"
               "39207674028742489903741557286336238227796174747715869537340267998814770198430348485"
               "53132722728933815484186432682479535356945490137124014966849385397236206711298319112"
               "681620113024717539104666829230461005064372655017292012526615415482186989568")
        << 0x0.0000000000002p-1022;
    QTest::addRow("quotient-15") << QStringLiteral(
                                        "1009089195782451856298493522916692762167041382457")
                                 << QStringLiteral("862635143993019257231174443003623544")
                                 << 0x1.105c08fc8b4e2p+40;
    QTest::addRow("quotient-16") << QStringLiteral("14760") << QStringLiteral("199605040")
                                 << 0x1.3626f192b9d81p-14;
    QTest::addRow("quotient-17") << QStringLiteral("1445564282942736270334601494296424704")
                                 << QStringLiteral("72816416882006445661389294673000322374574938")
                                 << 0x1.550eca7ada66dp-26;
    QTest::addRow("quotient-18") << QStringLiteral("-4112080772806255346353")
                                 << QStringLiteral("1755619101559") << -0x1.17377bb926fbbp+31;
    QTest::addRow("quotient-19") << QStringLiteral("-72754") << QStringLiteral("567970169")
                                 << -0x1.0ca2592884425p-13;
    QTest::addRow("quotient-20") << QStringLiteral("0") << QStringLiteral("1464035843457") << 0.0;
    QTest::addRow("quotient-21") << QStringLiteral("7525560976445776032954")
                                 << QStringLiteral("136313418534296") << 0x1.a533b119e6aaap+25;
    QTest::addRow("quotient-22") << QStringLiteral(
                                        "57235887202917481008909095138828730429544587074120251")
                                 << QStringLiteral("9267641606255369051644056466")
                                 << 0x1.46f2d8cc44d0dp+82;
    QTest::addRow("quotient-23") << QStringLiteral("-18312932860")
                                 << QStringLiteral("177155208755590675375493")
                                 << -0x1.d18c1798050d4p-44;
    QTest::addRow("quotient-24") << QStringLiteral("-1") << QStringLiteral("40627")
                                 << -0x1.9cf5113f181d6p-16;
    QTest::addRow("quotient-25") << QStringLiteral("-1190267423245306900955948698")
                                 << QStringLiteral("133008614039776") << -0x1.0471c08e1fb3ep+43;
    QTest::addRow("quotient-26") << QStringLiteral(
                                        "-70083298880592466355174489797304393332224945693275316")
                                 << QStringLiteral("8539824447266333906660468200169")
                                 << -0x1.bce2105219bfep+72;
    QTest::addRow("quotient-27") << QStringLiteral("16662357934734637166673624028")
                                 << QStringLiteral("51816024899872515947732808653754104")
                                 << 0x1.5947d87ae193fp-22;
    QTest::addRow("quotient-28") << QStringLiteral("1701765338112406")
                                 << QStringLiteral("593308283598420985112669226319570969")
                                 << 0x1.b1709fed67c6bp-69;
    QTest::addRow("quotient-29") << QStringLiteral("-25557946005234370590313814319994676876810")
                                 << QStringLiteral("71452226807571010334698")
                                 << -0x1.3db1ec57fdea9p+58;
    QTest::addRow("quotient-30") << QStringLiteral("-3497770")
                                 << QStringLiteral("1751840195668212363475925316880601919903")
                                 << -0x1.4bbf15d98980bp-109;
    QTest::addRow("quotient-31") << QStringLiteral("1285786147733087205124")
                                 << QStringLiteral("370139763767252646327545")
                                 << 0x1.c750e64f68e27p-9;
    QTest::addRow("quotient-32") << QStringLiteral("5505283812737")
                                 << QStringLiteral(
                                        "35315014049242128043478286525593850943126649242643185377")
                                 << 0x1.bcfd49ec6bb84p-143;
    QTest::addRow("quotient-33") << QStringLiteral("-663") << QStringLiteral("122")
                                 << -0x1.5bcda3ac10c97p+2;
    QTest::addRow("quotient-34")
        << QStringLiteral("-1021545645191962942602717918389732206624773159014724650751")
        << QStringLiteral("266527233085") << -0x1.57bcc73314492p+151;
    QTest::addRow("quotient-35")
        << QStringLiteral("5609870687273611761756240523368416206310988606200")
        << QStringLiteral("309151007127348370679439944717319840617007400169534483600")
        << 0x1.37bf2fd834cd6p-26;
    QTest::addRow("quotient-36") << QStringLiteral("30220358926979956429124507804866")
                                 << QStringLiteral("55361") << 0x1.c38a307fecaadp+88;
    QTest::addRow("quotient-37") << QStringLiteral("299201444284709656702812767706173")
                                 << QStringLiteral("15887388657756096414607536668072627352142")
                                 << 0x1.438ad1b81233dp-26;
    QTest::addRow("quotient-38") << QStringLiteral("-1407288713702492030011052")
                                 << QStringLiteral("7614821551128473943054873547768")
                                 << -0x1.8cdfe7e1a2823p-23;
    QTest::addRow("quotient-39") << QStringLiteral("-87090897313644372907677116388930955411054")
                                 << QStringLiteral("69222370751917") << -0x1.042cf78868359p+90;
}

void TestExactMoments::quotientMatchesPython()
{
    QFETCH(QString, numerator);
    QFETCH(QString, denominator);
    QFETCH(double, expected);
    const BigInt a(numerator.toStdString());
    const BigInt b(denominator.toStdString());
    PB_COMPARE_EXACT(CorrectRounding::quotient(a, b), expected);
}

void TestExactMoments::quotientAgreesWithHardwareDivision()
{
    // IEEE division of two doubles is correctly rounded, so it is a second oracle.
    std::mt19937_64 generator(11);
    std::uniform_int_distribution<std::int64_t> integer(-(std::int64_t{1} << 53),
                                                        std::int64_t{1} << 53);
    for (int i = 0; i < 20000; ++i) {
        const std::int64_t a = integer(generator);
        std::int64_t b = integer(generator);
        if (b == 0)
            b = 1;
        if (b < 0) {
            b = -b;
        }
        const double expected = static_cast<double>(a) / static_cast<double>(b);
        const double actual = CorrectRounding::quotient(BigInt(a), BigInt(b));
        if (!test::sameDouble(actual, expected))
            QFAIL(qPrintable(QStringLiteral("%1 / %2").arg(a).arg(b)));
    }
}

void TestExactMoments::squareRootMatchesPython_data()
{
    QTest::addColumn<QString>("numerator");
    QTest::addColumn<QString>("denominator");
    QTest::addColumn<double>("expected");
    // statistics._float_sqrt_of_frac(n, m) from Python 3.11.
    // python3 tests/stats/make_stats_literals.py sqrt
    QTest::addRow("sqrt-0") << QStringLiteral("1") << QStringLiteral("1") << 0x1.0000000000000p+0;
    QTest::addRow("sqrt-1") << QStringLiteral("2") << QStringLiteral("1") << 0x1.6a09e667f3bcdp+0;
    QTest::addRow("sqrt-2") << QStringLiteral("1") << QStringLiteral("2") << 0x1.6a09e667f3bcdp-1;
    QTest::addRow("sqrt-3") << QStringLiteral("9") << QStringLiteral("4") << 0x1.8000000000000p+0;
    QTest::addRow("sqrt-4") << QStringLiteral("10000000000000000000000000000000000000000")
                            << QStringLiteral("3") << 0x1.909e028b7530ap+65;
    QTest::addRow("sqrt-5") << QStringLiteral("1")
                            << QStringLiteral("10000000000000000000000000000000000000000")
                            << 0x1.79ca10c924223p-67;
    QTest::addRow("sqrt-6") << QStringLiteral("162259276829213363391578010288129")
                            << QStringLiteral("1") << 0x1.6a09e667f3bcdp+53;
    QTest::addRow("sqrt-7") << QStringLiteral("46675090227658666714753924445926356964578455")
                            << QStringLiteral("1") << 0x1.725be5109a2ecp+72;
    QTest::addRow("sqrt-8") << QStringLiteral("161760574005")
                            << QStringLiteral("992030459042733488140362020408798247")
                            << 0x1.c6a5710fea31dp-42;
    QTest::addRow("sqrt-9") << QStringLiteral("1318684350648716471296634")
                            << QStringLiteral("74224711030279177383754316533627245912")
                            << 0x1.1e3cb75ebfbd7p-23;
    QTest::addRow("sqrt-10") << QStringLiteral("55343981255943303726416315239122")
                             << QStringLiteral("6475498") << 0x1.545630831b59bp+41;
    QTest::addRow("sqrt-11") << QStringLiteral("11842754961296106650396577632286698760681773")
                             << QStringLiteral("7082354") << 0x1.1f21257e25fe7p+60;
    QTest::addRow("sqrt-12") << QStringLiteral("234998108899829044865501627986924")
                             << QStringLiteral("28398955541473671662094422255950")
                             << 0x1.7034c26e98cd3p+1;
    QTest::addRow("sqrt-13") << QStringLiteral("25352684") << QStringLiteral("1429711723178778")
                             << 0x1.174406bf3514cp-13;
    QTest::addRow("sqrt-14") << QStringLiteral("1733096933185371576547")
                             << QStringLiteral("2951676880324455") << 0x1.7f2179adb53fep+9;
    QTest::addRow("sqrt-15") << QStringLiteral("8246890170084295435043242418")
                             << QStringLiteral("648387653283241") << 0x1.b35967fc8ebbfp+21;
    QTest::addRow("sqrt-16") << QStringLiteral("215561547433555129843280742209689990748")
                             << QStringLiteral("3963177845153078135") << 0x1.b7960bdd6ef7ep+32;
    QTest::addRow("sqrt-17") << QStringLiteral("36148039663989812968208")
                             << QStringLiteral("4195623") << 0x1.621511f91fac8p+26;
    QTest::addRow("sqrt-18") << QStringLiteral("11795119609196062701052580250140620219057")
                             << QStringLiteral("459161526435091888249429") << 0x1.31b3c0f358976p+27;
    QTest::addRow("sqrt-19") << QStringLiteral("4463766063229365737419184810733430723")
                             << QStringLiteral("397838679444637391036082346058101075996")
                             << 0x1.b1de170d873ebp-4;
    QTest::addRow("sqrt-20") << QStringLiteral("51943668365514140677598573")
                             << QStringLiteral("318766699483403097990302") << 0x1.987d0d11e4952p+3;
    QTest::addRow("sqrt-21") << QStringLiteral("1242196932676357501081664990856")
                             << QStringLiteral("50525973527314937848743210527163369905")
                             << 0x1.48d3c624777f6p-13;
    QTest::addRow("sqrt-22") << QStringLiteral("1223382130934950775474697158502")
                             << QStringLiteral("7484795") << 0x1.7885d40d2cf08p+38;
    QTest::addRow("sqrt-23") << QStringLiteral("15785405730343483579994711363637514")
                             << QStringLiteral("541786") << 0x1.367cce6323939p+47;
    QTest::addRow("sqrt-24") << QStringLiteral("1059970267288752308965394109881104")
                             << QStringLiteral("30280381405729612559455098199331")
                             << 0x1.7aa83a0618048p+2;
    QTest::addRow("sqrt-25") << QStringLiteral("433270926667280037254")
                             << QStringLiteral("768878778688") << 0x1.72e977a3513c2p+14;
    QTest::addRow("sqrt-26") << QStringLiteral("125837024333808722003701311369343158543255")
                             << QStringLiteral("283013675855183") << 0x1.32d89ca8f3218p+44;
    QTest::addRow("sqrt-27") << QStringLiteral("21164893828598591622135748824019035")
                             << QStringLiteral("49630243648139345846363881162562")
                             << 0x1.4a6947b035ce7p+4;
    QTest::addRow("sqrt-28") << QStringLiteral("27915385188849836602095586314211003722")
                             << QStringLiteral("4014035806721251744933646751543667023")
                             << 0x1.518d681677475p+1;
    QTest::addRow("sqrt-29") << QStringLiteral("159000753532912456738681214245567241935")
                             << QStringLiteral("1576747610590157548384299")
                             << 0x1.3274d09e5002ep+23;
}

void TestExactMoments::squareRootMatchesPython()
{
    QFETCH(QString, numerator);
    QFETCH(QString, denominator);
    QFETCH(double, expected);
    const BigInt a(numerator.toStdString());
    const BigInt b(denominator.toStdString());
    PB_COMPARE_EXACT(CorrectRounding::squareRootOfQuotient(a, b), expected);
}

QTEST_GUILESS_MAIN(TestExactMoments)
#include "tst_exact_moments.moc"
