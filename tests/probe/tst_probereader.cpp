#include "ExampleProbe.h"
#include "ProbeFileEdits.h"
#include "probe/ProbeReader.h"
#include "probe/ProbeWriter.h"

#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>
#include <nlohmann/json.hpp>

using namespace pb;
using ojson = nlohmann::ordered_json;
using namespace pb::test;

namespace {

// ops is a JSON list of [pointer, value] (set) or [pointer] (remove), applied in order.
QByteArray patchedExample(const QByteArray& ops)
{
    ojson document = ojson::parse(test::exampleProbeBytes().toStdString());
    for (const ojson& op : ojson::parse(ops.toStdString())) {
        const ojson::json_pointer pointer(op.at(0).get<std::string>());
        if (op.size() == 1) {
            erase(document, pointer);
            continue;
        }
        document[pointer] = op.at(1);
    }
    return toBytes(document);
}

QString describe(const QList<ProbeProblem>& problems)
{
    QStringList lines;
    for (const ProbeProblem& p : problems) {
        lines << ProbeLoadResult::render(QStringLiteral("f"), p);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class TestProbeReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void exampleLoads();
    void problemIsNamedByPath_data();
    void problemIsNamedByPath();
    void validVariations_data();
    void validVariations();
    void errorTextShape();
    void collectsEveryProblem();
    void malformedJsonGivesLineAndColumn_data();
    void malformedJsonGivesLineAndColumn();
    void duplicateKeysAreErrors();
    void byteOrderMarkAccepted();
    void apiKeyIsNeverEchoed();
    void readFileNamesTheFile();
    void missingFile();
};

void TestProbeReader::exampleLoads()
{
    const ProbeLoadResult result = ProbeReader::readFile(test::exampleProbePath());
    QVERIFY2(result.ok(), qPrintable(result.text()));
    QVERIFY2(result.problems.isEmpty(), qPrintable(result.text()));
    const ProbeDocument& doc = *result.document;
    QCOMPARE(doc.attribute.name, QStringLiteral("writing style"));
    QCOMPARE(doc.attribute.values,
             QStringList({QStringLiteral("formal"), QStringLiteral("casual")}));
    QCOMPARE(doc.items.size(), 8);
    for (int i = 0; i < 8; ++i) {
        QCOMPARE(doc.items[i].id, QString::number(i));
        QCOMPARE(doc.items[i].variants.size(), 2);
    }
    QCOMPARE(doc.items[7].variants.value(QStringLiteral("casual")),
             QStringLiteral("test passes alone but fails w the others, where do i look"));
    QList<qint64> seeds;
    for (qint64 s = 1; s <= 20; ++s) {
        seeds << s;
    }
    QCOMPARE(doc.settings.seeds, seeds);
    QCOMPARE(doc.settings.seedsText, QStringLiteral("1-20"));
    QCOMPARE(doc.settings.backend, QStringLiteral("stand-in"));
    QCOMPARE(doc.settings.model, QStringLiteral("stand-in-v1"));
    QCOMPARE(doc.settings.temperature, 0.8);
    QCOMPARE(doc.settings.plantedGap, 1.0);
    QCOMPARE(doc.settings.placement, SystemPlacement::PrependToUser);
    QCOMPARE(doc.settings.separator, QStringLiteral("\n\n"));
    QCOMPARE(
        doc.settings.system,
        QStringLiteral("You are a course help assistant. Reply with numbered debugging steps."));
    QCOMPARE(doc.metric.kind, QStringLiteral("count_steps"));
    QCOMPARE(doc.metric.name, QStringLiteral("steps"));
    QVERIFY(!doc.metric.description.isEmpty());
    QVERIFY(doc.noise.enabled);
    QCOMPARE(doc.noise.seedOffset, 100);
}

void TestProbeReader::problemIsNamedByPath_data()
{
    QTest::addColumn<QByteArray>("ops");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("fragment");
    QTest::addColumn<bool>("error");

    const auto row = [](const char* name, const char* ops, const char* path, const char* fragment,
                        bool error = true) {
        QTest::addRow("%s", name) << QByteArray(ops) << QString::fromUtf8(path)
                                  << QString::fromUtf8(fragment) << error;
    };
    // format
    row("format missing", R"([["/format"]])", "format", "missing");
    row("format newer", R"([["/format", "probebench/probe@2"]])", "format",
        "made by a newer Probe Workbench");
    row("format other kind", R"([["/format", "probebench/run@1"]])", "format", "not a probe file");
    row("format number", R"([["/format", 1]])", "format", "must be text, not a number");
    row("format typo", R"([["/format", "probebench/probe1"]])", "format",
        "must be \"probebench/probe@1\"");
    // attribute
    row("attribute missing", R"([["/attribute"]])", "attribute", "missing");
    row("attribute not object", R"([["/attribute", "style"]])", "attribute",
        "must be an object { ... }, not text");
    row("attribute name missing", R"([["/attribute/name"]])", "attribute.name", "missing");
    row("one value", R"([["/attribute/values", ["formal"]]])", "attribute.values",
        "needs at least two values");
    row("repeated value", R"([["/attribute/values", ["formal", "formal"]]])", "attribute.values[1]",
        "repeats \"formal\"");
    row("empty value", R"([["/attribute/values", ["formal", ""]]])", "attribute.values[1]",
        "is empty");
    row("value number", R"([["/attribute/values/1", 3]])", "attribute.values[1]",
        "must be text, not a number");
    row("value clashes with noise label",
        R"([["/attribute/values", ["formal", "casual", "formal again"]]])", "attribute.values[2]",
        "label of the noise check");
    row("value with a space is quoted", R"([["/attribute/values", ["formal", "very casual"]]])",
        "items[0].variants[\"very casual\"]", "missing");
    // items
    row("items missing", R"([["/items"]])", "items", "missing");
    row("items empty", R"([["/items", []]])", "items", "is empty");
    row("items not list", R"([["/items", {}]])", "items", "must be a list [ ... ], not an object");
    row("item not object", R"([["/items/4", "x"]])", "items[4]", "must be an object");
    row("variant missing", R"([["/items/3/variants/casual"]])", "items[3].variants.casual",
        "missing");
    row("variant empty", R"([["/items/3/variants/casual", ""]])", "items[3].variants.casual",
        "is empty");
    row("variant blank", R"([["/items/0/variants/formal", "  \n "]])", "items[0].variants.formal",
        "is empty");
    row("variant number", R"([["/items/3/variants/casual", 5]])", "items[3].variants.casual",
        "must be text, not a number");
    row("variant extra", R"([["/items/2/variants/informal", "x"]])", "items[2].variants.informal",
        "is not one of the attribute values (formal, casual)");
    row("variants list", R"([["/items/0/variants", ["a"]]])", "items[0].variants",
        "must be an object");
    row("variants missing", R"([["/items/0/variants"]])", "items[0].variants", "missing");
    row("id repeated", R"([["/items/1/id", "0"]])", "items[1].id",
        "repeats the id \"0\" of items[0]");
    row("numeric id repeated", R"([["/items/1/id", 7]])", "items[7].id",
        "repeats the id \"7\" of items[1]");
    row("id empty", R"([["/items/1/id", ""]])", "items[1].id", "is empty");
    row("id missing", R"([["/items/1/id"]])", "items[1].id", "missing");
    row("id boolean", R"([["/items/1/id", true]])", "items[1].id",
        "must be text or a number, not true/false");
    row("note number", R"([["/items/1/note", 3]])", "items[1].note", "must be text");
    row("facts not list", R"([["/items/1/facts", "KeyError"]])", "items[1].facts",
        "must be a list");
    row("fact number", R"([["/items/1/facts", ["KeyError", 3]]])", "items[1].facts[1]",
        "must be text");
    row("identical variants",
        R"([["/items/0/variants/casual", "Hello. My Python loop prints the same value every time. Could you help me find the problem?"]])",
        "items[0].variants", "identical", false);
    row("few items", R"([["/items/7"], ["/items/6"], ["/items/5"], ["/items/4"], ["/items/3"]])",
        "items", "smallest p the sign-flip test can give is 0.25", false);
    row("unknown item key", R"([["/items/0/weight", 2]])", "items[0].weight",
        "unknown key, ignored", false);
    // settings
    row("settings missing", R"([["/settings"]])", "settings", "missing");
    row("settings list", R"([["/settings", []]])", "settings", "must be an object");
    row("backend unknown", R"([["/settings/backend", "gpt"]])", "settings.backend",
        "must be one of stand-in, ollama, openai");
    row("planted gap on ollama", R"([["/settings/backend", "ollama"]])", "settings.planted_gap",
        "only the stand-in backend uses it", false);
    row("model missing for ollama", R"([["/settings/backend", "ollama"], ["/settings/model"]])",
        "settings.model", "missing");
    row("model empty", R"([["/settings/model", ""]])", "settings.model", "is empty");
    row("temperature negative", R"([["/settings/temperature", -0.1]])", "settings.temperature",
        "must be 0 or more");
    row("temperature text", R"([["/settings/temperature", "hot"]])", "settings.temperature",
        "must be a number, not text");
    row("seeds backwards", R"([["/settings/seeds", "3-1"]])", "settings.seeds",
        "runs backwards; write 1-3");
    row("seeds duplicate", R"([["/settings/seeds", "1-20, 5"]])", "settings.seeds",
        "seed 5 is listed more than once");
    row("seeds list duplicate", R"([["/settings/seeds", [1, 2, "2-4"]]])", "settings.seeds",
        "seed 2 is listed more than once");
    row("seeds list float", R"([["/settings/seeds", [1, 2.5]]])", "settings.seeds[1]",
        "must be a whole number or a range");
    row("seeds list backwards", R"([["/settings/seeds", [1, "5-3"]]])", "settings.seeds",
        "runs backwards");
    row("seeds list too large", R"([["/settings/seeds", [18446744073709551615]]])",
        "settings.seeds[0]", "is too large");
    row("seeds empty text", R"([["/settings/seeds", ""]])", "settings.seeds", "no seeds");
    row("seeds empty list", R"([["/settings/seeds", []]])", "settings.seeds", "is an empty list");
    row("seeds missing", R"([["/settings/seeds"]])", "settings.seeds", "missing");
    row("seeds object", R"([["/settings/seeds", {}]])", "settings.seeds", "must be text like");
    row("seeds too many", R"([["/settings/seeds", "0-200000"]])", "settings.seeds",
        "more than 100000 seeds");
    row("seeds double comma", R"([["/settings/seeds", "1-5,,7"]])", "settings.seeds",
        "empty entry");
    row("seeds spaces", R"([["/settings/seeds", "1 2 3"]])", "settings.seeds",
        "separate entries with commas");
    row("placement unknown", R"([["/settings/system_placement", "front"]])",
        "settings.system_placement", "must be one of prepend, system-message, none");
    row("system not sent", R"([["/settings/system_placement", "none"]])", "settings.system",
        "is not sent", false);
    row("separator number", R"([["/settings/separator", 2]])", "settings.separator",
        "must be text");
    row("api key pasted", R"([["/settings/api_key_env", "sk-abc123"]])", "settings.api_key_env",
        "looks like an API key itself");
    row("api key with spaces", R"([["/settings/api_key_env", "my key"]])", "settings.api_key_env",
        "looks like an API key");
    row("api key long", R"([["/settings/api_key_env", "a8Fk29dLq0Zx7Vb3Nm4Pq8Rs1Tu6Wy2Ab5Cd"]])",
        "settings.api_key_env", "looks like an API key");
    row("api key env bad name", R"([["/settings/api_key_env", "1KEY"]])", "settings.api_key_env",
        "is not an environment variable name");
    row("concurrency zero", R"([["/settings/concurrency", 0]])", "settings.concurrency",
        "must be 1 or more");
    row("concurrency fraction", R"([["/settings/concurrency", 1.5]])", "settings.concurrency",
        "must be a whole number");
    row("concurrency huge", R"([["/settings/concurrency", 99999999999]])", "settings.concurrency",
        "is too large");
    row("endpoint not url", R"([["/settings/endpoints", ["localhost"]]])", "settings.endpoints[0]",
        "is not a web address");
    row("endpoint ftp", R"([["/settings/endpoints", ["ftp://host"]]])", "settings.endpoints[0]",
        "is not a web address");
    row("endpoints text", R"([["/settings/endpoints", "http://x"]])", "settings.endpoints",
        "must be a list");
    row("endpoint password", R"([["/settings/endpoints", ["http://u:secret@h:1"]]])",
        "settings.endpoints[0]", "contains a password");
    row("endpoint repeated",
        R"([["/settings/backend", "ollama"], ["/settings/endpoints", ["http://h:1", "http://h:1/"]]])",
        "settings.endpoints[1]", "repeats settings.endpoints[0]");
    row("endpoints on stand-in", R"([["/settings/endpoints", ["http://h:1"]]])",
        "settings.endpoints", "ignored by the stand-in backend", false);
    row("timeout zero", R"([["/settings/timeout_seconds", 0]])", "settings.timeout_seconds",
        "must be more than 0");
    row("max tokens zero", R"([["/settings/max_tokens", 0]])", "settings.max_tokens",
        "must be 1 or more");
    row("context text", R"([["/settings/context_length", "4096"]])", "settings.context_length",
        "must be a whole number, not text");
    row("keep alive words", R"([["/settings/keep_alive", "5 minutes"]])", "settings.keep_alive",
        "must be a duration");
    row("keep alive bare text number", R"([["/settings/keep_alive", "300"]])",
        "settings.keep_alive", "must be a duration");
    row("keep alive list", R"([["/settings/keep_alive", []]])", "settings.keep_alive",
        "must be a duration like \"5m\" or a number of seconds, not a list");
    row("stream text", R"([["/settings/stream", "yes"]])", "settings.stream",
        "must be true or false, not text");
    row("settings typo", R"([["/settings/temprature", 0.5]])", "settings.temprature",
        "unknown key, ignored (did you mean \"temperature\"?)", false);
    row("metric inside settings", R"([["/settings/metric", {}]])", "settings.metric",
        "belongs at the top level");
    row("temperature at top level", R"([["/temperature", 0.2]])", "temperature",
        "belongs inside \"settings\"");
    row("unknown top key", R"([["/colour", "x"]])", "colour", "unknown key, ignored", false);
    // metric
    row("metric missing", R"([["/metric"]])", "metric", "missing: choose the metric");
    row("metric kind unknown", R"([["/metric/kind", "steps"]])", "metric.kind",
        "must be one of count_steps, numbered_list, word_count, regex_count, json_field");
    row("metric kind missing", R"([["/metric/kind"]])", "metric.kind", "missing");
    row("metric name empty", R"([["/metric/name", ""]])", "metric.name", "is empty");
    row("regex without pattern", R"([["/metric", {"kind": "regex_count"}]])", "metric.pattern",
        "missing");
    row("regex bad pattern", R"([["/metric", {"kind": "regex_count", "pattern": "(a"}]])",
        "metric.pattern", "is not a valid regular expression");
    row("regex empty match", R"([["/metric", {"kind": "regex_count", "pattern": "a*"}]])",
        "metric.pattern", "matches empty text", false);
    row("json without field", R"([["/metric", {"kind": "json_field"}]])", "metric.field",
        "missing");
    row("json bad field", R"([["/metric", {"kind": "json_field", "field": "a..b"}]])",
        "metric.field", "has an empty part");
    row("json categories without positive",
        R"([["/metric", {"kind": "json_field", "field": "v", "categories": ["A", "B"]}]])",
        "metric.positive", "missing");
    row("json positive outside categories",
        R"([["/metric", {"kind": "json_field", "field": "v", "categories": ["A", "B"], "positive": "C"}]])",
        "metric.positive", "must be one of the categories");
    row("json positive without categories",
        R"([["/metric", {"kind": "json_field", "field": "v", "positive": "A"}]])",
        "metric.categories", "missing");
    row("json one category",
        R"([["/metric", {"kind": "json_field", "field": "v", "categories": ["A"], "positive": "A"}]])",
        "metric.categories", "at least two");
    row("json category number",
        R"([["/metric", {"kind": "json_field", "field": "v", "categories": ["A", 2], "positive": "A"}]])",
        "metric.categories[1]", "must be text");
    row("pattern ignored", R"([["/metric/pattern", "x"]])", "metric.pattern",
        "is ignored by count_steps", false);
    // noise check
    row("noise offset overlaps", R"([["/noise_check/seed_offset", 10]])", "noise_check.seed_offset",
        "overlap the probe seeds (both would use 11-20)");
    row("noise offset zero", R"([["/noise_check/seed_offset", 0]])", "noise_check.seed_offset",
        "A seed_offset of 20 or more always works");
    row("noise default overlaps", R"([["/settings/seeds", "1-200"], ["/noise_check"]])",
        "noise_check", "on by default");
    row("noise offset omitted overlaps",
        R"([["/settings/seeds", "1-200"], ["/noise_check/seed_offset"]])", "noise_check",
        "the default seed_offset of 100");
    row("noise offset fraction", R"([["/noise_check/seed_offset", 1.5]])",
        "noise_check.seed_offset", "must be a whole number");
    row("noise offset overflows",
        R"([["/settings/seeds", "9223372036854775800"], ["/noise_check/seed_offset", 100]])",
        "noise_check.seed_offset", "out of the range");
    row("noise enabled text", R"([["/noise_check/enabled", "yes"]])", "noise_check.enabled",
        "must be true or false");
}

void TestProbeReader::problemIsNamedByPath()
{
    QFETCH(QByteArray, ops);
    QFETCH(QString, path);
    QFETCH(QString, fragment);
    QFETCH(bool, error);
    const ProbeLoadResult result =
        ProbeReader::parse(patchedExample(ops), QStringLiteral("style.probe.json"));
    QVERIFY2(hasProblem(result, path, fragment, error), qPrintable(describe(result.problems)));
    QCOMPARE(result.ok(), !result.hasErrors());
    if (error) {
        QVERIFY(!result.document);
    } else {
        QVERIFY2(result.ok(), qPrintable(result.errorText()));
    }
}

void TestProbeReader::validVariations_data()
{
    QTest::addColumn<QByteArray>("ops");
    QTest::addColumn<QString>("check");

    QTest::addRow("numeric ids") << QByteArray(R"([["/items/0/id", 0], ["/items/1/id", 1]])")
                                 << QStringLiteral("ids");
    QTest::addRow("seed list") << QByteArray(R"([["/settings/seeds", [1, "2-4", -5]]])")
                               << QStringLiteral("seed list");
    QTest::addRow("seed number") << QByteArray(R"([["/settings/seeds", 7]])")
                                 << QStringLiteral("seed number");
    QTest::addRow("negative offset")
        << QByteArray(R"([["/noise_check/seed_offset", -20]])") << QStringLiteral("offset");
    QTest::addRow("overlap allowed when off")
        << QByteArray(R"([["/noise_check", {"enabled": false, "seed_offset": 1}]])")
        << QStringLiteral("noise off");
    QTest::addRow("ollama settings")
        << QByteArray(R"([["/settings/backend", "ollama"], ["/settings/model", "llama3.2"],
                          ["/settings/planted_gap"], ["/settings/endpoints", ["http://localhost:11434"]],
                          ["/settings/keep_alive", -1], ["/settings/max_tokens", null]])")
        << QStringLiteral("ollama");
    QTest::addRow("null optional fields")
        << QByteArray(R"([["/description", null], ["/settings/system", null]])")
        << QStringLiteral("nulls");
}

void TestProbeReader::validVariations()
{
    QFETCH(QByteArray, ops);
    QFETCH(QString, check);
    const ProbeLoadResult result =
        ProbeReader::parse(patchedExample(ops), QStringLiteral("v.json"));
    QVERIFY2(result.ok(), qPrintable(result.text()));
    const ProbeDocument& doc = *result.document;
    if (check == QLatin1String("ids")) {
        QCOMPARE(doc.items[0].id, QStringLiteral("0"));
        QCOMPARE(doc.items[1].id, QStringLiteral("1"));
    } else if (check == QLatin1String("seed list")) {
        QCOMPARE(doc.settings.seeds, QList<qint64>({1, 2, 3, 4, -5}));
        QCOMPARE(doc.settings.seedsText, QStringLiteral("1, 2-4, -5"));
    } else if (check == QLatin1String("seed number")) {
        QCOMPARE(doc.settings.seeds, QList<qint64>({7}));
    } else if (check == QLatin1String("offset")) {
        QCOMPARE(doc.noise.seedOffset, -20);
    } else if (check == QLatin1String("noise off")) {
        QVERIFY(!doc.noise.enabled);
    } else if (check == QLatin1String("ollama")) {
        QCOMPARE(doc.settings.backend, QStringLiteral("ollama"));
        QCOMPARE(doc.settings.keepAlive, QStringLiteral("-1"));
        QCOMPARE(doc.settings.endpoints, QStringList({QStringLiteral("http://localhost:11434")}));
        QVERIFY(!doc.settings.maxTokens);
    } else if (check == QLatin1String("nulls")) {
        QVERIFY(doc.description.isEmpty());
        QVERIFY(doc.settings.system.isEmpty());
    } else {
        QFAIL("unknown check");
    }
}

void TestProbeReader::errorTextShape()
{
    const ProbeLoadResult result = ProbeReader::parse(
        patchedExample(R"([["/items/3/variants/casual"], ["/settings/temprature", 1]])"),
        QStringLiteral("style.probe.json"));
    QCOMPARE(result.errorText(),
             QStringLiteral("style.probe.json: items[3].variants.casual: missing"));
    QCOMPARE(result.warningText(),
             QStringLiteral("style.probe.json: settings.temprature: warning: unknown key, ignored "
                            "(did you mean \"temperature\"?)"));
    QCOMPARE(result.text(), result.errorText() + QLatin1Char('\n') + result.warningText());
}

void TestProbeReader::collectsEveryProblem()
{
    const ProbeLoadResult result = ProbeReader::parse(
        patchedExample(R"([["/format"], ["/items/0/variants/formal"], ["/items/5/id", "4"],
                           ["/settings/temperature", -1], ["/settings/seeds", "5-2, 7"],
                           ["/metric/kind", "steps"], ["/noise_check/enabled", 1]])"),
        QStringLiteral("s.json"));
    QVERIFY(!result.ok());
    const QStringList expected = {
        QStringLiteral("s.json: format: missing"),
        QStringLiteral("s.json: items[0].variants.formal: missing"),
        QStringLiteral("s.json: items[5].id: repeats the id \"4\" of items[4]"),
        QStringLiteral("s.json: settings.temperature: must be 0 or more"),
        QStringLiteral("s.json: settings.seeds: the range \"5-2\" runs backwards; write 2-5"),
        QStringLiteral("s.json: metric.kind: must be one of"),
        QStringLiteral("s.json: noise_check.enabled: must be true or false, not a number"),
    };
    const QStringList lines = result.errorText().split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), expected.size());
    for (qsizetype i = 0; i < lines.size(); ++i) {
        QVERIFY2(lines[i].startsWith(expected[i]), qPrintable(lines[i]));
    }
}

