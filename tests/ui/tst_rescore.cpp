// Re-scoring a stand-in run with a corrected metric from the Report page (off the GUI thread:
// the dialog's count arrives later, the project's rescoreFinished ends it), the Run page
// showing a stored run's calls after the project is opened again, and what is refused while
// a re-scoring is going.
#include "ProbeRuns.h"
#include "metrics/StepCount.h"
#include "metrics/WordCount.h"
#include "pages/ReportPage.h"
#include "pages/RunPage.h"
#include "project/ProbeProject.h"
#include "results/RescoreDialog.h"
#include "run/BackgroundRun.h"
#include "run/CallLogModel.h"
#include "run/Rescoring.h"
#include "run/RunControl.h"
#include "widgets/NoticeBanner.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDialogButtonBox>
#include <QFile>
#include <QPointer>
#include <QPushButton>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
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

QPushButton* dialogButton(QDialog* dialog, QDialogButtonBox::StandardButton which)
{
    auto* box = dialog->findChild<QDialogButtonBox*>();
    return box ? box->button(which) : nullptr;
}

// Values of the run's answered calls, by cell, to compare the stored run before and after.
QMap<QString, std::optional<double>> storedValues(const QList<LoggedCall>& calls)
{
    QMap<QString, std::optional<double>> values;
    for (const LoggedCall& c : calls) {
        if (c.status == CallStatus::Ok) {
            values.insert(c.cellKey(), c.metricValue);
        }
    }
    return values;
}

} // namespace

