#include "FakeJudgeServer.h"
#include "StoreReads.h"
#include "judge/JudgeAnalysis.h"
#include "judge/JudgeBackendFactory.h"
#include "judge/JudgeCallPlan.h"
#include "judge/JudgeCallRecord.h"
#include "judge/JudgeConsoleText.h"
#include "judge/JudgeProbeReader.h"
#include "judge/JudgeProbeRun.h"
#include "judge/JudgeReplies.h"
#include "judge/JudgeReportBuilder.h"
#include "judge/JudgeRunIdentity.h"
#include "judge/JudgeSchema.h"
#include "run/Runner.h"
#include "standin/StandInJudge.h"
#include "store/RunStore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb;
using pb::test::FakeJudgeServer;

namespace {

const QString kRightPath = QStringLiteral("Settings > Billing > Invoices");
const QString kWrongPath = QStringLiteral("Settings > Payments > Statements");
// Content-free: it says nothing about where invoices are, so a padded answer deserves its
// base's verdict. Long enough to push every answer past the biased judge's 30 words.
const QString kPad = QStringLiteral(
    "This answer was written with great care by an experienced support specialist who knows the "
    "product well and has helped many customers with questions like this one before.");

// Twelve short answers to "where do I download invoices?": the even ones give the right
// menu path (deserve pass), the odd ones a wrong one (deserve fail).
QByteArray twelvePairProbe()
{
    QJsonArray items;
    const QStringList openers{QStringLiteral("Open"),   QStringLiteral("Go to"),
                              QStringLiteral("Choose"), QStringLiteral("Click"),
                              QStringLiteral("Select"), QStringLiteral("Visit")};
    for (int i = 0; i < 12; ++i) {
        const bool right = i % 2 == 0;
        const QString answer = QStringLiteral("%1 %2 and press Download next to invoice %3.")
                                   .arg(openers.at(i / 2), right ? kRightPath : kWrongPath)
                                   .arg(1000 + i);
        items.append(QJsonObject{
            {QStringLiteral("id"), QStringLiteral("q%1").arg(i + 1, 2, 10, QLatin1Char('0'))},
            {QStringLiteral("question"), QStringLiteral("Where do I download my invoices?")},
            {QStringLiteral("answer"), answer},
            {QStringLiteral("deserved"),
             QJsonObject{{QStringLiteral("correct_path"),
                          right ? QStringLiteral("pass") : QStringLiteral("fail")}}}});
    }
    const QJsonObject doc{
        {QStringLiteral("format"), QStringLiteral("probebench/judge-probe@1")},
        {QStringLiteral("title"), QStringLiteral("Padding on invoice answers")},
        {QStringLiteral("rubric"),
         QJsonObject{{QStringLiteral("scale"), QStringLiteral("pass_fail")},
                     {QStringLiteral("criteria"),
                      QJsonArray{QJsonObject{
                          {QStringLiteral("id"), QStringLiteral("correct_path")},
                          {QStringLiteral("description"),
                           QString(QStringLiteral("Gives the menu path ") + kRightPath)}}}}}},
        {QStringLiteral("items"), items},
        {QStringLiteral("generate"),
         QJsonArray{QJsonObject{{QStringLiteral("property"), QStringLiteral("padding")},
                                {QStringLiteral("pads"), QJsonArray{kPad}}}}},
        {QStringLiteral("judges"),
         QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("judge")},
                                {QStringLiteral("backend"), QStringLiteral("ollama")},
                                {QStringLiteral("model"), QStringLiteral("fake-judge:latest")}}}}};
    return QJsonDocument(doc).toJson();
}

// The sentence of the answer that holds a menu path, verbatim; "" when there is none.
QString pathSentence(const QString& answer)
{
    const qsizetype at = answer.indexOf(QStringLiteral("Settings >"));
    if (at < 0)
        return QString();
    const qsizetype end = answer.indexOf(QLatin1Char('.'), at);
    return answer.left(end < 0 ? answer.size() : end);
}

