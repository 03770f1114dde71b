// A judge's quoted evidence shown against the text it quotes: the verbatim, near and invented
// quotes marked in the evidence view and in EvidenceHtml, the artifact escaped, and a pairwise
// item's quotes placed in the right answer, and a results table row opening its evidence.
#include "ExampleJudgeProbe.h"
#include "judge/EvidenceHtml.h"
#include "judge/EvidenceTally.h"
#include "judge/EvidenceView.h"
#include "judge/JudgeAnalysis.h"
#include "judge/JudgeResultsView.h"
#include "judge/JudgedCall.h"
#include "report/NumberText.h"
#include "widgets/ThemeColours.h"

#include <QApplication>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>

using namespace pb;

namespace {

// The character formats over the first occurrence of text in the browser's document.
QList<QTextCharFormat> formatsOf(QTextDocument* document, const QString& text,
                                 QTextDocument::FindFlags flags = {})
{
    QList<QTextCharFormat> out;
    const QTextCursor found = document->find(text, 0, flags);
    if (found.isNull())
        return out;
    for (int pos = found.selectionStart() + 1; pos <= found.selectionEnd(); ++pos) {
        QTextCursor c(document);
        c.setPosition(pos);
        out << c.charFormat();
    }
    return out;
}

} // namespace

class TestJudgeEvidence : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void evidenceViewMarksTheInventedQuote();
    void evidenceHtmlEscapesTheArtifact();
    void evidenceInAPairwiseItem();
    void evidenceFromATableRow();

private:
    QTemporaryDir m_dir;
    JudgeProbeDocument m_doc;
    JudgeAnalysis m_analysis;
};

void TestJudgeEvidence::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_doc = test::exampleJudgeProbe();
    QCOMPARE(m_doc.items.size(), 3);
    QVERIFY(m_dir.isValid());
    const QList<QList<JudgedCall>> calls =
        test::runJudges(m_doc, m_dir.filePath(QStringLiteral("one.pbrun")));
    QCOMPARE(calls.size(), 1);
    m_analysis = JudgeAnalysis::compute(m_doc, calls);
}

void TestJudgeEvidence::evidenceViewMarksTheInventedQuote()
{
    const QString exact = QStringLiteral("I think the library should probably stay open later");
    const QString nearQuote =
        QStringLiteral("Some students have said they wish it were open longer");
    const QString invented = QStringLiteral("The library board voted unanimously against it");
    const JudgedCall call = test::quotedCall(m_doc, exact, nearQuote, invented);
    QCOMPARE(call.verdict.grades.at(0).check.match, EvidenceCheck::Match::Fuzzy);
    QCOMPARE(call.verdict.grades.at(1).check.match, EvidenceCheck::Match::Exact);
    QCOMPARE(call.verdict.grades.at(2).check.match, EvidenceCheck::Match::Hallucinated);

    const JudgeItem& item = *m_doc.item(QStringLiteral("s02"));
    const QList<EvidenceHtml::Mark> marks =
        EvidenceHtml::marks(item.base, false, call.verdict, m_doc.rubric);
    QCOMPARE(marks.size(), 3);
    QVERIFY(marks.at(0).span && !marks.at(0).span->exact);
    QVERIFY(marks.at(1).span && marks.at(1).span->exact);
    QCOMPARE(item.base.answer.mid(marks.at(1).span->start, marks.at(1).span->length), exact);
    QVERIFY(!marks.at(2).span); // an invented quote is never placed in the text

    EvidenceView view;
    view.resize(1000, 600);
    view.setCalls(m_doc, {call}, EvidenceTally::compute({call}, m_doc.evidence.fuzzyThreshold));
    QVERIFY(view.currentCall());
    const QString html = view.currentHtml();
    const QString similarity = NumberText::fixed(call.verdict.grades.at(2).check.similarity, 0);
    QVERIFY2(html.contains(
                 QStringLiteral("not found in the artifact (best similarity %1%)").arg(similarity)),
             qPrintable(html));
    QVERIFY(html.contains(QStringLiteral("HALLUCINATED_EVIDENCE")));
    QVERIFY(
        html.contains(QStringLiteral("\u2248%1%")
                          .arg(NumberText::fixed(call.verdict.grades.at(0).check.similarity, 0))));

    QTextDocument* document = view.browser()->document();
    const bool dark = false;
    // The verbatim quote is highlighted in directness's colour, in place.
    const QList<QTextCharFormat> exactFormats = formatsOf(document, exact);
    QCOMPARE(exactFormats.size(), int(exact.size()));
    for (const QTextCharFormat& f : exactFormats)
        QCOMPARE(f.background().color(), ThemeColours::criterion(1, dark));
    // The near quote's stretch is highlighted too, in claims_cited's colour, italic.
    const QList<QTextCharFormat> nearFormats =
        formatsOf(document, QStringLiteral("Some students have said they wish it was open longer"));
    QVERIFY(!nearFormats.isEmpty());
    QCOMPARE(nearFormats.first().background().color(), ThemeColours::criterion(0, dark));
    QVERIFY(nearFormats.first().fontItalic());
    // Nothing in the artifact carries counterargument's colour: the invented quote is not
    // highlighted anywhere in it.
    const QTextCursor start = document->find(item.base.answer.left(30));
    QVERIFY(!start.isNull());
    const QTextBlock block = start.block();
    QVERIFY(block.text().contains(QStringLiteral("but that is probably worth it.")));
    int fragments = 0;
    for (auto it = block.begin(); !it.atEnd(); ++it) {
        const QTextCharFormat f = it.fragment().charFormat();
        ++fragments;
        QVERIFY(!f.hasProperty(QTextFormat::BackgroundBrush) ||
                f.background().color() != ThemeColours::criterion(2, dark));
        QVERIFY(!f.fontStrikeOut());
    }
    QVERIFY(fragments >= 4); // plain, near quote, its marker, plain, exact quote, ...
    // It is listed under the text, struck through in red.
    const QList<QTextCharFormat> listed = formatsOf(document, invented);
    QCOMPARE(listed.size(), int(invented.size()));
    for (const QTextCharFormat& f : listed) {
        QVERIFY(f.fontStrikeOut());
        QCOMPARE(f.foreground().color(), ThemeColours::alertText(dark));
    }
}

