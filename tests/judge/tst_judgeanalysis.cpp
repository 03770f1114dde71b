#include "judge/JudgeCallPlan.h"
#include "judge/JudgeConsoleText.h"
#include "judge/JudgeProbeReader.h"
#include "judge/JudgeRunAnalysis.h"
#include "judge/StandInJudgeBackend.h"

#include <QtTest>

using namespace pb;

namespace {

JudgeProbeDocument load(const QByteArray& json)
{
    const JudgeProbeLoadResult r = JudgeProbeReader::parse(json, QStringLiteral("t"), QDir::temp());
    if (!r.ok())
        qFatal("%s", qPrintable(r.text()));
    return *r.document;
}

// What a judge answers for one request of the plan, through the same reading and grading as
// a run.
JudgedCall answer(const JudgeProbeDocument& doc, const CallRequest& request, const QString& raw)
{
    const JudgeItem& item = doc.items.at(request.itemIndex);
    const JudgeVariant& variant = *item.variant(request.variant);
    JudgedCall c;
    c.itemIndex = request.itemIndex;
    c.itemId = request.itemId;
    c.variantId = request.variant;
    c.property = variant.property;
    c.repeat = JudgeCallPlan::repeatOf(request.arm, request.seed, doc.judges.first());
    c.seed = request.seed;
    const JudgeReplyReading reading = JudgeReplyReader::read(raw, doc.rubric, item.pairwise, true);
    c.verdict = JudgeVerdict::scored(reading, raw, 1, doc.rubric, variant, item.pairwise, true,
                                     doc.evidence);
    return c;
}

QString choice(const QString& winner)
{
    return QStringLiteral(R"({"criteria": [{"id": "correct", "winner": "%1", "evidence": ""}]})")
        .arg(winner);
}

QString passFail(bool pass)
{
    return QStringLiteral(R"({"criteria": [{"id": "correct", "verdict": "%1", "evidence": ""}]})")
        .arg(pass ? QStringLiteral("pass") : QStringLiteral("fail"));
}

const QByteArray kHeader = R"({"format": "probebench/judge-probe@1",
  "rubric": {"scale": "pass_fail", "criteria": [{"id": "correct", "description": "right"}]},
  "judges": [{"name": "j", "backend": "stand-in-judge"}], )";

} // namespace

class TestJudgeAnalysis : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void positionBiasIsInconsistency();
    void stabilityFindsWobble();
    void planHasStabilityRepeats();
    void bylineFlipsAndSignFlip();
    void standInCannotJudgePairs();
};

void TestJudgeAnalysis::positionBiasIsInconsistency()
{
    const JudgeProbeDocument doc = load(kHeader + R"("items": [
        {"id": "p1", "pair": {"first": "right answer", "second": "wrong answer"}, "better": {"correct": "first"}},
        {"id": "p2", "pair": {"first": "wrong answer", "second": "right answer"}, "better": {"correct": "second"}}]})");
    // A judge that always prefers Response A.
    QList<JudgedCall> calls;
    for (const CallRequest& r : JudgeCallPlan::build(doc, doc.judges.first()))
        calls << answer(doc, r, choice(QStringLiteral("A")));
    QCOMPARE(calls.size(), 4);
    const JudgeRunAnalysis run = JudgeRunAnalysis::compute(doc, doc.judges.first(), calls);
    QCOMPARE(run.position.pairs, 2);
    QCOMPARE(run.position.choices, 2);
    QCOMPARE(run.position.consistent, 0);
    QCOMPARE(run.position.firstPosition, 2);
    // In each pair one order shows the better answer first: half the verdicts as built,
    // and every miss is on the swapped order of p1 or the original order of p2.
    QCOMPARE(run.construction.asBuilt, 2);
    QCOMPARE(run.construction.ceiling, 4);
    QCOMPARE(run.construction.group(QStringLiteral("base"))->shortfall(), 1);
    QCOMPARE(run.construction.group(QStringLiteral("position"))->shortfall(), 1);
    QCOMPARE(run.effect(QStringLiteral("position"))->flips(), 2);
    QCOMPARE(JudgeConsoleText::positionLine(run.position),
             QStringLiteral(
                 "position: 0 of 2 choices the same in both A/B orders (2 followed Response A, 0 "
                 "followed Response B)"));

    // A judge that reads the answers is consistent whatever the order.
    QList<JudgedCall> fair;
    for (const CallRequest& r : JudgeCallPlan::build(doc, doc.judges.first())) {
        const QString user = r.messages.at(1).content;
        const bool rightIsA = user.indexOf(QStringLiteral("right answer")) <
                              user.indexOf(QStringLiteral("wrong answer"));
        fair << answer(doc, r, choice(rightIsA ? QStringLiteral("A") : QStringLiteral("B")));
    }
    const JudgeRunAnalysis good = JudgeRunAnalysis::compute(doc, doc.judges.first(), fair);
    QCOMPARE(good.position.consistent, 2);
    QCOMPARE(good.construction.asBuilt, 4);
}

