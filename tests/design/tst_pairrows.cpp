#include "design/PairRows.h"

#include <QtTest>

using namespace pb;

namespace {

const QStringList kValues{QStringLiteral("formal"), QStringLiteral("casual")};

ProbeDocument twoItems()
{
    ProbeDocument doc;
    doc.attribute.name = QStringLiteral("writing style");
    doc.attribute.values = kValues;
    ProbeItem a;
    a.id = QStringLiteral("0");
    a.variants = {{QStringLiteral("formal"), QStringLiteral("Hello, I need help.")},
                  {QStringLiteral("casual"), QStringLiteral("hey \"help\" pls")}};
    a.facts = {QStringLiteral("help"), QStringLiteral("a|b")};
    ProbeItem b;
    b.id = QStringLiteral("x7");
    b.variants = {{QStringLiteral("formal"), QStringLiteral("=SUM(A1)\nsecond line")},
                  {QStringLiteral("casual"), QStringLiteral("-1 item")}};
    b.note = QStringLiteral("formula-like cells");
    doc.items = {a, b};
    return doc;
}

} // namespace

class TestPairRows : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void csvRoundTrip();
    void csvHeaderInAnyOrder();
    void csvErrors_data();
    void csvErrors();
    void pastedRows_data();
    void pastedRows();
    void pastedQuotedCellWithLineBreak();
    void pastedIdsAvoidTakenOnes();
    void pastedTooManyCells();
    void nextFreeId();
};

void TestPairRows::csvRoundTrip()
{
    const ProbeDocument doc = twoItems();
    const QByteArray csv = PairRows::toCsv(doc);
    QVERIFY(csv.startsWith("id,formal,casual,note,facts"));
    const PairRows::Parsed back = PairRows::fromCsv(csv, kValues, {});
    QVERIFY2(back.ok(), qPrintable(back.errors.join(QLatin1Char('\n'))));
    QCOMPARE(back.items, doc.items);
}

void TestPairRows::csvHeaderInAnyOrder()
{
    const QByteArray csv = "casual,formal\nhey,Hello\nyo,Good day\n";
    const PairRows::Parsed parsed = PairRows::fromCsv(csv, kValues, {QStringLiteral("0")});
    QVERIFY(parsed.ok());
    QCOMPARE(parsed.items.size(), 2);
    QCOMPARE(parsed.items.at(0).variants.value(QStringLiteral("formal")), QStringLiteral("Hello"));
    QCOMPARE(parsed.items.at(1).variants.value(QStringLiteral("casual")), QStringLiteral("yo"));
    QCOMPARE(parsed.items.at(0).id, QStringLiteral("1")); // 0 is taken
    QCOMPARE(parsed.items.at(1).id, QStringLiteral("2"));
}

void TestPairRows::csvErrors_data()
{
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<QString>("error");
    QTest::addRow("missing value column")
        << QByteArray("id,formal\n1,x\n") << "line 1: no column for the value \"casual\"";
    QTest::addRow("unknown column")
        << QByteArray("formal,casual,colour\nx,y,z\n")
        << "line 1: column \"colour\" is none of the values (formal, casual), id, note or facts";
    QTest::addRow("empty") << QByteArray("")
                           << "the file is empty: it needs a header row naming the values";
    QTest::addRow("extra cells") << QByteArray("formal,casual\nx,y,z\n")
                                 << "line 2: 3 cells, more than the 2 columns";
}

void TestPairRows::csvErrors()
{
    QFETCH(QByteArray, csv);
    QFETCH(QString, error);
    const PairRows::Parsed parsed = PairRows::fromCsv(csv, kValues, {});
    QVERIFY(!parsed.ok());
    QCOMPARE(parsed.errors.first(), error);
}