void TestJudgeEvidence::evidenceHtmlEscapesTheArtifact()
{
    JudgeItem item;
    item.id = QStringLiteral("x1");
    item.base.id = QStringLiteral("base");
    item.base.answer = QStringLiteral("Use <script>alert(1)</script> & <b>bold</b> claims.\nNext.");
    JudgedCall call;
    call.itemId = item.id;
    call.variantId = item.base.id;
    call.verdict.outcome = JudgeOutcome::Scored;
    CriterionGrade g;
    g.criterionId = QStringLiteral("claims_cited");
    g.reported = 1;
    g.evidence = QStringLiteral("<b>bold</b> claims");
    g.check = EvidenceCheck::check(g.evidence, {item.base.answer}, 90.0);
    QCOMPARE(g.check.match, EvidenceCheck::Match::Exact);
    call.verdict.grades << g;
    const QString html = EvidenceHtml::render(call, item, m_doc.rubric, false);
    QVERIFY(!html.contains(QStringLiteral("<script>")));
    QVERIFY(!html.contains(QStringLiteral("<b>bold</b>")));
    QVERIFY(html.contains(QStringLiteral("&lt;script&gt;alert(1)&lt;/script&gt; &amp; ")));
    QTextDocument document;
    document.setHtml(html);
    QVERIFY(document.toPlainText().contains(QStringLiteral("<b>bold</b> claims")));
    const QList<QTextCharFormat> formats =
        formatsOf(&document, QStringLiteral("<b>bold</b> claims"));
    QVERIFY(!formats.isEmpty());
    QCOMPARE(formats.first().background().color(), ThemeColours::criterion(0, false));
}

void TestJudgeEvidence::evidenceInAPairwiseItem()
{
    JudgeItem item;
    item.id = QStringLiteral("p1");
    item.pairwise = true;
    item.base.id = QStringLiteral("base");
    item.base.first = QStringLiteral("The library should close at ten.");
    item.base.second = QStringLiteral("The library should stay open until 2 a.m. in finals.");
    item.base.swapped = true;
    JudgedCall call;
    call.itemId = item.id;
    call.variantId = item.base.id;
    call.verdict.outcome = JudgeOutcome::Scored;
    CriterionGrade g;
    g.criterionId = QStringLiteral("directness");
    g.reported = 1;
    g.position = 0;
    g.evidence = QStringLiteral("stay open until 2 a.m.");
    g.check = EvidenceCheck::check(g.evidence, item.base.evidenceSources(true), 90.0);
    QCOMPARE(g.check.source, 1);
    call.verdict.grades << g;
    const QList<EvidenceHtml::Mark> marks =
        EvidenceHtml::marks(item.base, true, call.verdict, m_doc.rubric);
    QCOMPARE(marks.size(), 1);
    QVERIFY(marks.first().span);
    QCOMPARE(item.base.second.mid(marks.first().span->start, marks.first().span->length),
             g.evidence);
    QTextDocument document;
    document.setHtml(EvidenceHtml::render(call, item, m_doc.rubric, false));
    const QString text = document.toPlainText();
    QVERIFY(text.contains(QStringLiteral("Second answer (shown as Response A)")));
    QVERIFY(text.contains(QStringLiteral("First answer (shown as Response B)")));
    QVERIFY(text.contains(QStringLiteral("second"))); // the verdict reads as the chosen answer
    const QList<QTextCharFormat> formats = formatsOf(&document, g.evidence);
    QVERIFY(!formats.isEmpty());
    QCOMPARE(formats.first().background().color(), ThemeColours::criterion(1, false));
}

void TestJudgeEvidence::evidenceFromATableRow()
{
    JudgeResultsView view;
    view.showResults(m_doc, m_analysis);
    QVERIFY(view.showEvidence(QStringLiteral("s02"), QStringLiteral("padded")));
    QCOMPARE(view.tabs()->currentIndex(), int(JudgeResultsView::EvidenceTab));
    const JudgedCall* call = view.evidenceView()->currentCall();
    QVERIFY(call);
    QCOMPARE(call->variantId, QStringLiteral("padded"));
    // Every stand-in quote is verbatim: each is highlighted, none listed as invented.
    const QString html = view.evidenceView()->currentHtml();
    QVERIFY(!html.contains(QStringLiteral("not found in the artifact")));
    QVERIFY(html.contains(QStringLiteral("quote found verbatim")));
    QVERIFY(!view.showEvidence(QStringLiteral("s99"), QStringLiteral("base")));
}

QTEST_MAIN(TestJudgeEvidence)
#include "tst_judgeevidence.moc"
