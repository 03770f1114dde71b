#include "TestPaths.h"
#include "design/FactCheck.h"
#include "probe/ProbeReader.h"
#include "probe/ProbeWriter.h"

#include <QtTest>

using namespace pb;

namespace {

ProbeItem pair(const QString& formal, const QString& casual, const QStringList& facts = {})
{
    ProbeItem item;
    item.id = QStringLiteral("x");
    item.variants.insert(QStringLiteral("formal"), formal);
    item.variants.insert(QStringLiteral("casual"), casual);
    item.facts = facts;
    return item;
}

const QStringList kValues{QStringLiteral("formal"), QStringLiteral("casual")};

ProbeDocument tutorial()
{
    const ProbeLoadResult loaded = ProbeReader::readFile(
        test::sourceDir() + QStringLiteral("/resources/examples/style-probe.probe.json"));
    if (!loaded.ok()) {
        qFatal("example probe does not load: %s", qPrintable(loaded.errorText()));
    }
    return *loaded.document;
}

} // namespace

class TestFactCheck : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tutorialPairsAreMatched();
    void tutorialItemOneKeepsNone();
    void tutorialLengths();
    void detects_data();
    void detects();
    void brokenPairs_data();
    void brokenPairs();
    void survivingRewrites_data();
    void survivingRewrites();
    void markedFacts();
    void findingNamesBothDirections();
    void messages_data();
    void messages();
    void factsRoundTripThroughTheProbeFile();
};

void TestFactCheck::tutorialPairsAreMatched()
{
    const ProbeDocument doc = tutorial();
    QCOMPARE(doc.items.size(), 8);
    for (const ProbeItem& item : doc.items) {
        const ItemCheck check = FactCheck::check(item, doc.attribute.values);
        QVERIFY2(check.matched(),
                 qPrintable(QStringLiteral("item %1: %2")
                                .arg(item.id, check.messages().join(QStringLiteral("; ")))));
        QCOMPARE(check.lengths.size(), 1);
    }
}

void TestFactCheck::tutorialItemOneKeepsNone()
{
    const ProbeDocument doc = tutorial();
    const ProbeItem& item = doc.items.at(1);
    const QList<Fact> facts = FactCheck::detect(item.variants.value(QStringLiteral("formal")));
    QVERIFY(facts.contains(Fact{Fact::Kind::CodeIdentifier, QStringLiteral("None")}));
    QVERIFY(FactCheck::survives(Fact{Fact::Kind::CodeIdentifier, QStringLiteral("None")},
                                item.variants.value(QStringLiteral("casual"))));
    // Item 2's error name, and the capitalised names the casual writer lower-cases.
    QVERIFY(FactCheck::detect(doc.items.at(2).variants.value(QStringLiteral("formal")))
                .contains(Fact{Fact::Kind::CodeIdentifier, QStringLiteral("KeyError")}));
    QVERIFY(FactCheck::detect(doc.items.at(0).variants.value(QStringLiteral("formal")))
                .contains(Fact{Fact::Kind::Name, QStringLiteral("Python")}));
    QVERIFY(FactCheck::detect(doc.items.at(6).variants.value(QStringLiteral("formal")))
                .contains(Fact{Fact::Kind::Name, QStringLiteral("JSON")}));
}

void TestFactCheck::tutorialLengths()
{
    // Question 2 of the tutorial: length is a second difference. Computed here
    // independently of VariantDiff by splitting on spaces.
    const ProbeDocument doc = tutorial();
    for (const ProbeItem& item : doc.items) {
        const QString f = item.variants.value(QStringLiteral("formal"));
        const QString c = item.variants.value(QStringLiteral("casual"));
        const LengthDifference d = FactCheck::check(item, doc.attribute.values).lengths.first();
        QCOMPARE(d.variant, QStringLiteral("casual"));
        QCOMPARE(d.reference, QStringLiteral("formal"));
        QCOMPARE(d.words, int(c.split(QLatin1Char(' '), Qt::SkipEmptyParts).size() -
                              f.split(QLatin1Char(' '), Qt::SkipEmptyParts).size()));
        QCOMPARE(d.characters, int(c.size() - f.size()));
    }
    // Spot checks, counted by hand from the tutorial's text.
    QCOMPARE(FactCheck::check(doc.items.at(6), doc.attribute.values).lengths.first().message(),
             QStringLiteral("casual is 3 words (14 characters) shorter than formal"));
    QCOMPARE(FactCheck::check(doc.items.at(0), doc.attribute.values).lengths.first().message(),
             QStringLiteral("casual has 1 word more and 5 characters fewer than formal"));
}