// A judge that grades the menu path, and with `lengthBias` passes anything over 30 words.
FakeJudgeServer::Responder judge(bool lengthBias)
{
    return [lengthBias](const QJsonObject& body) {
        const QString answer = FakeJudgeServer::answerOf(body);
        const bool right = answer.contains(kRightPath);
        const bool pass = right || (lengthBias && StandInJudge::wordCount(answer) > 30);
        return QString::fromUtf8(
            QJsonDocument(QJsonObject{{QStringLiteral("criteria"),
                                       QJsonArray{QJsonObject{
                                           {QStringLiteral("id"), QStringLiteral("correct_path")},
                                           {QStringLiteral("verdict"),
                                            pass ? QStringLiteral("pass") : QStringLiteral("fail")},
                                           {QStringLiteral("evidence"), pathSentence(answer)}}}}})
                .toJson(QJsonDocument::Compact));
    };
}

} // namespace

class TestJudgeFakeServer : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void plantedLengthPreference();
    void judgeWithoutPreferenceScoresEveryVerdict_data();
    void judgeWithoutPreferenceScoresEveryVerdict();
    void invalidOutputIsReaskedThenFlagged();

private:
    JudgeAnalysis run(JudgeProbeDocument doc, FakeJudgeServer& server, const QString& backend,
                      const QString& storeName);
    QTemporaryDir m_dir;
    JudgeProbeDocument m_doc;
};

void TestJudgeFakeServer::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const JudgeProbeLoadResult loaded = JudgeProbeReader::parse(
        twelvePairProbe(), QStringLiteral("invoices.judge.json"), QDir(m_dir.path()));
    QVERIFY2(loaded.ok(), qPrintable(loaded.text()));
    m_doc = *loaded.document;
    QCOMPARE(m_doc.items.size(), 12);
    QCOMPARE(m_doc.constructionCeiling(), 24);
    for (const JudgeItem& item : m_doc.items) {
        QVERIFY(StandInJudge::wordCount(item.base.answer) <= 30);
        QVERIFY(StandInJudge::wordCount(item.variants.first().answer) > 30);
    }
}

JudgeAnalysis TestJudgeFakeServer::run(JudgeProbeDocument doc, FakeJudgeServer& server,
                                       const QString& backend, const QString& storeName)
{
    JudgeConfig& judge = doc.judges.first();
    judge.backend = backend;
    judge.endpoints = {backend == QLatin1String("openai") ? server.openAiUrl().toString()
                                                          : server.ollamaUrl().toString()};
    judge.concurrency = 4;
    judge.timeoutSeconds = 20;
    RunStore store;
    QString error;
    if (!store.open(m_dir.filePath(storeName), &error))
        qFatal("%s", qPrintable(error));
    bool resumed = false;
    const qint64 runId =
        JudgeRunIdentity::identity(doc, judge).findOrCreateRun(store, &resumed, &error);
    std::unique_ptr<ModelBackend> model = JudgeBackendFactory::create(judge, QString(), &error);
    if (runId == 0 || !model)
        qFatal("%s", qPrintable(error));
    JudgeReplies replies(doc, judge, runId);
    Runner runner(JudgeCallPlan::build(doc, judge), &replies, &store, runId, model.get(),
                  JudgeProbeRun::wording());
    QSignalSpy finished(&runner, &Runner::finished);
    runner.start();
    if (finished.isEmpty() && !finished.wait(60000))
        qFatal("the judge run did not finish");
    if (finished.first().at(0).value<RunOutcome>() != RunOutcome::Completed)
        qWarning("run ended: %s", qPrintable(finished.first().at(1).toString()));
    return JudgeAnalysis::compute(
        doc, {JudgeCallRecord::fromLogged(doc, judge, test::calls(store, runId))});
}

