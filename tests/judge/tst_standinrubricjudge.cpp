#include "TestPaths.h"
#include "judge/EvidenceCheck.h"
#include "judge/JudgePrompt.h"
#include "judge/JudgeReplyReader.h"
#include "judge/JudgeSchema.h"
#include "judge/RubricReader.h"
#include "judge/StandInJudgeBackend.h"
#include "judge/StandInRubricJudge.h"
#include "standin/StandInJudge.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace pb;

namespace {

Rubric rubricFile(const QString& path)
{
    return RubricReader::readFile(path).rubric.value_or(Rubric{});
}

QString example(const QString& name)
{
    return test::sourceDir() + QStringLiteral("/resources/examples/") + name;
}

// One criterion on the levels scale whose top level asks for exactly the given words.
RubricCriterion criterion(const QString& name, const QString& top)
{
    RubricCriterion c;
    c.id = QStringLiteral("c");
    c.name = name;
    c.weight = 100;
    c.levels = {{4, top},
                {3, QStringLiteral("three")},
                {2, QStringLiteral("two")},
                {1, QStringLiteral("one")}};
    c.description = top;
    return c;
}

// The call a judge probe or a grading run sends for this answer, as JudgeCallPlan builds it.
CallRequest request(const Rubric& rubric, const QString& answer, qint64 seed,
                    bool structured = true)
{
    JudgeConfig judge;
    judge.seed = seed;
    JudgeVariant variant;
    variant.id = QLatin1String(JudgeVariant::kBaseId);
    variant.answer = answer;
    CallRequest r;
    r.seed = seed;
    r.messages = JudgePrompt::messages(rubric, judge, variant, false);
    if (structured)
        r.responseSchema = JudgeSchema::build(rubric, false, true);
    return r;
}

QJsonArray criteriaOf(const QString& reply)
{
    return QJsonDocument::fromJson(reply.toUtf8())
        .object()
        .value(QLatin1String("criteria"))
        .toArray();
}

const QString kPad = StandInJudge::libraryPad();

} // namespace

// The stand-in judge on a rubric that is not the tutorial's: word overlap with the top
// level, the planted length bonus, and the rubric read back from the prompt a model gets.
class TestStandInRubricJudge : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void keys_data();
    void keys();
    void levelFromOverlap_data();
    void levelFromOverlap();
    void evidenceIsTheBestSentence_data();
    void evidenceIsTheBestSentence();
    void passFail_data();
    void passFail();
    void promptGivesTheRubricBack_data();
    void promptGivesTheRubricBack();
    void everyCriterionValidates_data();
    void everyCriterionValidates();
    void libraryCriteriaStayTheTutorials();
    void schemaNamesTheCriteria();
};

void TestStandInRubricJudge::keys_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("keys");
    QTest::addRow("stems") << "Surveyed survey SURVEYS" << QStringList{"surve"};
    QTest::addRow("short words dropped") << "a an the cat is off" << QStringList{};
    QTest::addRow("function words dropped") << "that which without library" << QStringList{"libra"};
    QTest::addRow("split at punctuation")
        << "cost-benefit (2025)" << QStringList{"cost", "benef", "2025"};
    QTest::addRow("first appearance order")
        << "hours, library, hours" << QStringList{"hours", "libra"};
    QTest::addRow("empty") << "" << QStringList{};
}

void TestStandInRubricJudge::keys()
{
    QFETCH(QString, text);
    QFETCH(QStringList, keys);
    QCOMPARE(StandInRubricJudge::keys(text), keys);
}

void TestStandInRubricJudge::levelFromOverlap_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("level");
    // The asks are "speed", "mileage", "price", "warranty": name "Speed" plus the top level.
    QTest::addRow("none of four") << "A red car." << 1;
    QTest::addRow("one of four") << "Its speed is fine." << 2;
    QTest::addRow("two of four") << "Its speed and price are fine." << 3;
    QTest::addRow("three of four") << "Its speed, mileage and price are fine." << 4;
    QTest::addRow("all four") << "Speed, mileage, price, warranty." << 4;
    QTest::addRow("stems match") << "Speedy and priced." << 3;
    const QString fiftyOne = QStringLiteral("word ").repeated(50) + QStringLiteral("speed");
    QTest::addRow("long text: one level more") << fiftyOne << 3;
    QTest::addRow("fifty words: no bonus") << QStringLiteral("word ").repeated(49) + "speed" << 2;
    QTest::addRow("long text: capped at 4")
        << fiftyOne + QStringLiteral(" mileage price warranty") << 4;
    QTest::addRow("long text with nothing asked") << QStringLiteral("word ").repeated(60) << 2;
}

