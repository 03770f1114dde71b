#include "FakeModelServer.h"
#include "MainWindow.h"
#include "StoreReads.h"
#include "TestPaths.h"
#include "axes/AxesDesignView.h"
#include "axes/AxesListModel.h"
#include "axes/AxesProject.h"
#include "axes/AxesReader.h"
#include "axes/AxesReportPanel.h"
#include "axes/AxesResultsModel.h"
#include "axes/AxesResultsView.h"
#include "axes/AxesRunPanel.h"
#include "axes/AxesTextModel.h"
#include "axes/AxesVectorChartView.h"
#include "axes/AxesWorkspace.h"
#include "report/NumberText.h"
#include "run/BackgroundRun.h"
#include "run/CallLogModel.h"
#include "run/FileRunControls.h"
#include "run/RunCostModel.h"
#include "run/RunCostView.h"
#include "run/RunProgressBar.h"
#include "store/RunStore.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QChart>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;

namespace {

constexpr int kLong = 120000;

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QJsonObject summaryIn(const QString& folder)
{
    return QJsonDocument::fromJson(readAll(folder + QStringLiteral("/summary.json"))).object();
}

QString examplePath()
{
    return test::sourceDir() + QStringLiteral("/resources/examples/style-and-names.axes.json");
}

// `probebench run probe --out folder` on the store the window ran into; its exit code.
int runCli(const QString& probe, const QString& folder, QString* output)
{
    QProcess cli;
    cli.start(QStringLiteral(PB_PROBEBENCH),
              {QStringLiteral("run"), probe, QStringLiteral("--out"), folder,
               QStringLiteral("--store"),
               AxesProject::defaultStorePath(probe, QLatin1String(AxesProject::kSuffix))});
    // The event loop goes on meanwhile: the fake server answering the CLI is in this process.
    QSignalSpy finished(&cli, &QProcess::finished);
    if (!finished.wait(kLong))
        return -1;
    *output = QString::fromUtf8(cli.readAllStandardOutput() + cli.readAllStandardError());
    return cli.exitCode();
}

// The same number, or both absent.
bool sameNumber(double shown, const QJsonValue& written)
{
    if (written.isNull() || written.isUndefined())
        return std::isnan(shown);
    return shown == written.toDouble();
}

// Every row of the window's table against the CLI's summary.json: the numbers exactly, and
// the texts as the report writes those numbers.
void compareRows(const AxesResultsModel* model, const QJsonObject& summary)
{
    const QJsonArray axes = summary.value(QStringLiteral("axes")).toArray();
    QCOMPARE(model->rowCount(), int(axes.size()));
    for (int r = 0; r < model->rowCount(); ++r) {
        const QJsonObject a = axes[r].toObject();
        const auto cell = [&](int column, int role = Qt::DisplayRole) {
            return model->index(r, column).data(role);
        };
        QCOMPARE(cell(AxesResultsModel::AxisColumn).toString(),
                 a.value(QStringLiteral("label")).toString());
        QCOMPARE(cell(AxesResultsModel::StatusColumn).toString(),
                 a.value(QStringLiteral("status")).toString());
        QVERIFY(
            sameNumber(cell(AxesResultsModel::ValueColumn, AxesResultsModel::ValueRole).toDouble(),
                       a.value(QStringLiteral("value"))));
        QCOMPARE(cell(AxesResultsModel::CallsColumn).toString(),
                 QStringLiteral("%1 (%2 failed)")
                     .arg(a.value(QStringLiteral("calls_logged")).toInt())
                     .arg(a.value(QStringLiteral("calls_failed")).toInt()));
        if (!a.value(QStringLiteral("has_result")).toBool()) {
            QCOMPARE(cell(AxesResultsModel::VerdictColumn).toString(), QStringLiteral("missing"));
            QCOMPARE(cell(AxesResultsModel::ValueColumn).toString(), QStringLiteral("n/a"));
            continue;
        }
        QVERIFY(sameNumber(cell(AxesResultsModel::PColumn, AxesResultsModel::ValueRole).toDouble(),
                           a.value(QStringLiteral("p"))));
        QVERIFY(
            sameNumber(cell(AxesResultsModel::HolmColumn, AxesResultsModel::ValueRole).toDouble(),
                       a.value(QStringLiteral("p_holm"))));
        QCOMPARE(cell(AxesResultsModel::ValueColumn).toString(),
                 NumberText::signedFixed(a.value(QStringLiteral("value")).toDouble(), 2));
        QCOMPARE(cell(AxesResultsModel::HolmColumn).toString(),
                 NumberText::pValue(a.value(QStringLiteral("p_holm")).toDouble()));
        QCOMPARE(cell(AxesResultsModel::VerdictColumn).toString(),
                 a.value(QStringLiteral("detected")).toBool() ? QStringLiteral("detected")
                                                              : QStringLiteral("null"));
        const QJsonArray interval = a.value(QStringLiteral("interval")).toArray();
        if (!interval.isEmpty())
            QCOMPARE(cell(AxesResultsModel::IntervalColumn).toString(),
                     QStringLiteral("[%1, %2]")
                         .arg(NumberText::signedFixed(interval[0].toDouble(), 2),
                              NumberText::signedFixed(interval[1].toDouble(), 2)));
    }
}

} // namespace