void TestJudgeAnalysis::stabilityFindsWobble()
{
    const JudgeProbeDocument doc =
        load(kHeader + R"("items": [{"id": "a", "answer": "x", "deserved": {"correct": "pass"}},
        {"id": "b", "answer": "y", "deserved": {"correct": "fail"}}],
        "stability": {"items": ["a", "b"], "repeats": 4}})");
    QList<JudgedCall> calls;
    for (const CallRequest& r : JudgeCallPlan::build(doc, doc.judges.first())) {
        const int repeat = JudgeCallPlan::repeatOf(r.arm, r.seed, doc.judges.first());
        // b flips to pass on its third call; a never moves.
        const bool pass = r.itemId == QLatin1String("a") || repeat == 2;
        calls << answer(doc, r, passFail(pass));
    }
    QCOMPARE(calls.size(), 2 * 4);
    const JudgeRunAnalysis run = JudgeRunAnalysis::compute(doc, doc.judges.first(), calls);
    QVERIFY(run.stability.ran);
    QCOMPARE(run.stability.cells.size(), 2);
    QCOMPARE(run.stability.wobbling(), 1);
    QVERIFY(!run.stability.stable());
    QCOMPARE(run.stability.cells.at(1).values, (QList<std::optional<int>>{0, 0, 1, 0}));
    // Only the probe's own calls count against construction.
    QCOMPARE(run.construction.asBuilt, 2);
    QCOMPARE(run.probeCalls, 2);
}

void TestJudgeAnalysis::planHasStabilityRepeats()
{
    const JudgeProbeDocument doc =
        load(kHeader + R"("items": [{"id": "a", "answer": "x"}, {"id": "b", "answer": "y"}],
        "generate": [{"property": "padding", "pads": ["p"]}],
        "stability": {"items": ["b"], "repeats": 3, "base_only": true}})");
    const QList<CallRequest> plan = JudgeCallPlan::build(doc, doc.judges.first());
    QCOMPARE(plan.size(), 4 + 2);
    QCOMPARE(plan.at(4).itemId, QStringLiteral("b"));
    QCOMPARE(plan.at(4).variant, QStringLiteral("base"));
    QCOMPARE(plan.at(4).arm, CallArm::Noise);
    QCOMPARE(plan.at(4).seed, 43);
    QCOMPARE(plan.at(5).seed, 44);
    for (qsizetype i = 0; i < plan.size(); ++i) {
        QCOMPARE(plan.at(i).callIndex, quint64(i));
        QVERIFY(!plan.at(i).responseSchema.isEmpty());
        QCOMPARE(plan.at(i).messages.size(), 2);
    }
}

void TestJudgeAnalysis::bylineFlipsAndSignFlip()
{
    QByteArray items = "[";
    for (int i = 0; i < 8; ++i)
        items += QStringLiteral(
                     R"(%1{"id": "e%2", "answer": "essay %2", "deserved": {"correct": "fail"}})")
                     .arg(i ? QStringLiteral(",") : QString())
                     .arg(i)
                     .toUtf8();
    items += "]";
    const JudgeProbeDocument doc =
        load(kHeader + "\"items\": " + items +
             R"(, "generate": [{"property": "byline", "names": ["Dr. Ada Park"]}]})");
    // A judge that passes anything signed by a doctor.
    QList<JudgedCall> calls;
    for (const CallRequest& r : JudgeCallPlan::build(doc, doc.judges.first()))
        calls << answer(doc, r, passFail(r.messages.at(1).content.contains(QStringLiteral("Dr."))));
    const JudgeRunAnalysis run = JudgeRunAnalysis::compute(doc, doc.judges.first(), calls);
    const PropertyEffect* byline = run.effect(QStringLiteral("byline"));
    QVERIFY(byline);
    QCOMPARE(JudgeConsoleText::flipLine(*byline), QStringLiteral("byline flipped 8 of 8 verdicts"));
    // Eight items all moving the same way: exact p = 2 / 2^8.
    QCOMPARE(byline->criteria.first().signFlip.p, 2.0 / 256.0);
    QCOMPARE(byline->criteria.first().meanDelta, 1.0);
    QCOMPARE(byline->total->meanDelta, 100.0);
    QCOMPARE(run.construction.group(QStringLiteral("byline"))->shortfall(), 8);
}

void TestJudgeAnalysis::standInCannotJudgePairs()
{
    const JudgeProbeDocument doc = load(kHeader + R"("items": [
        {"id": "p1", "pair": {"first": "a", "second": "b"}, "better": {"correct": "first"}}]})");
    const CallRequest r = JudgeCallPlan::build(doc, doc.judges.first()).first();
    const JudgedCall c = answer(doc, r, StandInJudgeBackend::replyFor(r));
    QCOMPARE(c.verdict.outcome, JudgeOutcome::ReviewNeeded);
}

QTEST_GUILESS_MAIN(TestJudgeAnalysis)
#include "tst_judgeanalysis.moc"
