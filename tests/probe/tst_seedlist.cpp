#include "probe/SeedList.h"

#include <QRandomGenerator>
#include <QtTest>

using namespace pb;

namespace {

QList<qint64> range(qint64 low, qint64 high)
{
    QList<qint64> out;
    for (qint64 s = low; s <= high; ++s) {
        out << s;
    }
    return out;
}

} // namespace

class TestSeedList : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesValidLists_data();
    void parsesValidLists();
    void rejectsInvalidLists_data();
    void rejectsInvalidLists();
    void reportsEveryBadEntry();
    void capIsExact();
    void formats_data();
    void formats();
    void formatParsesBackInOrder();
};

void TestSeedList::parsesValidLists_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<qint64>>("seeds");

    QTest::addRow("tutorial") << QStringLiteral("1-20") << range(1, 20);
    QTest::addRow("mixed") << QStringLiteral("1-20, 31, 40-45")
                           << range(1, 20) + QList<qint64>{31} + range(40, 45);
    QTest::addRow("single") << QStringLiteral("7") << QList<qint64>{7};
    QTest::addRow("zero") << QStringLiteral("0") << QList<qint64>{0};
    QTest::addRow("negative") << QStringLiteral("-5") << QList<qint64>{-5};
    QTest::addRow("negative and range")
        << QStringLiteral("-5, 0-2, -1") << QList<qint64>{-5, 0, 1, 2, -1};
    QTest::addRow("one-seed range") << QStringLiteral("4-4") << QList<qint64>{4};
    QTest::addRow("spaces everywhere")
        << QStringLiteral("  1 - 3 ,9  ") << QList<qint64>{1, 2, 3, 9};
    QTest::addRow("order kept") << QStringLiteral("10, 3, 7-8") << QList<qint64>{10, 3, 7, 8};
    QTest::addRow("largest") << QStringLiteral("9223372036854775807")
                             << QList<qint64>{std::numeric_limits<qint64>::max()};
    QTest::addRow("most negative expressible")
        << QStringLiteral("-9223372036854775807")
        << QList<qint64>{-std::numeric_limits<qint64>::max()};
    QTest::addRow("leading zeros") << QStringLiteral("007") << QList<qint64>{7};
}

void TestSeedList::parsesValidLists()
{
    QFETCH(QString, text);
    QFETCH(QList<qint64>, seeds);
    const SeedList::Parsed parsed = SeedList::parse(text);
    QVERIFY2(parsed.ok(), qPrintable(parsed.errors.join(QLatin1Char('\n'))));
    QCOMPARE(parsed.seeds, seeds);
}

void TestSeedList::rejectsInvalidLists_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("fragment");

    QTest::addRow("backwards") << QStringLiteral("3-1")
                               << QStringLiteral("the range \"3-1\" runs backwards; write 1-3");
    QTest::addRow("empty") << QString() << QStringLiteral("no seeds");
    QTest::addRow("blank") << QStringLiteral("   ") << QStringLiteral("no seeds");
    QTest::addRow("double comma") << QStringLiteral("1,,2") << QStringLiteral("empty entry");
    QTest::addRow("trailing comma") << QStringLiteral("1-20,") << QStringLiteral("empty entry");
    QTest::addRow("duplicate single")
        << QStringLiteral("1-20, 5") << QStringLiteral("seed 5 is listed more than once");
    QTest::addRow("duplicate ranges")
        << QStringLiteral("1-10, 5-12") << QStringLiteral("seeds 5-10 are listed more than once");
    QTest::addRow("negative range")
        << QStringLiteral("-5-3") << QStringLiteral("ranges need non-negative ends");
    QTest::addRow("range to negative")
        << QStringLiteral("5--3") << QStringLiteral("is not a seed or a range");
    QTest::addRow("word") << QStringLiteral("ten") << QStringLiteral("is not a seed or a range");
    QTest::addRow("fraction") << QStringLiteral("1.5") << QStringLiteral("is not a seed");
    QTest::addRow("spaces between")
        << QStringLiteral("1 2 3") << QStringLiteral("separate entries with commas");
    QTest::addRow("plus sign") << QStringLiteral("+5") << QStringLiteral("is not a seed");
    QTest::addRow("arabic digits")
        << QStringLiteral("\u0661\u0662") << QStringLiteral("is not a seed");
    QTest::addRow("too large") << QStringLiteral("9223372036854775808")
                               << QStringLiteral("is too large for a seed");
    QTest::addRow("too negative") << QStringLiteral("-9223372036854775809")
                                  << QStringLiteral("is too large for a seed");
    QTest::addRow("range end too large")
        << QStringLiteral("1-99999999999999999999") << QStringLiteral("has a number too large");
    QTest::addRow("too many") << QStringLiteral("1-100001")
                              << QStringLiteral("more than 100000 seeds");
    QTest::addRow("huge range") << QStringLiteral("0-9223372036854775807")
                                << QStringLiteral("more than 100000 seeds");
    QTest::addRow("too many in pieces")
        << QStringLiteral("1-60000, 100000-140000") << QStringLiteral("more than 100000 seeds");
}