class TestRescore : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_path;
    qint64 m_runId = 0;
    int m_copies = 0;

    QString m_pristine;

    // A copy of the example run's file as the run left it (scored with count_steps), for tests
    // that must not change the shared one.
    QString copyOfRun()
    {
        const QString copy = m_dir.filePath(QStringLiteral("copy-%1.pbrun").arg(++m_copies));
        return QFile::copy(m_pristine, copy) ? copy : QString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        initResources();
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-rescore"));
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath(QStringLiteral("example.pbrun"));
        {
            ProbeProject project;
            QString error;
            QVERIFY2(project.newFromExample(&error), qPrintable(error));
            QVERIFY2(project.saveAs(m_path, &error), qPrintable(error));
            BackgroundRun run;
            QSignalSpy finished(&run, &BackgroundRun::finished);
            test::startProbe(run, project.document(), project.filePath());
            QVERIFY(finished.wait(kLong));
            m_runId = run.runId();
            QVERIFY(m_runId > 0);
            QCOMPARE(project.calls(m_runId).size(), 480);
            QCOMPARE(project.runMetric(m_runId)->kind, QStringLiteral("count_steps"));
        }
        // Every connection is closed, so the file holds everything (no write-ahead log left).
        m_pristine = m_dir.filePath(QStringLiteral("pristine.pbrun"));
        QVERIFY(QFile::copy(m_path, m_pristine));
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
        // The calls are read off the GUI thread: the page says so until they arrive.
        QCOMPARE(before.progressText(), QStringLiteral("Reading the stored run\u2026"));
        QTRY_COMPARE_WITH_TIMEOUT(before.logModel()->rowCount(), 480, kLong);
        QCOMPARE(before.progressText(),
                 QStringLiteral("Run %1 as stored: 480 calls logged, 0 failed.").arg(m_runId));
        RunPage after(&project, &run, &control);
        QTRY_COMPARE_WITH_TIMEOUT(after.logModel()->rowCount(), 480, kLong);
        QCOMPARE(after.logModel()->headerData(CallLogModel::ValueColumn, Qt::Horizontal),
                 QVariant(QStringLiteral("steps")));
        // A new project empties the log again: its document has no run.
        QVERIFY2(project.newEmpty(&error), qPrintable(error));
        QCOMPARE(before.logModel()->rowCount(), 0);
        // Opened and left again before the read answers: the newer request wins, and the old
        // run's calls never arrive.
        QVERIFY2(project.open(m_path, &error), qPrintable(error));
        QVERIFY2(project.newEmpty(&error), qPrintable(error));
        QTest::qWait(300);
        QCOMPARE(before.logModel()->rowCount(), 0);
        QCOMPARE(before.progressText(), QStringLiteral("Not started."));
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
        QVERIFY(!project.startRescore(m_runId, numbered, &error));
        QVERIFY(error.contains(QStringLiteral("run is going")));
        project.setRunning(false);
        QVERIFY(page.rescoreAction()->isEnabled());
        // Nor with a metric that cannot be used, nor for a run the file does not hold.
        MetricSpec broken = numbered;
        broken.kind = QStringLiteral("regex_count");
        broken.pattern = QStringLiteral("(unclosed");
        QVERIFY(!project.startRescore(m_runId, broken, &error));
        QVERIFY2(error.contains(QStringLiteral("cannot be used")), qPrintable(error));
        QVERIFY(!project.startRescore(m_runId + 1000, numbered, &error));
        QVERIFY2(error.contains(QStringLiteral("cannot be read")), qPrintable(error));
        QVERIFY(!project.isRescoring());

        const VariantCounts expected = countDiffering(project.calls(m_runId), [](const QString& r) {
            return double(countNumberedListItems(r));
        });
        int expectedChanged = 0;
        for (int n : expected.differing) {
            expectedChanged += n;
        }
        // The dialog's count is core Rescoring's, made on another thread.
        const Rescoring core = Rescoring::compute(
            project.calls(m_runId), *project.runMetric(m_runId), numbered, QDate::currentDate());
        QCOMPARE(core.changed, expectedChanged);

        QPointer<RescoreDialog> dialog = page.openRescoreDialog();
        QVERIFY(dialog);
        QCOMPARE(dialog->metric(), project.document().metric);
        QTRY_COMPARE_WITH_TIMEOUT(dialog->changedCount(), 0, 10000);
        QCOMPARE(dialog->answeredCount(), 480);
        QVERIFY(!dialogButton(dialog, QDialogButtonBox::Ok)->isEnabled()); // nothing changes
        // Edits in quick succession: one count runs at a time and the last metric is counted
        // once it ends, so the count below is the last metric's.
        dialog->setMetric(numbered);
        dialog->setMetric(project.document().metric);
        dialog->setMetric(numbered);
        QCOMPARE(dialog->changedCount(), -1); // counted off this thread
        QVERIFY(dialog->previewText().startsWith(QStringLiteral("Counting")));
        QVERIFY(!dialogButton(dialog, QDialogButtonBox::Ok)->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(dialog->changedCount(), core.changed, 10000);
        QCOMPARE(dialog->previewText(),
                 QStringLiteral("%1 of 480 values would change.").arg(expectedChanged));
        QVERIFY(dialogButton(dialog, QDialogButtonBox::Ok)->isEnabled());
        QSignalSpy rescored(&project, &ProbeProject::runRescored);
        QSignalSpy finished(&project, &ProbeProject::rescoreFinished);
        dialog->accept();
        // Going: the dialog waits with its buttons off; nothing else re-scores meanwhile.
        QVERIFY(project.isRescoring());
        QVERIFY(dialog->isApplying());
        QCOMPARE(dialog->previewText(), QStringLiteral("Re-scoring 480 calls\u2026"));
        QVERIFY(!dialogButton(dialog, QDialogButtonBox::Ok)->isEnabled());
        QVERIFY(!dialogButton(dialog, QDialogButtonBox::Cancel)->isEnabled());
        QVERIFY(!page.rescoreAction()->isEnabled());
        QVERIFY(!project.startRescore(m_runId, numbered, &error));
        QVERIFY2(error.contains(QStringLiteral("re-scored already")), qPrintable(error));
        dialog->reject(); // ignored until it has finished
        QVERIFY(dialog && dialog->isVisible());
        QVERIFY(finished.wait(kLong));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.constFirst().at(0).toLongLong(), m_runId);
        QVERIFY2(finished.constFirst().at(1).toBool(),
                 qPrintable(finished.constFirst().at(2).toString()));
        QCOMPARE(rescored.size(), 1);
        QCOMPARE(rescored.constFirst().at(0).toLongLong(), m_runId);
        QVERIFY(!project.isRescoring());
        QVERIFY(page.rescoreAction()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isNull(), 10000); // closed and deleted on success

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
        QVERIFY2(project.startRescore(m_runId, words, &error), qPrintable(error));
        QVERIFY(finished.wait(kLong));
        QCOMPARE(finished.size(), 2);
        QVERIFY2(finished.last().at(1).toBool(), qPrintable(finished.last().at(2).toString()));
        QCOMPARE(rescored.size(), 2);
        QCOMPARE(project.runMetric(m_runId), std::optional<MetricSpec>(words));
        // The page reads the re-scored run again off the GUI thread.
        QTRY_COMPARE_WITH_TIMEOUT(
            runPage.logModel()->headerData(CallLogModel::ValueColumn, Qt::Horizontal),
            QVariant(QStringLiteral("words")), kLong);
        QCOMPARE(runPage.logModel()->rowCount(), 480);
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

    void noRunStartsWhileRescoring()
    {
        const QString path = copyOfRun();
        QVERIFY(!path.isEmpty());
        ProbeProject project;
        QString error;
        QVERIFY2(project.open(path, &error), qPrintable(error));
        BackgroundRun run;
        RunControl control(&project, &run);
        RunPage page(&project, &run, &control);
        QSignalSpy refused(&control, &RunControl::refused);
        QSignalSpy started(&run, &BackgroundRun::unitStarted);
        QSignalSpy finished(&project, &ProbeProject::rescoreFinished);
        QVERIFY(control.startAction()->isEnabled());

        MetricSpec words = *project.runMetric(m_runId);
        words.kind = QStringLiteral("word_count");
        words.name = QStringLiteral("words");
        QVERIFY2(project.startRescore(m_runId, words, &error), qPrintable(error));
        // The result comes back through the event loop, so it is still going here.
        QVERIFY(project.isRescoring());
        QVERIFY(!control.startAction()->isEnabled());
        QVERIFY(!control.dryRunAction()->isEnabled());
        QVERIFY(control.startAction()->toolTip().contains(QStringLiteral("re-scoring")));
        QVERIFY(page.banner()->text().contains(QStringLiteral("re-scoring")));
        control.start(); // as the shortcut or the banner's "Start again" would
        control.dryRun();
        QCOMPARE(refused.size(), 2);
        QVERIFY(refused.constFirst().at(0).toString().contains(QStringLiteral("re-scoring")));
        QVERIFY(!control.isRunning());
        QVERIFY(!project.isRunning());
        // Nor does the project file change under it.
        QVERIFY(!project.newEmpty(&error));
        QVERIFY2(error.contains(QStringLiteral("being re-scored")), qPrintable(error));
        QCOMPARE(project.filePath(), path);

        QVERIFY(finished.wait(kLong));
        QVERIFY2(finished.constFirst().at(1).toBool(),
                 qPrintable(finished.constFirst().at(2).toString()));
        QVERIFY(!project.isRescoring());
        QVERIFY(control.startAction()->isEnabled());
        QVERIFY(!control.startAction()->toolTip().contains(QStringLiteral("re-scoring")));
        QVERIFY(page.banner()->isHidden());
        QCOMPARE(started.size(), 0);
        for (const LoggedCall& c : project.calls(m_runId)) {
            if (c.status == CallStatus::Ok) {
                QCOMPARE(c.metricValue, std::optional<double>(countWords(c.reply)));
            }
        }
    }

    void aFailedRescoringKeepsTheDialogOpen()
    {
        const QString path = copyOfRun();
        QVERIFY(!path.isEmpty());
        ProbeProject project;
        QString error;
        QVERIFY2(project.open(path, &error), qPrintable(error));
        const auto before = storedValues(project.calls(m_runId));
        RescoreDialog dialog(&project, m_runId);
        dialog.show();
        QTRY_COMPARE_WITH_TIMEOUT(dialog.changedCount(), 0, 10000);
        MetricSpec words = dialog.metric();
        words.kind = QStringLiteral("word_count");
        dialog.setMetric(words);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.changedCount() > 0, 10000);

        // Another connection holds the write lock past the store's 5 s busy timeout.
        const QString lockName = QStringLiteral("tst-rescore-lock");
        {
            QSqlDatabase lock = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), lockName);
            lock.setDatabaseName(path);
            QVERIFY(lock.open());
            QVERIFY(QSqlQuery(lock).exec(QStringLiteral("BEGIN IMMEDIATE")));
            QSignalSpy finished(&project, &ProbeProject::rescoreFinished);
            QSignalSpy rescored(&project, &ProbeProject::runRescored);
            QVERIFY(dialog.apply(&error));
            QVERIFY(finished.wait(kLong));
            QVERIFY(!finished.constFirst().at(1).toBool());
            QVERIFY(!finished.constFirst().at(2).toString().isEmpty());
            QCOMPARE(rescored.size(), 0);
            QVERIFY(QSqlQuery(lock).exec(QStringLiteral("ROLLBACK")));
            lock.close();
        }
        QSqlDatabase::removeDatabase(lockName);
        QVERIFY(!dialog.isApplying());
        QVERIFY(dialog.errorText().contains(QStringLiteral("not re-scored")));
        QVERIFY(dialog.isVisible());
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QCOMPARE(storedValues(project.calls(m_runId)), before);
        // The lock gone, the same dialog re-scores.
        QTRY_VERIFY_WITH_TIMEOUT(dialogButton(&dialog, QDialogButtonBox::Ok)->isEnabled(), 10000);
        QSignalSpy finished(&project, &ProbeProject::rescoreFinished);
        dialog.accept();
        QVERIFY(finished.wait(kLong));
        QVERIFY2(finished.constFirst().at(1).toBool(),
                 qPrintable(finished.constFirst().at(2).toString()));
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(!dialog.isVisible());
        QVERIFY(dialog.errorText().isEmpty());
    }

    void destroyingTheProjectWhileRescoring()
    {
        const QString path = copyOfRun();
        QVERIFY(!path.isEmpty());
        QString error;
        QMap<QString, std::optional<double>> before;
        MetricSpec original;
        {
            ProbeProject project;
            QVERIFY2(project.open(path, &error), qPrintable(error));
            before = storedValues(project.calls(m_runId));
            original = *project.runMetric(m_runId);
            MetricSpec words = original;
            words.kind = QStringLiteral("word_count");
            QVERIFY2(project.startRescore(m_runId, words, &error), qPrintable(error));
        } // waits for the worker, which stops before writing if it can
        ProbeProject reopened;
        QVERIFY2(reopened.open(path, &error), qPrintable(error));
        const QList<LoggedCall> calls = reopened.calls(m_runId);
        const auto after = storedValues(calls);
        QCOMPARE(after.size(), before.size());
        // All or nothing: either every value is the word count or none changed.
        if (after == before) {
            QCOMPARE(reopened.runMetric(m_runId), std::optional<MetricSpec>(original));
        } else {
            QCOMPARE(reopened.runMetric(m_runId)->kind, QStringLiteral("word_count"));
            for (const LoggedCall& c : calls) {
                if (c.status == CallStatus::Ok) {
                    QCOMPARE(c.metricValue, std::optional<double>(countWords(c.reply)));
                }
            }
        }
    }
};

QTEST_MAIN(TestRescore)
#include "tst_rescore.moc"
