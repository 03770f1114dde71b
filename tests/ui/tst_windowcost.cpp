// Tokens and cost in the window against the command line's. Prices typed into a Run tab's
// fields are kept where `probebench` reads them; the tokens, tokens per call and the cost
// split into input and output that the Results (or Report) page shows for a run against the
// fake server equal the figures `probebench run` writes into summary.json for the same store,
// whether the prices were entered before the run or after it; a model probe's dry run shows
// the full run's estimate the command line prints.
#include "../cli/CliProcess.h"
#include "GradingWindowSteps.h"
#include "MainWindow.h"
#include "TestPaths.h"
#include "grading/GradingFileProject.h"
#include "grading/GradingRunPanel.h"
#include "grading/GradingWorkspace.h"
#include "judge/JudgeProject.h"
#include "judge/JudgeReportPanel.h"
#include "judge/JudgeRunPanel.h"
#include "judge/JudgeWorkspace.h"
#include "nameset/NameSetProject.h"
#include "nameset/NameSetReader.h"
#include "nameset/NameSetResultsView.h"
#include "nameset/NameSetRunPanel.h"
#include "nameset/NameSetWorkspace.h"
#include "pages/ReportPage.h"
#include "pages/ResultsPage.h"
#include "pages/RunPage.h"
#include "project/ProbeProject.h"
#include "run/BackgroundRun.h"
#include "run/FileRunControls.h"
#include "run/PriceFields.h"
#include "run/RunControl.h"
#include "run/RunCostModel.h"
#include "run/RunCostView.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;

