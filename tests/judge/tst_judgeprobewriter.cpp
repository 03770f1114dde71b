#include "TestPaths.h"
#include "judge/JudgeProbeReader.h"
#include "judge/JudgeProbeWriter.h"
#include "judge/RubricReader.h"
#include "judge/RubricWriter.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb;

namespace {

JudgeProbeLoadResult load(const QString& path)
{
    return JudgeProbeReader::readFile(path);
}

// What the writer wrote, read back by the reader, with a rubric file looked up in dir.
JudgeProbeLoadResult reread(const QByteArray& json, const QDir& dir)
{
    return JudgeProbeReader::parse(json, QStringLiteral("written.judge.json"), dir);
}

QJsonObject object(const QByteArray& json)
{
    return QJsonDocument::fromJson(json).object();
}

Rubric levelsRubric()
{
    Rubric r;
    r.title = QStringLiteral("t");
    for (const QString& id : {QStringLiteral("C1"), QStringLiteral("C2")}) {
        RubricCriterion c;
        c.id = id;
        c.name = id + QStringLiteral(" name");
        c.weight = 50;
        for (int level = 1; level <= 4; ++level)
            c.levels.insert(level, QStringLiteral("level %1 of %2").arg(level).arg(id));
        r.criteria << c;
    }
    return r;
}

QString problemText(const QList<ProbeProblem>& problems)
{
    QStringList lines;
    for (const ProbeProblem& p : problems)
        lines << p.path + QStringLiteral(": ") + p.message;
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class TestJudgeProbeWriter : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void roundTrip_data();
    void roundTrip();
    void tutorialKeepsItsTopLevelGenerator();
    void editedGeneratedVariantIsWrittenByHand();
    void rubricFileWrittenNextToTheProbe();
    void rubricFileLeftAloneWhenUnchanged();
    void neverWritesAnApiKey();
    void rubricRoundTrip_data();
    void rubricRoundTrip();
    void validateGivesTheReadersMessages_data();
    void validateGivesTheReadersMessages();

private:
    QTemporaryDir m_dir;
};

void TestJudgeProbeWriter::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestJudgeProbeWriter::roundTrip_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("pairwiseItems");
    QTest::addColumn<int>("judges");
    QTest::addRow("tutorial padding probe")
        << test::sourceDir() + QStringLiteral("/resources/examples/library-padding.judge.json") << 0
        << 1;
    QTest::addRow("pass/fail, both shapes, generators, pair, two judges")
        << test::dataDir() + QStringLiteral("/judge-writer/mixed.judge.json") << 1 << 2;
    QTest::addRow("levels, opposed, stability all")
        << test::dataDir() + QStringLiteral("/judge-writer/levels.judge.json") << 0 << 1;
}

void TestJudgeProbeWriter::roundTrip()
{
    QFETCH(QString, path);
    QFETCH(int, pairwiseItems);
    QFETCH(int, judges);
    const JudgeProbeLoadResult loaded = load(path);
    QVERIFY2(loaded.ok(), qPrintable(loaded.text()));
    const JudgeProbeDocument& doc = *loaded.document;
    QCOMPARE(int(std::count_if(doc.items.begin(), doc.items.end(),
                               [](const JudgeItem& i) { return i.pairwise; })),
             pairwiseItems);
    QCOMPARE(doc.judges.size(), judges);

    // The rubric file (when there is one) sits beside the written probe, as it did.
    const QDir dir(m_dir.filePath(QFileInfo(path).completeBaseName()));
    QVERIFY(QDir().mkpath(dir.absolutePath()));
    const QByteArray written = JudgeProbeWriter::toJson(doc);
    const QString rubricFile = JudgeProbeWriter::rubricPath(doc, dir.filePath(QStringLiteral("x")));
    if (!rubricFile.isEmpty()) {
        QString error;
        QVERIFY2(RubricWriter::writeFile(doc.rubric, rubricFile, &error), qPrintable(error));
    }
    const JudgeProbeLoadResult back = reread(written, dir);
    QVERIFY2(back.ok(), qPrintable(back.text() + QLatin1Char('\n') + QString::fromUtf8(written)));
    QVERIFY2(!back.hasWarnings() || loaded.hasWarnings(), qPrintable(back.warningText()));
    QCOMPARE(back.document->items.size(), doc.items.size());
    for (qsizetype i = 0; i < doc.items.size(); ++i)
        QCOMPARE(back.document->items.at(i).variants, doc.items.at(i).variants);
    QCOMPARE(back.document->rubric, doc.rubric);
    QCOMPARE(back.document->judges, doc.judges);
    QCOMPARE(back.document->stability, doc.stability);
    QVERIFY(*back.document == doc);
    // Writing the reread document again gives the same bytes: the output is stable.
    QCOMPARE(JudgeProbeWriter::toJson(*back.document), written);
}