class TestAxesWorkspace : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void exampleRunsAsTheCliWritesIt();
    void aFailingAxisIsShownPartial();
    void cancelIsRecordedInTheRunEvents();
    void editsGoThroughTheUndoStack();

private:
    // The example against the fake server on seeds 1-2, written to <name>/<name>.axes.json.
    QString servedProbe(const QString& name) const;

    QTemporaryDir m_dir;
    test::FakeModelServer m_server;
};

void TestAxesWorkspace::initTestCase()
{
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-axeswindow"));
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    QVERIFY(m_server.listen());
}

void TestAxesWorkspace::exampleRunsAsTheCliWritesIt()
{
    QString probe;
    QString markdown;
    QJsonObject shownAggregate;
    const QString exported = m_dir.filePath(QStringLiteral("exported"));
    AxesComparison shown;
    RunCost shownCost;
    {
        // As a student meets it: the Axes page of the main window, from Help's example.
        MainWindow main;
        main.resize(1400, 800);
        main.show();
        QVERIFY(main.openExample(MainWindow::Page::Axes, false));
        QCOMPARE(main.currentPage(), MainWindow::Page::Axes);
        AxesWorkspace& window = *main.axesPage();
        QVERIFY(window.openExample(m_dir.filePath(QStringLiteral("examples"))));
        probe = window.project()->filePath();
        QCOMPARE(window.currentTab(), AxesWorkspace::RunTab);
        AxesDesignView* design = window.designView();
        QAbstractItemModelTester axesTester(design->axesModel(),
                                            QAbstractItemModelTester::FailureReportingMode::Fatal);
        QAbstractItemModelTester textTester(design->textModel(),
                                            QAbstractItemModelTester::FailureReportingMode::Fatal);
        QCOMPARE(design->axesModel()->rowCount(), 3);
        QCOMPARE(design->axesModel()->index(1, AxesListModel::ValueColumn).data().toString(),
                 QStringLiteral("Lakisha"));
        QCOMPARE(design->textModel()->columnCount(), 5); // id, base, three axes
        QVERIFY(design->settingsText().contains(QStringLiteral("1440 calls over every axis")));
        AxesRunPanel* panel = window.runPanel();
        QAbstractItemModelTester logTester(panel->logModel(),
                                           QAbstractItemModelTester::FailureReportingMode::Fatal);
        QAbstractItemModelTester resultsTester(
            window.resultsView()->model(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        QCOMPARE(panel->runControls()->progressBar()->text(),
                 QStringLiteral("1,440 calls planned"));
        QVERIFY(panel->startRun());
        QVERIFY(window.project()->isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(!window.project()->isRunning(), kLong);
        QCOMPARE(panel->statusText(), QStringLiteral("Done."));
        // The bar counted every axis's calls, not the last axis's.
        QCOMPARE(panel->planned(), 1440);
        QCOMPARE(panel->answered(), 1440);
        QCOMPARE(panel->logModel()->rowCount(), 1440);
        QTRY_COMPARE_WITH_TIMEOUT(window.shownCalls(), 1440, kLong);
        QCOMPARE(window.currentTab(), AxesWorkspace::ResultsTab);

        AxesResultsView* results = window.resultsView();
        QVERIFY2(results->aggregateText().contains(
                     QStringLiteral("on writing style = casual; complete: 3 of 3 axes")),
                 qPrintable(results->aggregateText()));
        QVERIFY(results->warningText().isEmpty());
        QCOMPARE(results->chart()->barCount(), 3);
        // Beside each bar: its value, Holm p and verdict, as the table's cells.
        const QStringList beside = results->chart()->valueTexts();
        QCOMPARE(beside.size(), 3);
        QVERIFY2(beside[0].endsWith(QStringLiteral("detected")), qPrintable(beside[0]));
        QVERIFY2(beside[1].endsWith(QStringLiteral("null")), qPrintable(beside[1]));
        QCOMPARE(results->model()->rowCount(), 3);
        QVERIFY(results->model()->index(0, 0).data(AxesResultsModel::WorstRole).toBool());
        QVERIFY(!results->chart()->chartItem()->title().contains(QStringLiteral("NOT COMPLETE")));
        QVERIFY(main.grab().save(m_dir.filePath(QStringLiteral("axes-results.png"))));
        shown = window.shown().read.comparison;
        shownCost = window.shown().cost;
        QCOMPARE(results->costView()->model()->rowCount(), 4); // three axes and their sum
        markdown = window.reportPanel()->markdown();
        QVERIFY(markdown.contains(QStringLiteral("Per-axis vector")));
        window.showTab(AxesWorkspace::AxesTab);
        QVERIFY(window.grab().save(m_dir.filePath(QStringLiteral("axes-design.png"))));
        window.showTab(AxesWorkspace::ReportTab);
        QVERIFY(window.grab().save(m_dir.filePath(QStringLiteral("axes-report.png"))));

        QSignalSpy done(window.reportPanel(), &AxesReportPanel::exported);
        QVERIFY(window.reportPanel()->exportAction()->isEnabled());
        window.reportPanel()->exportTo(exported);
        QVERIFY(done.wait(kLong));
        QVERIFY2(done.first().at(0).toBool(), qPrintable(done.first().at(1).toString()));
        compareRows(results->model(), summaryIn(exported));
    }
    // The window let go of the store: the CLI resumes every axis (nothing left to call) and
    // writes its folder from it.
    QString output;
    const QString cli = m_dir.filePath(QStringLiteral("cli"));
    QCOMPARE(runCli(probe, cli, &output), 0);
    QVERIFY2(output.contains(QStringLiteral("resuming")), qPrintable(output));
    const QJsonObject ours = summaryIn(exported);
    const QJsonObject theirs = summaryIn(cli);
    QVERIFY(!ours.isEmpty());
    QCOMPARE(ours.value(QStringLiteral("aggregate")), theirs.value(QStringLiteral("aggregate")));
    QCOMPARE(ours.value(QStringLiteral("axes")), theirs.value(QStringLiteral("axes")));
    QCOMPARE(ours, theirs); // every number, the runs it was made from included
    QCOMPARE(QString::fromUtf8(readAll(cli + QStringLiteral("/report.md"))), markdown);
    QCOMPARE(readAll(exported + QStringLiteral("/report.md")),
             readAll(cli + QStringLiteral("/report.md")));
    for (const QJsonValue& axis : theirs.value(QStringLiteral("axes")).toArray()) {
        const QString folder = axis[QStringLiteral("results")].toString();
        for (const QString& file : {QStringLiteral("log.csv"), QStringLiteral("report.md"),
                                    QStringLiteral("summary.json")}) {
            const QByteArray cliFile = readAll(cli + QLatin1Char('/') + folder + u'/' + file);
            QVERIFY2(!cliFile.isEmpty(), qPrintable(folder + u'/' + file));
            QCOMPARE(readAll(exported + QLatin1Char('/') + folder + u'/' + file), cliFile);
        }
    }
    // The tokens shown per axis are each axis's summary.json's.
    QCOMPARE(shownCost.runs.size(), 3);
    const QJsonArray cliAxes = theirs.value(QStringLiteral("axes")).toArray();
    for (int a = 0; a < 3; ++a) {
        const QJsonObject own =
            summaryIn(cli + QLatin1Char('/') + cliAxes[a][QStringLiteral("results")].toString());
        RunCost one;
        one.runs << shownCost.runs[a];
        QCOMPARE(one.toJson(), own.value(QStringLiteral("tokens")).toObject());
        QCOMPARE(shownCost.runs[a].label, cliAxes[a][QStringLiteral("label")].toString());
    }

    // Opened again, the window reads the same result from the store without a session.
    AxesWorkspace again;
    QVERIFY(again.openPath(probe));
    QTRY_COMPARE_WITH_TIMEOUT(again.shownCalls(), 1440, kLong);
    compareRows(again.resultsView()->model(), theirs);
    QCOMPARE(again.reportPanel()->markdown(), markdown);
}

QString TestAxesWorkspace::servedProbe(const QString& name) const
{
    QJsonObject doc = QJsonDocument::fromJson(readAll(examplePath())).object();
    QJsonObject settings = doc.value(QStringLiteral("settings")).toObject();
    settings.insert(QStringLiteral("backend"), QStringLiteral("ollama"));
    settings.insert(QStringLiteral("model"), QStringLiteral("fake-model:latest"));
    settings.insert(QStringLiteral("endpoints"), QJsonArray{m_server.ollamaUrl().toString()});
    settings.insert(QStringLiteral("concurrency"), 8);
    settings.insert(QStringLiteral("seeds"), QStringLiteral("1-2"));
    doc.insert(QStringLiteral("settings"), settings);
    doc.remove(QStringLiteral("stand_in"));
    const QString probe = m_dir.filePath(name + u'/' + name + QLatin1String(AxesProject::kSuffix));
    QDir().mkpath(QFileInfo(probe).absolutePath());
    QFile f(probe);
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(doc).toJson()) <= 0)
        qFatal("cannot write %s", qPrintable(probe));
    return probe;
}

void TestAxesWorkspace::aFailingAxisIsShownPartial()
{
    // Every call that names Jamal gets a reply cut off mid-JSON: that axis has no result.
    test::FakeFaultRule rule;
    rule.fault = test::FakeFault::Malformed;
    rule.messageContains = QStringLiteral("Jamal");
    m_server.addFaultRule(rule);
    const QString probe = servedProbe(QStringLiteral("served"));
    const QString exported = m_dir.filePath(QStringLiteral("served-exported"));
    QString markdown;
    {
        AxesWorkspace window;
        window.resize(1200, 800);
        window.show();
        QVERIFY(window.openPath(probe));
        QAbstractItemModelTester resultsTester(
            window.resultsView()->model(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        QVERIFY(window.runPanel()->startRun());
        QTRY_VERIFY_WITH_TIMEOUT(!window.project()->isRunning(), kLong);
        QCOMPARE(window.runPanel()->statusText(), QStringLiteral("Finished with failures."));
        QTRY_VERIFY_WITH_TIMEOUT(window.shownCalls() > 0, kLong);
        AxesResultsView* results = window.resultsView();
        QVERIFY2(results->aggregateText().contains(QStringLiteral("partial: 2 of 3 axes")),
                 qPrintable(results->aggregateText()));
        QVERIFY(!results->warningText().isEmpty());
        QVERIFY(results->warningText().contains(QStringLiteral("not complete")));
        QVERIFY(results->chart()->chartItem()->title().contains(QStringLiteral("NOT COMPLETE")));
        QCOMPARE(results->chart()->barCount(), 2);
        QVERIFY(results->chart()->valueTexts().value(2).startsWith(QStringLiteral("no result")));
        QCOMPARE(results->model()->index(2, AxesResultsModel::StatusColumn).data().toString(),
                 QStringLiteral("missing"));
        QVERIFY(!results->model()->index(2, 0).data(AxesResultsModel::WorstRole).toBool());
        QVERIFY(results->gapsText().contains(QStringLiteral("student name = Jamal (missing)")));
        window.showTab(AxesWorkspace::ResultsTab);
        QVERIFY(window.grab().save(m_dir.filePath(QStringLiteral("axes-partial.png"))));
        markdown = window.reportPanel()->markdown();
        QVERIFY(markdown.contains(QStringLiteral("This result is not complete")));
        QSignalSpy done(window.reportPanel(), &AxesReportPanel::exported);
        window.reportPanel()->exportTo(exported);
        QVERIFY(done.wait(kLong));
        QVERIFY2(done.first().at(0).toBool(), qPrintable(done.first().at(1).toString()));
    }
    // The CLI over the same store tries the failed calls again, fails again, and writes the
    // same partial result.
    QString output;
    const QString cli = m_dir.filePath(QStringLiteral("served-cli"));
    QCOMPARE(runCli(probe, cli, &output), 3);
    const QJsonObject theirs = summaryIn(cli);
    QCOMPARE(summaryIn(exported).value(QStringLiteral("aggregate")),
             theirs.value(QStringLiteral("aggregate")));
    const QJsonArray ourAxes = summaryIn(exported).value(QStringLiteral("axes")).toArray();
    const QJsonArray theirAxes = theirs.value(QStringLiteral("axes")).toArray();
    QCOMPARE(ourAxes.size(), theirAxes.size());
    for (qsizetype i = 0; i < ourAxes.size(); ++i)
        QVERIFY2(ourAxes[i] == theirAxes[i],
                 qPrintable(QString::fromUtf8(
                     QJsonDocument(ourAxes[i].toObject()).toJson(QJsonDocument::Compact) + "\n" +
                     QJsonDocument(theirAxes[i].toObject()).toJson(QJsonDocument::Compact))));

    // Opened again with no session, it still reads partial, never complete.
    AxesWorkspace again;
    QVERIFY(again.openPath(probe));
    QTRY_VERIFY_WITH_TIMEOUT(again.shownCalls() > 0, kLong);
    QVERIFY(again.resultsView()->aggregateText().contains(QStringLiteral("partial: 2 of 3 axes")));
    QVERIFY(!again.resultsView()->warningText().isEmpty());
    compareRows(again.resultsView()->model(), theirs);
    // Each axis's end read from the store is worded as the CLI's rerun ended it.
    const QJsonArray cliAxes = theirs.value(QStringLiteral("axes")).toArray();
    for (int a = 0; a < 3; ++a)
        QCOMPARE(again.shown().read.comparison.axes[a].gap,
                 cliAxes[a][QStringLiteral("gap")].toString());
    QCOMPARE(again.reportPanel()->markdown(),
             QString::fromUtf8(readAll(cli + QStringLiteral("/report.md"))));
}

void TestAxesWorkspace::cancelIsRecordedInTheRunEvents()
{
    // Slow replies, so the cancel comes while the first axis is being run.
    m_server.setLatencyMs(40);
    AxesWorkspace window;
    window.show();
    QVERIFY(window.openPath(servedProbe(QStringLiteral("cancelled"))));
    AxesRunPanel* panel = window.runPanel();
    QVERIFY(panel->startRun());
    QTRY_VERIFY_WITH_TIMEOUT(panel->answered() > 20, kLong);
    QVERIFY(panel->runControls()->cancelAction()->isEnabled());
    panel->cancelRun();
    QTRY_VERIFY_WITH_TIMEOUT(!window.project()->isRunning(), kLong);
    QCOMPARE(panel->statusText(), QStringLiteral("Cancelled."));
    QVERIFY(panel->runControls()->startAction()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(window.shownCalls() > 0, kLong);
    QVERIFY(!window.resultsView()->warningText().isEmpty());

    RunStore store;
    QString error;
    QVERIFY2(store.open(window.project()->storePath(), &error), qPrintable(error));
    const qint64 runId = window.backgroundRun()->runId(0);
    QVERIFY(runId > 0);
    QStringList kinds;
    for (const RunEvent& e : test::events(store, runId))
        kinds << e.kind;
    QVERIFY2(kinds.contains(QStringLiteral("cancelled")), qPrintable(kinds.join(u',')));
}

void TestAxesWorkspace::editsGoThroughTheUndoStack()
{
    AxesWorkspace window;
    window.show();
    QVERIFY(window.openExample(m_dir.filePath(QStringLiteral("edited"))));
    AxesProject* project = window.project();
    AxesListModel* axes = window.designView()->axesModel();
    AxesTextModel* texts = window.designView()->textModel();
    QAbstractItemModelTester axesTester(axes,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester textTester(texts,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
    const AxesDocument shipped = project->document();

    // A value renamed takes its texts with it; one the base or another axis has is refused.
    QVERIFY(!axes->setData(axes->index(1, AxesListModel::ValueColumn), QStringLiteral("formal")));
    QVERIFY(!axes->setData(axes->index(1, AxesListModel::ValueColumn), QStringLiteral("Jamal")));
    QVERIFY(axes->setData(axes->index(1, AxesListModel::ValueColumn), QStringLiteral("Aaliyah")));
    QCOMPARE(project->document().axes[1].value, QStringLiteral("Aaliyah"));
    QCOMPARE(project->document().items[0].variants.value(QStringLiteral("Aaliyah")),
             shipped.items[0].variants.value(QStringLiteral("Lakisha")));
    QVERIFY(!project->document().items[0].variants.contains(QStringLiteral("Lakisha")));
    QCOMPARE(axes->index(1, AxesListModel::ValueColumn).data().toString(),
             QStringLiteral("Aaliyah"));
    QVERIFY(project->isDirty());

    // A text edited, a knob turned, an axis added and one removed: each one undo step.
    const QModelIndex text = texts->index(0, 3);
    QVERIFY(texts->setData(text, QStringLiteral("My name is Aaliyah. Hello. Help?")));
    QCOMPARE(project->document().items[0].variants.value(QStringLiteral("Aaliyah")),
             QStringLiteral("My name is Aaliyah. Hello. Help?"));
    QVERIFY(axes->setData(axes->index(2, AxesListModel::PlantedColumn), 0.5));
    QCOMPARE(project->document().axes[2].plantedGap, 0.5);
    window.designView()->addAxis();
    QCOMPARE(project->document().axes.size(), 4);
    QCOMPARE(texts->columnCount(), 6);
    window.designView()->axesView()->selectRow(0);
    window.designView()->removeSelectedAxis();
    QCOMPARE(project->document().axes.size(), 3);
    QCOMPARE(project->document().axes[0].value, QStringLiteral("Aaliyah"));
    QVERIFY(!project->document().items[0].variants.contains(QStringLiteral("casual")));
    QCOMPARE(project->undoStack()->count(), 5);
    for (int i = 0; i < 5; ++i)
        project->undoStack()->undo();
    QVERIFY(project->document() == shipped);
    for (int i = 0; i < 5; ++i)
        project->undoStack()->redo();

    // Saved, the file reads back as the document edited.
    QVERIFY(window.save());
    QVERIFY(!project->isDirty());
    const AxesLoadResult back = AxesReader::readFile(project->filePath());
    QVERIFY2(back.ok(), qPrintable(back.text()));
    QVERIFY(*back.document == project->document());

    // No edit while a run is going.
    QVERIFY(window.runPanel()->startRun());
    QVERIFY(project->isRunning());
    QVERIFY(!(axes->flags(axes->index(0, 0)) & Qt::ItemIsEditable));
    QVERIFY(!axes->setData(axes->index(0, AxesListModel::AttributeColumn), QStringLiteral("x")));
    QVERIFY(!texts->setData(texts->index(0, 1), QStringLiteral("x")));
    window.runPanel()->cancelRun();
    QTRY_VERIFY_WITH_TIMEOUT(!project->isRunning(), kLong);
    QVERIFY(axes->flags(axes->index(0, 0)) & Qt::ItemIsEditable);
}

QTEST_MAIN(TestAxesWorkspace)
#include "tst_axeswindow.moc"
