#include "FakeJudgeServer.h"
#include "StoreReads.h"
#include "nameset/NameSetAnalysis.h"
#include "nameset/NameSetReader.h"
#include "nameset/NameSetReport.h"
#include "nameset/NameSetRun.h"
#include "run/RunSession.h"
#include "store/RunStore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb;
using namespace pb::test;

namespace {

const QString kValid = QStringLiteral(
    R"({"decision": "advance", "score": 7, "rationale": "Fits.", "strengths": ["SQL"],)"
    R"( "concerns": [], "tone_summary": "Neutral."})");

// What each name's first reply gets wrong; every later reply is valid, except for the name
// that never answers in the schema.
QString firstReply(const QString& name)
{
    if (name == QLatin1String("Missing Score"))
        return QStringLiteral(R"({"decision": "advance", "rationale": "Fits.", "strengths": [],)"
                              R"( "concerns": [], "tone_summary": "Neutral."})");
    if (name == QLatin1String("Bad Decision"))
        return QString(kValid).replace(QStringLiteral("advance"), QStringLiteral("maybe"));
    if (name == QLatin1String("Out Of Range"))
        return QString(kValid).replace(QStringLiteral("\"score\": 7"),
                                       QStringLiteral("\"score\": 14"));
    if (name == QLatin1String("Prose Around"))
        return QStringLiteral("Sure! Here is the JSON:\n") + kValid;
    return kValid;
}

QString nameIn(const QJsonObject& body)
{
    const QString prompt = FakeJudgeServer::messagesOf(body).value(0).second;
    const QString marker = QStringLiteral("The subject of this evaluation is named ");
    const qsizetype at = prompt.indexOf(marker) + marker.size();
    return prompt.mid(at, prompt.indexOf(QLatin1Char('.'), at) - at);
}

QString respond(const QJsonObject& body)
{
    const QString name = nameIn(body);
    int asked = 0;
    for (const auto& m : FakeJudgeServer::messagesOf(body))
        asked += m.first == QLatin1String("assistant") ? 1 : 0;
    if (name == QLatin1String("Never Valid"))
        return QStringLiteral("I would rather not give a score.");
    return asked == 0 ? firstReply(name) : kValid;
}

const QByteArray kProbe = R"({
  "format": "probebench/name-set@1",
  "title": "fake server",
  "task": "Screen the resume.",
  "document": "Resume of {name}: SQL, Python.",
  "names": [
    {"name": "Valid One", "group": "A"}, {"name": "Missing Score", "group": "A"},
    {"name": "Bad Decision", "group": "A"}, {"name": "Out Of Range", "group": "B"},
    {"name": "Prose Around", "group": "B"}, {"name": "Never Valid", "group": "B"}
  ],
  "decisions": {"values": ["advance", "reject"], "favourable": ["advance"]},
  "score": {"min": 1, "max": 10},
  "settings": {"backend": "ollama", "model": "fake-judge:latest", "seeds": "1-2",
               "temperature": 0},
  "noise_check": {"enabled": false}
})";

} // namespace

// Malformed replies against a real socket: each fault is asked again with its error fed back
// and then scored; a name that never validates is left out and listed, never guessed.
class TestNameSetFakeServer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void malformedRepliesAreAskedAgain_data();
    void malformedRepliesAreAskedAgain();
};

void TestNameSetFakeServer::malformedRepliesAreAskedAgain_data()
{
    QTest::addColumn<QString>("backend");
    QTest::addRow("ollama") << "ollama";
    QTest::addRow("openai") << "openai";
}

