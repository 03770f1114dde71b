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

} // namespace

// The Axes page while its run is going: each axis's result as soon as its run ends, the axes
// still to come pending, and the figures the CLI then writes for that axis.
class TestAxesLive : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void eachAxisIsShownWhenItsRunEnds();
    void closingWhilePausedKeepsWhatWasAnswered();

private:
    // The example against the fake server on seeds 1-2, written to <name>/<name>.axes.json.
    QString servedProbe(const QString& name) const;

    QTemporaryDir m_dir;
    test::FakeModelServer m_server;
};

void TestAxesLive::initTestCase()
{
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-axeslive"));
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    QVERIFY(m_server.listen());
}

void TestAxesLive::eachAxisIsShownWhenItsRunEnds()
{
    // Replies 40 ms slow over real wire bytes, so an axis takes six rounds of calls: the Pause
    // pressed when the first axis ends lands while the second one is still being asked.
    m_server.setLatencyMs(40);
    const QString probe = servedProbe(QStringLiteral("live"));

    QJsonObject firstShown;    // the first axis's numbers as the Results tab showed them
    QStringList firstRowTexts; // its row of the table
    QList<double> firstTokens; // its calls, input and output tokens in "Tokens and cost"
    {
        // As an instructor shows it: the Results tab on the projector while the axes run.
        AxesWorkspace window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(window.openPath(probe));
        AxesResultsView* results = window.resultsView();
        QAbstractItemModelTester resultsTester(
            results->model(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        AxesRunPanel* panel = window.runPanel();
        QSignalSpy axisEnds(panel, &AxesRunPanel::axisFinished);
        connect(panel, &AxesRunPanel::axisFinished, panel, [panel](int axis) {
            if (axis == 0)
                panel->pauseRun();
        });
        QVERIFY(panel->startRun());
        window.showTab(AxesWorkspace::ResultsTab);
        // Before any axis ends, every axis is pending.
        QCOMPARE(results->model()->rowCount(), 3);
        for (int r = 0; r < 3; ++r)
            QCOMPARE(results->model()->index(r, AxesResultsModel::StatusColumn).data().toString(),
                     QStringLiteral("pending"));

        // The first axis's end reaches the Results tab while the run is still going.
        QTRY_VERIFY_WITH_TIMEOUT(axisEnds.size() == 1, kLong);
        QTRY_COMPARE_WITH_TIMEOUT(
            results->model()->index(0, AxesResultsModel::StatusColumn).data().toString(),
            QStringLiteral("complete"), kLong);
        QTRY_VERIFY_WITH_TIMEOUT(panel->runControls()->isPaused(), kLong);
        QTest::qWait(500); // long enough for the second axis to end, were it not held
        QVERIFY(window.project()->isRunning());
        QCOMPARE(axisEnds.size(), 1); // held between the axes
        const AxesResultsModel* model = results->model();
        QCOMPARE(model->rowCount(), 3);
        for (int r = 1; r < 3; ++r) {
            // Still to come: pending, never failed or missing.
            QCOMPARE(model->index(r, AxesResultsModel::StatusColumn).data().toString(),
                     QStringLiteral("pending"));
            QCOMPARE(model->index(r, AxesResultsModel::VerdictColumn).data().toString(),
                     QStringLiteral("pending"));
            QVERIFY(!model->index(r, 0).data(AxesResultsModel::WorstRole).toBool());
        }
        // The first axis's bar is drawn beside two pending rows; nothing reads complete.
        QCOMPARE(results->chart()->barCount(), 1);
        const QStringList beside = results->chart()->valueTexts();
        QCOMPARE(beside.size(), 3);
        QVERIFY2(beside[0].contains(QStringLiteral("Holm p")), qPrintable(beside[0]));
        QVERIFY2(beside[1].startsWith(QStringLiteral("pending")), qPrintable(beside[1]));
        QVERIFY2(beside[2].startsWith(QStringLiteral("pending")), qPrintable(beside[2]));
        const QString title = results->chart()->chartItem()->title();
        QVERIFY2(title.contains(QStringLiteral("running: 1 of 3 axes done, 2 pending")),
                 qPrintable(title));
        QVERIFY2(title.contains(QStringLiteral("NOT COMPLETE")), qPrintable(title));
        QVERIFY2(!title.contains(QStringLiteral("complete: ")), qPrintable(title));
        QVERIFY2(results->aggregateText().contains(
                     QStringLiteral("on writing style = casual; running: 1 of 3 axes done")),
                 qPrintable(results->aggregateText()));
        QVERIFY(results->warningText().contains(QStringLiteral("The run is going")));
        QVERIFY(results->gapsText().contains(QStringLiteral("student name = Lakisha (pending)")));
        QVERIFY(!results->gapsText().contains(QStringLiteral("missing")));
        QVERIFY(!results->gapsText().contains(QStringLiteral("could not start")));
        QVERIFY(window.grab().save(m_dir.filePath(QStringLiteral("axes-live.png"))));
        for (int c = 0; c < AxesResultsModel::ColumnCount; ++c)
            firstRowTexts << model->index(0, c).data().toString();
        const auto number = [&](int column) {
            return model->index(0, column).data(AxesResultsModel::ValueRole).toDouble();
        };
        firstShown = {{QStringLiteral("value"), number(AxesResultsModel::ValueColumn)},
                      {QStringLiteral("lower"), number(AxesResultsModel::IntervalColumn)},
                      {QStringLiteral("p"), number(AxesResultsModel::PColumn)},
                      {QStringLiteral("detectable"), number(AxesResultsModel::DetectableColumn)},
                      {QStringLiteral("calls"), number(AxesResultsModel::CallsColumn)}};
        const QAbstractItemModel* cost = results->costView()->model();
        QCOMPARE(cost->rowCount(), 1); // the first axis's run only
        for (int c :
             {RunCostModel::CallsColumn, RunCostModel::InputColumn, RunCostModel::OutputColumn})
            firstTokens << cost->index(0, c).data(RunCostModel::ValueRole).toDouble();

        panel->resumeRun();
        QTRY_VERIFY_WITH_TIMEOUT(!window.project()->isRunning(), kLong);
        QCOMPARE(axisEnds.size(), 3);
        QTRY_COMPARE_WITH_TIMEOUT(window.shownCalls(), panel->planned(), kLong);
        // After the run, the store's reading: the first axis's row is as it was shown live.
        QVERIFY(results->chart()->chartItem()->title().contains(
            QStringLiteral("complete: 3 of 3 axes")));
        for (int c = 0; c < AxesResultsModel::ColumnCount; ++c) {
            if (c != AxesResultsModel::HolmColumn && c != AxesResultsModel::VerdictColumn)
                QCOMPARE(model->index(0, c).data().toString(), firstRowTexts.value(c));
        }
    }
    // What the CLI writes for the first axis from the same store: the very figures shown.
    QString output;
    const QString cli = m_dir.filePath(QStringLiteral("live-cli"));
    QCOMPARE(runCli(probe, cli, &output), 0);
    const QJsonObject top = summaryIn(cli);
    const QJsonObject own = summaryIn(
        cli + u'/' + top.value(QStringLiteral("axes"))[0][QStringLiteral("results")].toString());
    QVERIFY(!own.isEmpty());
    QCOMPARE_NE(own.value(QStringLiteral("result")).toString(), QStringLiteral("none"));
    const QJsonObject interval = own.value(QStringLiteral("interval")).toObject();
    const auto shown = [&](const char* name) {
        return firstShown.value(QLatin1String(name)).toDouble();
    };
    QVERIFY(sameNumber(shown("value"), own.value(QStringLiteral("average_gap"))));
    QVERIFY(sameNumber(shown("lower"), interval.value(QStringLiteral("lower"))));
    QVERIFY(sameNumber(shown("p"), own.value(QStringLiteral("sign_flip_p"))));
    QVERIFY(sameNumber(shown("detectable"),
                       own.value(QStringLiteral("minimum_detectable_gap"))[QStringLiteral("gap")]));
    QCOMPARE(firstShown.value(QStringLiteral("calls")).toInt(),
             own.value(QStringLiteral("calls_made")).toInt());
    QCOMPARE(
        firstRowTexts.value(AxesResultsModel::IntervalColumn),
        QStringLiteral("[%1, %2]")
            .arg(NumberText::signedFixed(interval.value(QStringLiteral("lower")).toDouble(), 2),
                 NumberText::signedFixed(interval.value(QStringLiteral("upper")).toDouble(), 2)));
    QCOMPARE(firstRowTexts.value(AxesResultsModel::PColumn),
             NumberText::pValue(own.value(QStringLiteral("sign_flip_p")).toDouble()));
    const QJsonObject tokens = own.value(QStringLiteral("tokens")).toObject();
    QCOMPARE(firstTokens, (QList<double>{tokens.value(QStringLiteral("calls")).toDouble(),
                                         tokens.value(QStringLiteral("input")).toDouble(),
                                         tokens.value(QStringLiteral("output")).toDouble()}));
    QCOMPARE(firstRowTexts.value(AxesResultsModel::VerdictColumn),
             own.value(QStringLiteral("detected")).toBool() ? QStringLiteral("detected")
                                                            : QStringLiteral("null"));
}

// A student pauses, then closes the file: the page goes at once (the held run is cancelled,
// nothing waits on it), and the CLI resumes the store, asking exactly what was not answered.
void TestAxesLive::closingWhilePausedKeepsWhatWasAnswered()
{
    m_server.setLatencyMs(150); // a few seconds of calls: the pause lands in the first axis
    const QString probe = servedProbe(QStringLiteral("paused-close"));
    int planned = 0;
    {
        auto window = std::make_unique<AxesWorkspace>();
        window->show();
        QVERIFY(window->openPath(probe));
        AxesRunPanel* panel = window->runPanel();
        QVERIFY(panel->startRun());
        QTRY_VERIFY_WITH_TIMEOUT(panel->answered() >= 8, kLong);
        panel->pauseRun();
        QTRY_VERIFY_WITH_TIMEOUT(panel->runControls()->isPaused(), kLong);
        planned = panel->planned();
        QElapsedTimer closing;
        closing.start();
        window.reset();
        QVERIFY2(closing.elapsed() < 10000, qPrintable(QString::number(closing.elapsed())));
    }
    // What the store holds once the page is gone: the calls answered before the close.
    int answered = 0;
    {
        RunStore store;
        QString error;
        QVERIFY2(
            store.open(AxesProject::defaultStorePath(probe, QLatin1String(AxesProject::kSuffix)),
                       &error),
            qPrintable(error));
        for (const RunRecord& run : test::runs(store))
            answered += int(test::completedCells(store, run.id).size());
    }
    QVERIFY2(answered >= 8 && answered < planned, qPrintable(QString::number(answered)));
    m_server.setLatencyMs(0);
    const int served = m_server.chatRequestsReceived();
    QString output;
    QCOMPARE(runCli(probe, m_dir.filePath(QStringLiteral("paused-close-cli")), &output), 0);
    QVERIFY2(output.contains(QStringLiteral("resuming run")), qPrintable(output));
    const int asked = m_server.chatRequestsReceived() - served;
    QVERIFY2(asked == planned - answered,
             qPrintable(QStringLiteral("%1 asked of %2, %3 answered before the close")
                            .arg(asked)
                            .arg(planned)
                            .arg(answered)));
}

QString TestAxesLive::servedProbe(const QString& name) const
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

QTEST_MAIN(TestAxesLive)
#include "tst_axeslive.moc"
