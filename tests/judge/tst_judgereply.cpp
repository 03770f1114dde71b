#include "csv/CsvTable.h"
#include "judge/ConstructionScore.h"
#include "judge/JudgeCallRecord.h"
#include "judge/JudgeCsvLog.h"
#include "judge/JudgeReplyReader.h"
#include "judge/JudgeRunAnalysis.h"
#include "judge/JudgeVerdict.h"
#include "judge/RubricReader.h"

#include <QtTest>

using namespace pb;

namespace {

Rubric levelsRubric()
{
    return *RubricReader::parse(R"({"criteria": [
        {"id": "C1", "name": "Claim", "weight": 40, "levels": {"4": "a", "3": "b", "2": "c", "1": "d"}},
        {"id": "C2", "name": "Evidence", "weight": 30, "levels": {"4": "a", "3": "b", "2": "c", "1": "d"}},
        {"id": "C3", "name": "Counter", "weight": 30, "levels": {"4": "a", "3": "b", "2": "c", "1": "d"}}]})",
                                QStringLiteral("r"))
                .rubric;
}

Rubric passFailRubric()
{
    return *RubricReader::parse(R"({"scale": "pass_fail", "criteria": [
        {"id": "correct", "description": "right path"}, {"id": "limit", "description": "states limit"}]})",
                                QStringLiteral("r"))
                .rubric;
}

const QString kAnswer =
    QStringLiteral("The library should stay open. It costs little (Survey, 2025). "
                   "Some argue it is expensive, but it is not.");

// A probe of one item whose base deserves C1 4, C2 3, C3 4.
JudgeProbeDocument oneItemProbe()
{
    JudgeProbeDocument doc;
    doc.rubric = levelsRubric();
    JudgeItem item;
    item.id = QStringLiteral("i1");
    item.base.id = QStringLiteral("base");
    item.base.answer = kAnswer;
    item.base.deserved = {
        {QStringLiteral("C1"), 4}, {QStringLiteral("C2"), 3}, {QStringLiteral("C3"), 4}};
    doc.items << item;
    JudgeConfig judge;
    judge.name = QStringLiteral("j");
    doc.judges << judge;
    return doc;
}

QString valid(int c1, int c2, int c3, const QString& evidence2 = QStringLiteral("(Survey, 2025)"))
{
    return QStringLiteral(R"({"criteria": [
        {"id": "C1", "level": %1, "evidence": "The library should stay open"},
        {"id": "C2", "level": %2, "evidence": "%4"},
        {"id": "C3", "level": %3, "evidence": "Some argue it is expensive, but it is not"}]})")
        .arg(c1)
        .arg(c2)
        .arg(c3)
        .arg(evidence2);
}

CallResult okResult(const JudgeProbeDocument& doc, const QString& reply)
{
    CallResult r;
    r.request.itemId = doc.items.first().id;
    r.request.variant = QStringLiteral("base");
    r.request.messages = {{QStringLiteral("system"), QStringLiteral("s")},
                          {QStringLiteral("user"), QStringLiteral("u")}};
    r.status = CallStatus::Ok;
    r.reply = reply;
    r.finishedAt = QDateTime::currentDateTimeUtc();
    r.backend = QStringLiteral("test");
    return r;
}

} // namespace

class TestJudgeReply : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void validReply();
    void fencedReplyIsRead();
    void malformed_data();
    void malformed();
    void inventedQuoteIsNotScored();
    void passFailAndPairwise_data();
    void passFailAndPairwise();
    void pairwiseChoiceFollowsTheAnswerNotThePosition();
};

void TestJudgeReply::validReply()
{
    const JudgeProbeDocument doc = oneItemProbe();
    const JudgeReplyReading reading =
        JudgeReplyReader::read(valid(3, 4, 1), doc.rubric, false, true);
    QVERIFY2(reading.valid, qPrintable(reading.errors.join(QLatin1Char('\n'))));
    const JudgeVerdict v = JudgeVerdict::scored(reading, valid(3, 4, 1), 1, doc.rubric,
                                                doc.items.first().base, false, true, doc.evidence);
    QCOMPARE(v.outcome, JudgeOutcome::Scored);
    QCOMPARE(v.value(QStringLiteral("C1")), std::optional<int>(3));
    // 40 * 3/4 + 30 * 4/4 + 30 * 1/4
    QCOMPARE(*v.weightedTotal, 67.5);
    QVERIFY(v.flags().isEmpty());
}

