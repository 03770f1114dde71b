// CorrectRounding's quotient and square root of big integers against Python, bit for bit.
#include "ExactDouble.h"
#include "stats/CorrectRounding.h"

#include <QTest>
#include <cstdint>
#include <random>

using namespace pb;

class TestCorrectRounding : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void quotientMatchesPython_data();
    void quotientMatchesPython();
    void quotientAgreesWithHardwareDivision();
    void squareRootMatchesPython_data();
    void squareRootMatchesPython();
};

void TestCorrectRounding::quotientMatchesPython_data()
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

void TestCorrectRounding::quotientMatchesPython()
{
    QFETCH(QString, numerator);
    QFETCH(QString, denominator);
    QFETCH(double, expected);
    const BigInt a(numerator.toStdString());
    const BigInt b(denominator.toStdString());
    PB_COMPARE_EXACT(CorrectRounding::quotient(a, b), expected);
}

void TestCorrectRounding::quotientAgreesWithHardwareDivision()
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

void TestCorrectRounding::squareRootMatchesPython_data()
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

void TestCorrectRounding::squareRootMatchesPython()
{
    QFETCH(QString, numerator);
    QFETCH(QString, denominator);
    QFETCH(double, expected);
    const BigInt a(numerator.toStdString());
    const BigInt b(denominator.toStdString());
    PB_COMPARE_EXACT(CorrectRounding::squareRootOfQuotient(a, b), expected);
}

QTEST_GUILESS_MAIN(TestCorrectRounding)
#include "tst_correct_rounding.moc"
