// A finished project opened in the window, as a partner opens a file in a meeting: it opens
// on Results, and each view reads from the store only what it shows. The Run page's log
// holds reply previews; the selected row's prompt and reply are read whole; an item's
// replies side by side are read when opened; the Report's CSV export, streamed from the
// store, is the CLI's log.csv. Grabbed to PNG for a look
// (into $PB_GRAB_DIR when set).
#include "../cli/CliProcess.h"
#include "MainWindow.h"
#include "TestPaths.h"
#include "pages/ReportPage.h"
#include "pages/ResultsPage.h"
#include "pages/RunPage.h"
#include "results/ReplyComparisonDialog.h"
#include "run/CallLogModel.h"
#include "store/RunStore.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QtTest>

using namespace pb;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void grab(QWidget* widget, const QString& name)
{
    const QString dir = qEnvironmentVariable("PB_GRAB_DIR");
    if (!dir.isEmpty()) {
        QTest::qWait(80);
        widget->grab().save(QDir(dir).filePath(name));
    }
}

} // namespace

class TestStoredViews : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void runPageReadsTheSelectedCallWhole();
    void itemRepliesAreReadWhenOpened();
    void reportReadsWhenShownAndExportsTheCliLog();

private:
    QTemporaryDir m_dir;
    QString m_store;
    QString m_cliLog;
};

void TestStoredViews::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    // The tutorial run by the CLI: 480 calls in a store the window then opens.
    const QString probe =
        test::sourceDir() + QStringLiteral("/resources/examples/style-probe.probe.json");
    const QString out = m_dir.filePath(QStringLiteral("results"));
    const test::CliOutcome run = test::probebench(
        {QStringLiteral("run"), probe, QStringLiteral("--out"), out, QStringLiteral("--quiet")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    m_store = QDir(out).filePath(QStringLiteral("style-probe.pbrun"));
    m_cliLog = QDir(out).filePath(QStringLiteral("log.csv"));
    QVERIFY(QFile::exists(m_store));
}

void TestStoredViews::runPageReadsTheSelectedCallWhole()
{
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(window.openPath(m_store));
    QCOMPARE(window.currentPage(), MainWindow::Page::Results);
    RunPage* page = window.runPage();
    QAbstractItemModelTester tester(page->logModel());
    window.showPage(MainWindow::Page::Run);
    QTRY_COMPARE_WITH_TIMEOUT(page->logModel()->rowCount(), 480, 10000);
    const LoggedCall& shown = page->logModel()->call(7);
    QVERIFY(shown.prompt.isEmpty()); // the log holds previews only

    RunStore store;
    QString error;
    QVERIFY2(store.open(m_store, &error), qPrintable(error));
    LoggedCall whole;
    QVERIFY2(store.call(shown.runId, shown.callIndex, &whole, &error), qPrintable(error));
    QVERIFY(whole.prompt.startsWith(QStringLiteral("You are a course help assistant.")));

    page->logView()->setCurrentIndex(page->logModel()->index(7, 0));
    QTRY_COMPARE_WITH_TIMEOUT(page->selectedPrompt(), whole.prompt, 5000);
    QCOMPARE(page->selectedReply(), whole.reply);
    QVERIFY(page->logModel()
                ->data(page->logModel()->index(7, CallLogModel::ReplyColumn))
                .toString()
                .startsWith(whole.reply.left(20).simplified()));
    grab(&window, QStringLiteral("pb-stored-run-page.png"));
}

void TestStoredViews::itemRepliesAreReadWhenOpened()
{
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(window.openPath(m_store));
    auto* results = window.findChild<ResultsPage*>();
    QVERIFY(results);
    QTRY_VERIFY_WITH_TIMEOUT(results->analysis().has_value(), 10000);
    auto* dialog = qobject_cast<ReplyComparisonDialog*>(results->openItem(QStringLiteral("0")));
    QVERIFY(dialog);
    QTRY_COMPARE_WITH_TIMEOUT(dialog->pairCount(), 20, 10000);
    dialog->showRow(0);
    QTextDocument left;
    left.setHtml(dialog->leftHtml());
    QVERIFY(left.toPlainText().contains(QStringLiteral("6. Step 6.")));
    grab(dialog, QStringLiteral("pb-stored-item-replies.png"));
    dialog->close();
}

void TestStoredViews::reportReadsWhenShownAndExportsTheCliLog()
{
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(window.openPath(m_store));
    auto* report = window.findChild<ReportPage*>();
    QVERIFY(report);
    window.showPage(MainWindow::Page::Report);
    QTRY_VERIFY_WITH_TIMEOUT(report->isReady(), 10000);
    QVERIFY(report->report().toMarkdown().contains(QStringLiteral("Calls logged: 480")));
    const QString csv = m_dir.filePath(QStringLiteral("exported.csv"));
    QString error;
    QVERIFY2(report->exportCsvLog(csv, &error), qPrintable(error));
    QCOMPARE(readAll(csv), readAll(m_cliLog));
}

QTEST_MAIN(TestStoredViews)
#include "tst_storedviews.moc"