void TestSeedList::rejectsInvalidLists()
{
    QFETCH(QString, text);
    QFETCH(QString, fragment);
    const SeedList::Parsed parsed = SeedList::parse(text);
    QVERIFY(!parsed.ok());
    QVERIFY(parsed.seeds.isEmpty());
    const QString all = parsed.errors.join(QLatin1Char('\n'));
    QVERIFY2(all.contains(fragment), qPrintable(all));
}

void TestSeedList::reportsEveryBadEntry()
{
    const SeedList::Parsed parsed = SeedList::parse(QStringLiteral("3-1, x, 4, 9-2"));
    QCOMPARE(parsed.errors.size(), 3);
    QVERIFY(parsed.errors[0].contains(QStringLiteral("\"3-1\"")));
    QVERIFY(parsed.errors[1].contains(QStringLiteral("\"x\"")));
    QVERIFY(parsed.errors[2].contains(QStringLiteral("\"9-2\"")));
}

void TestSeedList::capIsExact()
{
    const SeedList::Parsed atCap = SeedList::parse(QStringLiteral("1-100000"));
    QVERIFY(atCap.ok());
    QCOMPARE(atCap.seeds.size(), SeedList::kMaxSeeds);
    const SeedList::Parsed pieces = SeedList::parse(QStringLiteral("1-99999, 200000"));
    QVERIFY(pieces.ok());
    QCOMPARE(pieces.seeds.size(), SeedList::kMaxSeeds);
    QVERIFY(!SeedList::parse(QStringLiteral("1-99999, 200000, 200001")).ok());
}

void TestSeedList::formats_data()
{
    QTest::addColumn<QList<qint64>>("seeds");
    QTest::addColumn<QString>("text");

    QTest::addRow("tutorial") << range(1, 20) << QStringLiteral("1-20");
    QTest::addRow("pair stays a list") << QList<qint64>{1, 2} << QStringLiteral("1, 2");
    QTest::addRow("three make a range") << QList<qint64>{1, 2, 3} << QStringLiteral("1-3");
    QTest::addRow("mixed") << range(1, 20) + QList<qint64>{31} + range(40, 45)
                           << QStringLiteral("1-20, 31, 40-45");
    QTest::addRow("order kept") << QList<qint64>{10, 3, 7, 8, 9} << QStringLiteral("10, 3, 7-9");
    QTest::addRow("negatives never in ranges")
        << QList<qint64>{-3, -2, -1, 0, 1} << QStringLiteral("-3, -2, -1, 0, 1");
    QTest::addRow("descending stays a list") << QList<qint64>{5, 4, 3} << QStringLiteral("5, 4, 3");
    QTest::addRow("empty") << QList<qint64>{} << QString();
    QTest::addRow("top of range") << QList<qint64>{std::numeric_limits<qint64>::max() - 2,
                                                   std::numeric_limits<qint64>::max() - 1,
                                                   std::numeric_limits<qint64>::max()}
                                  << QStringLiteral("9223372036854775805-9223372036854775807");
}

void TestSeedList::formats()
{
    QFETCH(QList<qint64>, seeds);
    QFETCH(QString, text);
    QCOMPARE(SeedList::format(seeds), text);
}

void TestSeedList::formatParsesBackInOrder()
{
    QRandomGenerator random(20);
    for (int round = 0; round < 500; ++round) {
        QList<qint64> seeds;
        QSet<qint64> used;
        const int n = 1 + random.bounded(60);
        qint64 next = qint64(random.bounded(50)) - 25;
        while (seeds.size() < n) {
            // runs, jumps back and forth, negatives
            next = random.bounded(3) == 0 ? qint64(random.bounded(400)) - 200 : next + 1;
            if (!used.contains(next)) {
                used.insert(next);
                seeds << next;
            }
        }
        const QString text = SeedList::format(seeds);
        const SeedList::Parsed parsed = SeedList::parse(text);
        QVERIFY2(parsed.ok(), qPrintable(text));
        QCOMPARE(parsed.seeds, seeds);
    }
}

QTEST_GUILESS_MAIN(TestSeedList)
#include "tst_seedlist.moc"
