#include "ExampleProbe.h"
#include "TestPaths.h"
#include "judge/JudgeProbeReader.h"
#include "judge/VariantGenerator.h"
#include "standin/StandInJudge.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace pb;

namespace {

const QByteArray kPassFailRubric = R"({"scale": "pass_fail", "criteria": [
    {"id": "correct", "description": "gives the right menu path"},
    {"id": "limitation", "description": "states the plan restriction"}]})";

const QByteArray kLevelsRubric = R"({"criteria": [
    {"id": "C1", "name": "Claim", "weight": 60, "levels": {"4": "a", "3": "b", "2": "c", "1": "d"}},
    {"id": "C2", "name": "Evidence", "weight": 40, "levels": {"4": "a", "3": "b", "2": "c", "1": "d"}}]})";

// A judge probe with an inline rubric and the given items (a JSON list) and extra top keys.
QByteArray probe(const QByteArray& rubric, const QByteArray& items, const QByteArray& extra = {})
{
    return R"({"format": "probebench/judge-probe@1", "rubric": )" + rubric + R"(, "items": )" +
           items + R"(, "judges": [{"name": "j", "backend": "stand-in-judge"}])" + extra + "}";
}

JudgeProbeLoadResult parse(const QByteArray& json)
{
    return JudgeProbeReader::parse(json, QStringLiteral("t.judge.json"), QDir::temp());
}

QStringList errors(const JudgeProbeLoadResult& r)
{
    return r.errorText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace

class TestJudgeProbeReader : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void shippedExample();
    void generators();
    void writtenVariantsAndShapes();
    void pairwiseItems();
    void invalid_data();
    void invalid();
    void rubricFileProblemsNamed();
};

void TestJudgeProbeReader::shippedExample()
{
    const JudgeProbeLoadResult r = JudgeProbeReader::readFile(
        test::sourceDir() + QStringLiteral("/resources/examples/library-padding.judge.json"));
    QVERIFY2(r.ok(), qPrintable(r.text()));
    QVERIFY2(!r.hasWarnings(), qPrintable(r.warningText()));
    const JudgeProbeDocument& doc = *r.document;
    QCOMPARE(doc.items.size(), 3);
    QCOMPARE(doc.properties(), QStringList{QStringLiteral("padding")});
    QCOMPARE(doc.judges.size(), 1);
    QCOMPARE(doc.judges.first().backend, QStringLiteral("stand-in-judge"));
    const QList<StandInJudge::Sample> samples = StandInJudge::librarySamples();
    for (int i = 0; i < 3; ++i) {
        const JudgeItem& item = doc.items.at(i);
        QCOMPARE(item.id, samples.at(i).name);
        // The shipped answers are the tutorial's samples, byte for byte...
        QCOMPARE(item.base.answer, samples.at(i).text);
        QCOMPARE(item.variants.size(), 1);
        const JudgeVariant& padded = item.variants.first();
        QCOMPARE(padded.id, QStringLiteral("padded"));
        // ...and the padded answer is text + " " + PAD, as in the tutorial's loop.
        QCOMPARE(padded.answer, samples.at(i).text + QLatin1Char(' ') + StandInJudge::libraryPad());
        QCOMPARE(padded.shape, PairShape::Same);
        QCOMPARE(padded.deserved, item.base.deserved);
        QCOMPARE(item.base.deserved.size(), 3);
    }
    QCOMPARE(doc.constructionCeiling(), 18);
    QVERIFY(doc.stability.enabled);
    QCOMPARE(doc.stability.repeats, 5);
    QCOMPARE(doc.stability.itemIds, QStringList{QStringLiteral("s02")});
}

