// Re-scoring a stand-in run with a corrected metric from the Report page, and the Run page
// showing a stored run's calls after the project is opened again.
#include "metrics/StepCount.h"
#include "metrics/WordCount.h"
#include "pages/ReportPage.h"
#include "pages/RunPage.h"
#include "project/ProbeProject.h"
#include "results/RescoreDialog.h"
#include "run/BackgroundRun.h"
#include "run/CallLogModel.h"
#include "run/RunControl.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <functional>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;

namespace {

constexpr int kLong = 120000; // ms; generous for a shared two-core machine

// Calls per variant, and how many of them score differently under `score`.
struct VariantCounts
{
    QMap<QString, int> calls;
    QMap<QString, int> differing;
};

VariantCounts countDiffering(const QList<LoggedCall>& calls,
                             const std::function<double(const QString&)>& score)
{
    VariantCounts v;
    for (const LoggedCall& c : calls) {
        if (c.status != CallStatus::Ok) {
            continue;
        }
        ++v.calls[c.variant];
        if (c.metricValue != std::optional<double>(score(c.reply))) {
            ++v.differing[c.variant];
        }
    }
    return v;
}

} // namespace

class TestRescore : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_path;
    qint64 m_runId = 0;

private Q_SLOTS:
    void initTestCase()
    {
        initResources();
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-rescore"));
        QVERIFY(m_dir.isValid());
        ProbeProject project;
        QString error;
        QVERIFY2(project.newFromExample(&error), qPrintable(error));
        m_path = m_dir.filePath(QStringLiteral("example.pbrun"));
        QVERIFY2(project.saveAs(m_path, &error), qPrintable(error));
        BackgroundRun run;
        QSignalSpy finished(&run, &BackgroundRun::finished);
        run.start(project.document(), project.filePath());
        QVERIFY(finished.wait(kLong));
        m_runId = finished.constFirst().at(2).toLongLong();
        QVERIFY(m_runId > 0);
        QCOMPARE(project.calls(m_runId).size(), 480);
    }

    void runPageShowsTheStoredRunAfterOpening()
    {
        ProbeProject project;
        BackgroundRun run;
        RunControl control(&project, &run);
        // One page exists before the project is opened (the window), one is made after.
        RunPage before(&project, &run, &control);
        QAbstractItemModelTester tester(before.logModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(before.logModel()->rowCount(), 0);
        QString error;
        QVERIFY2(project.open(m_path, &error), qPrintable(error));
        QCOMPARE(project.runForDocument(), std::optional<qint64>(m_runId));
        QCOMPARE(before.logModel()->rowCount(), 480);
        RunPage after(&project, &run, &control);
        QCOMPARE(after.logModel()->rowCount(), 480);
        QCOMPARE(after.logModel()->headerData(CallLogModel::ValueColumn, Qt::Horizontal),
                 QVariant(QStringLiteral("steps")));
        // A new project empties the log again: its document has no run.
        QVERIFY2(project.newEmpty(&error), qPrintable(error));
        QCOMPARE(before.logModel()->rowCount(), 0);
    }

    void rescoreFromTheReportPage()
    {
        ProbeProject project;
        QString error;
        QVERIFY2(project.open(m_path, &error), qPrintable(error));
        BackgroundRun run;
        RunControl control(&project, &run);
        RunPage runPage(&project, &run, &control);
        QAbstractItemModelTester tester(runPage.logModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        ReportPage page(&project);
        QTRY_VERIFY_WITH_TIMEOUT(page.isReady(), 10000);
        QCOMPARE(page.runId(), m_runId);
        QVERIFY(!page.previewHtml().contains(QStringLiteral("Re-scored:")));

        // Not while a run is going.
        project.setRunning(true);
        QVERIFY(!page.rescoreAction()->isEnabled());
        QVERIFY(page.openRescoreDialog() == nullptr);
        MetricSpec numbered = project.document().metric;
        numbered.kind = QStringLiteral("numbered_list");
        QVERIFY(!project.rescoreRun(m_runId, numbered, &error));
        QVERIFY(error.contains(QStringLiteral("run is going")));
        project.setRunning(false);
        QVERIFY(page.rescoreAction()->isEnabled());

        const VariantCounts expected = countDiffering(project.calls(m_runId), [](const QString& r) {
            return double(countNumberedListItems(r));
        });
        int expectedChanged = 0;
        for (int n : expected.differing) {
            expectedChanged += n;
        }

        RescoreDialog* dialog = page.openRescoreDialog();
        QVERIFY(dialog);
        QCOMPARE(dialog->metric(), project.document().metric);
        QCOMPARE(dialog->changedCount(), 0);
        dialog->setMetric(numbered);
        QCOMPARE(dialog->changedCount(), expectedChanged);
        QCOMPARE(dialog->previewText(),
                 QStringLiteral("%1 of 480 values would change.").arg(expectedChanged));
        QSignalSpy rescored(&project, &ProbeProject::runRescored);
        dialog->accept();
        QCOMPARE(rescored.size(), 1);

        // Both values and the noise arm now carry numbered_list's count.
        const QList<LoggedCall> calls = project.calls(m_runId);
        const VariantCounts now = countDiffering(
            calls, [](const QString& r) { return double(countNumberedListItems(r)); });
        QCOMPARE(now.calls.keys(), (QStringList{QStringLiteral("casual"), QStringLiteral("formal"),
                                                QStringLiteral("formal again")}));
        QVERIFY(now.differing.isEmpty());

        QTRY_VERIFY_WITH_TIMEOUT(page.isReady(), 10000);
        const QString html = page.previewHtml();
        QVERIFY(html.contains(QStringLiteral("Re-scored:")));
        QVERIFY(html.contains(QStringLiteral("with numbered_list (was count_steps): %1 of 480 "
                                             "values changed")
                                  .arg(expectedChanged)));
        QVERIFY(page.report().toMarkdown().contains(QStringLiteral("Re-scored:")));

        // A second correction that changes values on both sides: word counts. The run page
        // shows the new values, and the report keeps both corrections.
        MetricSpec words = numbered;
        words.kind = QStringLiteral("word_count");
        words.name = QStringLiteral("words");
        const VariantCounts wordDiff =
            countDiffering(calls, [](const QString& r) { return double(countWords(r)); });
        QVERIFY(wordDiff.differing.value(QStringLiteral("formal")) > 0);
        QVERIFY(wordDiff.differing.value(QStringLiteral("casual")) > 0);
        QCOMPARE(project.runMetric(m_runId), std::optional<MetricSpec>(numbered));
        QVERIFY2(project.rescoreRun(m_runId, words, &error), qPrintable(error));
        QCOMPARE(project.runMetric(m_runId), std::optional<MetricSpec>(words));
        QCOMPARE(runPage.logModel()->rowCount(), 480);
        QCOMPARE(runPage.logModel()->headerData(CallLogModel::ValueColumn, Qt::Horizontal),
                 QVariant(QStringLiteral("words")));
        for (int r = 0; r < runPage.logModel()->rowCount(); ++r) {
            const LoggedCall& c = runPage.logModel()->call(r);
            if (c.status == CallStatus::Ok) {
                QCOMPARE(c.metricValue, std::optional<double>(countWords(c.reply)));
            }
        }
        QTRY_VERIFY_WITH_TIMEOUT(page.isReady() && page.report().toMarkdown().contains(
                                                       QStringLiteral("with word_count")),
                                 10000);
        const QString md = page.report().toMarkdown();
        QVERIFY(md.contains(QStringLiteral("with numbered_list (was count_steps)")));
        QVERIFY(md.contains(QStringLiteral("with word_count (was numbered_list, named steps)")));
    }
};

QTEST_MAIN(TestRescore)
#include "tst_rescore.moc"