void TestJudgeReply::fencedReplyIsRead()
{
    const QString fenced = QStringLiteral("```json\n") + valid(4, 3, 4) + QStringLiteral("\n```");
    QVERIFY(JudgeReplyReader::read(fenced, levelsRubric(), false, true).valid);
    // Anything around the fence is not stripped: the reply is then not one JSON object.
    QVERIFY(!JudgeReplyReader::read(QStringLiteral("Here you go:\n") + fenced, levelsRubric(),
                                    false, true)
                 .valid);
}

void TestJudgeReply::malformed_data()
{
    QTest::addColumn<QString>("raw");
    QTest::addColumn<QString>("error");

    QTest::addRow("prose") << QStringLiteral("The essay is strong; I would give it a 3.")
                           << QStringLiteral("the reply is not JSON");
    QTest::addRow("prose before JSON")
        << QStringLiteral("Sure! ") + valid(4, 3, 4) << QStringLiteral("the reply is not JSON");
    QTest::addRow("cut off") << valid(4, 3, 4).left(60) << QStringLiteral("the reply is not JSON");
    QTest::addRow("empty") << QString() << QStringLiteral("the reply is empty");
    QTest::addRow("a list") << QStringLiteral("[1, 2, 3]")
                            << QStringLiteral("the reply must be a JSON object");
    QTest::addRow("no criteria") << QStringLiteral(R"({"grades": []})")
                                 << QStringLiteral("criteria: missing");
    QTest::addRow("criteria not a list") << QStringLiteral(R"({"criteria": {"C1": 4}})")
                                         << QStringLiteral("criteria: must be a list");
    QString missing = valid(4, 3, 4);
    missing.replace(QRegularExpression(QStringLiteral(",\\s*\\{\"id\": \"C3\"[^}]*\\}")),
                    QString());
    QTest::addRow("missing criterion") << missing << QStringLiteral("criteria: no verdict for C3");
    QTest::addRow("level 5") << valid(5, 3, 4)
                             << QStringLiteral("criteria[0].level: 5 is outside 1-4");
    QTest::addRow("level 0") << valid(4, 0, 4)
                             << QStringLiteral("criteria[1].level: 0 is outside 1-4");
    QTest::addRow("level as text")
        << valid(4, 3, 4).replace(QStringLiteral("\"level\": 4"),
                                  QStringLiteral("\"level\": \"4\""))
        << QStringLiteral("criteria[0].level: \"4\" is not a whole number 1, 2, 3 or 4");
    QTest::addRow("level 2.5") << valid(4, 3, 4).replace(QStringLiteral("\"level\": 3"),
                                                         QStringLiteral("\"level\": 2.5"))
                               << QStringLiteral("criteria[1].level: 2.5 is not a whole number");
    QTest::addRow("level missing")
        << valid(4, 3, 4).replace(QStringLiteral("\"level\": 3,"), QString())
        << QStringLiteral("criteria[1].level: missing");
    QTest::addRow("unknown criterion")
        << valid(4, 3, 4).replace(QStringLiteral("\"C2\""), QStringLiteral("\"C9\""))
        << QStringLiteral("criteria[1].id: \"C9\" is not a criterion of the rubric");
    QTest::addRow("criterion twice")
        << valid(4, 3, 4).replace(QStringLiteral("\"C2\""), QStringLiteral("\"C1\""))
        << QStringLiteral("criteria[1].id: repeats C1");
    QTest::addRow("evidence missing")
        << valid(4, 3, 4).replace(QStringLiteral(", \"evidence\": \"(Survey, 2025)\""), QString())
        << QStringLiteral("criteria[1].evidence: missing");
    QTest::addRow("evidence a number")
        << valid(4, 3, 4).replace(QStringLiteral("\"(Survey, 2025)\""), QStringLiteral("7"))
        << QStringLiteral("criteria[1].evidence: must be text");
    QTest::addRow("duplicate key")
        << valid(4, 3, 4).replace(QStringLiteral("\"level\": 3"),
                                  QStringLiteral("\"level\": 3, \"level\": 2"))
        << QStringLiteral("criteria[1].level: is given more than once");
}

