#include "metrics/Metric.h"
#include "metrics/PythonText.h"

#include <QtTest>
#include <atomic>
#include <thread>
#include <vector>

using namespace pb;

namespace {

MetricSpec spec(const QString& kind)
{
    MetricSpec s;
    s.kind = kind;
    s.name = QStringLiteral("m");
    return s;
}

MetricSpec jsonSpec(const QString& field, const QStringList& categories = {},
                    const QString& positive = QString())
{
    MetricSpec s = spec(QStringLiteral("json_field"));
    s.field = field;
    s.categories = categories;
    s.positive = positive;
    return s;
}

QString describe(const QList<ProbeProblem>& problems)
{
    QStringList lines;
    for (const ProbeProblem& p : problems) {
        lines << (p.isError() ? QStringLiteral("error ") : QStringLiteral("warning ")) + p.path +
                     QStringLiteral(": ") + p.message;
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class TestMetrics : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stepCounts_data();
    void stepCounts();
    void wordCount_data();
    void wordCount();
    void regexCount_data();
    void regexCount();
    void jsonField_data();
    void jsonField();
    void unknownKindIsFlagged();
    void validation_data();
    void validation();
    void integerValued_data();
    void integerValued();
    void definitions();
    void decimalDigitsMatchPython();
    void spacesMatchPython();
    void threadsAgree();
};

// count_steps values were computed with Python 3.11:
// len(re.findall(r"^\d+\.", reply, flags=re.MULTILINE)). numbered_list values follow its
// documented definition.
void TestMetrics::stepCounts_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<int>("countSteps");
    QTest::addColumn<int>("numberedList");

    const auto row = [](const char* name, const QString& reply, int steps, int list) {
        QTest::addRow("%s", name) << reply << steps << list;
    };
    row("tutorial reply",
        QStringLiteral("Here is what I would try:\n1. Step 1.\n2. Step 2.\n3. Step 3.\n4. Step "
                       "4.\n5. Step 5.\n6. Step 6."),
        6, 6);
    row("empty", QString(), 0, 0);
    row("crlf", QStringLiteral("1. a\r\n2. b\r\n3. c"), 3, 3);
    row("lone cr", QStringLiteral("1. a\r2. b\r3. c"), 1, 3);
    row("leading space", QStringLiteral(" 1. a\n  2. b"), 0, 2);
    row("tab before", QStringLiteral("\t1. a"), 0, 1);
    row("paren", QStringLiteral("1) a\n2) b"), 0, 2);
    row("step colon", QStringLiteral("Step 1: a\nStep 2: b"), 0, 2);
    row("step lower dot", QStringLiteral("step 1. a\nstep 2. b"), 0, 2);
    row("bold", QStringLiteral("**1.** a\n**2.** b"), 0, 2);
    row("bold line", QStringLiteral("**1. Check the loop**"), 0, 1);
    row("underscore", QStringLiteral("__1.__ a"), 0, 1);
    row("decimal", QStringLiteral("3.14 is pi"), 1, 0);
    row("decimal seconds", QStringLiteral("1.5 seconds later"), 1, 0);
    row("sub step", QStringLiteral("1.1. sub-step"), 1, 0);
    row("no space", QStringLiteral("1.Check"), 1, 0);
    row("many dots", QStringLiteral("1... wait"), 1, 0);
    row("arabic-indic", QStringLiteral("\u0661. \u062e\u0637\u0648\u0629\n\u0662. b"), 2, 2);
    row("full-width", QStringLiteral("\uff11. a\n\uff12. b"), 2, 2);
    row("math bold digit", QStringLiteral("\U0001D7CF. a"), 1, 1);
    row("superscript is not decimal", QStringLiteral("\u00b2. a"), 0, 0);
    row("two digit", QStringLiteral("10. a\n11. b"), 2, 2);
    row("bare", QStringLiteral("1.\n2."), 2, 2);
    row("starts with newline", QStringLiteral("\n1. a"), 1, 1);
    row("trailing newline", QStringLiteral("1. a\n"), 1, 1);
    row("line separator is not a line break", QStringLiteral("a\u20282. b"), 0, 0);
    row("vertical tab is not a line break",
        QStringLiteral("a\x0b"
                       "2. b"),
        0, 0);
    row("heading", QStringLiteral("### Step 1: Check\n### 2. Look"), 0, 2);
    row("colon without step", QStringLiteral("1: a\n10:30 meeting"), 0, 0);
    row("step without space", QStringLiteral("step1. a"), 0, 1);
    row("nested and bullets", QStringLiteral("1. a\n   1. inner\n2. b\n- 3. bullet"), 2, 3);
    row("parenthesised", QStringLiteral("(1) a"), 0, 0);
    row("number mid-line", QStringLiteral("see 1. a"), 0, 0);
    row("unpaired surrogate", QStringLiteral("1. a\n") + QChar(0xD835) + QStringLiteral(". b"), 1,
        1);
}

void TestMetrics::stepCounts()
{
    QFETCH(QString, reply);
    QFETCH(int, countSteps);
    QFETCH(int, numberedList);
    const MetricResult steps = evaluateMetric(spec(QStringLiteral("count_steps")), reply);
    QVERIFY(steps.flag.isEmpty());
    QCOMPARE(steps.value, std::optional<double>(countSteps));
    const MetricResult list = evaluateMetric(spec(QStringLiteral("numbered_list")), reply);
    QVERIFY(list.flag.isEmpty());
    QCOMPARE(list.value, std::optional<double>(numberedList));
}

// Expected values computed with Python 3.11: len(reply.split()).
void TestMetrics::wordCount_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<int>("words");