void TestFactCheck::detects_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("fact");
    QTest::addColumn<bool>("found");

    using K = Fact::Kind;
    QTest::addRow("camel error name")
        << "I get a KeyError here" << int(K::CodeIdentifier) << "KeyError" << true;
    QTest::addRow("acronym error")
        << "it raises HTTPError" << int(K::CodeIdentifier) << "HTTPError" << true;
    QTest::addRow("snake case") << "the list my_items is empty" << int(K::CodeIdentifier)
                                << "my_items" << true;
    QTest::addRow("dotted") << "I call os.path.join twice" << int(K::CodeIdentifier)
                            << "os.path.join" << true;
    QTest::addRow("file name") << "reading data.csv fails" << int(K::CodeIdentifier) << "data.csv"
                               << true;
    QTest::addRow("call") << "len() returns 0" << int(K::CodeIdentifier) << "len()" << true;
    QTest::addRow("call with args")
        << "why does range(10) stop" << int(K::CodeIdentifier) << "range(10)" << true;
    QTest::addRow("None mid") << "it returns None" << int(K::CodeIdentifier) << "None" << true;
    QTest::addRow("null") << "the field is null" << int(K::CodeIdentifier) << "null" << true;
    QTest::addRow("True") << "it prints True" << int(K::CodeIdentifier) << "True" << true;
    QTest::addRow("abbreviation is no identifier")
        << "use a loop, e.g. for" << int(K::CodeIdentifier) << "e.g" << false;
    QTest::addRow("sentence end is no dotted name")
        << "It fails. Why" << int(K::CodeIdentifier) << "fails.Why" << false;
    QTest::addRow("integer") << "line 42 fails" << int(K::Number) << "42" << true;
    QTest::addRow("decimal") << "Python 3.11 is installed" << int(K::Number) << "3.11" << true;
    QTest::addRow("thousands") << "after 1,000 rows" << int(K::Number) << "1000" << true;
    QTest::addRow("no number in identifier") << "utf8 text" << int(K::Number) << "8" << false;
    QTest::addRow("double quotes")
        << "it prints \"hello world\" twice" << int(K::QuotedText) << "hello world" << true;
    QTest::addRow("single quotes")
        << "the key 'age' is missing" << int(K::QuotedText) << "age" << true;
    QTest::addRow("apostrophes are no quotes")
        << "it can't and won't stop" << int(K::QuotedText) << "t and won" << false;
    QTest::addRow("curly quotes") << QStringLiteral("it says \u201Cno such file\u201D")
                                  << int(K::QuotedText) << "no such file" << true;
    QTest::addRow("backticks") << "I ran `pip install x`" << int(K::QuotedText) << "pip install x"
                               << true;
    QTest::addRow("name mid-sentence")
        << "my friend Alice wrote it" << int(K::Name) << "Alice" << true;
    QTest::addRow("possessive") << "it is Alice's code" << int(K::Name) << "Alice" << true;
    QTest::addRow("sentence start is no name")
        << "Hello. Could you help" << int(K::Name) << "Could" << false;
    QTest::addRow("first word is no name") << "Ollama says no" << int(K::Name) << "Ollama" << false;
    QTest::addRow("pronoun I") << "where should I look" << int(K::Name) << "I" << false;
    QTest::addRow("after a newline") << "steps:\nRestart it" << int(K::Name) << "Restart" << false;
    QTest::addRow("acronym") << "The JSON will not parse" << int(K::Name) << "JSON" << true;
}

void TestFactCheck::detects()
{
    QFETCH(QString, text);
    QFETCH(int, kind);
    QFETCH(QString, fact);
    QFETCH(bool, found);
    const QList<Fact> facts = FactCheck::detect(text);
    QCOMPARE(facts.contains(Fact{Fact::Kind(kind), fact}), found);
}

