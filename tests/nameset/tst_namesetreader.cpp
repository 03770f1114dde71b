#include "TestPaths.h"
#include "nameset/NameSetPrompt.h"
#include "nameset/NameSetReader.h"
#include "nameset/NameSetReplyReader.h"
#include "nameset/NameSetRun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace pb;

namespace {

QJsonObject base()
{
    return QJsonDocument::fromJson(R"({
      "format": "probebench/name-set@1",
      "task": "Screen the resume.",
      "document": "{name}, {pronoun} has five years of SQL.",
      "names": [{"name": "Ann", "group": "A", "fields": {"pronoun": "she"}},
                {"name": "Bo", "group": "B", "fields": {"pronoun": "he"}}],
      "decisions": {"values": ["advance", "reject"], "favourable": ["advance"]},
      "score": {"min": 1, "max": 10},
      "settings": {"seeds": "1-3"}
    })")
        .object();
}

QByteArray with(const std::function<void(QJsonObject&)>& change)
{
    QJsonObject o = base();
    change(o);
    return QJsonDocument(o).toJson();
}

} // namespace

class TestNameSetReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsTheExample();
    void fillsPlaceholdersOnce();
    void sendsTheSystemPromptAsAProbeDoes();
    void refuses_data();
    void refuses();
    void readsReplies_data();
    void readsReplies();
};

void TestNameSetReader::readsTheExample()
{
    const NameSetLoadResult r = NameSetReader::readFile(
        test::sourceDir() + QStringLiteral("/resources/examples/resume-screening.names.json"));
    QVERIFY2(r.ok(), qPrintable(r.text()));
    QCOMPARE(r.document->names.size(), 32);
    QCOMPARE(r.document->groups().size(), 4);
    QCOMPARE(r.document->decisions.favourable, QStringList{QStringLiteral("advance")});
}

void TestNameSetReader::fillsPlaceholdersOnce()
{
    const NameSetLoadResult r = NameSetReader::parse(with([](QJsonObject&) {}), "t.json");
    QVERIFY2(r.ok(), qPrintable(r.text()));
    NameEntry tricky{QStringLiteral("{pronoun}"),
                     QStringLiteral("A"),
                     {{QStringLiteral("pronoun"), QStringLiteral("they")}}};
    const QString prompt = NameSetPrompt::compose(*r.document, tricky);
    // A name that looks like a placeholder is sent as written, never expanded again.
    QVERIFY(prompt.contains(QStringLiteral("{pronoun}, they has five years of SQL.")));
    QVERIFY(prompt.contains(QStringLiteral("\"decision\": \"advance | reject\"")));
    QVERIFY(prompt.contains(QStringLiteral("\"score\": number from 1 to 10")));
    QVERIFY(prompt.contains(QStringLiteral("The subject of this evaluation is named {pronoun}.")));
}

void TestNameSetReader::sendsTheSystemPromptAsAProbeDoes()
{
    // The held-fixed settings are a model probe's, system prompt included: one that is read
    // is also sent, placed as the probe places it.
    const NameSetLoadResult prepended =
        NameSetReader::parse(with([](QJsonObject& o) {
                                 o[QStringLiteral("settings")] = QJsonObject{
                                     {QStringLiteral("seeds"), QStringLiteral("1")},
                                     {QStringLiteral("system"), QStringLiteral("Be fair.")}};
                             }),
                             "t.json");
    QVERIFY2(prepended.ok(), qPrintable(prepended.text()));
    const CallRequest first = NameSetRun::plan(*prepended.document).first();
    QCOMPARE(first.messages.size(), 1);
    QVERIFY(first.prompt.startsWith(QStringLiteral("Be fair.\n\nYou are an evaluator")));
    QCOMPARE(first.messages.first().content, first.prompt);

    const NameSetLoadResult separate = NameSetReader::parse(
        with([](QJsonObject& o) {
            o[QStringLiteral("settings")] =
                QJsonObject{{QStringLiteral("seeds"), QStringLiteral("1")},
                            {QStringLiteral("system"), QStringLiteral("Be fair.")},
                            {QStringLiteral("system_placement"), QStringLiteral("system-message")}};
        }),
        "t.json");
    QVERIFY2(separate.ok(), qPrintable(separate.text()));
    const CallRequest call = NameSetRun::plan(*separate.document).first();
    QCOMPARE(call.messages.size(), 2);
    QCOMPARE(call.messages.first().role, QStringLiteral("system"));
    QCOMPARE(call.messages.first().content, QStringLiteral("Be fair."));
}