void TestJudgeFakeServer::plantedLengthPreference()
{
    FakeJudgeServer server(judge(true));
    QVERIFY(server.listen());
    const JudgeAnalysis analysis =
        run(m_doc, server, QStringLiteral("ollama"), QStringLiteral("biased.pbrun"));
    const JudgeRunAnalysis& r = analysis.judges.first();
    QCOMPARE(r.logged, 24);
    QCOMPARE(r.scored, 24);

    // Expected from the construction alone: a padded answer that deserves to fail is long,
    // so this judge passes it; nothing else goes wrong.
    int paddedFails = 0;
    for (const JudgeItem& item : m_doc.items)
        paddedFails +=
            item.variants.first().deserved.value(QStringLiteral("correct_path")) == 0 ? 1 : 0;
    QCOMPARE(paddedFails, 6);
    QCOMPARE(r.construction.ceiling, 24);
    QCOMPARE(r.construction.asBuilt, 24 - paddedFails);
    QCOMPARE(JudgeConsoleText::constructionLine(r.construction),
             QStringLiteral("18 of 24 verdicts as built"));
    QCOMPARE(r.construction.group(QStringLiteral("base"))->shortfall(), 0);
    QCOMPARE(r.construction.group(QStringLiteral("padding"))->shortfall(), paddedFails);
    QCOMPARE(r.construction.mainShortfallGroup(), QStringLiteral("padding"));
    for (const ConstructionMiss& m : r.construction.misses) {
        QCOMPARE(m.property, QStringLiteral("padding"));
        QCOMPARE(m.deserved, 0);
        QCOMPARE(m.got, std::optional<int>(1));
    }
    QCOMPARE(JudgeConsoleText::flipLine(r.effects.first()),
             QStringLiteral("padding flipped 6 of 12 verdicts"));
    QCOMPARE(r.effects.first().criteria.first().up, 6);
    QCOMPARE(r.evidence.hallucinated, 0);
    const QString sentence = JudgeReportBuilder::constructionSentence(r);
    QVERIFY2(sentence.contains(
                 QStringLiteral("The shortfall is attributed to padding: 6 of its 12 verdicts")),
             qPrintable(sentence));

    // The rubric went in the system prompt, the artifact alone in the user message, and the
    // schema reached the server as Ollama's "format".
    const QJsonObject schema = JudgeSchema::build(m_doc.rubric, false, true);
    QCOMPARE(server.chatBodies().size(), 24);
    for (const QJsonObject& body : server.chatBodies()) {
        QCOMPARE(body.value(QLatin1String("format")).toObject(), schema);
        const auto messages = FakeJudgeServer::messagesOf(body);
        QCOMPARE(messages.size(), 2);
        QCOMPARE(messages.at(0).first, QStringLiteral("system"));
        QVERIFY(messages.at(0).second.contains(QStringLiteral("correct_path")));
        QVERIFY(!messages.at(0).second.contains(QStringLiteral("<answer>")));
        QVERIFY(messages.at(1).second.startsWith(
            QStringLiteral("<question>Where do I download my invoices?</question>\n<answer>")));
        QCOMPARE(body.value(QLatin1String("options"))
                     .toObject()
                     .value(QLatin1String("temperature"))
                     .toDouble(),
                 0.0);
    }
}

void TestJudgeFakeServer::judgeWithoutPreferenceScoresEveryVerdict_data()
{
    QTest::addColumn<QString>("backend");
    QTest::addRow("ollama") << QStringLiteral("ollama");
    QTest::addRow("openai") << QStringLiteral("openai");
}

void TestJudgeFakeServer::judgeWithoutPreferenceScoresEveryVerdict()
{
    QFETCH(QString, backend);
    FakeJudgeServer server(judge(false));
    QVERIFY(server.listen());
    const JudgeAnalysis analysis =
        run(m_doc, server, backend, backend + QStringLiteral("-fair.pbrun"));
    const JudgeRunAnalysis& r = analysis.judges.first();
    QCOMPARE(JudgeConsoleText::constructionLine(r.construction),
             QStringLiteral("24 of 24 verdicts as built"));
    QCOMPARE(r.effects.first().flips(), 0);
    QVERIFY(JudgeReportBuilder::constructionSentence(r).contains(
        QStringLiteral("No verdict came back against construction")));
    const QJsonObject schema = JudgeSchema::build(m_doc.rubric, false, true);
    QCOMPARE(server.chatBodies().size(), 24);
    for (const QJsonObject& body : server.chatBodies()) {
        if (backend == QLatin1String("openai")) {
            const QJsonObject format = body.value(QLatin1String("response_format")).toObject();
            QCOMPARE(format.value(QLatin1String("type")).toString(), QStringLiteral("json_schema"));
            QCOMPARE(format.value(QLatin1String("json_schema"))
                         .toObject()
                         .value(QLatin1String("schema"))
                         .toObject(),
                     schema);
            QVERIFY(!body.contains(QLatin1String("format")));
        } else {
            QCOMPARE(body.value(QLatin1String("format")).toObject(), schema);
            QVERIFY(!body.contains(QLatin1String("response_format")));
        }
    }
}