void TestNameSetFakeServer::malformedRepliesAreAskedAgain()
{
    QFETCH(QString, backend);
    FakeJudgeServer server(respond);
    QVERIFY(server.listen());
    NameSetLoadResult loaded = NameSetReader::parse(kProbe, QStringLiteral("t.names.json"));
    QVERIFY2(loaded.ok(), qPrintable(loaded.text()));
    NameSetDocument doc = *loaded.document;
    doc.settings.backend = backend;
    doc.settings.endpoints = {backend == QLatin1String("openai") ? server.openAiUrl().toString()
                                                                 : server.ollamaUrl().toString()};
    doc.settings.concurrency = 2;

    QTemporaryDir dir;
    RunStore store;
    QString error;
    QVERIFY2(store.open(dir.filePath(QStringLiteral("n.pbrun")), &error), qPrintable(error));
    RunSession session(&store, {NameSetRun::unit(doc)},
                       std::make_unique<NameSetAnalyzer>(doc));
    QSignalSpy finished(&session, &RunSession::finished);
    session.start();
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.first().at(0).value<RunOutcome>(), RunOutcome::Completed);

    // Every fault got one follow-up naming it, in the seed's words.
    QStringList followUps;
    bool schemaSent = true;
    for (const QJsonObject& body : server.chatBodies()) {
        const auto messages = FakeJudgeServer::messagesOf(body);
        if (messages.size() > 1)
            followUps << messages.last().second;
        schemaSent = schemaSent && (body.contains(QLatin1String("format")) ||
                                    body.contains(QLatin1String("response_format")));
    }
    QVERIFY(schemaSent);
    const QString missing = QStringLiteral("Your previous response was missing the required "
                                           "field score. Please regenerate the complete JSON "
                                           "output.");
    QCOMPARE(followUps.count(missing), 2); // one per seed
    auto count = [&](const QString& part) {
        int n = 0;
        for (const QString& f : followUps)
            n += f.contains(part) ? 1 : 0;
        return n;
    };
    QCOMPARE(count(QStringLiteral("gave decision \"maybe\", which is not one of")), 2);
    QCOMPARE(count(QStringLiteral("gave score 14, outside the range 1 to 10")), 2);
    QCOMPARE(count(QStringLiteral("had text outside the JSON object")), 2);
    QCOMPARE(count(QStringLiteral("was not a JSON object")), 4); // Never Valid: 2 re-asks a seed
    // 6 names x 2 seeds first asks, 4 faulty names once more, Never Valid twice more.
    QCOMPARE(server.chatBodies().size(), 12 + 4 * 2 + 2 * 2);

    const NameSetAnalysis analysis =
        NameSetAnalysis::compute(doc, *NameSetRun::resultsIn(session.results()));
    QCOMPARE(analysis.answered, 12);
    QCOMPARE(analysis.scored, 10);
    QCOMPARE(analysis.gaps.size(), 2);
    for (const NameSetAnalysis::Gap& gap : analysis.gaps) {
        QCOMPARE(gap.name, QStringLiteral("Never Valid"));
        QVERIFY(!gap.failed);
    }
    const QString report = NameSetReport::markdown(doc, analysis);
    QVERIFY(report.contains(QStringLiteral("- Never Valid (B), seed 1: no reply validated in 3 "
                                           "attempts")));
    // The exhausted call keeps its last raw reply and every attempt, and has no score.
    int exhausted = 0;
    for (const LoggedCall& c : test::calls(store, session.runIds().first())) {
        if (c.itemId != QLatin1String("Never Valid"))
            continue;
        ++exhausted;
        QVERIFY(!c.metricValue);
        QCOMPARE(c.reply, QStringLiteral("I would rather not give a score."));
        const QJsonObject d = c.details.value(QLatin1String("name_set")).toObject();
        QCOMPARE(d.value(QLatin1String("attempts")).toArray().size(), 3);
        QCOMPARE(d.value(QLatin1String("error_code")).toString(), QStringLiteral("invalid-reply"));
        QCOMPARE(d.value(QLatin1String("prompt_sha256")).toString().size(), 64);
    }
    QCOMPARE(exhausted, 2);
}

QTEST_GUILESS_MAIN(TestNameSetFakeServer)
#include "tst_namesetfakeserver.moc"
