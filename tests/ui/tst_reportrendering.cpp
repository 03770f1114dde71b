// report.md and report.html show ids and values exactly as they are: a value that looks
// like HTML, Markdown or the report's own marks is text, never markup. Checked on the bytes
// and by rendering both with Qt's CommonMark (md4c) and HTML readers.
#include "analysis/ProbeAnalysis.h"
#include "report/ReportBuilder.h"
#include "store/LoggedCall.h"

#include <QRegularExpression>
#include <QTest>
#include <QTextDocument>

using namespace pb;

namespace {

const QString kItem = QStringLiteral("<script>alert(1)</script>");
const QString kPipeItem = QStringLiteral("a|b_c_");
const QString kValueA = QStringLiteral("**A**");
const QString kValueB = QStringLiteral("b`c");
const QString kAttribute = QStringLiteral("[x](javascript:alert(1))");
const QString kModel = QStringLiteral("<img src=x onerror=alert(1)>");
const QString kError = QStringLiteral("bad & <b>worse</b>");

ReportDocument hostileReport()
{
    QList<LoggedCall> calls;
    quint64 index = 0;
    for (const QString& item : {kItem, kPipeItem}) {
        for (qint64 seed = 1; seed <= 3; ++seed) {
            for (const QString& value : {kValueA, kValueB}) {
                LoggedCall c;
                c.runId = 1;
                c.callIndex = index++;
                c.itemId = item;
                c.variant = value;
                c.seed = seed;
                c.status = CallStatus::Ok;
                c.modelReported = kModel;
                c.metricValue = double(seed + (value == kValueA ? 1 : 0));
                calls << c;
            }
        }
    }
    calls.last().status = CallStatus::Failed;
    calls.last().metricValue.reset();
    calls.last().error = kError + QChar(u'\0') + QStringLiteral("tail");
    ReportContext context;
    context.title = QStringLiteral("T <i>");
    context.attributeName = kAttribute;
    context.source = QStringLiteral("run 1 in my_store.pbrun");
    context.models = {kModel};
    context.metricDefinition = QStringLiteral("lines matching ^\\d+\\.");
    context.appVersion = QStringLiteral("0.1.0");
    context.generated = QDateTime::currentDateTimeUtc();
    return ReportBuilder::build(
        context, ProbeAnalysis::fromCalls(calls, kValueA, kValueB, QStringLiteral("_m_")));
}

} // namespace

class TestReportRendering : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void valuesShowAsText_data();
    void valuesShowAsText();
    void noMarkupFromValues();
    void unmarkedTextIsNoHtmlEither();
};

void TestReportRendering::valuesShowAsText_data()
{
    QTest::addColumn<bool>("markdown");
    QTest::addRow("report.md") << true;
    QTest::addRow("report.html") << false;
}

void TestReportRendering::valuesShowAsText()
{
    QFETCH(bool, markdown);
    const ReportDocument report = hostileReport();
    QTextDocument rendered;
    if (markdown) {
        rendered.setMarkdown(report.toMarkdown(), QTextDocument::MarkdownDialectGitHub);
    } else {
        rendered.setHtml(report.toHtml());
    }
    const QString shown = rendered.toPlainText();
    for (const QString& value : {kItem, kPipeItem, kValueA, kValueB, kAttribute, kModel,
                                 QStringLiteral("T <i>"), QStringLiteral("my_store.pbrun"),
                                 QStringLiteral("_m_"), QStringLiteral("^\\d+\\."), kError}) {
        QVERIFY2(shown.contains(value),
                 qPrintable(value + QStringLiteral(" not shown in:\n") + shown));
    }
    QVERIFY2(shown.contains(QChar(0x2400)), "the NUL is shown as its symbol");
}

void TestReportRendering::noMarkupFromValues()
{
    const ReportDocument report = hostileReport();
    const QString md = report.toMarkdown();
    const QString html = report.toHtml();
    // An unescaped "<" before a letter would be raw HTML in Markdown.
    QVERIFY2(!md.contains(QRegularExpression(QStringLiteral("(?<!\\\\)<[a-z]"))), qPrintable(md));
    QVERIFY(!md.contains(QChar(u'\0')));
    QVERIFY(!html.contains(QStringLiteral("<script")));
    QVERIFY(!html.contains(QStringLiteral("<img")));
    QVERIFY(!html.contains(QStringLiteral("<strong>A</strong>"))); // "**A**" is not bold
    QVERIFY(!html.contains(QStringLiteral("<b>worse")));
    QVERIFY(!html.contains(QChar(u'\0')));
    QVERIFY(!report.title().contains(QChar(0xE000))); // the marks never leave the document
}

void TestReportRendering::unmarkedTextIsNoHtmlEither()
{
    // A builder that does not mark its values (the judge report's) still cannot put HTML, an
    // entity or a link into report.md; its **bold** and `code` stay markup.
    ReportDocument doc;
    doc.paragraph(QStringLiteral("Item <script>x</script> &amp; [a](b) is **bold**, `<i>`."));
    QTextDocument rendered;
    rendered.setMarkdown(doc.toMarkdown(), QTextDocument::MarkdownDialectGitHub);
    QCOMPARE(rendered.toPlainText().trimmed(),
             QStringLiteral("Item <script>x</script> &amp; [a](b) is bold, <i>."));
}

QTEST_MAIN(TestReportRendering)
#include "tst_reportrendering.moc"