    QTest::addRow("tutorial reply")
        << QStringLiteral("Here is what I would try:\n1. Step 1.\n2. Step 2.\n3. Step 3.\n4. "
                          "Step 4.\n5. Step 5.\n6. Step 6.")
        << 24;
    QTest::addRow("empty") << QString() << 0;
    QTest::addRow("padding") << QStringLiteral("  lead  trail  ") << 2;
    QTest::addRow("punctuation") << QStringLiteral("don't, stop.") << 2;
    QTest::addRow("no-break space") << QStringLiteral("a\u00a0b") << 2;
    QTest::addRow("zero-width space") << QStringLiteral("a\u200bb") << 1;
    QTest::addRow("file separator") << QStringLiteral("a\x1c"
                                                      "b")
                                    << 2;
    QTest::addRow("unit and record separators") << QStringLiteral("a\x1f"
                                                                  "b\x1e"
                                                                  "c")
                                                << 3;
    QTest::addRow("mongolian vowel separator") << QStringLiteral("a\u180eb") << 1;
    QTest::addRow("ideographic space") << QStringLiteral("a\u3000b") << 2;
    QTest::addRow("line separator") << QStringLiteral("a\u2028b") << 2;
    QTest::addRow("next line") << QStringLiteral("a\u0085b") << 2;
    QTest::addRow("medium math space") << QStringLiteral("a\u205fb") << 2;
    QTest::addRow("byte order mark") << QStringLiteral("a\ufeffb") << 1;
    QTest::addRow("emoji") << QStringLiteral("\U0001F44D ok") << 2;
    QTest::addRow("crlf") << QStringLiteral("one\r\ntwo\r\n") << 2;
}

void TestMetrics::wordCount()
{
    QFETCH(QString, reply);
    QFETCH(int, words);
    const MetricResult result = evaluateMetric(spec(QStringLiteral("word_count")), reply);
    QVERIFY(result.flag.isEmpty());
    QCOMPARE(result.value, std::optional<double>(words));
}