namespace {

constexpr int kLong = 120000;
using Prices = std::optional<TokenPrices>;

QJsonObject tokensIn(const QString& dir)
{
    QFile file(dir + QStringLiteral("/summary.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll())
        .object()
        .value(QLatin1String("tokens"))
        .toObject();
}

// Types the prices as a user does, ending each field with Return.
void typePrices(PriceFields* fields, const Prices& prices)
{
    for (QLineEdit* field : {fields->inputField(), fields->outputField()}) {
        field->clear();
        if (prices)
            QTest::keyClicks(field, QString::number(field == fields->inputField()
                                                        ? prices->perMillionInput
                                                        : prices->perMillionOutput));
        QTest::keyClick(field, Qt::Key_Return);
    }
}

// What a RunCostView shows of its one run: each column's value (RunCostModel::ValueRole) and
// the notes beneath, kept so the window can let the store go before the CLI opens it.
struct Shown
{
    int rows = 0;
    QVariantList values;
    QString notes;
};

Shown shownBy(const RunCostView* view)
{
    Shown out;
    out.rows = view->model()->rowCount();
    out.notes = view->notesText();
    for (int c = 0; c < RunCostModel::ColumnCount; ++c)
        out.values << view->model()->index(0, c).data(RunCostModel::ValueRole);
    return out;
}

// The one run's row the window showed against summary.json's "tokens": counts, per-call
// figures and the cost, input and output apart.
void compareWithSummary(const Shown& shown, const QJsonObject& tokens, const Prices& prices)
{
    QCOMPARE(shown.rows, 1);
    auto value = [&shown](int column) { return shown.values.value(column); };
    QVERIFY(tokens.value(QLatin1String("input")).toInteger() > 0);
    QCOMPARE(value(RunCostModel::CallsColumn).toLongLong(),
             tokens.value(QLatin1String("calls")).toInteger());
    QCOMPARE(value(RunCostModel::CountedColumn).toLongLong(),
             tokens.value(QLatin1String("calls_counted")).toInteger());
    QCOMPARE(value(RunCostModel::InputColumn).toLongLong(),
             tokens.value(QLatin1String("input")).toInteger());
    QCOMPARE(value(RunCostModel::OutputColumn).toLongLong(),
             tokens.value(QLatin1String("output")).toInteger());
    QCOMPARE(value(RunCostModel::InputPerCallColumn).toDouble(),
             tokens.value(QLatin1String("input_per_call")).toDouble());
    QCOMPARE(value(RunCostModel::OutputPerCallColumn).toDouble(),
             tokens.value(QLatin1String("output_per_call")).toDouble());
    const QJsonValue cost = tokens.value(QLatin1String("cost"));
    QCOMPARE(cost.isNull(), !prices.has_value());
    QCOMPARE(value(RunCostModel::InputCostColumn).isValid(), prices.has_value());
    QCOMPARE(value(RunCostModel::OutputCostColumn).isValid(), prices.has_value());
    if (prices) {
        const QJsonObject c = cost.toObject();
        QCOMPARE(value(RunCostModel::InputCostColumn).toDouble(),
                 c.value(QLatin1String("input")).toDouble());
        QCOMPARE(value(RunCostModel::OutputCostColumn).toDouble(),
                 c.value(QLatin1String("output")).toDouble());
        QCOMPARE(c.value(QLatin1String("price_per_million_input")).toDouble(),
                 prices->perMillionInput);
        QCOMPARE(c.value(QLatin1String("price_per_million_output")).toDouble(),
                 prices->perMillionOutput);
        if (!shown.notes.isEmpty()) // a row of several has no notes of its own
            QVERIFY2(shown.notes.contains(QStringLiteral(" input + ")), qPrintable(shown.notes));
    } else {
        QVERIFY2(shown.notes.contains(QStringLiteral("No cost")), qPrintable(shown.notes));
    }
}

// A report's "Tokens and cost" section, up to the next heading.
QString costSection(const QString& markdown)
{
    const qsizetype start = markdown.indexOf(QStringLiteral("## Tokens and cost"));
    if (start < 0)
        return {};
    const qsizetype end = markdown.indexOf(QStringLiteral("\n#"), start + 2);
    return markdown.mid(start, end < 0 ? -1 : end - start);
}

void grab(QWidget* widget, const QString& name)
{
    // Set PB_GRAB_DIR to keep the pictures.
    const QString dir = qEnvironmentVariable("PB_GRAB_DIR", QDir::tempPath());
    QTest::qWait(50);
    QVERIFY(widget->grab().save(QDir(dir).filePath(name)));
}

} // namespace

class TestWindowCost : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init() { QSettings().clear(); }
    void modelProbeMatchesTheCli_data();
    void modelProbeMatchesTheCli();
    void nameSetMatchesTheCli_data();
    void nameSetMatchesTheCli();
    void gradingMatchesTheCli();
    void judgesArePricedEachAlone();
    void halfAPriceIsKeptOut_data();
    void halfAPriceIsKeptOut();
};

void TestWindowCost::initTestCase()
{
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-windowcost"));
}

void TestWindowCost::modelProbeMatchesTheCli_data()
{
    QTest::addColumn<Prices>("prices");
    QTest::addColumn<bool>("beforeTheRun");
    QTest::addColumn<bool>("resumed");
    QTest::addRow("priced before the dry run") << Prices(TokenPrices{2.5, 10.0}) << true << false;
    // The rule both follow: a price entered after a run costs it, never the one kept with it.
    QTest::addRow("priced after the dry run") << Prices(TokenPrices{0.15, 0.6}) << false << false;
    QTest::addRow("unpriced") << Prices() << true << false;
    // A dry run cancelled and started again: the estimate is of every call the run holds, as
    // the CLI's, not of the calls this session sent.
    QTest::addRow("resumed dry run") << Prices(TokenPrices{2.5, 10.0}) << true << true;
}

void TestWindowCost::modelProbeMatchesTheCli()
{
    QFETCH(Prices, prices);
    QFETCH(bool, beforeTheRun);
    QFETCH(bool, resumed);
    // Slow enough for a cancel to land while the dry run is going.
    test::FakeServer server(resumed
                                ? QStringList{QStringLiteral("--latency-ms"), QStringLiteral("40")}
                                : QStringList());
    QVERIFY(server.ok());
    QTemporaryDir dir;
    const QString store = dir.filePath(QStringLiteral("priced.pbrun"));
    const QString probe = dir.filePath(QStringLiteral("priced.probe.json"));
    QString estimate;
    QString reportSection;
    Shown shown;
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(window.newFromTutorial());
        window.project()->edit(QStringLiteral("Use the fake server"), [&](ProbeDocument& d) {
            d.settings.backend = QStringLiteral("ollama");
            d.settings.model = QStringLiteral("fake-model:latest");
            d.settings.endpoints = {server.url()};
        });
        auto* runPage = window.findChild<RunPage*>();
        auto* results = window.findChild<ResultsPage*>();
        QVERIFY(runPage && results);
        QAbstractItemModelTester tester(results->costView()->model());
        window.showPage(MainWindow::Page::Run);
        if (beforeTheRun)
            typePrices(runPage->priceFields(), prices);
        QCOMPARE(window.project()->document().settings.prices, beforeTheRun ? prices : Prices());

        QSignalSpy finished(window.backgroundRun(), &BackgroundRun::finished);
        if (resumed) {
            QSignalSpy appended(window.backgroundRun(), &BackgroundRun::callsRecorded);
            window.runControl()->dryRunAction()->trigger();
            QVERIFY(appended.wait(kLong));
            window.runControl()->cancelAction()->trigger();
            QVERIFY(finished.wait(kLong));
            finished.clear();
            QVERIFY(QTest::qWaitFor([&] { return !window.project()->isRunning(); }, kLong));
        }
        window.runControl()->dryRunAction()->trigger();
        QVERIFY(finished.wait(kLong));
        // Read from the store off the GUI thread once the run has ended.
        QVERIFY(QTest::qWaitFor([&] { return !runPage->estimateText().isEmpty(); }, kLong));
        estimate = runPage->estimateText();
        QVERIFY2(estimate.startsWith(QStringLiteral("Tokens: estimate for the full run")),
                 qPrintable(estimate));
        if (!beforeTheRun)
            typePrices(runPage->priceFields(), prices);
        QCOMPARE(window.project()->document().settings.prices, prices);
        if (prices && beforeTheRun)
            grab(runPage, QStringLiteral("pb-cost-run-page.png"));

        window.showPage(MainWindow::Page::Results);
        QVERIFY(QTest::qWaitFor(
            [&] {
                return results->shownRunId() != 0 &&
                       results->costView()->model()->rowCount() == 1 &&
                       results->costView()->model()->cost().runs.first().prices == prices;
            },
            20000));
        if (prices && !beforeTheRun)
            grab(results, QStringLiteral("pb-cost-results-page.png"));
        shown = shownBy(results->costView());
        // The Report page's section, at the same prices.
        auto* report = window.findChild<ReportPage*>();
        window.showPage(MainWindow::Page::Report);
        QVERIFY(QTest::qWaitFor(
            [&] {
                return report->isReady() &&
                       report->report().toMarkdown().contains(QStringLiteral("Tokens and cost"));
            },
            20000));
        reportSection = costSection(report->report().toMarkdown());
        QVERIFY(window.saveAs(store));
        QVERIFY(window.exportProbe(probe));
    }
    const int served = server.stats().value(QLatin1String("chat_received")).toInt();
    // The same store and the probe as saved, prices and all: the run resumes with nothing to
    // send and writes its results.
    const QString out = dir.filePath(QStringLiteral("cli"));
    const test::CliOutcome cli =
        test::probebench({QStringLiteral("run"), probe, QStringLiteral("--store"), store,
                          QStringLiteral("--limit-seeds"), QStringLiteral("2"),
                          QStringLiteral("--out"), out, QStringLiteral("--quiet")});
    QVERIFY2(cli.exitCode == 0, qPrintable(cli.err));
    // It resumed the window's run: nothing more was sent.
    QCOMPARE(server.stats().value(QLatin1String("chat_received")).toInt(), served);
    compareWithSummary(shown, tokensIn(out), prices);
    QFile cliReport(out + QStringLiteral("/report.md"));
    QVERIFY(cliReport.open(QIODevice::ReadOnly));
    QCOMPARE(reportSection, costSection(QString::fromUtf8(cliReport.readAll())));
    QVERIFY(!reportSection.isEmpty());
    // The dry run's estimate is the line the CLI prints for the same calls, cost included
    // when the prices were there as the dry run ended.
    QString line = estimate.mid(QStringLiteral("Tokens: ").size());
    line.chop(1); // the sentence's full stop
    QVERIFY2(cli.out.contains(line), qPrintable(cli.out + QLatin1Char('\n') + line));
    QCOMPARE(line.contains(QStringLiteral("; cost about")), prices && beforeTheRun);
}

