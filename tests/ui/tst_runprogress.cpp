// The Run page before and after a run: the bar shows the planned count before the first
// call (never "0 of 1"), the log's value column is titled with the metric's name, and calls
// that failed for good show in the bar, as red and in its text, not as a clean full bar.
#include "FakeModelServer.h"
#include "pages/RunPage.h"
#include "project/ProbeProject.h"
#include "run/BackgroundRun.h"
#include "run/CallLogModel.h"
#include "run/RunControl.h"
#include "run/RunProgressBar.h"
#include "widgets/ThemeColours.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QStandardPaths>
#include <QtTest>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;

namespace {

constexpr int kLong = 120000;

QColor pixelAt(QWidget* w, double fraction)
{
    const QImage image = w->grab().toImage();
    return image.pixelColor(int(image.width() * fraction), image.height() - 3);
}

} // namespace

class TestRunProgress : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        initResources();
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-runprogress"));
    }

    void plannedCountBeforeTheFirstCall_data()
    {
        QTest::addColumn<int>("seeds");
        QTest::addColumn<bool>("noise");
        QTest::addColumn<QString>("metric");
        QTest::addColumn<QString>("bar");
        QTest::addRow("tutorial") << 20 << true << "steps"
                                  << "480 calls planned";
        QTest::addRow("no noise check") << 5 << false << "steps"
                                        << "80 calls planned";
        QTest::addRow("renamed metric") << 1 << true << "numbered steps"
                                        << "24 calls planned";
    }
    void plannedCountBeforeTheFirstCall()
    {
        QFETCH(int, seeds);
        QFETCH(bool, noise);
        QFETCH(QString, metric);
        QFETCH(QString, bar);
        ProbeProject project;
        QString error;
        QVERIFY2(project.newFromExample(&error), qPrintable(error));
        BackgroundRun run;
        RunControl control(&project, &run);
        RunPage page(&project, &run, &control);
        QAbstractItemModelTester tester(page.logModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        // As the window shows it right after the tutorial loads.
        QCOMPARE(page.progressBar()->text(), QStringLiteral("480 calls planned"));
        QCOMPARE(page.logModel()->headerData(CallLogModel::ValueColumn, Qt::Horizontal),
                 QVariant(QStringLiteral("steps")));
        project.edit(QStringLiteral("Change the design"), [&](ProbeDocument& d) {
            d.settings.seeds = {};
            for (int s = 1; s <= seeds; ++s) {
                d.settings.seeds << s;
            }
            d.noise.enabled = noise;
            d.metric.name = metric;
        });
        QCOMPARE(page.progressBar()->text(), bar);
        QCOMPARE(page.progressBar()->answered(), 0);
        QCOMPARE(page.logModel()->headerData(CallLogModel::ValueColumn, Qt::Horizontal),
                 QVariant(metric));
    }

    // What the bar paints: the answered share in the highlight, the failed share in red
    // after it, and nothing red when nothing failed.
    void barPaintsFailures_data()
    {
        QTest::addColumn<int>("answered");
        QTest::addColumn<int>("failed");
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("redAtTheEnd");
        QTest::addRow("clean") << 480 << 0 << "480 of 480 calls answered" << false;
        QTest::addRow("three failed")
            << 477 << 3 << "477 of 480 calls answered \u00B7 3 failed" << true;
        QTest::addRow("half failed")
            << 240 << 240 << "240 of 480 calls answered \u00B7 240 failed" << true;
    }
    void barPaintsFailures()
    {
        QFETCH(int, answered);
        QFETCH(int, failed);
        QFETCH(QString, text);
        QFETCH(bool, redAtTheEnd);
        RunProgressBar bar;
        bar.resize(1200, bar.sizeHint().height());
        bar.showProgress(480, answered, failed);
        QCOMPARE(bar.text(), text);
        QCOMPARE(bar.failed(), failed);
        const QColor red = ThemeColours::failedFill(bar.palette());
        const QColor highlight = bar.palette().color(QPalette::Highlight);
        QCOMPARE(pixelAt(&bar, 0.02), highlight);
        QCOMPARE(pixelAt(&bar, 0.996) == red, redAtTheEnd); // 4 px in, clear of the frame
        if (failed == 240) {
            QCOMPARE(pixelAt(&bar, 0.3), highlight);
            QCOMPARE(pixelAt(&bar, 0.7), red);
        }
    }

    // A run against a server that fails three calls for good: the bar says so during the
    // run's end and when the stored run is read back.
    void failedCallsShowAfterARun()
    {
        test::FakeModelServer server;
        QVERIFY(server.listen());
        ProbeProject project;
        QString error;
        QVERIFY2(project.newFromExample(&error), qPrintable(error));
        project.edit(QStringLiteral("Use the fake server"), [&](ProbeDocument& d) {
            d.settings.backend = QStringLiteral("ollama");
            d.settings.model = server.defaultModel();
            d.settings.endpoints = {server.ollamaUrl().toString()};
            d.settings.concurrency = 4;
            d.settings.seeds = {1, 2};
            d.noise.enabled = false;
        });
        for (int item = 0; item < 3; ++item) {
            test::FakeFaultRule rule;
            rule.fault = test::FakeFault::Http500;
            rule.seed = 2;
            rule.messageContains =
                project.document().items.at(item).variants.value(QStringLiteral("casual"));
            server.addFaultRule(rule);
        }
        BackgroundRun run;
        RunControl control(&project, &run);
        RunPage page(&project, &run, &control);
        page.resize(900, 500);
        QCOMPARE(page.progressBar()->text(), QStringLiteral("32 calls planned"));
        QSignalSpy finished(&run, &BackgroundRun::finished);
        control.start();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLong);
        QCOMPARE(finished.first().at(0).value<RunOutcome>(), RunOutcome::Incomplete);
        QCOMPARE(page.progressBar()->planned(), 32);
        QCOMPARE(page.progressBar()->answered(), 29);
        QCOMPARE(page.progressBar()->failed(), 3);
        QVERIFY2(page.progressBar()->text().endsWith(QStringLiteral("3 failed")),
                 qPrintable(page.progressBar()->text()));
        QCOMPARE(pixelAt(page.progressBar(), 0.995),
                 ThemeColours::failedFill(page.progressBar()->palette()));
        if (qEnvironmentVariableIsSet("PB_GRAB_DIR")) // for a person to look at
            page.grab().save(QDir(qEnvironmentVariable("PB_GRAB_DIR"))
                                 .filePath(QStringLiteral("run-three-failed.png")));

        RunPage reopened(&project, &run, &control);
        QTRY_COMPARE_WITH_TIMEOUT(reopened.logModel()->rowCount(), 32, kLong);
        QCOMPARE(reopened.progressBar()->answered(), 29);
        QCOMPARE(reopened.progressBar()->failed(), 3);
    }
};

QTEST_MAIN(TestRunProgress)
#include "tst_runprogress.moc"
