#include "standin/StandInJudge.h"

#include <QCryptographicHash>
#include <QtTest>

using pb::StandInJudge;

namespace {

QString sampleText(const QString& name)
{
    for (const StandInJudge::Sample& sample : StandInJudge::librarySamples()) {
        if (sample.name == name)
            return sample.text;
    }
    return {};
}

// {claims_cited, directness, counterargument} after checking the criterion order.
QList<int> levels(const QString& text)
{
    const QList<StandInJudge::Level> judged = StandInJudge::judge(text);
    const QStringList order{QStringLiteral("claims_cited"), QStringLiteral("directness"),
                            QStringLiteral("counterargument")};
    QList<int> values;
    for (qsizetype i = 0; i < judged.size(); ++i) {
        if (i >= order.size() || judged.at(i).criterion != order.at(i))
            return {};
        values.append(judged.at(i).level);
    }
    return values.size() == order.size() ? values : QList<int>{};
}

} // namespace

class TestStandInJudge : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void samplesMatchReference_data();
    void samplesMatchReference();
    void partThreeTable_data();
    void partThreeTable();
    void wordCount_data();
    void wordCount();
    void edgeCases_data();
    void edgeCases();
};

void TestStandInJudge::samplesMatchReference_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("sha256");

    // import hashlib; hashlib.sha256(SAMPLES[name].encode()).hexdigest() (and PAD),
    // with SAMPLES and PAD from tutorial_part1.py.
    QTest::addRow("s01") << "s01"
                         << QByteArray(
                                "777bcb9f69bf1eede06b429c31379df960b6225b7af18da80eb3c2b3c2d056d3");
    QTest::addRow("s02") << "s02"
                         << QByteArray(
                                "6f2ea01f401f468b10f005eccce2b46c97fdf29d949ad7452fd6e17e4dd4a1ef");
    QTest::addRow("s03") << "s03"
                         << QByteArray(
                                "ad3f8be3242fad5a2053833d2a7dc0fcb71e73a5f237fb928c7fb0770701f14d");
    QTest::addRow("PAD") << "PAD"
                         << QByteArray(
                                "fce547508c121763b9d3470d6e0083c044bb911ffcf9b23c0dced4006139b1d7");
}

void TestStandInJudge::samplesMatchReference()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, sha256);

    QCOMPARE(StandInJudge::librarySamples().size(), 3);
    const QString text =
        name == QLatin1String("PAD") ? StandInJudge::libraryPad() : sampleText(name);
    QVERIFY(!text.isEmpty());
    QCOMPARE(QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256).toHex(), sha256);
}

void TestStandInJudge::partThreeTable_data()
{
    QTest::addColumn<QString>("sample");
    QTest::addColumn<int>("words");
    QTest::addColumn<QList<int>>("before");
    QTest::addColumn<QList<int>>("after");

    // tutorial_part1.expected.txt, Part III: before = judge(text), after = judge(text + " " + PAD),
    // levels in the order claims_cited, directness, counterargument.
    QTest::addRow("s01") << "s01" << 89 << QList<int>{3, 4, 4} << QList<int>{3, 4, 4};
    QTest::addRow("s02") << "s02" << 45 << QList<int>{1, 2, 2} << QList<int>{1, 3, 2};
    QTest::addRow("s03") << "s03" << 40 << QList<int>{1, 2, 1} << QList<int>{1, 3, 1};
}

void TestStandInJudge::partThreeTable()
{
    QFETCH(QString, sample);
    QFETCH(int, words);
    QFETCH(QList<int>, before);
    QFETCH(QList<int>, after);

    const QString text = sampleText(sample);
    QCOMPARE(StandInJudge::wordCount(text), words);
    QCOMPARE(levels(text), before);
    QCOMPARE(levels(text + QLatin1Char(' ') + StandInJudge::libraryPad()), after);
}

void TestStandInJudge::wordCount_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("words");

    // len(s.split()) in CPython 3.11.7.
    QTest::addRow("empty") << QString() << 0;
    QTest::addRow("only spaces") << QStringLiteral("  ") << 0;
    QTest::addRow("file separator splits") << QStringLiteral("a\u001cb") << 2;
    QTest::addRow("unit and record separators split") << QStringLiteral("a\u001fb\u001eb") << 3;
    QTest::addRow("no-break space splits") << QStringLiteral("a\u00a0b") << 2;
    QTest::addRow("zero-width space does not split") << QStringLiteral("a\u200bb") << 1;
    QTest::addRow("ideographic, line separator, NEL")
        << QStringLiteral("a\u3000b\u2028c\u0085d") << 4;
    QTest::addRow("Mongolian vowel separator does not split") << QStringLiteral("x\u180ey") << 1;
    QTest::addRow("padding with double space") << StandInJudge::libraryPad() << 19;
}

void TestStandInJudge::wordCount()
{
    QFETCH(QString, text);
    QFETCH(int, words);

    QCOMPARE(StandInJudge::wordCount(text), words);
}

void TestStandInJudge::edgeCases_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<int>>("expected");

    // list(stand_in_judge(text).values()) from tutorial_part1.py.
    QTest::addRow("empty") << QString() << QList<int>{1, 1, 1};
    QTest::addRow("no full stop: all text is the first sentence")
        << QStringLiteral("We should act") << QList<int>{1, 4, 1};
    QTest::addRow("empty first sentence")
        << QStringLiteral(". We should act") << QList<int>{1, 2, 1};
    QTest::addRow("capital Should does not count")
        << QStringLiteral("Should we? yes.") << QList<int>{1, 1, 1};
    QTest::addRow("citations cap at 4") << QStringLiteral("((((((") << QList<int>{4, 1, 1};
    QTest::addRow("two citations") << QStringLiteral("(a) (b)") << QList<int>{3, 1, 1};
    QTest::addRow("Some argue ... but")
        << QStringLiteral("Some argue this, but no.") << QList<int>{1, 1, 4};
    QTest::addRow("Some argue without but")
        << QStringLiteral("Some argue this.") << QList<int>{1, 1, 1};
    QTest::addRow("but inside butter") << QStringLiteral("I like butter.") << QList<int>{1, 1, 2};
    QTest::addRow("51 words of but") << QStringLiteral("but ").repeated(51) << QList<int>{1, 2, 2};
    QTest::addRow("directness bonus capped at 4")
        << QStringLiteral("should ").repeated(50) << QList<int>{1, 4, 1};
    QTest::addRow("ideographic spaces count as separators")
        << QStringLiteral("x\u3000").repeated(51) + QStringLiteral("should") << QList<int>{1, 4, 1};
    QTest::addRow("file separators count as separators")
        << QStringLiteral("x\u001c").repeated(51) << QList<int>{1, 2, 1};
    QTest::addRow("zero-width spaces do not")
        << QStringLiteral("x\u200b").repeated(60) << QList<int>{1, 1, 1};
    QTest::addRow("should as a substring of shoulder")
        << QStringLiteral("a shoulder. should") << QList<int>{1, 4, 1};
}

void TestStandInJudge::edgeCases()
{
    QFETCH(QString, text);
    QFETCH(QList<int>, expected);

    QCOMPARE(levels(text), expected);
}

QTEST_GUILESS_MAIN(TestStandInJudge)
#include "tst_standinjudge.moc"
