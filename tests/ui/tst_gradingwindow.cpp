#include "FakeModelServer.h"
#include "GradingWindowSteps.h"
#include "MainWindow.h"
#include "TestPaths.h"
#include "grading/AgreementPanel.h"
#include "grading/BlindScoringPanel.h"
#include "grading/BlindSheetModel.h"
#include "grading/GradesCsv.h"
#include "grading/GradingFileProject.h"
#include "grading/GradingRubric.h"
#include "grading/GradingRunPanel.h"
#include "grading/GradingWorkspace.h"
#include "grading/ScoreSheetCsv.h"
#include "grading/SubmissionsModel.h"
#include "grading/SubmissionsPanel.h"
#include "run/BackgroundRun.h"
#include "run/FileRunControls.h"
#include "run/RunProgressBar.h"
#include "widgets/NoticeBanner.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QMenuBar>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;
using namespace pb::test;

namespace {

constexpr int kLong = test::kGradingWait;

// `probebench grade PROJECT` into the project's own store, results in folder; its exit code.
int gradeCli(const QString& project, const QString& folder, QString* output)
{
    QProcess cli;
    cli.start(
        QStringLiteral(PB_PROBEBENCH),
        {QStringLiteral("grade"), project, QStringLiteral("--out"), folder,
         QStringLiteral("--store"),
         GradingFileProject::defaultStorePath(project, QLatin1String(GradingProject::kSuffix))});
    if (!cli.waitForFinished(kLong))
        return -1;
    *output = QString::fromUtf8(cli.readAllStandardOutput() + cli.readAllStandardError());
    return cli.exitCode();
}

// `probebench agree` on two sheets and grades.csv; agreement.md's bytes, empty on failure.
QByteArray agreeCli(const QStringList& files, const QString& rubric, const QString& folder)
{
    QProcess cli;
    cli.start(QStringLiteral(PB_PROBEBENCH),
              QStringList{QStringLiteral("agree")} + files +
                  QStringList{QStringLiteral("--rubric"), rubric, QStringLiteral("--out"), folder});
    if (!cli.waitForFinished(kLong) || cli.exitCode() != 0) {
        qWarning("%s", cli.readAllStandardError().constData());
        return {};
    }
    return readAll(folder + QStringLiteral("/agreement.md"));
}

// A submission as the model shows it: total in tenths (-1 for none) and the levels (0 for
// none), or hidden.
struct Shown
{
    qint64 total = -1;
    QList<int> levels;
    bool hidden = false;
};

Shown shownRow(const SubmissionsModel* model, const QString& filename)
{
    Shown out;
    const int row = model->rowOf(filename);
    out.hidden = model->index(row, SubmissionsModel::TotalColumn)
                     .data(SubmissionsModel::HiddenRole)
                     .toBool();
    const QVariant total =
        model->index(row, SubmissionsModel::TotalColumn).data(SubmissionsModel::ValueRole);
    out.total = total.isValid() ? total.toLongLong() : -1;
    for (int c = SubmissionsModel::FirstLevelColumn; c < model->columnCount(); ++c) {
        const QVariant level = model->index(row, c).data(SubmissionsModel::ValueRole);
        out.levels << (level.isValid() ? level.toInt() : 0);
    }
    return out;
}

} // namespace

class TestGradingWorkspace : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void exampleGradesAsTheCliGrades();
    void judgeLevelsHiddenUntilTheSheetIsComplete();
    void changesAfterCompletion_data();
    void changesAfterCompletion();
    void savedAsElsewhereTheSheetsComeAlong();
    void agreementIsWhatTheCliReports();
    void pauseResumeCancelThenResume();
    void everyMenuActionHasItsOwnKey();

private:
    QTemporaryDir m_dir;
    test::FakeModelServer m_server;
};

void TestGradingWorkspace::initTestCase()
{
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-gradingwindow"));
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    QVERIFY(m_server.listen());
}