// Expected values match Python's len(re.findall(pattern, reply, re.MULTILINE)).
void TestMetrics::regexCount_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("reply");
    QTest::addColumn<int>("count");

    QTest::addRow("word") << QStringLiteral("lol") << QStringLiteral("lol ok lol") << 2;
    QTest::addRow("case-sensitive")
        << QStringLiteral("\\bsorry\\b") << QStringLiteral("Sorry, sorry, SORRY") << 1;
    QTest::addRow("ignore case") << QStringLiteral("(?i)\\bsorry\\b")
                                 << QStringLiteral("Sorry, sorry, SORRY") << 3;
    QTest::addRow("line starts") << QStringLiteral("^-") << QStringLiteral("- a\n- b\nc - d") << 2;
    QTest::addRow("line ends") << QStringLiteral("\\?$") << QStringLiteral("a?\nb?\nc? d") << 2;
    QTest::addRow("empty matches count") << QStringLiteral("a*") << QStringLiteral("baa") << 3;
    QTest::addRow("unicode digits")
        << QStringLiteral("\\d+") << QStringLiteral("\u0661\u0662 and 34") << 2;
    QTest::addRow("non-overlapping") << QStringLiteral("aa") << QStringLiteral("aaaaa") << 2;
    QTest::addRow("no match") << QStringLiteral("zzz") << QStringLiteral("abc") << 0;
    QTest::addRow("lone surrogate in reply")
        << QStringLiteral("a") << QStringLiteral("a a ") + QChar(0xDC00) + QStringLiteral(" a")
        << 3;
    QTest::addRow("dot stops at newline")
        << QStringLiteral("a.b") << QStringLiteral("a\nb axb") << 1;
}

void TestMetrics::regexCount()
{
    QFETCH(QString, pattern);
    QFETCH(QString, reply);
    QFETCH(int, count);
    MetricSpec s = spec(QStringLiteral("regex_count"));
    s.pattern = pattern;
    const MetricResult result = evaluateMetric(s, reply);
    QVERIFY(result.flag.isEmpty());
    QCOMPARE(result.value, std::optional<double>(count));
}

