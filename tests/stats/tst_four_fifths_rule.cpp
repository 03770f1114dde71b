#include "stats/groups/FourFifthsRule.h"

#include <QTest>
#include <cmath>
#include <stdexcept>

using namespace pb::groups;

namespace {

// "60/100;45/100" -> groups g1, g2 with those successes / trials.
std::vector<GroupRate> ratesOf(const QString& text)
{
    std::vector<GroupRate> rates;
    for (const QString& part : text.split(u';')) {
        const QStringList fraction = part.split(u'/');
        rates.push_back({QStringLiteral("g%1").arg(rates.size() + 1).toStdString(),
                         fraction[0].toLongLong(), fraction[1].toLongLong()});
    }
    return rates;
}

QString flagsOf(const FourFifthsResult& result)
{
    QString flags;
    for (const FourFifthsRow& row : result.rows)
        flags += row.highest ? u'H' : (row.flagged ? u'F' : u'.');
    return flags;
}

} // namespace

class TestFourFifthsRule : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void flagsBelowFourFifths_data();
    void flagsBelowFourFifths();
    void impactRatioIsForDisplay();
    void onePersonFlipCheck_data();
    void onePersonFlipCheck();
    void rejectsImpossibleCounts();
    void caveatSaysRuleOfThumb();
};

void TestFourFifthsRule::flagsBelowFourFifths_data()
{
    QTest::addColumn<QString>("rates");
    QTest::addColumn<QString>("flags"); // H highest, F flagged, . passes
    // The Uniform Guidelines' worked example: selection rates 60% (highest), 45%, 48%, 51%;
    // impact ratios 45/60 = 75% (adverse impact), 48/60 = 80% and 51/60 = 85% (none).
    QTest::addRow("eeoc-100-each") << "60/100;45/100;48/100;51/100"
                                   << "HF..";
    // The same rates from unequal groups: only cross-multiplication decides.
    QTest::addRow("eeoc-unequal-sizes") << "27/60;120/200;48/100;102/200"
                                        << "FH..";
    // Exactly four fifths is not flagged; one success fewer is.
    QTest::addRow("exactly-0.8") << "5/5;4/5"
                                 << "H.";
    QTest::addRow("just-below-0.8") << "10/10;79/100"
                                    << "HF";
    // Nobody favoured anywhere: no group below four fifths of zero.
    QTest::addRow("all-zero") << "0/10;0/20"
                              << "H.";
    // A group without trials is not rated, and never the reference.
    QTest::addRow("no-trials") << "0/0;3/4;1/4"
                               << ".HF";
    // Equal highest rates: the first is the reference, the other is not flagged.
    QTest::addRow("tied-highest") << "1/2;2/4;1/4"
                                  << "H.F";
}

void TestFourFifthsRule::flagsBelowFourFifths()
{
    QFETCH(QString, rates);
    QFETCH(QString, flags);
    const FourFifthsResult result = FourFifthsRule::apply(ratesOf(rates));
    QCOMPARE(flagsOf(result), flags);
    QCOMPARE(result.anyFlagged, flags.contains(u'F'));
}

void TestFourFifthsRule::impactRatioIsForDisplay()
{
    const FourFifthsResult result = FourFifthsRule::apply(ratesOf("60/100;45/100;48/100;0/0"));
    QCOMPARE(result.rows[0].impactRatio, 1.0);
    QVERIFY(std::fabs(result.rows[1].impactRatio - 0.75) < 1e-15);
    QVERIFY(std::fabs(result.rows[2].impactRatio - 0.80) < 1e-15);
    QVERIFY(std::isnan(result.rows[3].impactRatio));
}

void TestFourFifthsRule::onePersonFlipCheck_data()
{
    QTest::addColumn<QString>("rates");
    QTest::addColumn<int>("group");
    QTest::addColumn<bool>("byOneMore");
    QTest::addColumn<bool>("byMovingOne");
    // Flagged 2/4 against 4/4: one more success (3/4 vs 4/4, 75%) stays flagged; moving one
    // from the highest group (3/4 vs 3/4) clears it.
    QTest::addRow("small-flag-moving-one-clears") << "4/4;2/4" << 1 << false << true;
    // Flagged 3/5 against 5/5: one more (4/5 = 80%) clears it, and so does moving one.
    QTest::addRow("small-flag-both-clear") << "5/5;3/5" << 1 << true << true;
    // The worked example at 100 each: 45% stays flagged either way (46 vs 60: 76.7%;
    // 46 vs 59: 78.0%), but 48% sits on the line: one fewer (47%) is flagged.
    QTest::addRow("eeoc-45-robust") << "60/100;45/100;48/100;51/100" << 1 << false << false;
    QTest::addRow("eeoc-48-on-the-line") << "60/100;45/100;48/100;51/100" << 2 << true << true;
    QTest::addRow("eeoc-51-robust") << "60/100;45/100;48/100;51/100" << 3 << false << false;
}

void TestFourFifthsRule::onePersonFlipCheck()
{
    QFETCH(QString, rates);
    QFETCH(int, group);
    QFETCH(bool, byOneMore);
    QFETCH(bool, byMovingOne);
    const FourFifthsResult result = FourFifthsRule::apply(ratesOf(rates));
    const FlipCheck& flip = result.rows[static_cast<std::size_t>(group)].flip;
    QCOMPARE(flip.byOneMore, byOneMore);
    QCOMPARE(flip.byMovingOne, byMovingOne);
    QCOMPARE(flip.fragile, byOneMore || byMovingOne);
    QVERIFY(!result.rows[static_cast<std::size_t>(result.highest)].flip.fragile);
}

void TestFourFifthsRule::rejectsImpossibleCounts()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, FourFifthsRule::apply(ratesOf("5/4")));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, FourFifthsRule::apply(ratesOf("-1/4")));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, FourFifthsRule::apply(ratesOf("1/2000000000")));
    // At the bound the products still fit in 64 bits.
    const FourFifthsResult big =
        FourFifthsRule::apply(ratesOf("1000000000/1000000000;799999999/1000000000"));
    QCOMPARE(flagsOf(big), QStringLiteral("HF"));
}

void TestFourFifthsRule::caveatSaysRuleOfThumb()
{
    const std::string caveat(FourFifthsRule::kCaveat);
    QVERIFY(caveat.find("rule of thumb") != std::string::npos);
    QVERIFY(caveat.find("not a legal test") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestFourFifthsRule)
#include "tst_four_fifths_rule.moc"
