// The Report page after two stand-in runs (before and after a "mitigation"): the Area 4
// report previewed, the comparison section, and every export written.
#include "ProbeRuns.h"
#include "pages/ReportPage.h"
#include "project/ProbeProject.h"
#include "report/RunComparison.h"
#include "run/BackgroundRun.h"

#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;

class TestReport : public QObject
{
    Q_OBJECT

private:
    ProbeProject* m_project = nullptr;
    qint64 m_before = 0;
    qint64 m_after = 0;

    qint64 runToEnd(BackgroundRun& run, const ProbeDocument& doc)
    {
        QSignalSpy finished(&run, &BackgroundRun::finished);
        test::startProbe(run, doc, m_project->filePath());
        if (!finished.wait(120000)) {
            return 0;
        }
        m_project->notifyRunsChanged();
        return run.runId();
    }

    static QByteArray read(const QString& path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

private Q_SLOTS:
    void initTestCase()
    {
        initResources();
        QStandardPaths::setTestModeEnabled(true);
        m_project = new ProbeProject(this);
        QString error;
        QVERIFY2(m_project->newFromExample(&error), qPrintable(error));
        BackgroundRun run;
        m_before = runToEnd(run, m_project->document());
        ProbeDocument after = m_project->document();
        after.settings.plantedGap = 0.0;
        m_after = runToEnd(run, after);
        QVERIFY(m_before > 0 && m_after > m_before);
    }

    void previewShowsTheCliReport()
    {
        ReportPage page(m_project);
        // The latest run is shown first.
        QTRY_VERIFY_WITH_TIMEOUT(page.isReady(), 10000);
        QCOMPARE(page.runId(), m_after);
        page.setRun(m_before);
        QTRY_VERIFY_WITH_TIMEOUT(page.isReady(), 10000);
        const QString md = page.report().toMarkdown();
        QVERIFY(md.contains(QStringLiteral("p = 0.016")));
        QVERIFY(md.contains(QStringLiteral("| **Average** |")) ||
                md.contains(QStringLiteral("Average")));
        QVERIFY(page.previewHtml().contains(QStringLiteral("Results per item")));
        QVERIFY(!md.contains(QStringLiteral("Two runs side by side")));
    }

    void comparisonSideBySide()
    {
        ReportPage page(m_project);
        page.setRun(m_after);
        page.setComparisonRun(m_before);
        QTRY_VERIFY_WITH_TIMEOUT(page.isReady(), 10000);
        const QString md = page.report().toMarkdown();
        QVERIFY(
            md.contains(QStringLiteral("Two runs side by side: run %1 (before) and run %2 (after)")
                            .arg(m_before)
                            .arg(m_after)));
        QVERIFY(md.contains(QStringLiteral("planted gap 1.00 became 0.00")));
        // Both p values and both same-versus-same gaps are in the comparison.
        QVERIFY(md.contains(QStringLiteral("| p (sign-flip) | 0.016 |")));
        QVERIFY(md.contains(QStringLiteral("| Same versus same | -0.18 |")));
        QVERIFY(md.contains(QStringLiteral("A null result is not proof that the gap is gone")));
        page.setComparisonRun(0);
        QTRY_VERIFY_WITH_TIMEOUT(page.isReady(), 10000);
        QVERIFY(!page.report().toMarkdown().contains(QStringLiteral("Two runs side by side")));
    }

    void exportsWriteEveryFormat()
    {
        ReportPage page(m_project);
        page.setRun(m_before);
        page.setComparisonRun(m_after);
        QTRY_VERIFY_WITH_TIMEOUT(page.isReady(), 10000);
        QTemporaryDir dir;
        QString error;
        const QString md = dir.filePath(QStringLiteral("r.md"));
        const QString html = dir.filePath(QStringLiteral("r.html"));
        const QString pdf = dir.filePath(QStringLiteral("r.pdf"));
        const QString csv = dir.filePath(QStringLiteral("log.csv"));
        QVERIFY2(page.exportMarkdown(md, &error), qPrintable(error));
        QVERIFY2(page.exportHtml(html, &error), qPrintable(error));
        QVERIFY2(page.exportPdf(pdf, &error), qPrintable(error));
        QVERIFY2(page.exportCsvLog(csv, &error), qPrintable(error));
        QVERIFY(read(md).contains("p = 0.016"));
        QVERIFY(read(md).contains("Two runs side by side"));
        QVERIFY(read(html).startsWith("<!DOCTYPE html>"));
        QVERIFY(read(html).contains("<table>"));
        QVERIFY(read(pdf).startsWith("%PDF-"));
        QVERIFY(QFileInfo(pdf).size() > 5000);
        const QByteArray log = read(csv);
        QVERIFY(log.startsWith("time,model,temperature,item,variant,seed,prompt,reply,steps"));
        QCOMPARE(log.count("\r\n"), 1 + 480);
        QVERIFY(!page.exportMarkdown(dir.filePath(QStringLiteral("no/such/dir/r.md")), &error));
    }

    void runComparisonFlagsMismatches()
    {
        ProbeDocument a = m_project->document();
        ProbeDocument b = a;
        QVERIFY(RunComparison::mismatches(a, b).isEmpty());
        QVERIFY(RunComparison::changes(a, b).isEmpty());
        b.settings.seeds.removeLast();
        b.settings.system = QStringLiteral("Answer every student with the same care.");
        const QStringList wrong = RunComparison::mismatches(a, b);
        QCOMPARE(wrong.size(), 1);
        QVERIFY(wrong.front().startsWith(QStringLiteral("The seeds differ (1-20 against 1-19)")));
        const QStringList changed = RunComparison::changes(a, b);
        QCOMPARE(changed.size(), 1);
        QVERIFY(changed.front().startsWith(QStringLiteral("system prompt")));
        b.metric.kind = QStringLiteral("word_count");
        QCOMPARE(RunComparison::mismatches(a, b).size(), 2);
    }
};

QTEST_MAIN(TestReport)
#include "tst_report.moc"
