#include "ExampleProbe.h"
#include "probe/ProbeReader.h"
#include "probe/ProbeWriter.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <nlohmann/json.hpp>

using namespace pb;

namespace {

ProbeDocument load(const QByteArray& bytes)
{
    const ProbeLoadResult result = ProbeReader::parse(bytes, QStringLiteral("w.json"));
    if (!result.ok()) {
        qWarning("%s", qPrintable(result.text()));
        return {};
    }
    return *result.document;
}

// Every field away from its default, so a field the writer forgets cannot pass.
ProbeDocument everythingSet()
{
    ProbeDocument doc;
    doc.title = QStringLiteral("Names \u00e9 \u2713 \"quoted\"");
    doc.description = QStringLiteral("line one\nline two\ttab");
    doc.attribute = {QStringLiteral("byline"),
                     {QStringLiteral("A"), QStringLiteral("B name"), QStringLiteral("C")}};
    ProbeItem first;
    first.id = QStringLiteral("essay-1");
    first.variants = {{QStringLiteral("A"), QStringLiteral("text a")},
                      {QStringLiteral("B name"), QStringLiteral("text b \U0001F600")},
                      {QStringLiteral("C"), QStringLiteral("text c")}};
    first.note = QStringLiteral("check the facts match");
    first.facts = {QStringLiteral("KeyError"), QStringLiteral("the total|the sum")};
    ProbeItem second;
    second.id = QStringLiteral("2");
    second.variants = {{QStringLiteral("A"), QStringLiteral("x")},
                       {QStringLiteral("B name"), QStringLiteral("y")},
                       {QStringLiteral("C"), QStringLiteral("z")}};
    doc.items = {first, second};
    for (int i = 3; i <= 7; ++i) {
        ProbeItem more = second;
        more.id = QString::number(i);
        more.variants[QStringLiteral("A")] = QStringLiteral("x%1").arg(i);
        doc.items << more;
    }
    ProbeSettings& s = doc.settings;
    s.backend = QStringLiteral("openai");
    s.model = QStringLiteral("gpt-4o-mini");
    s.temperature = 0.35;
    s.seeds = {1, 2, 3, 10, -4};
    s.seedsText = QStringLiteral("1-3,10,  -4");
    s.system = QStringLiteral("Be brief.");
    s.placement = SystemPlacement::SystemMessage;
    s.separator = QStringLiteral("\n---\n");
    s.plantedGap = 2.5;
    s.endpoints = {QStringLiteral("http://10.0.0.2:8000/v1"),
                   QStringLiteral("https://api.example.org")};
    s.concurrency = 4;
    s.timeoutSeconds = 30.5;
    s.maxTokens = 256;
    s.contextLength = 8192;
    s.keepAlive = QStringLiteral("10m");
    s.stream = true;
    s.apiKeyEnv = QStringLiteral("OPENAI_API_KEY");
    doc.metric.kind = QStringLiteral("json_field");
    doc.metric.name = QStringLiteral("prefers_a");
    doc.metric.field = QStringLiteral("verdict.choice");
    doc.metric.categories = {QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("tie")};
    doc.metric.positive = QStringLiteral("A");
    doc.metric.description = QStringLiteral("Share of verdicts for A.");
    doc.noise.enabled = false;
    doc.noise.seedOffset = -1000;
    return doc;
}

} // namespace

class TestProbeWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void exampleIsWrittenByteForByte();
    void roundTrip_data();
    void roundTrip();
    void everyFieldSurvives();
    void seedsKeepTheirText();
    void staleSeedTextIsReplaced();
    void keepAliveNumberStaysANumber();
    void stableKeyOrder();
    void writeFileAndReadBack();
    void writeFileReportsFailure();
};

void TestProbeWriter::exampleIsWrittenByteForByte()
{
    const QByteArray bytes = test::exampleProbeBytes();
    QCOMPARE(ProbeWriter::toJson(load(bytes)), bytes);
}