void TestProbeReader::malformedJsonGivesLineAndColumn_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<QString>("fragment");

    QTest::addRow("empty") << QByteArray() << QStringLiteral("x.json:1:1: ")
                           << QStringLiteral("unexpected end of input");
    QTest::addRow("bad literal") << QByteArray("{\"a\": x}") << QStringLiteral("x.json:1:7: ")
                                 << QStringLiteral("invalid literal");
    QTest::addRow("trailing comma")
        << QByteArray("{\n  \"a\": 1,\n}") << QStringLiteral("x.json:3:1: ")
        << QStringLiteral("JSON does not allow a comma just before }");
    QTest::addRow("trailing comma in list")
        << QByteArray("{\"a\": [1, 2, ]}") << QStringLiteral("x.json:1:14: ")
        << QStringLiteral("comma just before ]");
    QTest::addRow("columns count characters")
        << QByteArray("{\n \"\xC3\xA9\": x}") << QStringLiteral("x.json:2:7: ")
        << QStringLiteral("invalid literal");
    QTest::addRow("truncated") << QByteArray("{\n  \"items\": [\n")
                               << QStringLiteral("x.json:3:1: ")
                               << QStringLiteral("unexpected end of input");
    QTest::addRow("invalid utf8") << QByteArray("{\"a\": \"\xFF\"}")
                                  << QStringLiteral("x.json:1:8: ")
                                  << QStringLiteral("invalid string");
    QTest::addRow("text after") << QByteArray("{} {}") << QStringLiteral("x.json:1:4: ")
                                << QStringLiteral("expected end of input");
    QTest::addRow("single quotes") << QByteArray("{'a': 1}") << QStringLiteral("x.json:1:2: ")
                                   << QStringLiteral("invalid literal");
    QTest::addRow("comment") << QByteArray("{\n// note\n}") << QStringLiteral("x.json:2:1: ")
                             << QStringLiteral("invalid literal");
    QTest::addRow("number overflow") << QByteArray("{\"a\": 1e999}") << QStringLiteral("x.json:1:")
                                     << QStringLiteral("overflow");
}

