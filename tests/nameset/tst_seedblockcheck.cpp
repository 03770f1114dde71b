// The name set's same-versus-same check: each name's move between the probe's seeds and the
// shifted seeds, their average and the sign-flip p over names, and each group's two means.
#include "nameset/SeedBlockCheck.h"
#include "stats/groups/NameSetReplies.h"

#include <QtTest>
#include <cmath>

using namespace pb;

namespace {

// One name's scores, one per seed; NaN is an excluded reply (no score).
struct NameScores
{
    std::string name;
    std::string group;
    std::vector<double> scores;
};

groups::GroupTable table(const std::vector<NameScores>& names)
{
    groups::NameSetReplies in;
    in.decisions.values = {"yes", "no"};
    in.decisions.favourable = {"yes"};
    for (const NameScores& n : names) {
        groups::NameReplies r{n.name, n.group, {}};
        for (double s : n.scores)
            r.replies.push_back(std::isnan(s) ? groups::SeedReply::exclusion()
                                              : groups::SeedReply::scored(s, "yes"));
        in.names.push_back(r);
    }
    return groups::GroupTable::build(in);
}

const double kNone = std::nan("");

} // namespace

class TestSeedBlockCheck : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void moves_data();
    void moves();
    void nothingOnBothBlocks();
};

void TestSeedBlockCheck::moves_data()
{
    QTest::addColumn<QList<double>>("probe"); // one score per name: a1 a2 b1 b2
    QTest::addColumn<QList<double>>("noise"); // the same names, shifted seeds
    QTest::addColumn<QList<double>>("moves"); // expected, names scored on both blocks
    QTest::addColumn<double>("average");
    QTest::addColumn<double>("p"); // the sign-flip p, counted by hand
    QTest::addColumn<double>("largestGroupMove");

    // Moves +1 0 +1 +1: the zero doubles both counts; of the 8 patterns of the three nonzero
    // moves only all-plus and all-minus reach |mean| 0.75, so p = 2/8.
    QTest::newRow("three moves up") << QList<double>{5, 6, 7, 8} << QList<double>{6, 6, 8, 9}
                                    << QList<double>{1, 0, 1, 1} << 0.75 << 0.25 << 1.0;
    // Moves +1 -1 +1 -1: mean 0, every pattern is at least as extreme.
    QTest::newRow("moves cancel") << QList<double>{5, 6, 7, 8} << QList<double>{6, 5, 8, 7}
                                  << QList<double>{1, -1, 1, -1} << 0.0 << 1.0 << 0.0;
    // b2 scored nothing on the shifted seeds: left out of the moves, not read as zero.
    QTest::newRow("a name missing on one block")
        << QList<double>{5, 6, 7, 8} << QList<double>{7, 8, 9, kNone} << QList<double>{2, 2, 2}
        << 2.0 << 0.25 << 2.0;
}

void TestSeedBlockCheck::moves()
{
    QFETCH(QList<double>, probe);
    QFETCH(QList<double>, noise);
    QFETCH(QList<double>, moves);
    QFETCH(double, average);
    QFETCH(double, p);
    QFETCH(double, largestGroupMove);
    const std::vector<std::pair<std::string, std::string>> names = {
        {"a1", "A"}, {"a2", "A"}, {"b1", "B"}, {"b2", "B"}};
    std::vector<NameScores> first, second;
    for (int i = 0; i < 4; ++i) {
        first.push_back({names[i].first, names[i].second, {probe[i]}});
        second.push_back({names[i].first, names[i].second, {noise[i]}});
    }
    const std::optional<SeedBlockCheck> check =
        SeedBlockCheck::compute(table(first), table(second));
    QVERIFY(check.has_value());
    QCOMPARE(check->nameMoves, moves);
    QCOMPARE(check->names(), int(moves.size()));
    QCOMPARE(check->averageMove, average);
    QCOMPARE(check->signFlip.p, p);
    QCOMPARE(check->largestGroupMove(), largestGroupMove);
    QCOMPARE(check->groups.size(), 2);
    QCOMPARE(check->groups[0].group, QStringLiteral("A"));
    QCOMPARE(check->groups[0].probeMean, (probe[0] + probe[1]) / 2);
}

void TestSeedBlockCheck::nothingOnBothBlocks()
{
    const std::vector<NameScores> probe = {{"a1", "A", {5}}, {"b1", "B", {kNone}}};
    const std::vector<NameScores> noise = {{"a1", "A", {kNone}}, {"b1", "B", {6}}};
    QVERIFY(!SeedBlockCheck::compute(table(probe), table(noise)).has_value());
}

QTEST_GUILESS_MAIN(TestSeedBlockCheck)
#include "tst_seedblockcheck.moc"
