#include "judge/EvidenceCheck.h"

#include <QtTest>

using pb::EvidenceCheck;
using Match = pb::EvidenceCheck::Match;

Q_DECLARE_METATYPE(pb::EvidenceCheck::Match)

namespace {

const QString kArtifact = QStringLiteral(
    "The library should stay open until 2 a.m. during finals week. Seventy-one percent of "
    "students surveyed last spring said they studied past midnight at least three times during "
    "finals (Student Life Survey, 2025).");

} // namespace

class TestEvidenceCheck : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void check_data();
    void check();
    void similarityIsEditDistanceOverQuoteLength();
    void thresholdIsInclusive();
    void bestSourceIsReported();
};

void TestEvidenceCheck::check_data()
{
    QTest::addColumn<QString>("quote");
    QTest::addColumn<Match>("match");

    QTest::addRow("verbatim") << QStringLiteral("(Student Life Survey, 2025)") << Match::Exact;
    QTest::addRow("case differs") << QStringLiteral("the LIBRARY should stay open") << Match::Exact;
    QTest::addRow("line wrapped") << QStringLiteral("Seventy-one percent of\n   students surveyed")
                                  << Match::Exact;
    QTest::addRow("non-breaking hyphen is one edit")
        << QStringLiteral("finals week. Seventy\u2011one") << Match::Fuzzy;
    QTest::addRow("one typo in a long quote")
        << QStringLiteral("students surveyed last sprnig said they studied past midnight")
        << Match::Fuzzy;
    QTest::addRow("paraphrase") << QStringLiteral("Most students study after midnight during exams")
                                << Match::Hallucinated;
    QTest::addRow("invented")
        << QStringLiteral("Studies consistently demonstrate that late hours raise grades.")
        << Match::Hallucinated;
    QTest::addRow("conflation of two sentences")
        << QStringLiteral("The library should stay open until students surveyed last spring")
        << Match::Hallucinated;
    QTest::addRow("empty") << QString() << Match::None;
    QTest::addRow("blank") << QStringLiteral("  \n ") << Match::None;
    QTest::addRow("N/A") << QStringLiteral("N/A") << Match::None;
    QTest::addRow("quote longer than the text") << kArtifact + kArtifact << Match::Hallucinated;
}

void TestEvidenceCheck::check()
{
    QFETCH(QString, quote);
    QFETCH(Match, match);
    const EvidenceCheck::Result r = EvidenceCheck::check(quote, {kArtifact}, 90.0);
    QCOMPARE(EvidenceCheck::matchName(r.match), EvidenceCheck::matchName(match));
    if (match == Match::Exact)
        QCOMPARE(r.similarity, 100.0);
    if (match == Match::Fuzzy)
        QVERIFY(r.similarity >= 90.0 && r.similarity < 100.0);
    if (match == Match::Hallucinated)
        QVERIFY(r.similarity < 90.0);
}

void TestEvidenceCheck::similarityIsEditDistanceOverQuoteLength()
{
    // Ten characters, one substituted: 100 * (1 - 1/10).
    QCOMPARE(EvidenceCheck::bestSimilarity(QStringLiteral("abcdefgXij"),
                                           QStringLiteral("zz abcdefghij zz")),
             90.0);
    // Twenty characters, one deleted from the source's stretch: 100 * (1 - 1/20).
    QCOMPARE(EvidenceCheck::bestSimilarity(QStringLiteral("abcdefghijklmnopqrst"),
                                           QStringLiteral("..abcdefghijlmnopqrst..")),
             95.0);
    // Nothing in common.
    QCOMPARE(EvidenceCheck::bestSimilarity(QStringLiteral("xyz"), QStringLiteral("abc")), 0.0);
}

void TestEvidenceCheck::thresholdIsInclusive()
{
    const QString quote = QStringLiteral("abcdefgXij"); // similarity exactly 90
    QCOMPARE(EvidenceCheck::check(quote, {QStringLiteral("abcdefghij")}, 90.0).match, Match::Fuzzy);
    QCOMPARE(EvidenceCheck::check(quote, {QStringLiteral("abcdefghij")}, 90.5).match,
             Match::Hallucinated);
}

void TestEvidenceCheck::bestSourceIsReported()
{
    const EvidenceCheck::Result r = EvidenceCheck::check(
        QStringLiteral("second answer text"),
        {QStringLiteral("first answer"), QStringLiteral("the second answer text here")}, 90.0);
    QCOMPARE(r.match, Match::Exact);
    QCOMPARE(r.source, 1);
    // Curly quotes in a quote match straight ones in the text.
    QCOMPARE(EvidenceCheck::check(QStringLiteral("\u201cit\u2019s late\u201d"),
                                  {QStringLiteral("He said \"It's late\" twice.")}, 90.0)
                 .match,
             Match::Exact);
}

QTEST_GUILESS_MAIN(TestEvidenceCheck)
#include "tst_evidencecheck.moc"