void TestJudgeProbeReader::generators()
{
    JudgeVariant base;
    base.id = QStringLiteral("base");
    base.answer = QStringLiteral("The answer.");
    base.question = QStringLiteral("Q?");
    base.deserved = {{QStringLiteral("correct"), 1}};

    const QList<JudgeVariant> pads = VariantGenerator::padding(
        base,
        {{QStringLiteral("Pad one."), QStringLiteral("Pad two.")}, QStringLiteral(" "), false});
    QCOMPARE(pads.size(), 2);
    QCOMPARE(pads.at(0).id, QStringLiteral("padded-1"));
    QCOMPARE(pads.at(1).answer, QStringLiteral("The answer. Pad two."));
    QCOMPARE(pads.at(1).question, QStringLiteral("Q?"));
    QCOMPARE(pads.at(1).deserved, base.deserved);
    QCOMPARE(pads.at(0).property, QStringLiteral("padding"));

    VariantGenerator::Byline byline;
    byline.names = {QStringLiteral("Sarah Chen"), QStringLiteral("José  Álvarez"),
                    QStringLiteral("Sarah Chen")};
    const QList<JudgeVariant> names = VariantGenerator::byline(base, byline);
    QCOMPARE(names.size(), 3);
    QCOMPARE(names.at(0).id, QStringLiteral("byline-sarah-chen"));
    QCOMPARE(names.at(0).answer, QStringLiteral("Written by: Sarah Chen\n\nThe answer."));
    QCOMPARE(names.at(1).id, QStringLiteral("byline-josé-álvarez"));
    QCOMPARE(names.at(2).id, QStringLiteral("byline-sarah-chen-2"));
    QCOMPARE(names.at(2).deserved, base.deserved);

    // Through the file: top-level and per-item generators together.
    const JudgeProbeLoadResult r =
        parse(probe(kPassFailRubric,
                    R"([{"id": 1, "answer": "A.", "deserved": {"correct": "pass"},
             "generate": [{"property": "byline", "names": ["Ann Lee"], "template": "By {name}", "where": "end", "separator": " - "}]}])",
                    R"(, "generate": [{"property": "padding", "pads": ["P1", "P2"]}])"));
    QVERIFY2(r.ok(), qPrintable(r.text()));
    const JudgeItem& item = r.document->items.first();
    QCOMPARE(item.id, QStringLiteral("1"));
    QCOMPARE(item.variants.size(), 3);
    QCOMPARE(item.variants.at(0).answer, QStringLiteral("A. P1"));
    QCOMPARE(item.variants.at(2).answer, QStringLiteral("A. - By Ann Lee"));
    QCOMPARE(r.document->properties(),
             (QStringList{QStringLiteral("padding"), QStringLiteral("byline")}));
    QCOMPARE(r.document->constructionCeiling(), 4);
}

void TestJudgeProbeReader::writtenVariantsAndShapes()
{
    const JudgeProbeLoadResult r = parse(probe(kPassFailRubric, R"([{
        "id": "q1", "question": "How do I get invoices?", "answer": "Settings > Billing > Invoices.",
        "deserved": {"correct": "pass", "limitation": "fail"},
        "variants": [
          {"id": "polished-wrong", "property": "polish", "shape": "opposed",
           "answer": "Navigate to Settings > Payments > Statements, where invoices are listed."},
          {"id": "hedged", "property": "hedging", "shape": "same",
           "answer": "I think it may be Settings > Billing > Invoices."},
          {"id": "polished-explicit", "property": "polish", "shape": "opposed",
           "answer": "Go to Account > Invoices.", "deserved": {"correct": "fail", "limitation": "pass"}}
        ]}])"));
    QVERIFY2(r.ok(), qPrintable(r.text()));
    const JudgeItem& item = r.document->items.first();
    QCOMPARE(item.variants.size(), 3);
    // Opposed on a pass/fail rubric: every verdict flips.
    QCOMPARE(item.variants.at(0).deserved.value(QStringLiteral("correct")), 0);
    QCOMPARE(item.variants.at(0).deserved.value(QStringLiteral("limitation")), 1);
    QCOMPARE(item.variants.at(0).shape, PairShape::Opposed);
    QCOMPARE(item.variants.at(1).deserved, item.base.deserved);
    QCOMPARE(item.variants.at(1).question, QStringLiteral("How do I get invoices?"));
    QCOMPARE(item.variants.at(2).deserved.value(QStringLiteral("correct")), 0);
    QCOMPARE(r.document->constructionCeiling(), 8);
}