void TestWindowCost::nameSetMatchesTheCli_data()
{
    QTest::addColumn<Prices>("prices");
    QTest::addRow("priced") << Prices(TokenPrices{0.15, 0.6});
    QTest::addRow("unpriced") << Prices();
}

void TestWindowCost::nameSetMatchesTheCli()
{
    QFETCH(Prices, prices);
    test::FakeServer server;
    QVERIFY(server.ok());
    QTemporaryDir dir;
    QString path;
    QString store; // the project's own, which the CLI is pointed at
    Shown shown;
    {
        NameSetWorkspace window;
        window.resize(1300, 900);
        window.show();
        QVERIFY(window.openExample(dir.path()));
        NameSetProject* project = window.project();
        path = project->filePath();
        store = project->storePath();
        NameSetDocument doc = project->document();
        doc.settings.backend = QStringLiteral("openai");
        doc.settings.model = QStringLiteral("fake-model:latest");
        doc.settings.endpoints = {server.url() + QStringLiteral("/v1")};
        doc.settings.concurrency = 4;
        project->applyEdit(doc, QStringLiteral("Use the fake server"));
        QAbstractItemModelTester tester(window.resultsView()->costView()->model());
        typePrices(window.runPanel()->priceFields(), prices);
        QCOMPARE(project->document().settings.prices, prices);
        QString error;
        QVERIFY2(project->save(&error), qPrintable(error));

        QSignalSpy finished(window.backgroundRun(), &BackgroundRun::finished);
        window.runPanel()->actions().constFirst()->trigger();
        QVERIFY(finished.wait(kLong));
        // What the store holds, read again once the run is over.
        QSignalSpy reread(&window, &NameSetWorkspace::analysisShown);
        QVERIFY(reread.wait(20000));
        if (prices) {
            window.showTab(NameSetWorkspace::ResultsTab);
            grab(window.resultsView(), QStringLiteral("pb-cost-nameset-results.png"));
            grab(window.runPanel(), QStringLiteral("pb-cost-nameset-run.png"));
        }
        shown = shownBy(window.resultsView()->costView());
    }
    const int served = server.stats().value(QLatin1String("chat_received")).toInt();
    const QString out = dir.filePath(QStringLiteral("cli"));
    const test::CliOutcome cli =
        test::probebench({QStringLiteral("run"), path, QStringLiteral("--store"), store,
                          QStringLiteral("--out"), out, QStringLiteral("--quiet")});
    // 3: no result (the fake server is no screener), yet every call is in the store.
    QVERIFY2(cli.exitCode == 0 || cli.exitCode == 3, qPrintable(cli.err));
    // It resumed the window's run: nothing more was sent.
    QCOMPARE(server.stats().value(QLatin1String("chat_received")).toInt(), served);
    compareWithSummary(shown, tokensIn(out), prices);
}