void TestJudgeReply::malformed()
{
    QFETCH(QString, raw);
    QFETCH(QString, error);
    const JudgeProbeDocument doc = oneItemProbe();
    const JudgeReplyReading reading = JudgeReplyReader::read(raw, doc.rubric, false, true);
    QVERIFY(!reading.valid);
    QVERIFY(reading.answers.isEmpty());
    bool found = false;
    for (const QString& e : reading.errors)
        found = found || e.startsWith(error);
    QVERIFY2(found, qPrintable(reading.errors.join(QLatin1Char('\n'))));

    // Flagged for review and never scored as a number, anywhere downstream.
    const JudgeVerdict v = JudgeVerdict::scored(reading, raw, 3, doc.rubric, doc.items.first().base,
                                                false, true, doc.evidence);
    QCOMPARE(v.outcome, JudgeOutcome::ReviewNeeded);
    QCOMPARE(v.flags(), QStringList{QStringLiteral("REVIEW_NEEDED")});
    QCOMPARE(v.rawOutput, raw);
    QVERIFY(!v.weightedTotal);
    QVERIFY(v.grades.isEmpty());
    for (const QString& id : doc.rubric.ids())
        QVERIFY(!v.value(id));

    const LoggedCall logged =
        JudgeCallRecord::toLogged(1, okResult(doc, raw), {{raw, reading.errors}}, v);
    QCOMPARE(logged.status, CallStatus::Ok);
    QVERIFY(!logged.metricValue);
    QCOMPARE(logged.metricFlag, QStringLiteral("REVIEW_NEEDED"));
    QCOMPARE(logged.reply, raw);

    // Read back from the store's row: still review-needed, with the errors kept.
    const JudgedCall back = JudgeCallRecord::fromLogged(doc, doc.judges.first(), logged);
    QCOMPARE(back.verdict.outcome, JudgeOutcome::ReviewNeeded);
    QCOMPARE(back.verdict.validationErrors, reading.errors);

    const JudgeRunAnalysis run = JudgeRunAnalysis::compute(doc, doc.judges.first(), {back});
    QCOMPARE(run.reviewNeeded, 1);
    QCOMPARE(run.construction.asBuilt, 0);
    QCOMPARE(run.construction.ceiling, 3);
    QCOMPARE(run.construction.notScored, 3);
    QCOMPARE(run.construction.misses.first().why, QStringLiteral("REVIEW_NEEDED"));

    // The CSV row has no level, and says why.
    JudgeAnalysis analysis;
    analysis.judges << run;
    QList<CsvRecord> records;
    QString csvError;
    QVERIFY(CsvTable::parse(JudgeCsvLog::toCsv(doc, analysis), &records, &csvError));
    QCOMPARE(records.size(), 2);
    const QStringList header = records.at(0).fields;
    const QStringList row = records.at(1).fields;
    QCOMPARE(row.at(header.indexOf(QStringLiteral("outcome"))), QStringLiteral("review-needed"));
    QCOMPARE(row.at(header.indexOf(QStringLiteral("weighted_total"))), QString());
    for (const QString& id : doc.rubric.ids())
        QCOMPARE(row.at(header.indexOf(id + QStringLiteral("_level"))), QString());
    QCOMPARE(CsvTable::restoreFormula(row.at(header.indexOf(QStringLiteral("raw_output")))), raw);
}

void TestJudgeReply::inventedQuoteIsNotScored()
{
    const JudgeProbeDocument doc = oneItemProbe();
    // C2 gets the level it deserves (3), but on a quote the answer does not contain.
    const QString raw =
        valid(4, 3, 4, QStringLiteral("Ninety percent of students agree (Poll, 2024)"));
    const JudgeReplyReading reading = JudgeReplyReader::read(raw, doc.rubric, false, true);
    QVERIFY(reading.valid);
    const JudgeVerdict v = JudgeVerdict::scored(reading, raw, 1, doc.rubric, doc.items.first().base,
                                                false, true, doc.evidence);
    QCOMPARE(v.outcome, JudgeOutcome::Scored);
    const CriterionGrade* c2 = v.grade(QStringLiteral("C2"));
    QVERIFY(c2);
    QVERIFY(c2->hallucinated());
    QCOMPARE(c2->reported, std::optional<int>(3));
    QVERIFY(!c2->value());
    QCOMPARE(v.value(QStringLiteral("C1")), std::optional<int>(4));
    QVERIFY(!v.weightedTotal); // a total over an unscored criterion would be a made-up number
    QCOMPARE(v.flags(), QStringList{QStringLiteral("HALLUCINATED_EVIDENCE:C2")});

    const LoggedCall logged = JudgeCallRecord::toLogged(1, okResult(doc, raw), {{raw, {}}}, v);
    QVERIFY(!logged.metricValue);
    const JudgedCall back = JudgeCallRecord::fromLogged(doc, doc.judges.first(), logged);
    QVERIFY(!back.verdict.value(QStringLiteral("C2")));
    const JudgeRunAnalysis run = JudgeRunAnalysis::compute(doc, doc.judges.first(), {back});
    // 3 is what C2 deserves, yet an invented quote never counts as built.
    QCOMPARE(run.construction.asBuilt, 2);
    QCOMPARE(run.construction.notScored, 1);
    QCOMPARE(run.construction.misses.first().why, QStringLiteral("HALLUCINATED_EVIDENCE"));
    QCOMPARE(run.evidence.hallucinated, 1);
    QCOMPARE(run.evidence.quotes, 3);
    QCOMPARE(run.evidence.rateText(), QStringLiteral("1 of 3 quotes, 33.3%"));

    JudgeAnalysis analysis;
    analysis.judges << run;
    QList<CsvRecord> records;
    QString csvError;
    QVERIFY(CsvTable::parse(JudgeCsvLog::toCsv(doc, analysis), &records, &csvError));
    const QStringList header = records.at(0).fields;
    const QStringList row = records.at(1).fields;
    QCOMPARE(row.at(header.indexOf(QStringLiteral("C2_level"))), QString());
    QCOMPARE(row.at(header.indexOf(QStringLiteral("C2_flag"))),
             QStringLiteral("HALLUCINATED_EVIDENCE"));
    QCOMPARE(row.at(header.indexOf(QStringLiteral("C2_evidence_match"))),
             QStringLiteral("hallucinated"));
    QCOMPARE(row.at(header.indexOf(QStringLiteral("C1_level"))), QStringLiteral("4"));
    QCOMPARE(row.at(header.indexOf(QStringLiteral("weighted_total"))), QString());
}