void TestJudgeProbeReader::pairwiseItems()
{
    const JudgeProbeLoadResult r = parse(probe(
        kPassFailRubric,
        R"([{"id": "p1", "question": "Q", "pair": {"first": "good answer", "second": "bad answer"},
             "better": {"correct": "first", "limitation": "second"}}])"));
    QVERIFY2(r.ok(), qPrintable(r.text()));
    const JudgeItem& item = r.document->items.first();
    QVERIFY(item.pairwise);
    QCOMPARE(item.base.first, QStringLiteral("good answer"));
    QCOMPARE(item.variants.size(), 1);
    QCOMPARE(item.variants.first().property, QStringLiteral("position"));
    QVERIFY(item.variants.first().swapped);
    // The better answer does not depend on the order it is shown in.
    QCOMPARE(item.variants.first().deserved, item.base.deserved);
    QCOMPARE(item.base.deserved.value(QStringLiteral("limitation")), 1);
}

void TestJudgeProbeReader::invalid_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");

    QTest::addRow("not a judge probe")
        << QByteArray(R"({"format": "probebench/probe@1"})")
        << QStringLiteral(
               "t.judge.json: format: this is a \"probebench/probe@1\" file, not a judge probe");
    QTest::addRow("no rubric")
        << QByteArray(
               R"({"format": "probebench/judge-probe@1", "items": [{"id": 1, "answer": "a"}], "judges": [{"name": "j", "backend": "stand-in-judge"}]})")
        << QStringLiteral("t.judge.json: rubric: missing");
    QTest::addRow("rubric file not there")
        << QByteArray(
               R"({"format": "probebench/judge-probe@1", "rubric": "no-such.rubric.json", "items": [{"id": 1, "answer": "a"}], "judges": [{"name": "j", "backend": "stand-in-judge"}]})")
        << QStringLiteral(
               "t.judge.json: rubric: the rubric file \"no-such.rubric.json\" does not exist");
    QTest::addRow("inline rubric weights")
        << probe(
               R"({"criteria": [{"id": "C1", "name": "n", "weight": 50, "levels": {"4": "a", "3": "b", "2": "c", "1": "d"}}]})",
               R"([{"id": 1, "answer": "a"}])")
        << QStringLiteral("t.judge.json: rubric.criteria: the weights sum to 50, not 100");
    QTest::addRow("deserved level out of range")
        << probe(kLevelsRubric, R"([{"id": 1, "answer": "a", "deserved": {"C1": 5}}])")
        << QStringLiteral("t.judge.json: items[0].deserved.C1: must be a level from 1 to 4, not 5");
    QTest::addRow("deserved unknown criterion")
        << probe(kLevelsRubric, R"([{"id": 1, "answer": "a", "deserved": {"C9": 2}}])")
        << QStringLiteral(
               "t.judge.json: items[0].deserved.C9: is not a criterion of the rubric (C1, C2)");
    QTest::addRow("pass/fail deserved as a number")
        << probe(kPassFailRubric, R"([{"id": 1, "answer": "a", "deserved": {"correct": 1}}])")
        << QStringLiteral("t.judge.json: items[0].deserved.correct: must be \"pass\" or \"fail\"");
    QTest::addRow("same shape with a different verdict")
        << probe(kPassFailRubric, R"([{"id": 1, "answer": "a", "deserved": {"correct": "pass"},
                  "variants": [{"id": "v", "property": "padding", "answer": "a b", "deserved": {"correct": "fail"}}]}])")
        << QStringLiteral("t.judge.json: items[0].variants[0].deserved.correct: is fail but the "
                          "base deserves pass");
    QTest::addRow("opposed levels need their own levels")
        << probe(kLevelsRubric, R"([{"id": 1, "answer": "a", "deserved": {"C1": 4},
                  "variants": [{"id": "v", "property": "polish", "shape": "opposed", "answer": "b"}]}])")
        << QStringLiteral(
               "t.judge.json: items[0].variants[0].deserved.C1: missing: an opposed variant");
    QTest::addRow("opposed with the same verdict")
        << probe(kPassFailRubric, R"([{"id": 1, "answer": "a", "deserved": {"correct": "pass"},
                  "variants": [{"id": "v", "property": "polish", "shape": "opposed", "answer": "b", "deserved": {"correct": "pass"}}]}])")
        << QStringLiteral(
               "t.judge.json: items[0].variants[0].deserved.correct: equals the base's pass");
    QTest::addRow("variant called base")
        << probe(
               kPassFailRubric,
               R"([{"id": 1, "answer": "a", "variants": [{"id": "base", "property": "polish", "answer": "b"}]}])")
        << QStringLiteral(
               "t.judge.json: items[0].variants[0]: makes a second variant called \"base\"");
    QTest::addRow("generated id clashes with a written one")
        << probe(
               kPassFailRubric,
               R"([{"id": 1, "answer": "a", "variants": [{"id": "padded", "property": "polish", "answer": "b"}]}])",
               R"(, "generate": [{"property": "padding", "pads": ["x"]}])")
        << QStringLiteral(
               "t.judge.json: generate[0]: makes a second variant called \"padded\" in item \"1\"");
    QTest::addRow("position on a single answer")
        << probe(
               kPassFailRubric,
               R"([{"id": 1, "answer": "a", "variants": [{"id": "v", "property": "position", "answer": "b"}]}])")
        << QStringLiteral("t.judge.json: items[0].variants[0].property: position variants are made "
                          "from pairwise items");
    QTest::addRow("unknown generator")
        << probe(kPassFailRubric, R"([{"id": 1, "answer": "a"}])",
                 R"(, "generate": [{"property": "polish", "pads": ["x"]}])")
        << QStringLiteral("t.judge.json: generate[0].property: \"polish\" cannot be generated");
    QTest::addRow("byline template without name")
        << probe(
               kPassFailRubric, R"([{"id": 1, "answer": "a"}])",
               R"(, "generate": [{"property": "byline", "names": ["A"], "template": "By someone"}])")
        << QStringLiteral("t.judge.json: generate[0].template: must contain {name}");
    QTest::addRow("duplicate item id")
        << probe(kPassFailRubric, R"([{"id": "x", "answer": "a"}, {"id": "x", "answer": "b"}])")
        << QStringLiteral("t.judge.json: items[1].id: repeats the id \"x\" of items[0]");
    QTest::addRow("duplicate judge name")
        << QByteArray(
               R"({"format": "probebench/judge-probe@1", "rubric": )" + kPassFailRubric +
               R"(, "items": [{"id": 1, "answer": "a"}], "judges": [{"name": "j", "backend": "stand-in-judge"}, {"name": "k", "backend": "stand-in-judge"}, {"name": "j", "backend": "stand-in-judge"}]})")
        << QStringLiteral("t.judge.json: judges[2].name: repeats the name \"j\" of judges[0]");
    QTest::addRow("key given twice")
        << QByteArray(
               R"({"format": "probebench/judge-probe@1", "title": "a", "title": "b", "rubric": )" +
               kPassFailRubric + R"(, "items": [{"id": 1, "answer": "a"}]})")
        << QStringLiteral("t.judge.json: title: is given more than once; keep one");
    QTest::addRow("syntax error")
        << QByteArray("{\"format\": \"probebench/judge-probe@1\",\n  \"items\": [}")
        << QStringLiteral("t.judge.json:2:13: ");
    QTest::addRow("pairwise better not first/second")
        << probe(
               kPassFailRubric,
               R"([{"id": 1, "pair": {"first": "a", "second": "b"}, "better": {"correct": "A"}}])")
        << QStringLiteral("t.judge.json: items[0].better.correct: must be \"first\" or \"second\"");
    QTest::addRow("no judges") << QByteArray(
                                      R"({"format": "probebench/judge-probe@1", "rubric": )" +
                                      kPassFailRubric + R"(, "items": [{"id": 1, "answer": "a"}]})")
                               << QStringLiteral("t.judge.json: judges: missing");
    QTest::addRow("unknown backend")
        << QByteArray(
               R"({"format": "probebench/judge-probe@1", "rubric": )" + kPassFailRubric +
               R"(, "items": [{"id": 1, "answer": "a"}], "judges": [{"name": "j", "backend": "claude"}]})")
        << QStringLiteral(
               "t.judge.json: judges[0].backend: must be one of stand-in-judge, ollama, openai");
    QTest::addRow("ollama without a model")
        << QByteArray(
               R"({"format": "probebench/judge-probe@1", "rubric": )" + kPassFailRubric +
               R"(, "items": [{"id": 1, "answer": "a"}], "judges": [{"name": "j", "backend": "ollama"}]})")
        << QStringLiteral("t.judge.json: judges[0].model: missing");
    QTest::addRow("three re-asks")
        << QByteArray(
               R"({"format": "probebench/judge-probe@1", "rubric": )" + kPassFailRubric +
               R"(, "items": [{"id": 1, "answer": "a"}], "judges": [{"name": "j", "backend": "stand-in-judge", "max_retries": 3}]})")
        << QStringLiteral("t.judge.json: judges[0].max_retries: must be 0, 1 or 2");
    QTest::addRow("stability names an unknown item")
        << probe(kPassFailRubric, R"([{"id": 1, "answer": "a"}])",
                 R"(, "stability": {"items": ["zz"]})")
        << QStringLiteral("t.judge.json: stability.items[0]: \"zz\" is not an item of this probe");
    QTest::addRow("stability one repeat")
        << probe(kPassFailRubric, R"([{"id": 1, "answer": "a"}])",
                 R"(, "stability": {"items": "all", "repeats": 1})")
        << QStringLiteral("t.judge.json: stability.repeats: must be 2 to 100");
    QTest::addRow("fuzzy threshold too low")
        << probe(kPassFailRubric, R"([{"id": 1, "answer": "a"}])",
                 R"(, "evidence": {"fuzzy_threshold": 20})")
        << QStringLiteral(
               "t.judge.json: evidence.fuzzy_threshold: must be a percentage from 50 to 100");
}

