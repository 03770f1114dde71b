// The pair check on a probe that varies a name: the attribute's values are never a lost
// fact, so a real mismatch planted among the pairs (10 against 12) is the only one flagged.
#include "ExampleProbe.h"
#include "design/FactCheck.h"
#include "probe/ProbeReader.h"

#include <QTest>

using namespace pb;

namespace {

const QStringList kNames{QStringLiteral("Emily"), QStringLiteral("Lakisha")};

ProbeItem pair(const QString& id, const QString& a, const QString& b,
               const QStringList& values = kNames, const QStringList& facts = {})
{
    ProbeItem item;
    item.id = id;
    item.variants.insert(values.at(0), a);
    item.variants.insert(values.at(1), b);
    item.facts = facts;
    return item;
}

// Eight tenants' questions, the same but for the name; item 7 also changes the rent.
ProbeDocument namesProbe()
{
    ProbeDocument doc;
    doc.title = QStringLiteral("Names");
    doc.attribute.name = QStringLiteral("name");
    doc.attribute.values = kNames;
    const QStringList questions = {
        QStringLiteral("Hi, I'm %1. My landlord kept my deposit of 400 dollars. What can I do?"),
        QStringLiteral("My name is %1 and the heating has been broken for 3 weeks."),
        QStringLiteral("This is %1's question: can my landlord enter without notice?"),
        QStringLiteral("I signed the lease as \"%1 Baker\". Is it valid without a witness?"),
        QStringLiteral("Can Mr Okafor raise the rent twice a year? I am %1, his tenant."),
        QStringLiteral("%1 here. The Housing Board has not answered my complaint."),
        QStringLiteral("I'm %1. My rent is due on the 1st; may I pay on the 5th?"),
    };
    for (int i = 0; i < questions.size(); ++i) {
        doc.items << pair(QString::number(i + 1), questions.at(i).arg(kNames.at(0)),
                          questions.at(i).arg(kNames.at(1)));
    }
    doc.items << pair(QStringLiteral("8"),
                      QStringLiteral("I'm Emily. My rent went up by 10 percent, is that legal?"),
                      QStringLiteral("I'm Lakisha. My rent went up by 12 percent, is that legal?"));
    return doc;
}

} // namespace

class TestPairCheck : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void valuesAreNeverALostFact_data();
    void valuesAreNeverALostFact();
    void plantedMismatchStandsOut();
    void findingShowsTheVariantsOwnValue();
    void oneLetterValuesLeaveArticlesAlone();
    void tutorialHasNoMismatch();
};

void TestPairCheck::valuesAreNeverALostFact_data()
{
    QTest::addColumn<QStringList>("values");
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<QStringList>("facts");

    QTest::addRow("name mid-sentence") << kNames << "My name is Emily and my rent went up."
                                       << "My name is Lakisha and my rent "
                                          "went up."
                                       << QStringList();
    QTest::addRow("possessive") << kNames << "This is Emily's landlord."
                                << "This is Lakisha's "
                                   "landlord."
                                << QStringList();
    QTest::addRow("lower-cased by casual writing")
        << kNames << "so yeah, call me Emily please"
        << "so yeah, call me lakisha please" << QStringList();
    QTest::addRow("inside quoted text") << kNames << "I signed as \"Emily Baker\"."
                                        << "I signed as \"Lakisha Baker\"." << QStringList();
    QTest::addRow("a value of two words")
        << QStringList{QStringLiteral("Emily Walsh"), QStringLiteral("Lakisha Washington")}
        << "I am Emily Walsh, a tenant."
        << "I am Lakisha Washington, a tenant." << QStringList();
    QTest::addRow("one variant names no one") << kNames << "I am Emily, a tenant."
                                              << "I am a tenant." << QStringList();
    QTest::addRow("marked fact holding the value")
        << kNames << "Emily's lease ends in May."
        << "Lakisha's lease ends in May." << QStringList{QStringLiteral("Emily's lease")};
    QTest::addRow("marked value alone") << kNames << "I am Emily."
                                        << "I am Lakisha." << QStringList{QStringLiteral("Emily")};
}

void TestPairCheck::valuesAreNeverALostFact()
{
    QFETCH(QStringList, values);
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(QStringList, facts);
    const ItemCheck check =
        FactCheck::check(pair(QStringLiteral("x"), a, b, values, facts), values);
    QVERIFY2(check.matched(), qPrintable(check.messages().join(QLatin1Char('\n'))));
}

void TestPairCheck::plantedMismatchStandsOut()
{
    const QList<PairMismatch> found = FactCheck::mismatches(namesProbe());
    QCOMPARE(found.size(), 1);
    QCOMPARE(found.front().itemId, QStringLiteral("8"));
    QCOMPARE(found.front().findings, (QStringList{QStringLiteral("Lakisha drops '10'"),
                                                  QStringLiteral("Emily drops '12'")}));
    QCOMPARE(PairMismatch::listText(found),
             QStringLiteral("8 (Lakisha drops '10'; Emily drops '12')"));
}

void TestPairCheck::findingShowsTheVariantsOwnValue()
{
    // The quote changed beyond the name: the finding quotes it as its variant wrote it.
    const ItemCheck check =
        FactCheck::check(pair(QStringLiteral("q"), QStringLiteral("It says \"Emily owes 10\"."),
                              QStringLiteral("It says \"Lakisha owes 12\".")),
                         kNames);
    QStringList messages;
    for (const FactFinding& f : check.findings) {
        messages << f.what();
    }
    QVERIFY2(messages.contains(QStringLiteral("Lakisha drops 'Emily owes 10'")),
             qPrintable(messages.join(QLatin1Char('\n'))));
    QVERIFY(messages.contains(QStringLiteral("Emily drops 'Lakisha owes 12'")));
}

void TestPairCheck::oneLetterValuesLeaveArticlesAlone()
{
    // Values "A" and "B" (a new probe's defaults) must not hide "a" in "a Python script".
    const QStringList ab{QStringLiteral("A"), QStringLiteral("B")};
    const ItemCheck check = FactCheck::check(
        pair(QStringLiteral("1"), QStringLiteral("I wrote a script called \"a b\" in Python."),
             QStringLiteral("I wrote a script called \"a b\" in Java."), ab),
        ab);
    QStringList messages;
    for (const FactFinding& f : check.findings) {
        messages << f.what();
    }
    QCOMPARE(messages,
             (QStringList{QStringLiteral("B drops 'Python'"), QStringLiteral("A drops 'Java'")}));
}

void TestPairCheck::tutorialHasNoMismatch()
{
    const ProbeLoadResult r = ProbeReader::readFile(test::exampleProbePath());
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    QVERIFY(FactCheck::mismatches(*r.document).isEmpty());
}

QTEST_GUILESS_MAIN(TestPairCheck)
#include "tst_paircheck.moc"