void TestProbeReader::malformedJsonGivesLineAndColumn()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, prefix);
    QFETCH(QString, fragment);
    const ProbeLoadResult result = ProbeReader::parse(text, QStringLiteral("x.json"));
    QVERIFY(!result.ok());
    QCOMPARE(result.errors().size(), 1);
    const QString line = result.errorText();
    QVERIFY2(line.startsWith(prefix), qPrintable(line));
    QVERIFY2(line.contains(fragment), qPrintable(line));
    QVERIFY2(!line.contains(QStringLiteral("json.exception")), qPrintable(line));
}

void TestProbeReader::duplicateKeysAreErrors()
{
    QByteArray text = test::exampleProbeBytes();
    text.replace("\"casual\": \"hey my python",
                 "\"formal\": \"again\",\n        \"casual\": \"hey my python");
    text.replace("\"title\":", "\"title\": \"one\",\n  \"title\":");
    const ProbeLoadResult result = ProbeReader::parse(text, QStringLiteral("d.json"));
    QVERIFY(!result.ok());
    QVERIFY2(hasProblem(result, QStringLiteral("items[0].variants.formal"),
                        QStringLiteral("is given more than once"), true),
             qPrintable(result.text()));
    QVERIFY2(hasProblem(result, QStringLiteral("title"), QStringLiteral("is given more than once"),
                        true),
             qPrintable(result.text()));
}