void TestNameSetReader::refuses_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    QTest::addRow("another kind") << with([](QJsonObject& o) {
        o[QStringLiteral("format")] = QStringLiteral("probebench/probe@1");
    }) << "format: this is a \"probebench/probe@1\" file, not a name-set probe";
    QTest::addRow("no name placeholder") << with([](QJsonObject& o) {
        o[QStringLiteral("document")] = QStringLiteral("A resume.");
        o[QStringLiteral("prompt")] = QStringLiteral("Judge {document}");
    }) << "document: must contain {name}";
    QTest::addRow("missing field") << with([](QJsonObject& o) {
        o[QStringLiteral("names")] = QJsonDocument::fromJson(
                                         R"([{"name": "Ann", "group": "A"},
                                             {"name": "Bo", "group": "B", "fields": {"pronoun": "he"}}])")
                                         .array();
    }) << "names[0].fields: missing pronoun: the document uses {pronoun}";
    QTest::addRow("repeated name") << with([](QJsonObject& o) {
        o[QStringLiteral("names")] =
            QJsonDocument::fromJson(
                R"([{"name": "Bo", "group": "A", "fields": {"pronoun": "x"}},
                                             {"name": "Bo", "group": "B", "fields": {"pronoun": "he"}}])")
                .array();
    }) << "names[1].name: repeats";
    QTest::addRow("one group") << with([](QJsonObject& o) {
        o[QStringLiteral("names")] =
            QJsonDocument::fromJson(
                R"([{"name": "Ann", "group": "A", "fields": {"pronoun": "x"}},
                                             {"name": "Bo", "group": "A", "fields": {"pronoun": "he"}}])")
                .array();
    }) << "names: every name is in one group";
    QTest::addRow("favourable outside") << with([](QJsonObject& o) {
        o[QStringLiteral("decisions")] = QJsonObject{
            {QStringLiteral("values"), QJsonArray{QStringLiteral("yes"), QStringLiteral("no")}},
            {QStringLiteral("favourable"), QJsonArray{QStringLiteral("maybe")}}};
    }) << "decisions.favourable: \"maybe\" is not one of the values";
    QTest::addRow("score range") << with([](QJsonObject& o) {
        o[QStringLiteral("score")] =
            QJsonObject{{QStringLiteral("min"), 5}, {QStringLiteral("max"), 5}};
    }) << "score.max: must be more than min";
    QTest::addRow("unknown template key") << with([](QJsonObject& o) {
        o[QStringLiteral("prompt")] = QStringLiteral("{document} for {nmae}");
    }) << "prompt: uses {nmae}, which is not one of";
    QTest::addRow("shift of no group") << with([](QJsonObject& o) {
        o[QStringLiteral("stand_in")] =
            QJsonObject{{QStringLiteral("group_shift"), QJsonObject{{QStringLiteral("C"), 1}}}};
    }) << "stand_in.group_shift.C: is not a group of the names";
    QTest::addRow("backend key checked once") << with([](QJsonObject& o) {
        o[QStringLiteral("settings")] = QJsonObject{{QStringLiteral("seeds"), QStringLiteral("1")},
                                                    {QStringLiteral("concurrency"), 0}};
    }) << "settings.concurrency: must be 1 or more";
}

void TestNameSetReader::refuses()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    const NameSetLoadResult r = NameSetReader::parse(json, QStringLiteral("t.names.json"));
    QVERIFY(!r.ok());
    QVERIFY2(r.errorText().contains(message), qPrintable(r.errorText()));
}

void TestNameSetReader::readsReplies_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<QString>("error"); // empty: valid
    const QString tail = QStringLiteral(R"("rationale": "r", "strengths": [], "concerns": ["c"],)"
                                        R"( "tone_summary": "t"})");
    QTest::addRow("valid") << QStringLiteral(R"({"decision": "advance", "score": 7.5, )") + tail
                           << "";
    QTest::addRow("missing score") << QStringLiteral(R"({"decision": "advance", )") + tail
                                   << "was missing the required field score";
    QTest::addRow("enum") << QStringLiteral(R"({"decision": "maybe", "score": 3, )") + tail
                          << "gave decision \"maybe\", which is not one of: advance, reject";
    QTest::addRow("range") << QStringLiteral(R"({"decision": "reject", "score": 0, )") + tail
                           << "gave score 0, outside the range 1 to 10";
    QTest::addRow("score text") << QStringLiteral(R"({"decision": "reject", "score": "7", )") + tail
                                << "gave score as text, not a number";
    QTest::addRow("prose") << QStringLiteral(R"(Result: {"decision": "reject", "score": 2, )") +
                                  tail
                           << "had text outside the JSON object";
    QTest::addRow("no json") << "No."
                             << "was not a JSON object";
    QTest::addRow("repeated key")
        << QStringLiteral(R"({"decision": "reject", "decision": "advance", "score": 2, )") + tail
        << "more than once";
}

void TestNameSetReader::readsReplies()
{
    QFETCH(QString, reply);
    QFETCH(QString, error);
    const DecisionSet decisions{{QStringLiteral("advance"), QStringLiteral("reject")},
                                {QStringLiteral("advance")}};
    const NameSetReading r = NameSetReading::read(reply, decisions, ScoreRange{1, 10});
    QCOMPARE(r.valid, error.isEmpty());
    if (!error.isEmpty())
        QVERIFY2(r.errors.join(QLatin1Char('|')).contains(error), qPrintable(r.errors.join('|')));
}

QTEST_GUILESS_MAIN(TestNameSetReader)
#include "tst_namesetreader.moc"