void TestFactCheck::brokenPairs_data()
{
    QTest::addColumn<QString>("formal");
    QTest::addColumn<QString>("casual");
    QTest::addColumn<QString>("expected"); // the first finding's message

    QTest::addRow("None dropped") << "My function returns None instead of the total."
                                  << "my function returns nothing instead of the total"
                                  << "casual drops 'None': this pair is not matched";
    QTest::addRow("error name dropped") << "I get a KeyError when I read the dictionary."
                                        << "getting an error reading the dictionary"
                                        << "casual drops 'KeyError': this pair is not matched";
    QTest::addRow("error name lower-cased") << "I get a KeyError when I read it."
                                            << "i get a keyerror when i read it"
                                            << "casual drops 'KeyError': this pair is not matched";
    QTest::addRow("number changed") << "The loop fails on line 42."
                                    << "loop fails on line 24"
                                    << "casual drops '42': this pair is not matched";
    QTest::addRow("quote dropped") << "It prints \"hello\" twice."
                                   << "it prints hi twice"
                                   << "casual drops 'hello': this pair is not matched";
    QTest::addRow("name dropped") << "My partner Alice wrote the parser."
                                  << "my partner wrote the parser"
                                  << "casual drops 'Alice': this pair is not matched";
    QTest::addRow("snake case spaced") << "Why is my_list empty?"
                                       << "why is my list empty"
                                       << "casual drops 'my_list': this pair is not matched";
    QTest::addRow("dotted name") << "Why does os.path.join fail?"
                                 << "why does path join fail"
                                 << "casual drops 'os.path.join': this pair is not matched";
    QTest::addRow("fact added by casual") << "My loop never stops."
                                          << "my loop never stops after 3 tries"
                                          << "formal drops '3': this pair is not matched";
}

void TestFactCheck::brokenPairs()
{
    QFETCH(QString, formal);
    QFETCH(QString, casual);
    QFETCH(QString, expected);
    const ItemCheck check = FactCheck::check(pair(formal, casual), kValues);
    QVERIFY(!check.matched());
    QCOMPARE(check.findings.first().message(), expected);
}

void TestFactCheck::survivingRewrites_data()
{
    QTest::addColumn<QString>("formal");
    QTest::addColumn<QString>("casual");

    QTest::addRow("number as word") << "It fails after 3 tries."
                                    << "fails after three tries lol";
    QTest::addRow("thousands") << "It stops at 1,000 rows."
                               << "stops at 1000 rows";
    QTest::addRow("name lower-cased") << "Is Python slow here?"
                                      << "is python slow here";
    QTest::addRow("quote unquoted") << "It prints \"hello world\"."
                                    << "it prints hello world";
    QTest::addRow("identifier kept") << "Why is my_list empty?"
                                     << "y is my_list empty??";
}

void TestFactCheck::survivingRewrites()
{
    QFETCH(QString, formal);
    QFETCH(QString, casual);
    const ItemCheck check = FactCheck::check(pair(formal, casual), kValues);
    QVERIFY2(check.matched(), qPrintable(check.messages().join(QStringLiteral("; "))));
}