void TestMetrics::jsonField_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QStringList>("categories");
    QTest::addColumn<QString>("positive");
    QTest::addColumn<QString>("reply");
    QTest::addColumn<double>("value"); // ignored when flagged
    QTest::addColumn<QString>("flag");

    const QString score = QStringLiteral("score");
    const QStringList ab = {QStringLiteral("A"), QStringLiteral("B")};
    const QString a = QStringLiteral("A");
    const QString none;

    // scored
    QTest::addRow("integer") << score << QStringList() << none << QStringLiteral("{\"score\": 4}")
                             << 4.0 << none;
    QTest::addRow("fraction") << score << QStringList() << none
                              << QStringLiteral("{\"score\": 4.5}") << 4.5 << none;
    QTest::addRow("negative zero")
        << score << QStringList() << none << QStringLiteral("{\"score\": -0}") << 0.0 << none;
    QTest::addRow("surrounding whitespace")
        << score << QStringList() << none << QStringLiteral("\n  {\"score\": 5}  \n") << 5.0
        << none;
    QTest::addRow("fenced block") << score << QStringList() << none
                                  << QStringLiteral("Here you go:\n```json\n{\"score\": 3}\n```\n"
                                                    "Hope that helps.")
                                  << 3.0 << none;
    QTest::addRow("fenced block crlf upper")
        << score << QStringList() << none << QStringLiteral("```JSON\r\n{\"score\": 2}\r\n```")
        << 2.0 << none;
    QTest::addRow("fenced json beside other code")
        << score << QStringList() << none
        << QStringLiteral("```python\nprint(1)\n```\n```json\n{\"score\": 6}\n```") << 6.0 << none;
    QTest::addRow("fenced block with lone surrogate")
        << score << QStringList() << none
        << QStringLiteral("Note ") + QChar(0xD800) +
               QStringLiteral(":\n```json\n{\"score\": 8}\n```")
        << 8.0 << none;
    QTest::addRow("nested") << QStringLiteral("scores.clarity") << QStringList() << none
                            << QStringLiteral("{\"scores\": {\"clarity\": 2}}") << 2.0 << none;
    QTest::addRow("list index") << QStringLiteral("items.1.v") << QStringList() << none
                                << QStringLiteral("{\"items\": [{\"v\": 1}, {\"v\": 7}]}") << 7.0
                                << none;
    QTest::addRow("category positive") << QStringLiteral("verdict") << ab << a
                                       << QStringLiteral("{\"verdict\": \"A\"}") << 1.0 << none;
    QTest::addRow("category other") << QStringLiteral("verdict") << ab << a
                                    << QStringLiteral("{\"verdict\": \"B\"}") << 0.0 << none;
    QTest::addRow("boolean category")
        << QStringLiteral("biased") << QStringList{QStringLiteral("true"), QStringLiteral("false")}
        << QStringLiteral("true") << QStringLiteral("{\"biased\": true}") << 1.0 << none;

    // flagged, never 0
    QTest::addRow("not json") << score << QStringList() << none
                              << QStringLiteral("I would give it a 4.") << 0.0
                              << QStringLiteral("unparsable-json");
    QTest::addRow("empty reply") << score << QStringList() << none << QString() << 0.0
                                 << QStringLiteral("unparsable-json");
    QTest::addRow("json after text")
        << score << QStringList() << none << QStringLiteral("Answer: {\"score\": 3}") << 0.0
        << QStringLiteral("unparsable-json");
    QTest::addRow("fence without json tag")
        << score << QStringList() << none << QStringLiteral("```\n{\"score\": 3}\n```") << 0.0
        << QStringLiteral("unparsable-json");
    QTest::addRow("unclosed fence")
        << score << QStringList() << none << QStringLiteral("```json\n{\"score\": 3}\n") << 0.0
        << QStringLiteral("unparsable-json");
    QTest::addRow("broken json in fence")
        << score << QStringList() << none << QStringLiteral("```json\n{\"score\": 3,}\n```") << 0.0
        << QStringLiteral("unparsable-json");
    QTest::addRow("two fenced blocks")
        << score << QStringList() << none
        << QStringLiteral("```json\n{\"score\": 3}\n```\n```json\n{\"score\": 4}\n```") << 0.0
        << QStringLiteral("several-json-blocks");
    QTest::addRow("duplicate key")
        << score << QStringList() << none << QStringLiteral("{\"score\": 1, \"score\": 2}") << 0.0
        << QStringLiteral("duplicate-key");
    QTest::addRow("missing field") << score << QStringList() << none << QStringLiteral("{}") << 0.0
                                   << QStringLiteral("field-missing");
    QTest::addRow("scalar reply") << score << QStringList() << none << QStringLiteral("4") << 0.0
                                  << QStringLiteral("field-missing");
    QTest::addRow("index out of range")
        << QStringLiteral("items.2.v") << QStringList() << none
        << QStringLiteral("{\"items\": [{\"v\": 1}]}") << 0.0 << QStringLiteral("field-missing");
    QTest::addRow("index into object")
        << QStringLiteral("scores.0") << QStringList() << none
        << QStringLiteral("{\"scores\": {\"a\": 1}}") << 0.0 << QStringLiteral("field-missing");
    QTest::addRow("quoted number")
        << score << QStringList() << none << QStringLiteral("{\"score\": \"4\"}") << 0.0
        << QStringLiteral("not-a-number");
    QTest::addRow("null") << score << QStringList() << none << QStringLiteral("{\"score\": null}")
                          << 0.0 << QStringLiteral("not-a-number");
    QTest::addRow("boolean as number")
        << score << QStringList() << none << QStringLiteral("{\"score\": true}") << 0.0
        << QStringLiteral("not-a-number");
    QTest::addRow("object as number")
        << score << QStringList() << none << QStringLiteral("{\"score\": {\"v\": 1}}") << 0.0
        << QStringLiteral("not-a-number");
    QTest::addRow("category outside list")
        << QStringLiteral("verdict") << ab << a << QStringLiteral("{\"verdict\": \"C\"}") << 0.0
        << QStringLiteral("unknown-category");
    QTest::addRow("category wrong case")
        << QStringLiteral("verdict") << ab << a << QStringLiteral("{\"verdict\": \"a\"}") << 0.0
        << QStringLiteral("unknown-category");
    QTest::addRow("category number")
        << QStringLiteral("verdict") << ab << a << QStringLiteral("{\"verdict\": 1}") << 0.0
        << QStringLiteral("unknown-category");
    QTest::addRow("category missing")
        << QStringLiteral("verdict") << ab << a << QStringLiteral("{\"other\": \"A\"}") << 0.0
        << QStringLiteral("field-missing");
}