void TestJudgeProbeReader::invalid()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const JudgeProbeLoadResult r = parse(json);
    QVERIFY(!r.ok());
    bool found = false;
    for (const QString& e : errors(r))
        found = found || e.startsWith(expected);
    QVERIFY2(found, qPrintable(r.errorText()));
}

void TestJudgeProbeReader::rubricFileProblemsNamed()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile rubric(dir.filePath(QStringLiteral("broken.rubric.json")));
    QVERIFY(rubric.open(QIODevice::WriteOnly));
    rubric.write(
        R"({"criteria": [{"id": "a", "name": "A", "weight": 100, "levels": {"4": "x", "3": "y", "1": "z"}}]})");
    rubric.close();
    const QByteArray json =
        R"({"format": "probebench/judge-probe@1", "rubric": "broken.rubric.json",
        "items": [{"id": 1, "answer": "a"}], "judges": [{"name": "j", "backend": "stand-in-judge"}]})";
    const JudgeProbeLoadResult r =
        JudgeProbeReader::parse(json, QStringLiteral("p.judge.json"), QDir(dir.path()));
    QVERIFY(!r.ok());
    // The rubric's own problem is named by the rubric's file, not the probe's.
    QVERIFY2(r.errorText().contains(
                 QStringLiteral("broken.rubric.json: criteria[0].levels[\"2\"]: missing")),
             qPrintable(r.errorText()));
}

QTEST_GUILESS_MAIN(TestJudgeProbeReader)
#include "tst_judgeprobereader.moc"
