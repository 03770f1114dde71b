// ExactMoments::mean against Python 3.11's statistics.mean, bit for bit.
#include "ExactDouble.h"
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

QTEST_GUILESS_MAIN(TestExactMoments)
#include "tst_exact_moments.moc"