// The grader priced on the Run tab, its tokens and cost there against `probebench grade`'s
// summary.json for the project's own store.
void TestWindowCost::gradingMatchesTheCli()
{
    const Prices prices = TokenPrices{1.25, 5.0};
    test::FakeServer server;
    QVERIFY(server.ok());
    QTemporaryDir dir;
    QString path;
    QString store; // the project's own, which the CLI is pointed at
    Shown shown;
    {
        // The example, its grader moved to the fake server in the file before it is opened.
        GradingWorkspace example;
        QVERIFY(example.openExample(dir.path()));
        path = example.project()->filePath();
        store = example.project()->storePath();
    }
    QString error;
    QString warnings;
    std::optional<GradingProject> doc = GradingProject::readFile(path, &error, &warnings);
    QVERIFY2(doc, qPrintable(error));
    doc->judge.backend = QStringLiteral("openai");
    doc->judge.model = QStringLiteral("fake-model:latest");
    doc->judge.endpoints = {server.url() + QStringLiteral("/v1")};
    QVERIFY2(doc->writeFile(path, &error), qPrintable(error));
    {
        GradingWorkspace window;
        window.resize(1300, 900);
        window.show();
        QSignalSpy read(&window, &GradingWorkspace::resultsShown);
        QVERIFY(window.openPath(path));
        QVERIFY(read.wait(kLong));
        GradingFileProject* project = window.project();
        QAbstractItemModelTester tester(window.runPanel()->costView()->model());
        typePrices(window.runPanel()->priceFields(), prices);
        QCOMPARE(project->document().judge.prices, prices);
        QVERIFY2(project->save(&error), qPrintable(error));
        window.showTab(GradingWorkspace::RunTab);
        QVERIFY(test::runToTheEnd(window));
        QCOMPARE(window.runPanel()->costView()->model()->rowCount(), 1);
        grab(window.runPanel(), QStringLiteral("pb-cost-grading-run.png"));
        shown = shownBy(window.runPanel()->costView());
    }
    const int served = server.stats().value(QLatin1String("chat_received")).toInt();
    const QString out = dir.filePath(QStringLiteral("cli"));
    const test::CliOutcome cli =
        test::probebench({QStringLiteral("grade"), path, QStringLiteral("--store"), store,
                          QStringLiteral("--out"), out, QStringLiteral("--quiet")});
    QVERIFY2(cli.exitCode == 0 || cli.exitCode == 3, qPrintable(cli.err));
    QCOMPARE(server.stats().value(QLatin1String("chat_received")).toInt(), served);
    compareWithSummary(shown, tokensIn(out), prices);
}

