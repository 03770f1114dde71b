#include "TestPaths.h"
#include "judge/RubricReader.h"

#include <QtTest>

using pb::ProbeProblem;
using pb::Rubric;
using pb::RubricLoadResult;
using pb::RubricReader;
using pb::RubricScale;

namespace {

// A lab rubric with three criteria; %1..%3 are the weights.
QByteArray labRubric(int w1, int w2, int w3)
{
    return QStringLiteral(R"({"criteria": [
  {"id": "C1", "name": "Claim", "weight": %1,
   "levels": {"4": "clear claim", "3": "vague claim", "2": "topic only", "1": "nothing"}},
  {"id": "C2", "name": "Evidence", "weight": %2,
   "levels": {"4": "two pieces", "3": "one piece", "2": "mentioned", "1": "none"}},
  {"id": "C3", "name": "Counter", "weight": %3,
   "levels": {"4": "refuted", "3": "weak", "2": "hinted", "1": "none"}}]})")
        .arg(w1)
        .arg(w2)
        .arg(w3)
        .toUtf8();
}

QStringList errorLines(const RubricLoadResult& result)
{
    QStringList out;
    for (const ProbeProblem& p : result.problems) {
        if (p.isError())
            out << (p.path + QStringLiteral(": ") + p.message);
    }
    return out;
}

} // namespace

class TestRubricReader : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void labForm();
    void passFailForm();
    void shippedRubricLoads();
    void invalid_data();
    void invalid();
    void weightedPoints();
};

void TestRubricReader::labForm()
{
    const RubricLoadResult result =
        RubricReader::parse(labRubric(30, 40, 30), QStringLiteral("r.json"));
    QVERIFY2(result.ok(), qPrintable(result.text()));
    const Rubric& r = *result.rubric;
    QCOMPARE(r.scale, RubricScale::Levels);
    QCOMPARE(r.ids(),
             (QStringList{QStringLiteral("C1"), QStringLiteral("C2"), QStringLiteral("C3")}));
    QCOMPARE(r.criteria.at(1).weight, 40.0);
    QCOMPARE(r.criteria.at(0).levels.value(3), QStringLiteral("vague claim"));
    QCOMPARE(r.criteria.at(2).levels.size(), 4);
}

void TestRubricReader::passFailForm()
{
    const QByteArray json = R"({"scale": "pass_fail", "criteria": [
        {"id": "names_the_setting", "description": "names the setting asked about"},
        {"id": "states_the_limitation", "description": "states any plan restriction"},
        {"id": "no_invented_navigation", "description": "every menu path exists"}]})";
    const RubricLoadResult result = RubricReader::parse(json, QStringLiteral("pf.json"));
    QVERIFY2(result.ok(), qPrintable(result.text()));
    QCOMPARE(result.rubric->scale, RubricScale::PassFail);
    // No weights: every criterion counts the same.
    for (const auto& c : result.rubric->criteria)
        QCOMPARE(c.weight, 100.0 / 3.0);
    QCOMPARE(result.rubric->criteria.at(0).name, QStringLiteral("names_the_setting"));
    // The scale is recognised without "scale" too.
    QByteArray inferred = json;
    inferred.replace(R"("scale": "pass_fail", )", "");
    QCOMPARE(RubricReader::parse(inferred, QStringLiteral("pf.json")).rubric->scale,
             RubricScale::PassFail);
}

void TestRubricReader::shippedRubricLoads()
{
    const RubricLoadResult result = RubricReader::readFile(
        pb::test::sourceDir() + QStringLiteral("/resources/examples/library-hours.rubric.json"));
    QVERIFY2(result.ok(), qPrintable(result.text()));
    QCOMPARE(result.rubric->ids(),
             (QStringList{QStringLiteral("claims_cited"), QStringLiteral("directness"),
                          QStringLiteral("counterargument")}));
    QVERIFY(result.problems.isEmpty());
}