void TestStandInRubricJudge::levelFromOverlap()
{
    QFETCH(QString, text);
    QFETCH(int, level);
    const RubricCriterion c = criterion(QStringLiteral("Speed"),
                                        QStringLiteral("The speed, mileage, price and warranty."));
    // Four asks: each one found is a level, the fourth adds nothing past 4.
    QCOMPARE(StandInRubricJudge::asks(c, RubricScale::Levels),
             (QStringList{"speed", "milea", "price", "warra"}));
    QCOMPARE(StandInRubricJudge::judge(c, RubricScale::Levels, text).value, level);
}

void TestStandInRubricJudge::evidenceIsTheBestSentence_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("evidence");
    QTest::addRow("the sentence with most asks")
        << "It is red. Its speed and price are fine. The price is high."
        << "Its speed and price are fine.";
    QTest::addRow("first of equals") << "Speed first. Price second."
                                     << "Speed first.";
    QTest::addRow("a line break ends a sentence") << "Title\n- price: 10 (list)\n"
                                                  << "- price: 10 (list)";
    QTest::addRow("a full stop before a space ends one") << "Open until 2 a.m. daily, price 3.50."
                                                         << "daily, price 3.50.";
    QTest::addRow("nothing asked: no quote") << "A red car. Blue seats."
                                             << "";
}

void TestStandInRubricJudge::evidenceIsTheBestSentence()
{
    QFETCH(QString, text);
    QFETCH(QString, evidence);
    const RubricCriterion c =
        criterion(QStringLiteral("Speed"), QStringLiteral("Gives the speed and the price."));
    const StandInRubricJudge::Verdict v = StandInRubricJudge::judge(c, RubricScale::Levels, text);
    QCOMPARE(v.evidence, evidence);
    QVERIFY(text.contains(v.evidence));
}

void TestStandInRubricJudge::passFail_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("verdict");
    // asks: "menu", "path", "setti", "billi", "invoi" (name "Menu path" + the description).
    QTest::addRow("all asked") << "Settings > Billing > Invoices is the menu path." << 1;
    QTest::addRow("three of five") << "Open Settings > Billing > Invoices." << 1;
    QTest::addRow("two of five") << "Open Settings > Billing." << 0;
    QTest::addRow("none, but long") << QStringLiteral("word ").repeated(51) << 1;
}

void TestStandInRubricJudge::passFail()
{
    QFETCH(QString, text);
    QFETCH(int, verdict);
    RubricCriterion c;
    c.id = QStringLiteral("correct_path");
    c.name = QStringLiteral("Menu path");
    c.description = QStringLiteral("Gives Settings > Billing > Invoices.");
    QCOMPARE(StandInRubricJudge::judge(c, RubricScale::PassFail, text).value, verdict);
}

void TestStandInRubricJudge::promptGivesTheRubricBack_data()
{
    QTest::addColumn<QString>("path");
    QTest::addRow("library") << example(QStringLiteral("library-hours.rubric.json"));
    QTest::addRow("library revised")
        << example(QStringLiteral("library-hours-revised.rubric.json"));
    QTest::addRow("the case for a change")
        << example(QStringLiteral("library-hours-case.rubric.json"));
    QTest::addRow("four criteria")
        << test::dataDir() + QStringLiteral("/grading/persuasive.rubric.json");
}

void TestStandInRubricJudge::promptGivesTheRubricBack()
{
    QFETCH(QString, path);
    Rubric rubric = rubricFile(path);
    QVERIFY(!rubric.criteria.isEmpty());
    const QString prompt = JudgePrompt::systemPrompt(rubric, JudgeConfig{}, false);
    const std::optional<Rubric> back = JudgePrompt::rubricIn(prompt);
    QVERIFY(back);
    rubric.title.clear();
    rubric.artifactType.clear();
    QCOMPARE(*back, rubric);
}