// A judge probe prices each judge on its own row: a hosted judge beside the stand-in, priced,
// gets its own tokens and cost on the Report tab, as summary.json's "runs" has them, and the
// total has no cost while one judge has no counts.
void TestWindowCost::judgesArePricedEachAlone()
{
    const Prices prices = TokenPrices{3.0, 15.0};
    test::FakeServer server;
    QVERIFY(server.ok());
    QTemporaryDir dir;
    QString path;
    QString store;
    Shown hosted;
    int rows = 0;
    {
        JudgeWorkspace window;
        window.resize(1400, 900);
        QVERIFY(window.openDemo(dir.path()));
        window.show();
        JudgeProject* project = window.project();
        path = project->filePath();
        store = project->storePath();
        JudgeProbeDocument doc = project->document();
        JudgeConfig judge = doc.judges.constFirst();
        judge.name = QStringLiteral("hosted");
        judge.backend = QStringLiteral("openai");
        judge.model = QStringLiteral("fake-model:latest");
        judge.endpoints = {server.url() + QStringLiteral("/v1")};
        doc.judges << judge;
        project->applyEdit(doc, QStringLiteral("Add a hosted judge"));
        JudgeRunPanel* panel = window.runPanel();
        QCOMPARE(panel->priceFields().size(), 2);
        typePrices(panel->priceFields().at(1), prices);
        QCOMPARE(project->document().judges.at(0).prices, Prices());
        QCOMPARE(project->document().judges.at(1).prices, prices);
        QString error;
        QVERIFY2(project->save(&error), qPrintable(error));
        QAbstractItemModelTester tester(window.reportPanel()->costView()->model());

        QSignalSpy finished(panel, &JudgeRunPanel::runFinished);
        QVERIFY(panel->startRun());
        QVERIFY(finished.wait(kLong));
        RunCostView* view = window.reportPanel()->costView();
        QVERIFY(QTest::qWaitFor([&] { return view->model()->rowCount() == 3; }, 20000));
        grab(panel, QStringLiteral("pb-cost-judge-run.png"));
        window.showTab(JudgeWorkspace::ReportTab);
        grab(window.reportPanel(), QStringLiteral("pb-cost-judge-report.png"));
        rows = view->model()->rowCount();
        // The hosted judge's row alone, as compareWithSummary reads a run's.
        hosted.rows = 1;
        QVERIFY2(view->notesText().contains(QStringLiteral("each priced run's cost is in its row")),
                 qPrintable(view->notesText()));
        for (int c = 0; c < RunCostModel::ColumnCount; ++c)
            hosted.values << view->model()->index(1, c).data(RunCostModel::ValueRole);
        QVERIFY(!view->model()
                     ->index(2, RunCostModel::InputCostColumn)
                     .data(RunCostModel::ValueRole)
                     .isValid());
    }
    QCOMPARE(rows, 3);
    const QString out = dir.filePath(QStringLiteral("cli"));
    const test::CliOutcome cli =
        test::probebench({QStringLiteral("run"), path, QStringLiteral("--store"), store,
                          QStringLiteral("--out"), out, QStringLiteral("--quiet")});
    QVERIFY2(cli.exitCode == 0 || cli.exitCode == 3, qPrintable(cli.err));
    const QJsonObject tokens = tokensIn(out);
    QVERIFY(tokens.value(QLatin1String("cost")).isNull());
    const QJsonArray runs = tokens.value(QLatin1String("runs")).toArray();
    QCOMPARE(runs.size(), 2);
    QCOMPARE(runs.at(1).toObject().value(QLatin1String("label")).toString(),
             QStringLiteral("hosted"));
    compareWithSummary(hosted, runs.at(1).toObject(), prices);
}