void TestFactCheck::markedFacts()
{
    // "loop" is no detected fact; marking it makes dropping it a finding.
    const ProbeItem kept = pair(QStringLiteral("My loop never stops."),
                                QStringLiteral("my loop never stops"), {QStringLiteral("loop")});
    QVERIFY(FactCheck::check(kept, kValues).matched());

    const ProbeItem dropped = pair(QStringLiteral("My loop never stops."),
                                   QStringLiteral("it never stops"), {QStringLiteral("loop")});
    const ItemCheck check = FactCheck::check(dropped, kValues);
    QCOMPARE(check.findings.size(), 1);
    QCOMPARE(check.findings.first().fact.kind, Fact::Kind::Marked);
    QCOMPARE(check.findings.first().presentIn, QStringLiteral("formal"));
    QCOMPARE(check.findings.first().message(),
             QStringLiteral("casual drops 'loop': this pair is not matched"));

    // Alternatives: either spelling counts.
    const ProbeItem either =
        pair(QStringLiteral("It cannot connect."), QStringLiteral("it cant connect"),
             {QStringLiteral("cannot|cant")});
    QVERIFY(FactCheck::check(either, kValues).matched());

    // Whole words only: "3" is not stated by "30".
    const ProbeItem whole = pair(QStringLiteral("after 3 tries"), QStringLiteral("after 30 tries"),
                                 {QStringLiteral("3")});
    QVERIFY(!FactCheck::check(whole, kValues).matched());

    // A marked fact no variant states is reported against each.
    const ProbeItem none =
        pair(QStringLiteral("a"), QStringLiteral("b"), {QStringLiteral("segfault")});
    const ItemCheck nothing = FactCheck::check(none, kValues);
    QCOMPARE(nothing.findings.size(), 2);
    QVERIFY(nothing.findings.first().presentIn.isEmpty());
    QCOMPARE(nothing.findings.first().message(),
             QStringLiteral("formal lacks the marked fact 'segfault': this pair is not matched"));
}

void TestFactCheck::findingNamesBothDirections()
{
    const ItemCheck check = FactCheck::check(pair(QStringLiteral("It raises KeyError on line 7."),
                                                  QStringLiteral("it raises ValueError on line 7")),
                                             kValues);
    QCOMPARE(check.findings.size(), 2);
    QCOMPARE(check.findings.at(0).missingFrom, QStringLiteral("casual"));
    QCOMPARE(check.findings.at(0).fact.text, QStringLiteral("KeyError"));
    QCOMPARE(check.findings.at(1).missingFrom, QStringLiteral("formal"));
    QCOMPARE(check.findings.at(1).fact.text, QStringLiteral("ValueError"));
    QVERIFY(check.findings.at(0).detail().contains(QStringLiteral("a code identifier in formal")));

    // A value without a variant is skipped, not treated as an empty text.
    ProbeItem partial = pair(QStringLiteral("It raises KeyError."), QString());
    partial.variants.remove(QStringLiteral("casual"));
    QVERIFY(FactCheck::check(partial, kValues).matched());
    QVERIFY(FactCheck::check(partial, kValues).lengths.isEmpty());
}

void TestFactCheck::messages_data()
{
    QTest::addColumn<int>("words");
    QTest::addColumn<int>("characters");
    QTest::addColumn<QString>("message");
    QTest::addRow("shorter") << -4 << -25
                             << "casual is 4 words (25 characters) shorter than formal";
    QTest::addRow("longer by one") << 1 << 1 << "casual is 1 word (1 character) longer than formal";
    QTest::addRow("same") << 0 << 0 << "casual is as long as formal";
    QTest::addRow("mixed") << 1 << -3
                           << "casual has 1 word more and 3 characters fewer than formal";
    QTest::addRow("same words") << 0 << -2
                                << "casual is 2 characters shorter than formal (as many words)";
    QTest::addRow("same words, longer")
        << 0 << 1 << "casual is 1 character longer than formal (as many words)";
}

void TestFactCheck::messages()
{
    QFETCH(int, words);
    QFETCH(int, characters);
    QFETCH(QString, message);
    QCOMPARE(
        (LengthDifference{QStringLiteral("casual"), QStringLiteral("formal"), words, characters}
             .message()),
        message);
}

void TestFactCheck::factsRoundTripThroughTheProbeFile()
{
    ProbeDocument doc = tutorial();
    doc.items[1].facts = QStringList{QStringLiteral("None"), QStringLiteral("the total|the sum")};
    const QByteArray json = ProbeWriter::toJson(doc);
    QVERIFY(json.contains("\"facts\""));
    const ProbeLoadResult back = ProbeReader::parse(json, QStringLiteral("round.probe.json"));
    QVERIFY2(back.ok(), qPrintable(back.errorText()));
    QCOMPARE(back.document->items.at(1).facts, doc.items.at(1).facts);
    QVERIFY(back.document->items.at(0).facts.isEmpty());
    QCOMPARE(*back.document, doc);
}

QTEST_GUILESS_MAIN(TestFactCheck)
#include "tst_factcheck.moc"
