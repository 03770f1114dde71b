// The Results page after real stand-in runs of the tutorial's style probe: the numbers,
// live updates, the charts and their export, the per-item model and the replies dialog.
#include "ProbeRuns.h"
#include "pages/ResultsPage.h"
#include "project/ProbeProject.h"
#include "results/ChartFile.h"
#include "results/GapChartView.h"
#include "results/NullDistributionChartView.h"
#include "results/PerItemTableModel.h"
#include "results/ReplyComparisonDialog.h"
#include "results/SeedPairModel.h"
#include "run/BackgroundRun.h"

#include <QAbstractItemModelTester>
#include <QFileInfo>
#include <QImage>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;

class TestResults : public QObject
{
    Q_OBJECT

private:
    qint64 runToEnd(BackgroundRun& run, ProbeProject& project, const ProbeDocument& doc)
    {
        QSignalSpy finished(&run, &BackgroundRun::finished);
        test::startProbe(run, doc, project.filePath());
        if (!finished.wait(120000)) {
            return 0;
        }
        project.notifyRunsChanged();
        return run.runId();
    }

private Q_SLOTS:
    void initTestCase()
    {
        initResources();
        QStandardPaths::setTestModeEnabled(true);
    }

    void exampleRunShowsTutorialResult()
    {
        ProbeProject project;
        QString error;
        QVERIFY2(project.newFromExample(&error), qPrintable(error));
        BackgroundRun run;
        ResultsPage page(&project, &run);
        page.resize(1200, 800);
        page.show();
        QAbstractItemModelTester tester(page.tableModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy analyses(&run, &BackgroundRun::analysisUpdated);
        const qint64 runId = runToEnd(run, project, project.document());
        QVERIFY(runId > 0);
        QVERIFY(analyses.count() >= 1);
        // Live: the page shows the run's final analysis without reading the store.
        QTRY_VERIFY_WITH_TIMEOUT(page.headlineText().contains(QStringLiteral("+0.70")), 5000);
        QVERIFY2(page.headlineText().contains(QStringLiteral("p = 0.016")),
                 qPrintable(page.headlineText()));
        QVERIFY(page.detailText().contains(
            QStringLiteral("exact over all 256 sign patterns of 8 item gaps")));
        QVERIFY(page.detailText().contains(QStringLiteral("-0.18, p = 0.172")));
        QCOMPARE(page.tableModel()->rowCount(), 8);
        QCOMPARE(page.gapChart()->itemCount(), 8);
        QVERIFY(page.nullChart()->barCount() > 0);
        // The item table: item 0's gap, as the tutorial prints it (+1.4, here to 2 places).
        const QModelIndex gap0 = page.tableModel()->index(0, PerItemTableModel::GapColumn);
        QCOMPARE(gap0.data().toString(), QStringLiteral("+1.35"));

        // Opened from the store, the same run shows the same result.
        QSignalSpy shown(&page, &ResultsPage::runShown);
        page.showRun(runId);
        QVERIFY(shown.wait(10000));
        QCOMPARE(page.shownRunId(), runId);
        QVERIFY(page.headlineText().contains(QStringLiteral("+0.70")));
        QVERIFY(page.headlineText().contains(QStringLiteral("p = 0.016")));
        QCOMPARE(page.analysis()->callsLogged, 480);
    }

    // Every reply flagged (a json_field metric on the stand-in's plain text): the page says
    // there is no result, as the report does, rather than a null result with p = 1.000.
    void flaggedRepliesAreNoResult()
    {
        ProbeProject project;
        QString error;
        QVERIFY2(project.newFromExample(&error), qPrintable(error));
        ProbeDocument doc = project.document();
        doc.metric.kind = QStringLiteral("json_field");
        doc.metric.field = QStringLiteral("score");
        doc.settings.seeds = doc.settings.seeds.mid(0, 2);
        BackgroundRun run;
        ResultsPage page(&project, &run);
        page.resize(1200, 800);
        page.show();
        QVERIFY(runToEnd(run, project, doc) > 0);
        const QString noResult = QStringLiteral(
            "No result: no item has a scored reply for both formal and casual (48 calls logged, "
            "0 failed, 48 replies the metric could not score).");
        QTRY_VERIFY_WITH_TIMEOUT(page.headlineText().contains(noResult), 5000);
        QVERIFY2(!page.headlineText().contains(QStringLiteral("p =")),
                 qPrintable(page.headlineText()));
        QVERIFY2(page.detailText().contains(QStringLiteral("No test was run")),
                 qPrintable(page.detailText()));
        for (const char* absent : {"Null result", "p = 1.000", "Sign test"})
            QVERIFY2(!page.detailText().contains(QLatin1String(absent)), absent);
        QCOMPARE(page.nullChart()->barCount(), 0);
    }

    void liveUpdatesArriveDuringTheRun()
    {
        ProbeProject project;
        QString error;
        QVERIFY2(project.newFromExample(&error), qPrintable(error));
        ProbeDocument doc = project.document();
        for (qint64 s = 21; s <= 200; ++s) {
            doc.settings.seeds << s; // a longer run, so several analyses arrive
        }
        BackgroundRun run;
        ResultsPage page(&project, &run);
        page.show();
        QStringList headlines;
        connect(&run, &BackgroundRun::analysisUpdated, this,
                [&] { QTimer::singleShot(60, &page, [&] { headlines << page.headlineText(); }); });
        QVERIFY(runToEnd(run, project, doc) > 0);
        QTRY_VERIFY_WITH_TIMEOUT(
            page.analysis().has_value() && page.analysis()->callsLogged == 8 * 3 * 200, 5000);
        // Each headline is read 60 ms after its update, so the last may come after the run.
        QTRY_VERIFY_WITH_TIMEOUT(!headlines.isEmpty(), 2000);
        QVERIFY(page.headlineText().contains(QStringLiteral("over 8 items")));
    }

    void chartsExportPngAndSvg()
    {
        ProbeProject project;
        QString error;
        QVERIFY2(project.newFromExample(&error), qPrintable(error));
        BackgroundRun run;
        ResultsPage page(&project, &run);
        page.resize(1200, 800);
        page.show();
        QVERIFY(runToEnd(run, project, project.document()) > 0);
        QTRY_VERIFY_WITH_TIMEOUT(page.headlineText().contains(QStringLiteral("p = 0.016")), 5000);
        QTemporaryDir dir;
        const QStringList written = page.exportCharts(dir.path(), QStringLiteral("run"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(written.size(), 6);
        for (const QString& path : written) {
            QVERIFY2(QFileInfo(path).size() > 1000, qPrintable(path));
            if (path.endsWith(QStringLiteral(".png"))) {
                const QImage image(path);
                QVERIFY2(!image.isNull() && image.width() > 100, qPrintable(path));
            } else {
                QSvgRenderer svg(path);
                QVERIFY2(svg.isValid(), qPrintable(path));
                QVERIFY(svg.defaultSize().width() > 100);
            }
        }
        QFile gaps(dir.filePath(QStringLiteral("run-gaps.svg")));
        QVERIFY(gaps.open(QIODevice::ReadOnly));
        QVERIFY(gaps.readAll().contains("<path")); // vector shapes, not one embedded bitmap
        QVERIFY(!ChartFile::save(page.gapChart(), dir.filePath(QStringLiteral("missing/x.png")),
                                 &error));
    }

    void itemRepliesSideBySide()
    {
        ProbeProject project;
        QString error;
        QVERIFY2(project.newFromExample(&error), qPrintable(error));
        BackgroundRun run;
        ResultsPage page(&project, &run);
        page.show();
        QVERIFY(runToEnd(run, project, project.document()) > 0);
        QTRY_VERIFY_WITH_TIMEOUT(page.analysis().has_value(), 5000);
        auto* dialog = qobject_cast<ReplyComparisonDialog*>(page.openItem(QStringLiteral("0")));
        QVERIFY(dialog);
        // The item's calls are read from the store after the dialog opens.
        QTRY_COMPARE_WITH_TIMEOUT(dialog->pairCount(), 20, 10000);
        // Seed 1, item 0: formal gets 6 steps and casual 2 (the tutorial's first cell), so
        // steps 3 to 6 are highlighted on the formal side only.
        dialog->showRow(0);
        QTextDocument left;
        left.setHtml(dialog->leftHtml());
        QTextDocument right;
        right.setHtml(dialog->rightHtml());
        QVERIFY(left.toPlainText().contains(QStringLiteral("6. Step 6.")));
        QVERIFY(right.toPlainText().contains(QStringLiteral("2. Step 2.")));
        QVERIFY(!right.toPlainText().contains(QStringLiteral("Step 3.")));
        QVERIFY(dialog->leftHtml().contains(QStringLiteral("background-color")));
        dialog->close();
    }

    void seedPairModel()
    {
        QList<LoggedCall> calls;
        for (qint64 seed : {3, 1, 2}) {
            for (const QString& v : {QStringLiteral("A"), QStringLiteral("B")}) {
                LoggedCall c;
                c.itemId = QStringLiteral("x");
                c.variant = v;
                c.seed = seed;
                c.status = CallStatus::Ok;
                c.metricValue = v == QLatin1String("A") ? seed + 1.0 : 1.0;
                calls << c;
            }
        }
        calls[1].status = CallStatus::Failed;
        calls[1].metricValue.reset();
        SeedPairModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setCalls(calls, QStringLiteral("x"), QStringLiteral("A"), QStringLiteral("B"),
                       QStringLiteral("steps"));
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(0, SeedPairModel::SeedColumn).data().toLongLong(), 3);
        QCOMPARE(model.index(0, SeedPairModel::ValueBColumn).data().toString(),
                 QStringLiteral("failed"));
        QCOMPARE(model.index(1, SeedPairModel::DifferenceColumn).data().toString(),
                 QStringLiteral("+1"));
        model.setCalls(calls, QStringLiteral("other"), QStringLiteral("A"), QStringLiteral("B"),
                       QStringLiteral("steps"));
        QCOMPARE(model.rowCount(), 0);
    }

    // Given the noise offset, A again on seed s + offset stands in the row of seed s, in a column
    // of its own; a noise call whose seed pairs with no probe seed gets a row of its own.
    void seedPairModelWithTheNoiseArm()
    {
        QList<LoggedCall> calls;
        for (qint64 seed : {1, 2}) {
            for (const QString& v : {QStringLiteral("A"), QStringLiteral("B")}) {
                LoggedCall c;
                c.itemId = QStringLiteral("x");
                c.variant = v;
                c.seed = seed;
                c.status = CallStatus::Ok;
                c.metricValue = 1.0;
                calls << c;
            }
        }
        for (qint64 seed : {102, 103}) {
            LoggedCall c;
            c.itemId = QStringLiteral("x");
            c.variant = QStringLiteral("A");
            c.arm = CallArm::Noise;
            c.seed = seed;
            c.status = seed == 103 ? CallStatus::Failed : CallStatus::Ok;
            c.metricValue = 4.0;
            calls << c;
        }
        SeedPairModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setCalls(calls, QStringLiteral("x"), QStringLiteral("A"), QStringLiteral("B"),
                       QStringLiteral("steps"));
        QCOMPARE(model.columnCount(), int(SeedPairModel::NoiseColumn)); // no noise arm asked for
        QCOMPARE(model.rowCount(), 2);
        model.setCalls(calls, QStringLiteral("x"), QStringLiteral("A"), QStringLiteral("B"),
                       QStringLiteral("steps"), 100, QStringLiteral("A again"));
        QCOMPARE(model.columnCount(), int(SeedPairModel::ColumnCount));
        QCOMPARE(model.headerData(SeedPairModel::NoiseColumn, Qt::Horizontal).toString(),
                 QStringLiteral("A again steps"));
        QCOMPARE(model.rowCount(), 3);
        QVERIFY(!model.callNoise(0)); // seed 1: no A again on seed 101
        QCOMPARE(model.index(0, SeedPairModel::NoiseColumn).data().toString(),
                 QStringLiteral("not run"));
        QCOMPARE(model.callNoise(1)->seed, 102);
        QCOMPARE(model.index(1, SeedPairModel::NoiseColumn).data().toString(), QStringLiteral("4"));
        QCOMPARE(model.index(2, SeedPairModel::SeedColumn).data().toLongLong(), 3);
        QVERIFY(!model.callA(2));
        QCOMPARE(model.index(2, SeedPairModel::NoiseColumn).data().toString(),
                 QStringLiteral("failed"));
    }

    void perItemModelUpdatesInPlace()
    {
        auto table = [](const QStringList& ids, double shift) {
            QList<Observation> obs;
            for (const QString& id : ids) {
                for (int r = 0; r < 3; ++r) {
                    obs << Observation{id, QStringLiteral("A"), 3.0 + r + shift}
                        << Observation{id, QStringLiteral("B"), 2.0 + r};
                }
            }
            return PerItemTable::build(obs, QStringLiteral("A"), QStringLiteral("B"));
        };
        PerItemTableModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setTable(table({QStringLiteral("a"), QStringLiteral("b")}, 0.0));
        QCOMPARE(inserted.count(), 1);
        model.setTable(table({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}, 1.0));
        QCOMPARE(inserted.count(), 2);
        QCOMPARE(changed.count(), 1); // one ranged update for the rows already there
        QCOMPARE(reset.count(), 0);
        QCOMPARE(model.index(2, PerItemTableModel::GapColumn).data().toString(),
                 QStringLiteral("+2.00"));
        model.setTable(table({QStringLiteral("z")}, 0.0));
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.headerData(PerItemTableModel::MeanAColumn, Qt::Horizontal).toString(),
                 QStringLiteral("A mean"));
    }

    void intervalHalfWidth()
    {
        PerItemRow row;
        row.comparable = true;
        row.runsA = row.runsB = 4;
        row.sdA = 2.0;
        row.sdB = 2.0;
        QCOMPARE(GapChartView::intervalHalfWidth(row), 1.96 * std::sqrt(2.0));
        row.runsB = 1;
        QVERIFY(std::isnan(GapChartView::intervalHalfWidth(row)));
    }
};

QTEST_MAIN(TestResults)
#include "tst_results.moc"