void TestProbeWriter::roundTrip_data()
{
    QTest::addColumn<QByteArray>("patch");

    QTest::addRow("example") << QByteArray("{}");
    QTest::addRow("seed list") << QByteArray(R"({"settings": {"seeds": [5, "1-3", -2]}})");
    QTest::addRow("numeric ids") << QByteArray(
        R"({"items": [{"id": 10, "variants": {"formal": "a", "casual": "b"}},
                                    {"id": 2.5, "variants": {"formal": "c", "casual": "d"}}]})");
    QTest::addRow("ollama") << QByteArray(
        R"({"settings": {"backend": "ollama", "model": "llama3.2", "planted_gap": null,
                         "keep_alive": -1, "context_length": 4096, "max_tokens": 100,
                         "endpoints": ["http://localhost:11434", "http://gpu-box:11434"],
                         "concurrency": 2, "timeout_seconds": 180}})");
    QTest::addRow("regex metric") << QByteArray(
        R"({"metric": {"kind": "regex_count", "name": "apologies", "pattern": "(?i)\\bsorry\\b"}})");
    QTest::addRow("numeric json metric")
        << QByteArray(R"({"metric": {"kind": "json_field", "field": "scores.0"}})");
    QTest::addRow("no noise check") << QByteArray(R"({"noise_check": {"enabled": false}})");
    QTest::addRow("unicode and escapes") << QByteArray(
        R"({"title": "tab\t nul\u0000 emoji \ud83d\ude00", "attribute": {"name": "s",
            "values": ["formal", "casual"]},
            "items": [{"id": "\"q\"", "variants": {"formal": "\u00e9", "casual": "\\"},
                       "note": "n"}]})");
    QTest::addRow("empty system, no placement")
        << QByteArray(R"({"settings": {"system": "", "system_placement": "none"}})");
    QTest::addRow("zero temperature") << QByteArray(R"({"settings": {"temperature": 0}})");
}

void TestProbeWriter::roundTrip()
{
    QFETCH(QByteArray, patch);
    nlohmann::json doc = nlohmann::json::parse(test::exampleProbeBytes().toStdString());
    doc.merge_patch(nlohmann::json::parse(patch.toStdString()));
    const std::string text = doc.dump();
    const ProbeLoadResult first =
        ProbeReader::parse(QByteArray(text.data(), qsizetype(text.size())), QStringLiteral("r"));
    QVERIFY2(first.ok(), qPrintable(first.text()));
    const QByteArray written = ProbeWriter::toJson(*first.document);
    const ProbeLoadResult second = ProbeReader::parse(written, QStringLiteral("r2"));
    QVERIFY2(second.ok(),
             qPrintable(second.text() + QLatin1Char('\n') + QString::fromUtf8(written)));
    QVERIFY2(*second.document == *first.document, written.constData());
    QCOMPARE(ProbeWriter::toJson(*second.document), written);
}

void TestProbeWriter::everyFieldSurvives()
{
    const ProbeDocument original = everythingSet();
    const QByteArray written = ProbeWriter::toJson(original);
    const ProbeLoadResult read = ProbeReader::parse(written, QStringLiteral("all"));
    QVERIFY2(read.ok(), qPrintable(read.text()));
    const ProbeDocument& back = *read.document;
    // Field by field first, so a failure says which one.
    QCOMPARE(back.title, original.title);
    QCOMPARE(back.description, original.description);
    QCOMPARE(back.attribute.values, original.attribute.values);
    QCOMPARE(back.items.size(), original.items.size());
    QCOMPARE(back.items[0].variants, original.items[0].variants);
    QCOMPARE(back.items[0].note, original.items[0].note);
    QCOMPARE(back.items[0].facts, original.items[0].facts);
    QCOMPARE(back.settings.seeds, original.settings.seeds);
    QCOMPARE(back.settings.seedsText, original.settings.seedsText);
    QCOMPARE(back.settings.separator, original.settings.separator);
    QCOMPARE(back.settings.plantedGap, original.settings.plantedGap);
    QCOMPARE(back.settings.endpoints, original.settings.endpoints);
    QCOMPARE(back.settings.maxTokens, original.settings.maxTokens);
    QCOMPARE(back.settings.contextLength, original.settings.contextLength);
    QCOMPARE(back.settings.keepAlive, original.settings.keepAlive);
    QCOMPARE(back.settings.apiKeyEnv, original.settings.apiKeyEnv);
    QCOMPARE(back.metric.categories, original.metric.categories);
    QCOMPARE(back.noise.seedOffset, original.noise.seedOffset);
    QVERIFY(back == original);
}

