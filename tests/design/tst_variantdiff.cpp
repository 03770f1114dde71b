#include "design/VariantDiff.h"

#include <QtTest>

using namespace pb;

namespace {

// The words of text whose span has the given kind, in order.
QStringList wordsOfKind(const QString& text, const QList<DiffSpan>& spans, DiffSpan::Kind kind)
{
    QStringList out;
    for (const DiffSpan& s : spans) {
        if (s.kind == kind) {
            out << text.mid(s.start, s.length);
        }
    }
    return out;
}

} // namespace

class TestVariantDiff : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void changedWords_data();
    void changedWords();
    void swappedHalves();
    void restyledWords();
    void spansCoverEveryWord();
    void identicalTexts();
    void emptyTexts();
    void wordKeys_data();
    void wordKeys();
};

void TestVariantDiff::changedWords_data()
{
    QTest::addColumn<QString>("before");
    QTest::addColumn<QString>("after");
    QTest::addColumn<QStringList>("removed");
    QTest::addColumn<QStringList>("added");

    QTest::addRow("tutorial item 0")
        << "Hello. My Python loop prints the same value every time. Could you help me find the "
           "problem?"
        << "hey my python loop prints the same value every time lol can u help me find the problem"
        << QStringList{"Hello.", "Could", "you"} << QStringList{"hey", "lol", "can", "u"};
    QTest::addRow("tutorial item 1")
        << "My function returns None instead of the total. What should I check first?"
        << "my function gives None instead of the total?? what should i check first"
        << QStringList{"returns"} << QStringList{"gives"};
    QTest::addRow("substitution in the middle")
        << "a b c d"
        << "a x c d" << QStringList{"b"} << QStringList{"x"};
    QTest::addRow("insertion only") << "a b"
                                    << "a new b" << QStringList{} << QStringList{"new"};
    QTest::addRow("deletion only") << "a old b"
                                   << "a b" << QStringList{"old"} << QStringList{};
    QTest::addRow("longer before")
        << "one two three four five"
        << "two four" << QStringList{"one", "three", "five"} << QStringList{};
}

void TestVariantDiff::changedWords()
{
    QFETCH(QString, before);
    QFETCH(QString, after);
    QFETCH(QStringList, removed);
    QFETCH(QStringList, added);
    const VariantDiff diff = VariantDiff::compare(before, after);
    QCOMPARE(diff.removedWords(), removed);
    QCOMPARE(diff.addedWords(), added);
    QCOMPARE(wordsOfKind(before, diff.beforeSpans(), DiffSpan::Kind::Changed), removed);
    QCOMPARE(wordsOfKind(after, diff.afterSpans(), DiffSpan::Kind::Changed), added);
}

void TestVariantDiff::swappedHalves()
{
    // Two halves swapped: several shortest scripts exist; any of them keeps two words.
    const VariantDiff diff =
        VariantDiff::compare(QStringLiteral("the cat the dog"), QStringLiteral("the dog the cat"));
    QCOMPARE(diff.removedWords().size(), 2);
    QCOMPARE(diff.addedWords().size(), 2);
}

void TestVariantDiff::restyledWords()
{
    const QString before = QStringLiteral("My function returns None instead of the total.");
    const QString after = QStringLiteral("my function gives None instead of the total??");
    const VariantDiff diff = VariantDiff::compare(before, after);
    QCOMPARE(wordsOfKind(before, diff.beforeSpans(), DiffSpan::Kind::Restyled),
             (QStringList{QStringLiteral("My"), QStringLiteral("total.")}));
    QCOMPARE(wordsOfKind(after, diff.afterSpans(), DiffSpan::Kind::Restyled),
             (QStringList{QStringLiteral("my"), QStringLiteral("total??")}));
    QVERIFY(!diff.identical());
}

void TestVariantDiff::spansCoverEveryWord()
{
    const QString text = QStringLiteral("  two  spaces\tand\na newline ");
    const QList<DiffSpan> spans = VariantDiff::words(text);
    QStringList words;
    for (const DiffSpan& s : spans) {
        words << text.mid(s.start, s.length);
    }
    QCOMPARE(words, text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts));
    const VariantDiff diff = VariantDiff::compare(text, QStringLiteral("other"));
    QCOMPARE(diff.beforeSpans().size(), spans.size());
    QCOMPARE(diff.afterSpans().size(), 1);
}

void TestVariantDiff::identicalTexts()
{
    const QString t = QStringLiteral("same words here");
    const VariantDiff diff = VariantDiff::compare(t, t);
    QVERIFY(diff.identical());
    QVERIFY(diff.removedWords().isEmpty());
    QVERIFY(diff.addedWords().isEmpty());
}

void TestVariantDiff::emptyTexts()
{
    const VariantDiff diff = VariantDiff::compare(QString(), QStringLiteral("a b"));
    QVERIFY(diff.beforeSpans().isEmpty());
    QCOMPARE(diff.addedWords(), (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
    QVERIFY(VariantDiff::compare(QString(), QString()).identical());
}

void TestVariantDiff::wordKeys_data()
{
    QTest::addColumn<QString>("word");
    QTest::addColumn<QString>("key");
    QTest::addRow("case") << "Python"
                          << "python";
    QTest::addRow("trailing punctuation") << "total??"
                                          << "total";
    QTest::addRow("surrounding quotes") << "\"hello,\""
                                        << "hello";
    QTest::addRow("inner apostrophe kept") << "can't"
                                           << "can't";
    QTest::addRow("punctuation only") << "??"
                                      << "??";
}

void TestVariantDiff::wordKeys()
{
    QFETCH(QString, word);
    QFETCH(QString, key);
    QCOMPARE(VariantDiff::wordKey(word), key);
}

QTEST_GUILESS_MAIN(TestVariantDiff)
#include "tst_variantdiff.moc"