void TestJudgeProbeWriter::tutorialKeepsItsTopLevelGenerator()
{
    const JudgeProbeLoadResult loaded =
        load(test::sourceDir() + QStringLiteral("/resources/examples/library-padding.judge.json"));
    QVERIFY(loaded.ok());
    const QJsonObject root = object(JudgeProbeWriter::toJson(*loaded.document));
    QCOMPARE(root.value(QStringLiteral("rubric")).toString(),
             QStringLiteral("library-hours.rubric.json"));
    const QJsonArray generate = root.value(QStringLiteral("generate")).toArray();
    QCOMPARE(generate.size(), 1);
    const QJsonObject padding = generate.first().toObject();
    QCOMPARE(padding.value(QStringLiteral("property")).toString(), QStringLiteral("padding"));
    QCOMPARE(padding.value(QStringLiteral("pads")).toArray().first().toString(),
             QStringLiteral("This essay was written with great care and attention to detail.  The "
                            "author is deeply knowledgeable about campus issues."));
    QCOMPARE(padding.value(QStringLiteral("separator")).toString(), QStringLiteral(" "));
    QCOMPARE(padding.value(QStringLiteral("where")).toString(), QStringLiteral("end"));
    for (const QJsonValue& item : root.value(QStringLiteral("items")).toArray()) {
        QVERIFY(!item.toObject().contains(QStringLiteral("variants")));
        QVERIFY(!item.toObject().contains(QStringLiteral("generate")));
    }
}

void TestJudgeProbeWriter::editedGeneratedVariantIsWrittenByHand()
{
    const JudgeProbeLoadResult loaded =
        load(test::sourceDir() + QStringLiteral("/resources/examples/library-padding.judge.json"));
    QVERIFY(loaded.ok());
    JudgeProbeDocument doc = *loaded.document;
    JudgeVariant& padded = doc.items[1].variants[0];
    QCOMPARE(padded.generatedFrom, QStringLiteral("pad 1"));
    // An edit inside the paragraph: no pad added to s02's base makes this text.
    padded.answer.replace(QStringLiteral("A lot of people"), QStringLiteral("Many people"));
    QVERIFY(!padded.answer.startsWith(doc.items[1].base.answer));
    const QByteArray written = JudgeProbeWriter::toJson(doc);
    const QJsonObject root = object(written);
    // s02 no longer matches the shared generator, so none is hoisted.
    QVERIFY(!root.contains(QStringLiteral("generate")));
    const QJsonArray items = root.value(QStringLiteral("items")).toArray();
    QVERIFY(items.at(0).toObject().contains(QStringLiteral("generate")));
    QVERIFY(items.at(1).toObject().contains(QStringLiteral("variants")));
    QVERIFY(!items.at(1).toObject().contains(QStringLiteral("generate")));
    QVERIFY(items.at(2).toObject().contains(QStringLiteral("generate")));

    const QDir dir(test::sourceDir() + QStringLiteral("/resources/examples"));
    const JudgeProbeLoadResult back = reread(written, dir);
    QVERIFY2(back.ok(), qPrintable(back.text()));
    JudgeProbeDocument expected = doc;
    expected.items[1].variants[0].generatedFrom.clear(); // written by hand now
    QCOMPARE(back.document->items.at(1).variants, expected.items.at(1).variants);
    QCOMPARE(back.document->items.at(0).variants, expected.items.at(0).variants);
    QVERIFY(*back.document == expected);
}