void TestMetrics::jsonField()
{
    QFETCH(QString, field);
    QFETCH(QStringList, categories);
    QFETCH(QString, positive);
    QFETCH(QString, reply);
    QFETCH(double, value);
    QFETCH(QString, flag);
    const MetricResult result = evaluateMetric(jsonSpec(field, categories, positive), reply);
    QCOMPARE(result.flag, flag);
    if (flag.isEmpty()) {
        QCOMPARE(result.value, std::optional<double>(value));
    } else {
        QVERIFY(!result.value);
    }
}

void TestMetrics::unknownKindIsFlagged()
{
    const MetricResult result = evaluateMetric(spec(QStringLiteral("steps")), QStringLiteral("1."));
    QVERIFY(!result.value);
    QCOMPARE(result.flag, QStringLiteral("unknown-metric"));
    MetricSpec bad = spec(QStringLiteral("regex_count"));
    bad.pattern = QStringLiteral("(unclosed");
    QCOMPARE(evaluateMetric(bad, QStringLiteral("x")).flag, QStringLiteral("bad-pattern"));
}

void TestMetrics::validation_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QStringList>("categories");
    QTest::addColumn<QString>("positive");
    QTest::addColumn<QString>("expected"); // "error path: fragment", or empty for valid

    const QStringList none;
    QTest::addRow("count_steps") << QStringLiteral("count_steps") << QString() << QString() << none
                                 << QString() << QString();
    QTest::addRow("unknown kind") << QStringLiteral("count") << QString() << QString() << none
                                  << QString()
                                  << QStringLiteral("error metric.kind: must be one of");
    QTest::addRow("regex ok") << QStringLiteral("regex_count") << QStringLiteral("\\bu\\b")
                              << QString() << none << QString() << QString();
    QTest::addRow("regex missing")
        << QStringLiteral("regex_count") << QString() << QString() << none << QString()
        << QStringLiteral("error metric.pattern: missing");
    QTest::addRow("regex invalid")
        << QStringLiteral("regex_count") << QStringLiteral("a(b") << QString() << none << QString()
        << QStringLiteral("error metric.pattern: is not a valid "
                          "regular expression");
    QTest::addRow("regex matches empty")
        << QStringLiteral("regex_count") << QStringLiteral("x?") << QString() << none << QString()
        << QStringLiteral("warning metric.pattern: matches empty");
    QTest::addRow("json ok") << QStringLiteral("json_field") << QString() << QStringLiteral("a.b")
                             << none << QString() << QString();
    QTest::addRow("json no field") << QStringLiteral("json_field") << QString() << QString() << none
                                   << QString() << QStringLiteral("error metric.field: missing");
    QTest::addRow("json trailing dot")
        << QStringLiteral("json_field") << QString() << QStringLiteral("a.") << none << QString()
        << QStringLiteral("error metric.field: has an empty part");
    QTest::addRow("json repeated category")
        << QStringLiteral("json_field") << QString() << QStringLiteral("v")
        << QStringList{QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("A")}
        << QStringLiteral("A") << QStringLiteral("error metric.categories[2]: repeats \"A\"");
    QTest::addRow("json empty category")
        << QStringLiteral("json_field") << QString() << QStringLiteral("v")
        << QStringList{QStringLiteral("A"), QString()} << QStringLiteral("A")
        << QStringLiteral("error metric.categories[1]: is empty");
    QTest::addRow("field ignored")
        << QStringLiteral("word_count") << QString() << QStringLiteral("x") << none << QString()
        << QStringLiteral("warning metric.field: is ignored by "
                          "word_count");
    QTest::addRow("categories ignored")
        << QStringLiteral("regex_count") << QStringLiteral("x") << QString()
        << QStringList{QStringLiteral("A")} << QString()
        << QStringLiteral("warning metric.categories: is ignored");
}