void TestWindowCost::halfAPriceIsKeptOut_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("output");
    QTest::addColumn<bool>("edited");
    QTest::addColumn<QString>("problem");
    QTest::addRow("both") << "2.5"
                          << "10" << true << QString();
    QTest::addRow("zero is a price") << "0"
                                     << "0" << true << QString();
    QTest::addRow("input only") << "2.5" << QString() << false << "Give both prices";
    QTest::addRow("output only") << QString() << "10" << false << "Give both prices";
    QTest::addRow("past any list price") << "100001"
                                         << "10" << false << "from 0 to 100000";
    QTest::addRow("neither, as shown") << QString() << QString() << false << QString();
}

// A half or impossible entry changes nothing and says why; a whole one is one edit.
void TestWindowCost::halfAPriceIsKeptOut()
{
    QFETCH(QString, input);
    QFETCH(QString, output);
    QFETCH(bool, edited);
    QFETCH(QString, problem);
    PriceFields fields(QStringLiteral("Prices"));
    fields.show();
    QSignalSpy spy(&fields, &PriceFields::pricesEdited);
    QTest::keyClicks(fields.inputField(), input);
    QTest::keyClick(fields.inputField(), Qt::Key_Return);
    QTest::keyClicks(fields.outputField(), output);
    QTest::keyClick(fields.outputField(), Qt::Key_Return);
    QCOMPARE(spy.size(), edited ? 1 : 0);
    if (edited)
        QCOMPARE(spy.constFirst().constFirst().value<Prices>(),
                 Prices(TokenPrices{input.toDouble(), output.toDouble()}));
    QCOMPARE(fields.problem().isEmpty(), problem.isEmpty());
    QVERIFY2(fields.problem().contains(problem), qPrintable(fields.problem()));
    if (problem == QLatin1String("Give both prices"))
        grab(&fields, QStringLiteral("pb-cost-price-fields-half.png"));
}

QTEST_MAIN(TestWindowCost)
#include "tst_windowcost.moc"