void TestPairRows::pastedRows_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("ids");
    QTest::addColumn<QStringList>("formal");
    QTest::addColumn<QStringList>("casual");

    QTest::addRow("two cells per row")
        << "Hello\they\nGood day\tyo\n"
        << QStringList{"0", "1"} << QStringList{"Hello", "Good day"} << QStringList{"hey", "yo"};
    QTest::addRow("id first") << "a\tHello\they\r\nb\tGood day\tyo" << QStringList{"a", "b"}
                              << QStringList{"Hello", "Good day"} << QStringList{"hey", "yo"};
    QTest::addRow("header names the values")
        << "casual\tformal\nhey\tHello\n"
        << QStringList{"0"} << QStringList{"Hello"} << QStringList{"hey"};
    QTest::addRow("blank rows skipped")
        << "\nHello\they\n\t\n"
        << QStringList{"0"} << QStringList{"Hello"} << QStringList{"hey"};
    QTest::addRow("short row") << "Hello\n"
                               << QStringList{"0"} << QStringList{"Hello"} << QStringList{""};
}

void TestPairRows::pastedRows()
{
    QFETCH(QString, text);
    QFETCH(QStringList, ids);
    QFETCH(QStringList, formal);
    QFETCH(QStringList, casual);
    const PairRows::Parsed parsed = PairRows::fromTabSeparated(text, kValues, {});
    QVERIFY2(parsed.ok(), qPrintable(parsed.errors.join(QLatin1Char('\n'))));
    QStringList gotIds;
    QStringList gotFormal;
    QStringList gotCasual;
    for (const ProbeItem& item : parsed.items) {
        gotIds << item.id;
        gotFormal << item.variants.value(QStringLiteral("formal"));
        gotCasual << item.variants.value(QStringLiteral("casual"));
    }
    QCOMPARE(gotIds, ids);
    QCOMPARE(gotFormal, formal);
    QCOMPARE(gotCasual, casual);
}

void TestPairRows::pastedQuotedCellWithLineBreak()
{
    const PairRows::Parsed parsed = PairRows::fromTabSeparated(
        QStringLiteral("\"two\nlines \"\"quoted\"\"\"\tcasual one\n"), kValues, {});
    QVERIFY(parsed.ok());
    QCOMPARE(parsed.items.size(), 1);
    QCOMPARE(parsed.items.first().variants.value(QStringLiteral("formal")),
             QStringLiteral("two\nlines \"quoted\""));
    // A quote inside a cell that does not start quoted is text.
    const PairRows::Parsed plain =
        PairRows::fromTabSeparated(QStringLiteral("say \"hi\"\tyo"), kValues, {});
    QCOMPARE(plain.items.first().variants.value(QStringLiteral("formal")),
             QStringLiteral("say \"hi\""));
}

void TestPairRows::pastedIdsAvoidTakenOnes()
{
    const PairRows::Parsed parsed =
        PairRows::fromTabSeparated(QStringLiteral("3\ta\tb\n3\tc\td\nnew\te\tf"), kValues,
                                   {QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("3")});
    QCOMPARE(parsed.items.size(), 3);
    QCOMPARE(parsed.items.at(0).id, QStringLiteral("2"));
    QCOMPARE(parsed.items.at(1).id, QStringLiteral("4"));
    QCOMPARE(parsed.items.at(2).id, QStringLiteral("new"));
}

void TestPairRows::pastedTooManyCells()
{
    const PairRows::Parsed parsed =
        PairRows::fromTabSeparated(QStringLiteral("a\tb\tc\td"), kValues, {});
    QVERIFY(!parsed.ok());
    QVERIFY(parsed.items.isEmpty());
}

void TestPairRows::nextFreeId()
{
    QCOMPARE(PairRows::nextFreeId({}), QStringLiteral("0"));
    QCOMPARE(PairRows::nextFreeId({QStringLiteral("0"), QStringLiteral("2"), QStringLiteral("1")}),
             QStringLiteral("3"));
    QCOMPARE(PairRows::nextFreeId({QStringLiteral("1")}), QStringLiteral("0"));
}

QTEST_GUILESS_MAIN(TestPairRows)
#include "tst_pairrows.moc"