void TestMetrics::validation()
{
    QFETCH(QString, kind);
    QFETCH(QString, pattern);
    QFETCH(QString, field);
    QFETCH(QStringList, categories);
    QFETCH(QString, positive);
    QFETCH(QString, expected);
    MetricSpec s = spec(kind);
    s.pattern = pattern;
    s.field = field;
    s.categories = categories;
    s.positive = positive;
    const QList<ProbeProblem> problems = validateMetricSpec(s);
    const QString text = describe(problems);
    if (expected.isEmpty()) {
        QVERIFY2(problems.isEmpty(), qPrintable(text));
    } else {
        QVERIFY2(text.contains(expected), qPrintable(text));
    }
}

void TestMetrics::integerValued_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QStringList>("categories");
    QTest::addColumn<bool>("integer");

    QTest::addRow("count_steps") << QStringLiteral("count_steps") << QStringList() << true;
    QTest::addRow("numbered_list") << QStringLiteral("numbered_list") << QStringList() << true;
    QTest::addRow("word_count") << QStringLiteral("word_count") << QStringList() << true;
    QTest::addRow("regex_count") << QStringLiteral("regex_count") << QStringList() << true;
    QTest::addRow("json number") << QStringLiteral("json_field") << QStringList() << false;
    QTest::addRow("json category") << QStringLiteral("json_field")
                                   << QStringList{QStringLiteral("A"), QStringLiteral("B")} << true;
    QTest::addRow("unknown") << QStringLiteral("nope") << QStringList() << false;
}

void TestMetrics::integerValued()
{
    QFETCH(QString, kind);
    QFETCH(QStringList, categories);
    QFETCH(bool, integer);
    MetricSpec s = spec(kind);
    s.categories = categories;
    QCOMPARE(metricIsIntegerValued(s), integer);
}

void TestMetrics::definitions()
{
    QCOMPARE(metricKinds(),
             QStringList({QStringLiteral("count_steps"), QStringLiteral("numbered_list"),
                          QStringLiteral("word_count"), QStringLiteral("regex_count"),
                          QStringLiteral("json_field")}));
    QStringList seen;
    for (const QString& kind : metricKinds()) {
        MetricSpec s = spec(kind);
        s.name = QStringLiteral("my-metric");
        s.pattern = QStringLiteral("PATTERN-X");
        s.field = QStringLiteral("FIELD.Y");
        const QString definition = metricDefinition(s);
        QVERIFY2(definition.startsWith(QStringLiteral("\"my-metric\" (") + kind + QLatin1Char(')')),
                 qPrintable(definition));
        QVERIFY2(!definition.contains(QLatin1Char('\n')), qPrintable(definition));
        QVERIFY(!seen.contains(definition));
        seen << definition;
    }
    MetricSpec regex = spec(QStringLiteral("regex_count"));
    regex.pattern = QStringLiteral("\\bu\\b");
    QVERIFY(metricDefinition(regex).contains(QStringLiteral("\"\\bu\\b\"")));
    QVERIFY(metricDefinition(spec(QStringLiteral("count_steps")))
                .contains(QStringLiteral("re.findall(r\"^\\d+\\.\", reply, re.MULTILINE)")));
    const QString categorical =
        metricDefinition(jsonSpec(QStringLiteral("verdict"),
                                  {QStringLiteral("A"), QStringLiteral("B")}, QStringLiteral("A")));
    QVERIFY(categorical.contains(QStringLiteral("unknown-category")));
    QVERIFY(categorical.contains(QStringLiteral("\"verdict\"")));
    QVERIFY(metricDefinition(jsonSpec(QStringLiteral("score")))
                .contains(QStringLiteral("not-a-number")));
    QCOMPARE(defaultMetricName(QStringLiteral("json_field"), QStringLiteral("scores.clarity")),
             QStringLiteral("clarity"));
    QCOMPARE(defaultMetricName(QStringLiteral("count_steps")), QStringLiteral("steps"));
}