void TestGradingWorkspace::exampleGradesAsTheCliGrades()
{
    QString project;
    QHash<QString, Shown> shown;
    const QString exported = m_dir.filePath(QStringLiteral("exported"));
    {
        GradingWorkspace window;
        window.resize(1200, 720);
        window.show();
        QVERIFY(window.openExample(m_dir.filePath(QStringLiteral("examples"))));
        project = window.project()->filePath();
        SubmissionsModel* model = window.submissionsPanel()->model();
        QAbstractItemModelTester tester(model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QVERIFY(waitForResults(window));
        QCOMPARE(model->rowCount(), 12);
        QVERIFY(!window.project()->hasResults());
        QVERIFY(shownRow(model, QStringLiteral("01_excellent.txt")).total == -1);
        QVERIFY(runToTheEnd(window));
        QCOMPARE(window.runPanel()->statusText(), QStringLiteral("Done."));
        QCOMPARE(window.runPanel()->runControls()->progressBar()->text(),
                 QStringLiteral("11 of 11 calls answered"));
        QVERIFY(window.project()->hasResults());
        QCOMPARE(window.currentTab(), GradingWorkspace::SubmissionsTab);
        QCOMPARE(model->rowCount(), 12);
        for (int r = 0; r < model->rowCount(); ++r) {
            const QString file = model->index(r, 0).data().toString();
            shown.insert(file, shownRow(model, file));
        }
        // The selected submission shows its quotes in place, and the empty one says so.
        QVERIFY(window.submissionsPanel()->selectFile(QStringLiteral("01_excellent.txt")));
        QVERIFY(window.submissionsPanel()->detailHtml().contains(
            QStringLiteral("Student Life Survey")));
        QVERIFY(window.submissionsPanel()->detailHtml().contains(QStringLiteral("background")));
        QVERIFY(window.grab().save(QStringLiteral("/tmp/grading-submissions.png")));
        QVERIFY(window.submissionsPanel()->selectFile(QStringLiteral("06_empty.txt")));
        QVERIFY(window.submissionsPanel()->detailHtml().contains(QStringLiteral("EMPTY_FILE")));
        window.showTab(GradingWorkspace::RunTab);
        QVERIFY(window.grab().save(QStringLiteral("/tmp/grading-run.png")));

        QSignalSpy done(window.runPanel(), &GradingRunPanel::exported);
        window.runPanel()->exportTo(exported);
        QVERIFY(done.wait(kLong));
        QVERIFY2(done.first().at(0).toBool(), qPrintable(done.first().at(1).toString()));
    }
    // The window let go of the store: the CLI resumes the same run, calling nothing, and
    // writes what the window showed and exported.
    QString output;
    const QString cli = m_dir.filePath(QStringLiteral("cli"));
    QCOMPARE(gradeCli(project, cli, &output), 0);
    QVERIFY2(output.contains(QStringLiteral("resuming grading 11 submissions")),
             qPrintable(output));
    QString error;
    const auto rubric = GradingRubric::readFile(
        GradingProject::resolve(project, QStringLiteral("library-hours.rubric.json")), &error);
    QVERIFY2(rubric, qPrintable(error));
    const auto rows = GradesCsv::readFile(cli + QStringLiteral("/grades.csv"), *rubric, &error);
    QVERIFY2(rows, qPrintable(error));
    QCOMPARE(rows->size(), 12);
    int totals = 0;
    for (const GradeRow& row : *rows) {
        QVERIFY2(shown.contains(row.filename), qPrintable(row.filename));
        const Shown& s = shown.value(row.filename);
        QCOMPARE(s.total, row.total ? row.total->tenths : -1);
        totals += row.total ? 1 : 0;
        for (qsizetype c = 0; c < row.cells.size(); ++c)
            QCOMPARE(s.levels.at(c), row.cells.at(c).level.value_or(0));
    }
    QCOMPARE(totals, 11);
    // Opened again, the window reads what the store holds and shows the same grades.
    {
        GradingWorkspace reopened;
        reopened.show();
        QVERIFY(reopened.openPath(project));
        QVERIFY(waitForResults(reopened));
        QVERIFY(reopened.project()->hasResults());
        QCOMPARE(reopened.runPanel()->statusText(),
                 QStringLiteral("11 of 11 submissions graded in the store."));
        for (const GradeRow& row : *rows)
            QCOMPARE(shownRow(reopened.submissionsPanel()->model(), row.filename).total,
                     shown.value(row.filename).total);
    }
    for (const QString& file : {QStringLiteral("grades.csv"), QStringLiteral("review-needed.txt"),
                                QStringLiteral("summary.json")})
        QCOMPARE(readAll(exported + QLatin1Char('/') + file),
                 readAll(cli + QLatin1Char('/') + file));
}

void TestGradingWorkspace::judgeLevelsHiddenUntilTheSheetIsComplete()
{
    GradingWorkspace window;
    window.resize(1200, 720);
    window.show();
    QVERIFY(window.openExample(m_dir.filePath(QStringLiteral("blind"))));
    QVERIFY(waitForResults(window));
    QVERIFY(runToTheEnd(window));
    SubmissionsModel* model = window.submissionsPanel()->model();
    BlindScoringPanel* blind = window.blindPanel();
    QAbstractItemModelTester tester(blind->model(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    const QString calibration = QStringLiteral("03_good.md");
    const QString other = QStringLiteral("09_list.md");
    QVERIFY(!shownRow(model, calibration).hidden);
    const Shown before = shownRow(model, calibration);

    QVERIFY(blind->createSheet(QStringLiteral("Ana")));
    QCOMPARE(blind->model()->rowCount(), 8);
    QCOMPARE(blind->model()->columnCount(), 7);
    QVERIFY(window.project()->document().blindSheets.contains(QStringLiteral("ana.blind.json")));
    QVERIFY(shownRow(model, calibration).hidden);
    QCOMPARE(shownRow(model, calibration).total, -1);
    QCOMPARE(model->index(model->rowOf(calibration), SubmissionsModel::FirstLevelColumn)
                 .data(Qt::ToolTipRole)
                 .toString(),
             QStringLiteral("hidden until Ana marks the sheet complete"));
    QVERIFY(!shownRow(model, other).hidden);
    QVERIFY(window.submissionsPanel()->selectFile(calibration));
    QVERIFY(!window.submissionsPanel()->detailHtml().contains(QStringLiteral("background")));
    window.showTab(GradingWorkspace::SubmissionsTab);
    QVERIFY(window.grab().save(QStringLiteral("/tmp/grading-hidden.png")));

    // Nothing scored: completing is refused with the first missing cell.
    QVERIFY(!blind->markComplete());
    QVERIFY2(blind->banner()->text().contains(QStringLiteral("01_excellent.txt")),
             qPrintable(blind->banner()->text()));
    QVERIFY(shownRow(model, calibration).hidden);

    // A spreadsheet's sheet comes in, and goes out as the same sheet.
    QSignalSpy csv(blind, &BlindScoringPanel::csvDone);
    blind->importCsv(calibrationCsv(QStringLiteral("sheet_a.csv")));
    QVERIFY(csv.wait(kLong));
    QVERIFY2(csv.takeFirst().at(0).toBool(), qPrintable(blind->banner()->text()));
    const QString out = m_dir.filePath(QStringLiteral("ana.csv"));
    blind->exportCsv(out);
    QVERIFY(csv.wait(kLong));
    QVERIFY2(csv.takeFirst().at(0).toBool(), qPrintable(blind->banner()->text()));
    QString error;
    const Rubric& rubric = window.results()->rubric;
    const auto original =
        ScoreSheetCsv::readFile(calibrationCsv(QStringLiteral("sheet_a.csv")), rubric, &error);
    const auto back = ScoreSheetCsv::readFile(out, rubric, &error);
    QVERIFY2(original && back, qPrintable(error));
    QCOMPARE(back->rows.size(), original->rows.size());
    for (qsizetype i = 0; i < back->rows.size(); ++i) {
        QCOMPARE(back->rows.at(i).filename, original->rows.at(i).filename);
        QCOMPARE(back->rows.at(i).levels, original->rows.at(i).levels);
        QCOMPARE(back->rows.at(i).why, original->rows.at(i).why);
    }
    window.showTab(GradingWorkspace::BlindTab);
    QVERIFY(window.grab().save(QStringLiteral("/tmp/grading-blind.png")));

    QVERIFY(blind->markComplete());
    QVERIFY(!shownRow(model, calibration).hidden);
    QCOMPARE(shownRow(model, calibration).total, before.total);
    QCOMPARE(shownRow(model, calibration).levels, before.levels);
    // Once complete, a CSV would rescore it: refused.
    blind->importCsv(calibrationCsv(QStringLiteral("sheet_b.csv")));
    QVERIFY(csv.wait(kLong));
    QVERIFY(!csv.takeFirst().at(0).toBool());
}

void TestGradingWorkspace::changesAfterCompletion_data()
{
    QTest::addColumn<bool>("answered");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<bool>("recorded");
    QTest::addRow("dialog cancelled") << false << QString() << false;
    QTest::addRow("no reason given") << true << QString() << false;
    QTest::addRow("with a reason") << true << QStringLiteral("misread the second source") << true;
}

void TestGradingWorkspace::changesAfterCompletion()
{
    QFETCH(bool, answered);
    QFETCH(QString, reason);
    QFETCH(bool, recorded);
    QTemporaryDir dir;
    GradingWorkspace window;
    window.show();
    QVERIFY(window.openExample(dir.path()));
    QVERIFY(waitForResults(window));
    BlindScoringPanel* blind = window.blindPanel();
    QVERIFY(blind->createSheet(QStringLiteral("Bo")));
    QSignalSpy csv(blind, &BlindScoringPanel::csvDone);
    blind->importCsv(calibrationCsv(QStringLiteral("sheet_b.csv")));
    QVERIFY(csv.wait(kLong));
    QVERIFY(blind->markComplete());
    int asked = 0;
    blind->setReasonAsker([&](const QString&) -> std::optional<QString> {
        ++asked;
        return answered ? std::optional<QString>(reason) : std::nullopt;
    });
    BlindSheetModel* model = blind->model();
    const QModelIndex cell = model->index(0, 1); // 01_excellent.txt, claims_cited
    const QString levelBefore = cell.data().toString();
    const QString changed =
        levelBefore == QStringLiteral("3") ? QStringLiteral("2") : QStringLiteral("3");
    QVERIFY(!model->setData(cell, changed)); // the reason is asked first
    QCOMPARE(asked, 1);
    QCOMPARE(model->index(0, 1).data().toString(), recorded ? changed : levelBefore);
    QCOMPARE(model->sheet().amendments().size(), recorded ? 1 : 0);
    QCOMPARE(blind->amendmentsText().contains(QStringLiteral("misread")), recorded);
    if (answered && !recorded)
        QVERIFY2(blind->banner()->text().contains(QStringLiteral("reason")),
                 qPrintable(blind->banner()->text()));
    if (!recorded)
        return;
    // The sheet on disk holds the change with its reason, once every write is done.
    QTRY_VERIFY_WITH_TIMEOUT(!blind->isWriting(), kLong);
    QString error;
    const auto sheet =
        BlindSheet::readFile(window.project()->resolve(QStringLiteral("bo.blind.json")),
                             window.results()->rubric.ids(), &error);
    QVERIFY2(sheet, qPrintable(error));
    QCOMPARE(sheet->amendments().size(), 1);
    QCOMPARE(sheet->amendments().first().reason, reason);
    window.showTab(GradingWorkspace::BlindTab);
    QVERIFY(window.grab().save(QStringLiteral("/tmp/grading-amended.png")));
}

void TestGradingWorkspace::savedAsElsewhereTheSheetsComeAlong()
{
    QTemporaryDir dir;
    const QString moved = m_dir.filePath(QStringLiteral("moved/essays.grading.json"));
    QVERIFY(QDir().mkpath(QFileInfo(moved).absolutePath()));
    {
        GradingWorkspace window;
        window.show();
        QVERIFY(window.openExample(dir.path()));
        QVERIFY(waitForResults(window));
        // The project names its rubric and submissions relative to itself: they come along.
        for (const QString& name : {QStringLiteral("library-hours.rubric.json")})
            QVERIFY(
                QFile::copy(window.project()->resolve(name), GradingProject::resolve(moved, name)));
        QVERIFY(
            QDir(window.project()->resolve(QStringLiteral("library-hours-submissions"))).exists());
        QVERIFY(window.blindPanel()->createSheet(QStringLiteral("Cy")));
        QVERIFY(window.project()->isDirty());
        GradingProject doc = window.project()->document();
        doc.submissions = window.project()->resolve(QStringLiteral("library-hours-submissions"));
        window.project()->applyEdit(doc, QStringLiteral("absolute submissions"));
        QSignalSpy written(window.blindPanel(), &BlindScoringPanel::sheetWritten);
        QVERIFY(window.saveAs(moved));
        QVERIFY(!window.project()->isDirty());
        QTRY_VERIFY_WITH_TIMEOUT(!window.blindPanel()->isWriting(), kLong);
        QVERIFY(QFile::exists(GradingProject::resolve(moved, QStringLiteral("cy.blind.json"))));
    }
    GradingWorkspace reopened;
    reopened.show();
    QVERIFY(reopened.openPath(moved));
    QVERIFY(waitForResults(reopened));
    QVERIFY2(reopened.results()->error.isEmpty(), qPrintable(reopened.results()->error));
    QCOMPARE(reopened.submissionsPanel()->model()->rowCount(), 12);
    QCOMPARE(reopened.blindPanel()->raterBox()->currentText(), QStringLiteral("Cy"));
    QCOMPARE(reopened.blindPanel()->model()->rowCount(), 8);
    QVERIFY(reopened.submissionsPanel()->model()->isHidden(QStringLiteral("01_excellent.txt")));
}

void TestGradingWorkspace::agreementIsWhatTheCliReports()
{
    QTemporaryDir dir;
    QString project;
    QString markdown;
    {
        GradingWorkspace window;
        window.resize(1200, 720);
        window.show();
        QVERIFY(window.openExample(dir.path()));
        project = window.project()->filePath();
        QVERIFY(waitForResults(window));
        QVERIFY(runToTheEnd(window));
        BlindScoringPanel* blind = window.blindPanel();
        QSignalSpy csv(blind, &BlindScoringPanel::csvDone);
        QSignalSpy report(window.agreementPanel(), &AgreementPanel::reportShown);
        for (const QString& rater : {QStringLiteral("Ana"), QStringLiteral("Bo")}) {
            QVERIFY(blind->createSheet(rater));
            blind->importCsv(calibrationCsv(rater == QLatin1String("Ana")
                                                ? QStringLiteral("sheet_a.csv")
                                                : QStringLiteral("sheet_b.csv")));
            QVERIFY(csv.wait(kLong));
            QVERIFY(blind->markComplete());
        }
        QTRY_VERIFY_WITH_TIMEOUT(!window.agreementPanel()->markdown().isEmpty(), kLong);
        markdown = window.agreementPanel()->markdown();
        // A third rater scoring blind: the report leaves the judge out meanwhile.
        QVERIFY(blind->createSheet(QStringLiteral("Cy")));
        QTRY_VERIFY_WITH_TIMEOUT(window.agreementPanel()->shownText().startsWith(
                                     QStringLiteral("The judge is left out")),
                                 kLong);
        QVERIFY(!window.agreementPanel()->markdown().contains(QStringLiteral("x judge")));
        QVERIFY(blind->chooseRater(QStringLiteral("Bo")));
        QTRY_COMPARE_WITH_TIMEOUT(window.agreementPanel()->markdown(), markdown, kLong);
        QVERIFY(markdown.contains(QStringLiteral("Ana")) &&
                markdown.contains(QStringLiteral("judge")));
        QVERIFY(window.save());
        QTRY_VERIFY_WITH_TIMEOUT(!blind->isWriting(), kLong);
        window.showTab(GradingWorkspace::AgreementTab);
        QVERIFY(window.grab().save(QStringLiteral("/tmp/grading-agreement.png")));
    }
    QString output;
    const QString graded = dir.filePath(QStringLiteral("cli"));
    QCOMPARE(gradeCli(project, graded, &output), 0);
    const QByteArray cli =
        agreeCli({GradingProject::resolve(project, QStringLiteral("ana.blind.json")),
                  GradingProject::resolve(project, QStringLiteral("bo.blind.json")),
                  graded + QStringLiteral("/grades.csv")},
                 GradingProject::resolve(project, QStringLiteral("library-hours.rubric.json")),
                 dir.filePath(QStringLiteral("agree")));
    QVERIFY(!cli.isEmpty());
    QCOMPARE(markdown, QString::fromUtf8(cli));
}

void TestGradingWorkspace::pauseResumeCancelThenResume()
{
    // The example graded by a judge on a real socket that answers in prose, never the
    // schema: every reply is asked again, and a submission left without a valid one is
    // REVIEW_NEEDED with what the judge said.
    m_server.setLatencyMs(20);
    m_server.setSlots(1);
    QTemporaryDir dir;
    GradingProject doc;
    {
        GradingWorkspace example;
        QVERIFY(example.openExample(dir.path()));
        doc = example.project()->document();
    }
    doc.judge.backend = QStringLiteral("ollama");
    doc.judge.model = QStringLiteral("fake-model");
    doc.judge.endpoints = {m_server.ollamaUrl().toString()};
    doc.judge.concurrency = 1;
    const QString path = dir.filePath(QStringLiteral("grading-example/prose.grading.json"));
    QString error;
    QVERIFY2(doc.writeFile(path, &error), qPrintable(error));

    GradingWorkspace window;
    window.show();
    QVERIFY(window.openPath(path));
    QVERIFY(waitForResults(window));
    GradingRunPanel* panel = window.runPanel();
    QAction* pause = panel->actions().at(1);
    QAction* resume = panel->actions().at(2);
    QVERIFY(panel->startRun());
    // Some but not all answered (batches may record two at once, so no exact count).
    const QRegularExpression partly(QStringLiteral("(^|\\D)([1-9]|10) of 11"));
    QTRY_VERIFY_WITH_TIMEOUT(panel->statusText().contains(partly), kLong);
    panel->pauseRun();
    QTRY_VERIFY_WITH_TIMEOUT(resume->isEnabled(), kLong);
    QVERIFY(!pause->isEnabled());
    QVERIFY(panel->statusText().startsWith(QStringLiteral("Paused.")));
    panel->resumeRun();
    QTRY_VERIFY_WITH_TIMEOUT(pause->isEnabled(), kLong);
    QSignalSpy shown(&window, &GradingWorkspace::resultsShown);
    panel->cancelRun();
    QVERIFY(shown.wait(kLong));
    QCOMPARE(panel->statusText(), QStringLiteral("Cancelled."));
    const GradingOutcome& cancelled = window.results()->outcome;
    QVERIFY(!cancelled.review.isEmpty());
    QVERIFY(!cancelled.notCalled.isEmpty()); // NOT_GRADED rows until the run resumes
    const QString reviewed = cancelled.review.first().filename;
    QVERIFY(window.submissionsPanel()->selectFile(reviewed));
    QVERIFY(window.submissionsPanel()->detailHtml().contains(QStringLiteral("REVIEW_NEEDED")));
    QVERIFY(window.submissionsPanel()->detailHtml().contains(
        cancelled.review.first().rawOutput.left(20).toHtmlEscaped()));
    QVERIFY(window.grab().save(QStringLiteral("/tmp/grading-review-needed.png")));

    // Start again resumes the same run and grades only what is left.
    QVERIFY(panel->startRun());
    QTRY_VERIFY_WITH_TIMEOUT(panel->statusText().contains(QStringLiteral("earlier session")),
                             kLong);
    QVERIFY(shown.wait(kLong));
    QCOMPARE(window.results()->runId, window.backgroundRun()->runId());
    QVERIFY(window.results()->outcome.notCalled.isEmpty());
    QCOMPARE(window.results()->outcome.review.size(), 11);
    m_server.setLatencyMs(0);
}

void TestGradingWorkspace::everyMenuActionHasItsOwnKey()
{
    // The window's menus with the grading page shown.
    MainWindow window;
    QVERIFY(window.openExample(MainWindow::Page::Grading, false));
    QCOMPARE(window.currentPage(), MainWindow::Page::Grading);
    QStringList missing;
    QHash<QString, QString> seen;
    QStringList clashes;
    for (QAction* top : window.menuBar()->actions()) {
        for (QAction* a : top->menu() ? top->menu()->actions() : QList<QAction*>()) {
            const QString name = a->text().remove(QLatin1Char('&'));
            if (a->isSeparator() || a->menu())
                continue; // View > Theme: its entries carry mnemonics
            if (a->shortcut().isEmpty())
                missing << name;
            for (const QKeySequence& key : a->shortcuts()) {
                if (seen.contains(key.toString()) && seen.value(key.toString()) != name)
                    clashes << key.toString();
                seen.insert(key.toString(), name);
            }
        }
    }
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral(", "))));
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QStringLiteral(", "))));
}

QTEST_MAIN(TestGradingWorkspace)
#include "tst_gradingwindow.moc"