void TestProbeWriter::seedsKeepTheirText()
{
    ProbeDocument doc = load(test::exampleProbeBytes());
    doc.settings.seedsText = QStringLiteral("1-10,11-20");
    const QByteArray written = ProbeWriter::toJson(doc);
    QVERIFY2(written.contains("\"seeds\": \"1-10,11-20\""), written.constData());
}

void TestProbeWriter::staleSeedTextIsReplaced()
{
    ProbeDocument doc = load(test::exampleProbeBytes());
    doc.settings.seeds = {1, 2, 3, 7, 9, 10, 11, 12, -1};
    QCOMPARE(doc.settings.seedsText, QStringLiteral("1-20"));
    const QByteArray written = ProbeWriter::toJson(doc);
    QVERIFY2(written.contains("\"seeds\": \"1-3, 7, 9-12, -1\""), written.constData());
    QCOMPARE(load(written).settings.seeds, doc.settings.seeds);
}

void TestProbeWriter::keepAliveNumberStaysANumber()
{
    ProbeDocument doc = load(test::exampleProbeBytes());
    doc.settings.keepAlive = QStringLiteral("-1");
    QVERIFY(ProbeWriter::toJson(doc).contains("\"keep_alive\": -1\n"));
    doc.settings.keepAlive = QStringLiteral("5m");
    QVERIFY(ProbeWriter::toJson(doc).contains("\"keep_alive\": \"5m\""));
}

void TestProbeWriter::stableKeyOrder()
{
    // The connection keys come from BackendSettingsWriter, the one writer of a probe's and a
    // judge's backend keys, so "stream" (a model probe's own) follows "api_key_env".
    const QByteArray written = ProbeWriter::toJson(everythingSet());
    const QList<QByteArray> keys = {
        "\"format\"",          "\"title\"",       "\"description\"",    "\"attribute\"",
        "\"items\"",           "\"settings\"",    "\"backend\"",        "\"model\"",
        "\"temperature\"",     "\"seeds\"",       "\"system\"",         "\"system_placement\"",
        "\"separator\"",       "\"planted_gap\"", "\"endpoints\"",      "\"concurrency\"",
        "\"timeout_seconds\"", "\"max_tokens\"",  "\"context_length\"", "\"keep_alive\"",
        "\"api_key_env\"",     "\"stream\"",      "\"metric\"",         "\"kind\"",
        "\"field\"",           "\"categories\"",  "\"positive\"",       "\"noise_check\"",
        "\"enabled\"",         "\"seed_offset\""};
    qsizetype last = -1;
    for (const QByteArray& key : keys) {
        const qsizetype at = written.indexOf(key, last + 1);
        QVERIFY2(at > last, key.constData());
        last = at;
    }
    QVERIFY(written.startsWith("{\n  \"format\": \"probebench/probe@1\",\n  \"title\""));
    QVERIFY(written.endsWith("}\n"));
    // variants follow the attribute's order, not the map's
    QVERIFY(written.indexOf("\"A\": \"text a\"") < written.indexOf("\"B name\": \"text b"));
    QVERIFY(written.indexOf("\"B name\": \"text b") < written.indexOf("\"C\": \"text c\""));
}

void TestProbeWriter::writeFileAndReadBack()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("saved.probe.json"));
    QString error;
    const ProbeDocument doc = everythingSet();
    QVERIFY2(ProbeWriter::writeFile(doc, path, &error), qPrintable(error));
    const ProbeLoadResult read = ProbeReader::readFile(path);
    QVERIFY2(read.ok(), qPrintable(read.text()));
    QVERIFY(*read.document == doc);
}

void TestProbeWriter::writeFileReportsFailure()
{
    QString error;
    QVERIFY(!ProbeWriter::writeFile(everythingSet(),
                                    QStringLiteral("/nonexistent-dir/x/saved.probe.json"), &error));
    QVERIFY(error.contains(QStringLiteral("cannot write")));
}

QTEST_GUILESS_MAIN(TestProbeWriter)
#include "tst_probewriter.moc"