// Python 3.11 (Unicode 14.0): sum(chr(c).isdecimal() for c in range(0x110000)) == 660,
// and re's \d matches exactly those characters.
void TestMetrics::decimalDigitsMatchPython()
{
    int count = 0;
    for (char32_t c = 0; c < 0x110000; ++c) {
        count += PythonText::isDecimalDigit(c) ? 1 : 0;
    }
    QCOMPARE(count, 660);
    QVERIFY(PythonText::isDecimalDigit(U'\u0660'));
    QVERIFY(PythonText::isDecimalDigit(U'\U0001D7CE'));
    QVERIFY(!PythonText::isDecimalDigit(U'\u00B2'));
    QVERIFY(!PythonText::isDecimalDigit(U'\u2460'));
}

// Python 3.11: [c for c in range(0x110000) if chr(c).isspace()] has these 29 code points.
void TestMetrics::spacesMatchPython()
{
    const QList<char32_t> python = {0x9,    0xa,    0xb,    0xc,    0xd,    0x1c,   0x1d,   0x1e,
                                    0x1f,   0x20,   0x85,   0xa0,   0x1680, 0x2000, 0x2001, 0x2002,
                                    0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a,
                                    0x2028, 0x2029, 0x202f, 0x205f, 0x3000};
    QList<char32_t> ours;
    for (char32_t c = 0; c < 0x110000; ++c) {
        if (PythonText::isSpace(c)) {
            ours << c;
        }
    }
    QCOMPARE(ours, python);
}

// Runners score replies on several threads at once; every thread must see the same numbers.
void TestMetrics::threadsAgree()
{
    QList<QPair<MetricSpec, QString>> cases;
    MetricSpec regex = spec(QStringLiteral("regex_count"));
    regex.pattern = QStringLiteral("(?i)\\bstep\\b");
    for (int i = 0; i < 200; ++i) {
        QString reply = QStringLiteral("Intro\n");
        for (int k = 1; k <= i % 9; ++k) {
            reply += (k % 2 ? QStringLiteral("%1. Step\n") : QStringLiteral("  %1) step\n")).arg(k);
        }
        cases << qMakePair(spec(QStringLiteral("numbered_list")), reply) << qMakePair(regex, reply)
              << qMakePair(jsonSpec(QStringLiteral("n")),
                           QStringLiteral("```json\n{\"n\": %1}\n```").arg(i));
    }
    QList<std::optional<double>> expected;
    for (const auto& c : cases) {
        expected << evaluateMetric(c.first, c.second).value;
    }
    std::atomic<int> mismatches = 0;
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            for (int round = 0; round < 20; ++round) {
                for (qsizetype i = 0; i < cases.size(); ++i) {
                    if (evaluateMetric(cases[i].first, cases[i].second).value != expected[i]) {
                        ++mismatches;
                    }
                }
            }
        });
    }
    for (std::thread& t : threads) {
        t.join();
    }
    QCOMPARE(mismatches.load(), 0);
    QCOMPARE(expected[0], std::optional<double>(0));
    QCOMPARE(expected[3 * 8], std::optional<double>(8));
    QCOMPARE(expected[3 * 8 + 1], std::optional<double>(8));
}

QTEST_GUILESS_MAIN(TestMetrics)
#include "tst_metrics.moc"