void TestProbeReader::byteOrderMarkAccepted()
{
    const ProbeLoadResult result = ProbeReader::parse(
        QByteArray("\xEF\xBB\xBF") + test::exampleProbeBytes(), QStringLiteral("b.json"));
    QVERIFY2(result.ok(), qPrintable(result.text()));
}

void TestProbeReader::apiKeyIsNeverEchoed()
{
    const ProbeLoadResult result = ProbeReader::parse(
        patchedExample(R"([["/settings/api_key_env", "sk-proj-Zq81secretVALUE"]])"),
        QStringLiteral("k.json"));
    QVERIFY(!result.ok());
    QVERIFY(!result.text().contains(QStringLiteral("Zq81secretVALUE")));
    QVERIFY(!result.text().contains(QStringLiteral("sk-proj")));
}

void TestProbeReader::readFileNamesTheFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("broken.probe.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(patchedExample(R"([["/items/3/variants/casual"]])"));
    file.close();
    const ProbeLoadResult result = ProbeReader::readFile(path);
    QCOMPARE(result.sourceName, QStringLiteral("broken.probe.json"));
    QCOMPARE(result.errorText(),
             QStringLiteral("broken.probe.json: items[3].variants.casual: missing"));
}

void TestProbeReader::missingFile()
{
    const ProbeLoadResult result =
        ProbeReader::readFile(QStringLiteral("/nonexistent/dir/none.probe.json"));
    QVERIFY(!result.ok());
    QVERIFY2(result.errorText().startsWith(QStringLiteral("none.probe.json: cannot open the file")),
             qPrintable(result.errorText()));
}

QTEST_GUILESS_MAIN(TestProbeReader)
#include "tst_probereader.moc"
