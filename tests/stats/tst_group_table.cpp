#include "stats/groups/GroupTable.h"
#include "stats/groups/NamesPerGroupCheck.h"

#include <QTest>
#include <cmath>
#include <stdexcept>

using namespace pb::groups;

namespace {

// Two groups; "Ana" has an excluded reply, "Eve" has nothing but exclusions.
NameSetReplies sample()
{
    NameSetReplies input;
    input.decisions = {{"interview", "hold", "reject"}, {"interview"}};
    input.names = {
        {"Ana",
         "A",
         {SeedReply::scored(7, "interview"), SeedReply::exclusion(), SeedReply::scored(5, "hold")}},
        {"Bo", "B", {SeedReply::scored(4, "reject"), SeedReply::scored(6, "interview")}},
        {"Cy", "A", {SeedReply::scored(9, "interview"), SeedReply::scored(9, "interview")}},
        {"Eve", "B", {SeedReply::exclusion(), SeedReply::exclusion()}},
    };
    return input;
}

} // namespace

class TestGroupTable : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void summarisesNames();
    void summarisesGroups();
    void feedsTheTests();
    void rejectsBadInput_data();
    void rejectsBadInput();
    void warnsAboutFewNames_data();
    void warnsAboutFewNames();
};

void TestGroupTable::summarisesNames()
{
    const GroupTable table = GroupTable::build(sample());
    QCOMPARE(table.names().size(), std::size_t(4));
    const NameSummary& ana = table.names()[0];
    QCOMPARE(ana.replies, 3);
    QCOMPARE(ana.excluded, 1);
    QCOMPARE(ana.scored, 2);
    QCOMPARE(ana.scoreMean, 6.0);
    QCOMPARE(ana.scoreSd, std::sqrt(2.0));
    QCOMPARE(ana.favourable.successes, 1LL);
    QCOMPARE(ana.favourable.trials, 2LL);
    QCOMPARE(ana.decisionCounts, (std::vector<long long>{1, 1, 0}));
    const NameSummary& cy = table.names()[2];
    QCOMPARE(cy.scoreSd, 0.0);
    const NameSummary& eve = table.names()[3];
    QCOMPARE(eve.scored, 0);
    QVERIFY(std::isnan(eve.scoreMean));
    QVERIFY(std::isnan(eve.scoreSd));
    QCOMPARE(eve.favourable.trials, 0LL);
}

void TestGroupTable::summarisesGroups()
{
    const GroupTable table = GroupTable::build(sample());
    QCOMPARE(table.groups().size(), std::size_t(2));
    const GroupSummary& a = table.groups()[0];
    QCOMPARE(QString::fromStdString(a.group), QStringLiteral("A"));
    QCOMPARE(a.names, 2);
    QCOMPARE(a.namesWithScores, 2);
    QCOMPARE(a.replies, 5);
    QCOMPARE(a.excluded, 1);
    QCOMPARE(a.scored, 4);
    QCOMPARE(a.scoreMean, 7.5);                 // (7 + 5 + 9 + 9) / 4
    QCOMPARE(a.scoreSd, std::sqrt(11.0 / 3.0)); // squares about 7.5: 0.25 + 6.25 + 2.25 + 2.25
    QCOMPARE(a.nameMeanMean, 7.5);              // Ana 6, Cy 9
    QCOMPARE(a.favourable.successes, 3LL);
    QCOMPARE(a.favourable.trials, 4LL);
    const GroupSummary& b = table.groups()[1];
    QCOMPARE(b.names, 2);
    QCOMPARE(b.namesWithScores, 1); // Eve's replies were all excluded
    QCOMPARE(b.excluded, 2);
    QVERIFY(std::isnan(b.nameMeanSd)); // one name mean only
    QCOMPARE(b.decisionCounts, (std::vector<long long>{1, 0, 1}));
}