void TestStandInRubricJudge::everyCriterionValidates_data()
{
    QTest::addColumn<QString>("rubricPath");
    QTest::addRow("the case for a change")
        << example(QStringLiteral("library-hours-case.rubric.json"));
    QTest::addRow("four criteria")
        << test::dataDir() + QStringLiteral("/grading/persuasive.rubric.json");
}

void TestStandInRubricJudge::everyCriterionValidates()
{
    QFETCH(QString, rubricPath);
    const Rubric rubric = rubricFile(rubricPath);
    QVERIFY(!rubric.criteria.isEmpty());
    for (const StandInJudge::Sample& sample : StandInJudge::librarySamples()) {
        for (const QString& text :
             QStringList{sample.text, sample.text + QLatin1Char(' ') + kPad}) {
            const QString reply = StandInJudgeBackend::replyFor(request(rubric, text, 42));
            // Deterministic for (rubric, text, seed), and the seed changes nothing.
            QCOMPARE(StandInJudgeBackend::replyFor(request(rubric, text, 42)), reply);
            QCOMPARE(StandInJudgeBackend::replyFor(request(rubric, text, 7)), reply);
            QCOMPARE(StandInJudgeBackend::replyFor(request(rubric, text, 42, false)), reply);
            const JudgeReplyReading read = JudgeReplyReader::read(reply, rubric, false, true);
            QVERIFY2(read.valid, qPrintable(read.errors.join(QStringLiteral("; "))));
            QCOMPARE(read.answers.size(), rubric.criteria.size());
            for (const CriterionAnswer& c : read.answers) {
                QVERIFY(c.value >= Rubric::kLowestLevel && c.value <= Rubric::kHighestLevel);
                if (!c.evidence.isEmpty())
                    QCOMPARE(EvidenceCheck::check(c.evidence, {text}, 90.0).match,
                             EvidenceCheck::Match::Exact);
            }
        }
    }
}

void TestStandInRubricJudge::libraryCriteriaStayTheTutorials()
{
    // The library rubric's calls get the tutorial's reply byte for byte, and a rubric that
    // mixes one library criterion with new ones keeps the tutorial's level for it.
    const Rubric library = rubricFile(example(QStringLiteral("library-hours.rubric.json")));
    Rubric mixed = rubricFile(example(QStringLiteral("library-hours-case.rubric.json")));
    mixed.criteria.prepend(library.criteria.at(1)); // directness
    for (const StandInJudge::Sample& sample : StandInJudge::librarySamples()) {
        for (const QString& text :
             QStringList{sample.text, sample.text + QLatin1Char(' ') + kPad}) {
            QCOMPARE(StandInJudgeBackend::replyFor(request(library, text, 42)),
                     StandInJudgeBackend::replyForAnswer(text, true));
            const QJsonArray got =
                criteriaOf(StandInJudgeBackend::replyFor(request(mixed, text, 42)));
            QCOMPARE(got.size(), mixed.criteria.size());
            QCOMPARE(got.at(0).toObject().value(QLatin1String("level")).toInt(),
                     StandInJudge::judge(text).at(1).level);
        }
    }
}

void TestStandInRubricJudge::schemaNamesTheCriteria()
{
    // The schema's ids are what a model may answer: a call whose schema names two of the
    // prompt's four criteria gets those two, in the schema's order.
    const Rubric rubric = rubricFile(example(QStringLiteral("library-hours-case.rubric.json")));
    Rubric two = rubric;
    two.criteria = {rubric.criteria.at(2), rubric.criteria.at(0)};
    CallRequest r = request(rubric, StandInJudge::librarySamples().first().text, 42);
    r.responseSchema = JudgeSchema::build(two, false, true);
    const QJsonArray got = criteriaOf(StandInJudgeBackend::replyFor(r));
    QCOMPARE(got.size(), 2);
    QCOMPARE(got.at(0).toObject().value(QLatin1String("id")).toString(), QStringLiteral("cost"));
    QCOMPARE(got.at(1).toObject().value(QLatin1String("id")).toString(),
             QStringLiteral("proposal"));
}

QTEST_GUILESS_MAIN(TestStandInRubricJudge)
#include "tst_standinrubricjudge.moc"