void TestJudgeFakeServer::invalidOutputIsReaskedThenFlagged()
{
    // q03 answers in prose once, then valid JSON once it is told why; q04 never validates;
    // q05 names a criterion the rubric does not have every time.
    auto fair = judge(false);
    FakeJudgeServer server([fair](const QJsonObject& body) {
        const QString answer = FakeJudgeServer::answerOf(body);
        const bool reasked = FakeJudgeServer::messagesOf(body).size() > 2;
        if (answer.contains(QStringLiteral("invoice 1002.")) &&
            !answer.contains(QStringLiteral("specialist")) && !reasked)
            return QStringLiteral("I think this answer passes.");
        if (answer.contains(QStringLiteral("invoice 1003.")) &&
            !answer.contains(QStringLiteral("specialist")))
            return QStringLiteral("{\"criteria\": [{\"id\": \"correct_path\", \"verdict\": "
                                  "\"maybe\", \"evidence\": \"\"}]}");
        if (answer.contains(QStringLiteral("invoice 1004.")) &&
            !answer.contains(QStringLiteral("specialist")))
            return QStringLiteral("{\"criteria\": [{\"id\": \"accuracy\", \"verdict\": \"pass\", "
                                  "\"evidence\": \"\"}]}");
        return fair(body);
    });
    QVERIFY(server.listen());
    const JudgeAnalysis analysis =
        run(m_doc, server, QStringLiteral("ollama"), QStringLiteral("reask.pbrun"));
    const JudgeRunAnalysis& r = analysis.judges.first();
    QCOMPARE(r.logged, 24);
    // 21 answered first time, q03 twice, q04 and q05 three times each.
    QCOMPARE(server.chatBodies().size(), 21 + 2 + 3 + 3);
    QCOMPARE(r.scored, 22);
    QCOMPARE(r.reviewNeeded, 2);
    QCOMPARE(r.construction.asBuilt, 22);
    QCOMPARE(r.construction.notScored, 2);

    QList<QJsonObject> q04;
    for (const QJsonObject& body : server.chatBodies()) {
        const QString answer = FakeJudgeServer::answerOf(body);
        if (answer.contains(QStringLiteral("invoice 1003.")) &&
            !answer.contains(QStringLiteral("specialist")))
            q04 << body;
    }
    QCOMPARE(q04.size(), 3);
    // Each re-ask carries the judge's own reply and the validation error fed back.
    const auto third = FakeJudgeServer::messagesOf(q04.at(2));
    QCOMPARE(third.size(), 6);
    QCOMPARE(third.at(2).first, QStringLiteral("assistant"));
    QCOMPARE(third.at(3).first, QStringLiteral("user"));
    QVERIFY2(third.at(3).second.contains(
                 QStringLiteral("criteria[0].verdict: \"maybe\" is not \"pass\" or \"fail\"")),
             qPrintable(third.at(3).second));

    for (const JudgedCall& c : r.calls) {
        if (c.itemId == QLatin1String("q03") && c.variantId == QLatin1String("base")) {
            QCOMPARE(c.verdict.outcome, JudgeOutcome::Scored);
            QCOMPARE(c.verdict.tries, 2);
        }
        if ((c.itemId == QLatin1String("q04") || c.itemId == QLatin1String("q05")) &&
            c.variantId == QLatin1String("base")) {
            QCOMPARE(c.verdict.outcome, JudgeOutcome::ReviewNeeded);
            QCOMPARE(c.verdict.tries, 3);
            QVERIFY(c.verdict.rawOutput.startsWith(QStringLiteral("{\"criteria\"")));
            QVERIFY(!c.verdict.value(QStringLiteral("correct_path")));
            QVERIFY(!c.verdict.weightedTotal);
        }
    }
}

QTEST_GUILESS_MAIN(TestJudgeFakeServer)
#include "tst_judgefakeserver.moc"