void TestGroupTable::feedsTheTests()
{
    const GroupTable table = GroupTable::build(sample());
    const ContingencyTable decisions = table.decisionTable();
    QCOMPARE(decisions.rows(), 2);
    QCOMPARE(decisions.columns(), 3);
    QCOMPARE(decisions.count(0, 0), 3LL);
    QCOMPARE(decisions.total(), 6LL); // scored replies only
    QCOMPARE(table.replyScoresByGroup(), (std::vector<std::vector<double>>{{7, 5, 9, 9}, {4, 6}}));
    QCOMPARE(table.nameMeansByGroup(), (std::vector<std::vector<double>>{{6, 9}, {5}}));
    const auto favourable = table.favourableByGroup();
    QCOMPARE(favourable[1].successes, 1LL);
    QCOMPARE(favourable[1].trials, 2LL);
}

void TestGroupTable::rejectsBadInput_data()
{
    QTest::addColumn<int>("breakage");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("decision-outside-set") << 0 << "name 2 ('Bo'), reply 1: decision 'maybe'";
    QTest::addRow("favourable-outside-set") << 1 << "favourable decision 'hire'";
    QTest::addRow("duplicate-name") << 2 << "name 3 ('Ana'): the name appears twice";
    QTest::addRow("empty-group") << 3 << "name 1 ('Ana'): the group is empty";
    QTest::addRow("non-finite-score") << 4 << "name 3 ('Cy'), reply 2: score";
}

void TestGroupTable::rejectsBadInput()
{
    QFETCH(int, breakage);
    QFETCH(QString, mentions);
    NameSetReplies input = sample();
    switch (breakage) {
    case 0:
        input.names[1].replies[0].decision = "maybe";
        break;
    case 1:
        input.decisions.favourable.push_back("hire");
        break;
    case 2:
        input.names[2].name = "Ana";
        break;
    case 3:
        input.names[0].group.clear();
        break;
    case 4:
        input.names[2].replies[1].score = std::nan("");
        break;
    }
    const auto problem = input.problem();
    QVERIFY(problem.has_value());
    QVERIFY2(QString::fromStdString(*problem).contains(mentions), problem->c_str());
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, GroupTable::build(input));
    QVERIFY(!sample().problem().has_value());
}

void TestGroupTable::warnsAboutFewNames_data()
{
    QTest::addColumn<int>("namesPerGroup");
    QTest::addColumn<bool>("warn");
    QTest::addRow("8-names") << 8 << true;
    QTest::addRow("29-names") << 29 << true;
    QTest::addRow("30-names") << 30 << false;
}

void TestGroupTable::warnsAboutFewNames()
{
    QFETCH(int, namesPerGroup);
    QFETCH(bool, warn);
    NameSetReplies input;
    input.decisions = {{"yes", "no"}, {"yes"}};
    for (const char* group : {"A", "B"}) {
        for (int i = 0; i < namesPerGroup; ++i)
            input.names.push_back({std::string(group) + std::to_string(i),
                                   group,
                                   {SeedReply::scored(1, "yes"), SeedReply::scored(2, "no")}});
    }
    // A name whose replies were all excluded does not count toward the thirty.
    input.names.push_back({"ghost", "A", {SeedReply::exclusion()}});
    const NamesPerGroupResult result = NamesPerGroupCheck::run(GroupTable::build(input));
    QCOMPARE(result.warn(), warn);
    if (warn) {
        QCOMPARE(result.below.size(), std::size_t(2));
        QCOMPARE(result.below[0].names, namesPerGroup);
        const QString message = QString::fromStdString(result.message());
        QVERIFY(message.contains(QStringLiteral("Fewer than 30 names")));
        QVERIFY(message.contains(QStringLiteral("A (%1)").arg(namesPerGroup)));
    } else {
        QVERIFY(result.message().empty());
    }
    // Counted directly (a name list before any reply), the same check gives the same verdict.
    const NamesPerGroupResult counted = NamesPerGroupCheck::run(
        std::vector<SmallGroup>{{"A", namesPerGroup}, {"B", namesPerGroup}});
    QCOMPARE(counted.warn(), warn);
    QCOMPARE(counted.message(), result.message());
}

QTEST_GUILESS_MAIN(TestGroupTable)
#include "tst_group_table.moc"