void TestRubricReader::invalid_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected"); // one error line, "path: message" start

    QTest::addRow("weights sum to 90")
        << labRubric(30, 30, 30)
        << QStringLiteral("criteria: the weights sum to 90, not 100 (C1 30, C2 30, C3 30)");
    QTest::addRow("weights sum to 110")
        << labRubric(40, 40, 30) << QStringLiteral("criteria: the weights sum to 110, not 100");
    QByteArray missingLevel = labRubric(30, 40, 30);
    missingLevel.replace(R"("3": "one piece", )", "");
    QTest::addRow("missing level")
        << missingLevel
        << QStringLiteral(
               "criteria[1].levels[\"3\"]: missing: every criterion describes levels 1 to 4");
    QByteArray extraLevel = labRubric(30, 40, 30);
    extraLevel.replace(R"("1": "nothing"})", R"("1": "nothing", "5": "beyond"})");
    QTest::addRow("level 5") << extraLevel
                             << QStringLiteral("criteria[0].levels[\"5\"]: is not a level");
    QByteArray duplicate = labRubric(30, 40, 30);
    duplicate.replace(R"("id": "C3")", R"("id": "C1")");
    QTest::addRow("duplicate id") << duplicate
                                  << QStringLiteral(
                                         "criteria[2].id: repeats the id \"C1\" of criteria[0]");
    QByteArray noWeight = labRubric(30, 40, 30);
    noWeight.replace(R"("weight": 40,)", "");
    QTest::addRow("missing weight") << noWeight << QStringLiteral("criteria[1].weight: missing");
    QByteArray fractional = labRubric(30, 40, 30);
    fractional.replace(R"("weight": 40,)", R"("weight": 40.5,)");
    QTest::addRow("fractional weight")
        << fractional << QStringLiteral("criteria[1].weight: must be a whole number");
    QByteArray emptyLevel = labRubric(30, 40, 30);
    emptyLevel.replace(R"("2": "hinted")", R"("2": "  ")");
    QTest::addRow("empty descriptor")
        << emptyLevel << QStringLiteral("criteria[2].levels[\"2\"]: is empty");
    QTest::addRow("no criteria") << QByteArray(R"({"criteria": []})")
                                 << QStringLiteral("criteria: is empty");
    QTest::addRow("criteria missing")
        << QByteArray(R"({"title": "x"})") << QStringLiteral("criteria: missing");
    QTest::addRow("pass/fail with some weights")
        << QByteArray(
               R"({"scale": "pass_fail", "criteria": [{"id": "a", "description": "x", "weight": 50},
                         {"id": "b", "description": "y"}]})")
        << QStringLiteral("criteria: 1 of 2 criteria have a weight");
    QTest::addRow("pass/fail weights not 100")
        << QByteArray(
               R"({"scale": "pass_fail", "criteria": [{"id": "a", "description": "x", "weight": 50},
                         {"id": "b", "description": "y", "weight": 20}]})")
        << QStringLiteral("criteria: the weights sum to 70, not 100");
    QTest::addRow("pass/fail without description")
        << QByteArray(R"({"scale": "pass_fail", "criteria": [{"id": "a"}]})")
        << QStringLiteral("criteria[0].description: missing");
    QTest::addRow("levels on a pass/fail rubric")
        << QByteArray(R"({"scale": "pass_fail", "criteria": [{"id": "a", "description": "x",
                         "levels": {"1": "a", "2": "b", "3": "c", "4": "d"}}]})")
        << QStringLiteral("criteria[0].levels: a pass/fail rubric has no levels");
    QTest::addRow("unknown scale") << QByteArray(R"({"scale": "stars", "criteria": [{"id": "a"}]})")
                                   << QStringLiteral("scale: must be \"levels\" or \"pass_fail\"");
    QTest::addRow("duplicate key") << QByteArray(R"({"criteria": [], "criteria": []})")
                                   << QStringLiteral("criteria: is given more than once");
}

void TestRubricReader::invalid()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const RubricLoadResult result = RubricReader::parse(json, QStringLiteral("bad.rubric.json"));
    QVERIFY(!result.ok());
    const QStringList errors = errorLines(result);
    bool found = false;
    for (const QString& e : errors)
        found = found || e.startsWith(expected);
    QVERIFY2(found, qPrintable(errors.join(QLatin1Char('\n'))));
    // Rendered with the file name in front, one line per problem.
    QVERIFY(result.text().startsWith(QStringLiteral("bad.rubric.json: ")));
}

void TestRubricReader::weightedPoints()
{
    const Rubric r = *RubricReader::parse(labRubric(30, 40, 30), QStringLiteral("r")).rubric;
    // The lab's total: weight * level / 4.
    QCOMPARE(r.weightedPoints(r.criteria.at(0), 4), 30.0);
    QCOMPARE(r.weightedPoints(r.criteria.at(1), 1), 10.0);
    QCOMPARE(r.weightedPoints(r.criteria.at(2), 3), 22.5);
    QVERIFY(!r.isValidVerdict(0));
    QVERIFY(!r.isValidVerdict(5));
    QCOMPARE(r.verdictFromText(QStringLiteral("4")), std::optional<int>(4));
    QCOMPARE(r.verdictFromText(QStringLiteral("5")), std::optional<int>());
}

QTEST_GUILESS_MAIN(TestRubricReader)
#include "tst_rubricreader.moc"