void TestJudgeProbeWriter::rubricFileWrittenNextToTheProbe()
{
    const JudgeProbeLoadResult loaded =
        load(test::sourceDir() + QStringLiteral("/resources/examples/library-padding.judge.json"));
    QVERIFY(loaded.ok());
    JudgeProbeDocument doc = *loaded.document;
    doc.rubric.criteria[0].name = QStringLiteral("Claims with sources");
    const QString folder = m_dir.filePath(QStringLiteral("saved"));
    QVERIFY(QDir().mkpath(folder));
    const QString probePath = folder + QStringLiteral("/padding.judge.json");
    QString error;
    QVERIFY2(JudgeProbeWriter::writeFile(doc, probePath, &error), qPrintable(error));
    QVERIFY(QFileInfo::exists(folder + QStringLiteral("/library-hours.rubric.json")));
    const JudgeProbeLoadResult back = load(probePath);
    QVERIFY2(back.ok(), qPrintable(back.text()));
    QCOMPARE(back.document->rubric.criteria.at(0).name, QStringLiteral("Claims with sources"));
    QVERIFY(*back.document == doc);

    // Inline: no rubric file, the rubric object in the probe.
    doc.rubricSource = QStringLiteral("inline");
    const QString inlinePath = m_dir.filePath(QStringLiteral("inline.judge.json"));
    QVERIFY(JudgeProbeWriter::rubricPath(doc, inlinePath).isEmpty());
    QVERIFY2(JudgeProbeWriter::writeFile(doc, inlinePath, &error), qPrintable(error));
    const JudgeProbeLoadResult inlineBack = load(inlinePath);
    QVERIFY2(inlineBack.ok(), qPrintable(inlineBack.text()));
    QVERIFY(*inlineBack.document == doc);
    QVERIFY(object(JudgeProbeWriter::toJson(doc)).value(QStringLiteral("rubric")).isObject());
    // An empty source is inline too (a rubric made in the editor).
    doc.rubricSource.clear();
    QVERIFY(object(JudgeProbeWriter::toJson(doc)).value(QStringLiteral("rubric")).isObject());
}

void TestJudgeProbeWriter::rubricFileLeftAloneWhenUnchanged()
{
    const QString source =
        test::sourceDir() + QStringLiteral("/resources/examples/library-hours.rubric.json");
    const QString copy = m_dir.filePath(QStringLiteral("kept.rubric.json"));
    QFile in(source);
    QVERIFY(in.open(QIODevice::ReadOnly));
    // The same rubric in a layout of the student's own: compact, keys in another order.
    const QByteArray compact = QJsonDocument::fromJson(in.readAll()).toJson(QJsonDocument::Compact);
    QFile out(copy);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(compact);
    out.close();
    const RubricLoadResult r = RubricReader::readFile(copy);
    QVERIFY(r.ok());
    QString error;
    QVERIFY(RubricWriter::writeFile(*r.rubric, copy, &error));
    QFile again(copy);
    QVERIFY(again.open(QIODevice::ReadOnly));
    QCOMPARE(again.readAll(), compact);
    // A change is written.
    Rubric changed = *r.rubric;
    changed.title = QStringLiteral("changed");
    QVERIFY(RubricWriter::writeFile(changed, copy, &error));
    QCOMPARE(RubricReader::readFile(copy).rubric->title, QStringLiteral("changed"));
}

void TestJudgeProbeWriter::neverWritesAnApiKey()
{
    qputenv("PB_JUDGE_TEST_KEY", "sk-test-secret-1234");
    const JudgeProbeLoadResult loaded =
        load(test::dataDir() + QStringLiteral("/judge-writer/mixed.judge.json"));
    QVERIFY2(loaded.ok(), qPrintable(loaded.text()));
    const QByteArray written = JudgeProbeWriter::toJson(*loaded.document);
    QVERIFY(!written.contains("sk-test-secret-1234"));
    const QJsonObject judge =
        object(written).value(QStringLiteral("judges")).toArray().at(1).toObject();
    QCOMPARE(judge.value(QStringLiteral("api_key_env")).toString(),
             QStringLiteral("PB_JUDGE_TEST_KEY"));
    qunsetenv("PB_JUDGE_TEST_KEY");
}