void TestJudgeReply::passFailAndPairwise_data()
{
    QTest::addColumn<bool>("pairwise");
    QTest::addColumn<QString>("raw");
    QTest::addColumn<bool>("ok");

    const QString pf =
        QStringLiteral(R"({"criteria": [{"id": "correct", "verdict": "%1", "evidence": ""},
                                      {"id": "limit", "verdict": "fail", "evidence": ""}]})");
    QTest::addRow("pass") << false << pf.arg(QStringLiteral("pass")) << true;
    QTest::addRow("Pass is not pass") << false << pf.arg(QStringLiteral("Pass")) << false;
    QTest::addRow("yes is not pass") << false << pf.arg(QStringLiteral("yes")) << false;
    const QString pw =
        QStringLiteral(R"({"criteria": [{"id": "correct", "winner": "%1", "evidence": ""},
                                      {"id": "limit", "winner": "B", "evidence": ""}]})");
    QTest::addRow("winner A") << true << pw.arg(QStringLiteral("A")) << true;
    QTest::addRow("winner tie") << true << pw.arg(QStringLiteral("tie")) << false;
    QTest::addRow("level in a pairwise reply") << true << pf.arg(QStringLiteral("pass")) << false;
}

void TestJudgeReply::passFailAndPairwise()
{
    QFETCH(bool, pairwise);
    QFETCH(QString, raw);
    QFETCH(bool, ok);
    const JudgeReplyReading r = JudgeReplyReader::read(raw, passFailRubric(), pairwise, true);
    QCOMPARE(r.valid, ok);
    QCOMPARE(r.errors.isEmpty(), ok);
}

void TestJudgeReply::pairwiseChoiceFollowsTheAnswerNotThePosition()
{
    const Rubric rubric = passFailRubric();
    JudgeVariant swapped;
    swapped.first = QStringLiteral("first answer");
    swapped.second = QStringLiteral("second answer");
    swapped.swapped = true;
    const QString raw = QStringLiteral(
        R"({"criteria": [{"id": "correct", "winner": "A", "evidence": "second answer"},
                                       {"id": "limit", "winner": "B", "evidence": "first"}]})");
    const JudgeReplyReading reading = JudgeReplyReader::read(raw, rubric, true, true);
    QVERIFY(reading.valid);
    const JudgeVerdict v = JudgeVerdict::scored(reading, raw, 1, rubric, swapped, true, true, {});
    // Shown swapped, Response A is the second answer.
    QCOMPARE(v.grade(QStringLiteral("correct"))->position, std::optional<int>(0));
    QCOMPARE(v.value(QStringLiteral("correct")), std::optional<int>(1));
    QCOMPARE(v.value(QStringLiteral("limit")), std::optional<int>(0));
    QVERIFY(!v.weightedTotal); // choices are not points
}

QTEST_GUILESS_MAIN(TestJudgeReply)
#include "tst_judgereply.moc"
