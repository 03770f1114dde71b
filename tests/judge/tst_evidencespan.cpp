#include "judge/EvidenceCheck.h"
#include "judge/EvidenceSpan.h"

#include <QtTest>

using namespace pb;

namespace {

const QString kEssay = QStringLiteral(
    "  The library should stay open until 2 a.m.\n  during finals week. Seventy-one percent of "
    "students surveyed said so (Student Life Survey, 2025). Some argue the \u201cadded "
    "staffing\u201d costs too much, but it doesn\u2019t.  ");

} // namespace

class TestEvidenceSpan : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void locatesExactQuotesInTheOriginalText_data();
    void locatesExactQuotesInTheOriginalText();
    void locatesTheClosestStretchOfAFuzzyQuote_data();
    void locatesTheClosestStretchOfAFuzzyQuote();
    void givesTheInventedQuoteItsBestSimilarity();
    void findsNothingForAnEmptyQuote_data();
    void findsNothingForAnEmptyQuote();
};

void TestEvidenceSpan::locatesExactQuotesInTheOriginalText_data()
{
    QTest::addColumn<QString>("quote");
    QTest::addColumn<QString>("marked");
    QTest::addRow("verbatim") << QStringLiteral("stay open until 2 a.m.")
                              << QStringLiteral("stay open until 2 a.m.");
    QTest::addRow("other case") << QStringLiteral("THE LIBRARY SHOULD")
                                << QStringLiteral("The library should");
    QTest::addRow("across a line break") << QStringLiteral("until 2 a.m. during finals week")
                                         << QStringLiteral("until 2 a.m.\n  during finals week");
    QTest::addRow("straight quotes for curly ones")
        << QStringLiteral("the \"added staffing\" costs")
        << QStringLiteral("the \u201cadded staffing\u201d costs");
    QTest::addRow("apostrophe") << QStringLiteral("but it doesn't.")
                                << QStringLiteral("but it doesn\u2019t.");
    QTest::addRow("citation") << QStringLiteral("(Student Life Survey, 2025)")
                              << QStringLiteral("(Student Life Survey, 2025)");
    QTest::addRow("quote with its own padding")
        << QStringLiteral("  Seventy-one   percent ") << QStringLiteral("Seventy-one percent");
}

void TestEvidenceSpan::locatesExactQuotesInTheOriginalText()
{
    QFETCH(QString, quote);
    QFETCH(QString, marked);
    QCOMPARE(EvidenceCheck::check(quote, {kEssay}, 90.0).match, EvidenceCheck::Match::Exact);
    const std::optional<EvidenceSpan> span = EvidenceSpan::locate(quote, kEssay);
    QVERIFY(span);
    QVERIFY(span->exact);
    QCOMPARE(span->similarity, 100.0);
    QCOMPARE(kEssay.mid(span->start, span->length), marked);
    QCOMPARE(span->end(), span->start + span->length);
}

void TestEvidenceSpan::locatesTheClosestStretchOfAFuzzyQuote_data()
{
    QTest::addColumn<QString>("quote");
    QTest::addColumn<QString>("marked");
    QTest::addRow("one letter missing") << QStringLiteral("the libary should stay open")
                                        << QStringLiteral("The library should stay open");
    QTest::addRow("one word changed")
        << QStringLiteral("Seventy-one percent of pupils surveyed said so")
        << QStringLiteral("Seventy-one percent of students surveyed said so");
    QTest::addRow("wrong year") << QStringLiteral("(Student Life Survey, 2024)")
                                << QStringLiteral("(Student Life Survey, 2025)");
}

void TestEvidenceSpan::locatesTheClosestStretchOfAFuzzyQuote()
{
    QFETCH(QString, quote);
    QFETCH(QString, marked);
    const EvidenceCheck::Result check = EvidenceCheck::check(quote, {kEssay}, 50.0);
    QCOMPARE(check.match, EvidenceCheck::Match::Fuzzy);
    const std::optional<EvidenceSpan> span = EvidenceSpan::locate(quote, kEssay);
    QVERIFY(span);
    QVERIFY(!span->exact);
    // The same alignment EvidenceCheck scores, so the same similarity.
    QCOMPARE(span->similarity, check.similarity);
    QCOMPARE(kEssay.mid(span->start, span->length), marked);
}

void TestEvidenceSpan::givesTheInventedQuoteItsBestSimilarity()
{
    const QString quote = QStringLiteral("The committee voted to close the library at noon");
    const EvidenceCheck::Result check = EvidenceCheck::check(quote, {kEssay}, 90.0);
    QCOMPARE(check.match, EvidenceCheck::Match::Hallucinated);
    const std::optional<EvidenceSpan> span = EvidenceSpan::locate(quote, kEssay);
    QVERIFY(span);
    QVERIFY(!span->exact);
    QCOMPARE(span->similarity, EvidenceCheck::bestSimilarity(quote, kEssay));
    QVERIFY(span->similarity < 90.0);
    QVERIFY(span->start >= 0);
    QVERIFY(span->end() <= kEssay.size());
}

void TestEvidenceSpan::findsNothingForAnEmptyQuote_data()
{
    QTest::addColumn<QString>("quote");
    QTest::addColumn<QString>("source");
    QTest::addRow("empty quote") << QString() << kEssay;
    QTest::addRow("blank quote") << QStringLiteral(" \n ") << kEssay;
    QTest::addRow("N/A") << QStringLiteral("N/A") << kEssay;
    QTest::addRow("empty source") << QStringLiteral("library") << QString();
    QTest::addRow("blank source") << QStringLiteral("library") << QStringLiteral("   ");
}

void TestEvidenceSpan::findsNothingForAnEmptyQuote()
{
    QFETCH(QString, quote);
    QFETCH(QString, source);
    QVERIFY(!EvidenceSpan::locate(quote, source));
}

QTEST_GUILESS_MAIN(TestEvidenceSpan)
#include "tst_evidencespan.moc"