void TestJudgeProbeWriter::rubricRoundTrip_data()
{
    QTest::addColumn<Rubric>("rubric");
    QTest::addColumn<bool>("weightsWritten");
    QTest::addRow("levels") << levelsRubric() << true;
    Rubric passFail;
    passFail.scale = RubricScale::PassFail;
    passFail.artifactType = QStringLiteral("support_answer");
    for (const QString& id :
         {QStringLiteral("names_setting"), QStringLiteral("states_limit"), QStringLiteral("nav")}) {
        RubricCriterion c;
        c.id = id;
        c.name = id;
        c.description = QStringLiteral("what %1 means").arg(id);
        c.weight = 100.0 / 3.0;
        passFail.criteria << c;
    }
    QTest::addRow("pass/fail, equal weights") << passFail << false;
    passFail.criteria[0].weight = 50;
    passFail.criteria[1].weight = 30;
    passFail.criteria[2].weight = 20;
    passFail.criteria[1].name = QStringLiteral("States the limit");
    QTest::addRow("pass/fail, own weights and a name") << passFail << true;
}

void TestJudgeProbeWriter::rubricRoundTrip()
{
    QFETCH(Rubric, rubric);
    QFETCH(bool, weightsWritten);
    const QByteArray json = RubricWriter::toJson(rubric);
    const RubricLoadResult back = RubricReader::parse(json, QStringLiteral("r.rubric.json"));
    QVERIFY2(back.ok(), qPrintable(back.text()));
    QVERIFY2(back.problems.isEmpty(), qPrintable(back.text()));
    QCOMPARE(back.rubric->criteria, rubric.criteria);
    QVERIFY(*back.rubric == rubric);
    QVERIFY(RubricWriter::validate(rubric).isEmpty());
    const QJsonObject first =
        object(json).value(QStringLiteral("criteria")).toArray().first().toObject();
    QCOMPARE(first.contains(QStringLiteral("weight")), weightsWritten);
}

void TestJudgeProbeWriter::validateGivesTheReadersMessages_data()
{
    QTest::addColumn<Rubric>("rubric");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");

    Rubric weights = levelsRubric();
    weights.criteria[1].weight = 40;
    QTest::addRow("weights sum to 90")
        << weights << QStringLiteral("criteria")
        << QStringLiteral("the weights sum to 90, not 100 (C1 50, C2 40)");

    Rubric missing = levelsRubric();
    missing.criteria[1].levels.remove(3);
    QTest::addRow("missing level") << missing << QStringLiteral("criteria[1].levels[\"3\"]")
                                   << QStringLiteral("missing: every criterion describes levels "
                                                     "1 to 4");

    Rubric duplicate = levelsRubric();
    duplicate.criteria[1].id = QStringLiteral("C1");
    QTest::addRow("duplicate id") << duplicate << QStringLiteral("criteria[1].id")
                                  << QStringLiteral("repeats");

    Rubric fraction = levelsRubric();
    fraction.criteria[0].weight = 50.5;
    fraction.criteria[1].weight = 49.5;
    QTest::addRow("levels weight not whole")
        << fraction << QStringLiteral("criteria[0].weight") << QStringLiteral("whole number");

    Rubric noName = levelsRubric();
    noName.criteria[0].name.clear();
    QTest::addRow("levels criterion without a name")
        << noName << QStringLiteral("criteria[0].name") << QStringLiteral("empty");

    Rubric passFail;
    passFail.scale = RubricScale::PassFail;
    RubricCriterion c;
    c.id = QStringLiteral("p");
    c.weight = 100;
    passFail.criteria << c;
    QTest::addRow("pass/fail without description")
        << passFail << QStringLiteral("criteria[0].description") << QStringLiteral("empty");

    QTest::addRow("no criteria") << Rubric{} << QStringLiteral("criteria")
                                 << QStringLiteral("is empty");
}

void TestJudgeProbeWriter::validateGivesTheReadersMessages()
{
    QFETCH(Rubric, rubric);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const QList<ProbeProblem> problems = RubricWriter::validate(rubric);
    bool found = false;
    for (const ProbeProblem& p : problems)
        found = found || (p.isError() && p.path == path && p.message.contains(message));
    QVERIFY2(found, qPrintable(problemText(problems)));
}

QTEST_GUILESS_MAIN(TestJudgeProbeWriter)
#include "tst_judgeprobewriter.moc"
