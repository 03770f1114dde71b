// Regenerates docs/screenshots/*.png: runs the tutorial's style probe on the stand-in (and a
// second run with the planted gap removed, as a "mitigation" to compare), then shows each
// page with that real data and grabs it; with --dark, under the Dark theme as dark-*.png.
// Run offscreen: scripts/screenshots.sh.
#include "MainWindow.h"
#include "axes/AxesProject.h"
#include "axes/AxesRunPanel.h"
#include "axes/AxesWorkspace.h"
#include "byhand/ByHandSheetModel.h"
#include "grading/AgreementPanel.h"
#include "grading/BlindScoringPanel.h"
#include "grading/GraderBiasPanel.h"
#include "grading/GradingFileProject.h"
#include "grading/GradingRunPanel.h"
#include "grading/GradingWorkspace.h"
#include "grading/SubmissionsPanel.h"
#include "judge/JudgeItemEditor.h"
#include "judge/JudgeResultsView.h"
#include "judge/JudgeRunPanel.h"
#include "judge/JudgeWorkspace.h"
#include "nameset/NameSetProject.h"
#include "nameset/NameSetRunPanel.h"
#include "nameset/NameSetWorkspace.h"
#include "pages/ByHandPage.h"
#include "pages/PresenterPage.h"
#include "pages/ReportPage.h"
#include "pages/ResultsPage.h"
#include "project/ProbeProject.h"
#include "results/ReplyComparisonDialog.h"
#include "run/BackgroundRun.h"
#include "run/ModelProbeRun.h"
#include "store/LoggedCall.h"
#include "widgets/PresenterWindow.h"
#include "widgets/ThemeChoice.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QLineEdit>
#include <QScreen>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>
#include <functional>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

namespace {

QTextStream& err()
{
    static QTextStream s(stderr);
    return s;
}

bool waitFor(const std::function<bool()>& done, int timeoutMs = 60000)
{
    QElapsedTimer clock;
    clock.start();
    while (!done()) {
        if (clock.elapsed() > timeoutMs) {
            return false;
        }
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    }
    return true;
}

qint64 runToEnd(pb::BackgroundRun& run, pb::ProbeProject& project, const pb::ProbeDocument& doc)
{
    qint64 id = 0;
    bool finished = false;
    auto connection = QObject::connect(
        &run, &pb::BackgroundRun::finished, [&](pb::RunOutcome, const QString& message) {
            const qint64 runId = run.runId();
            id = runId;
            finished = true;
            if (!message.isEmpty()) {
                err() << "run " << runId << ": " << message << Qt::endl;
            }
        });
    run.start({pb::ModelProbeRun::unit(doc)}, std::make_unique<pb::ModelProbeAnalyzer>(doc),
              project.filePath());
    waitFor([&] { return finished; }, 300000);
    QObject::disconnect(connection);
    project.notifyRunsChanged();
    return id;
}

bool shoot(QWidget* w, const QString& path)
{
    w->show();
    QCoreApplication::processEvents();
    // Let single-shot redraws and layout settle.
    QElapsedTimer settle;
    settle.start();
    while (settle.elapsed() < 400) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    }
    const bool ok = w->grab().save(path, "PNG");
    err() << (ok ? "wrote " : "FAILED ") << path << Qt::endl;
    return ok;
}

// The grading page of the window on the library-hours example: graded on the stand-in judge,
// a blind sheet half done (the judge's levels hidden), then two finished sheets, the revision
// graded, and the agreement before and after.
bool shootGrading(pb::MainWindow& window, const QString& folder,
                  const std::function<QString(const QString&)>& shot)
{
    if (!window.openExample(pb::MainWindow::Page::Grading, false) ||
        !window.gradingPage()->openExample(folder)) {
        err() << "the grading page could not open its example" << Qt::endl;
        return false;
    }
    pb::GradingWorkspace& grading = *window.gradingPage();
    const auto runToEnd = [&grading](int version) {
        bool read = false;
        auto c =
            QObject::connect(&grading, &pb::GradingWorkspace::resultsShown, [&] { read = true; });
        const bool ok = waitFor([&] { return grading.results() != nullptr; }) &&
                        grading.runPanel()->chooseVersion(version) &&
                        grading.runPanel()->startRun() &&
                        waitFor([&] { return read && !grading.project()->isRunning(); }, 300000);
        QObject::disconnect(c);
        return ok;
    };
    const auto sheet = [&grading](const QString& rater, const QString& csv, bool complete) {
        bool done = false;
        auto c = QObject::connect(grading.blindPanel(), &pb::BlindScoringPanel::csvDone,
                                  [&] { done = true; });
        const bool ok = grading.blindPanel()->createSheet(rater);
        if (ok)
            grading.blindPanel()->importCsv(
                QStringLiteral(PB_EXAMPLES_DIR "/library-hours-calibration/") + csv);
        const bool imported = ok && waitFor([&] { return done; });
        QObject::disconnect(c);
        return imported && (!complete || grading.blindPanel()->markComplete());
    };
    if (!runToEnd(0) || !runToEnd(1)) {
        err() << "the grading example did not run" << Qt::endl;
        return false;
    }
    bool ok = true;
    grading.showTab(pb::GradingWorkspace::SubmissionsTab);
    grading.submissionsPanel()->selectFile(QStringLiteral("07_verbose.txt"));
    ok &= shoot(&window, shot(QStringLiteral("grading-submissions.png")));
    ok &= sheet(QStringLiteral("Ana"), QStringLiteral("sheet_a.csv"), false);
    grading.showTab(pb::GradingWorkspace::BlindTab);
    ok &= shoot(&window, shot(QStringLiteral("grading-blind.png")));
    grading.showTab(pb::GradingWorkspace::SubmissionsTab);
    ok &= shoot(&window, shot(QStringLiteral("grading-hidden.png")));
    ok &= grading.blindPanel()->markComplete();
    ok &= sheet(QStringLiteral("Bo"), QStringLiteral("sheet_b.csv"), true);
    ok &= waitFor([&] { return grading.agreementPanel()->markdown().contains(u"revision"); });
    grading.showTab(pb::GradingWorkspace::AgreementTab);
    ok &= shoot(&window, shot(QStringLiteral("grading-agreement.png")));
    grading.showTab(pb::GradingWorkspace::RevisionsTab);
    ok &= shoot(&window, shot(QStringLiteral("grading-revisions.png")));
    // The grader's padding bias, measured with the default countermeasure.
    bool measured = false;
    auto c = QObject::connect(grading.biasPanel(), &pb::GraderBiasPanel::measured,
                              [&measured] { measured = true; });
    grading.showTab(pb::GradingWorkspace::GraderBiasTab);
    ok &= grading.biasPanel()->startRun() && waitFor([&] { return measured; }, 300000);
    QObject::disconnect(c);
    ok &= shoot(&window, shot(QStringLiteral("grading-bias.png")));
    return ok;
}

} // namespace

int main(int argc, char** argv)
{
    // The untitled project lives in the app's data folder: keep it out of the user's.
    QTemporaryDir data;
    qputenv("XDG_DATA_HOME", data.path().toUtf8());
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("probebench-screenshots"));
    initResources();
    const QStringList args = QCoreApplication::arguments().mid(1);
    // --dark: the same views under View > Theme > Dark, written as dark-<name>.png.
    const bool dark = args.contains(QStringLiteral("--dark"));
    QStringList folders = args;
    folders.removeAll(QStringLiteral("--dark"));
    const QString out = folders.value(0, QStringLiteral("docs/screenshots"));
    QDir().mkpath(out);
    if (dark)
        pb::ThemeChoice::apply(pb::ThemeChoice::Theme::Dark);
    const auto shot = [&out, dark](const QString& name) {
        return QDir(out).filePath(dark ? QStringLiteral("dark-") + name : name);
    };
    const QSize size(1400, 900);

    pb::ProbeProject project;
    QString error;
    if (!project.newFromExample(&error)) {
        err() << "cannot create the example project: " << error << Qt::endl;
        return 1;
    }
    pb::BackgroundRun run;
    pb::ResultsPage results(&project, &run);
    results.resize(size);
    const pb::ProbeDocument before = project.document();
    const qint64 first = runToEnd(run, project, before);
    pb::ProbeDocument after = before;
    after.settings.plantedGap = 0.0; // the "mitigation": a stand-in with no planted gap
    const qint64 second = runToEnd(run, project, after);
    if (first == 0 || second == 0) {
        err() << "the stand-in runs did not finish" << Qt::endl;
        return 1;
    }

    bool ok = true;
    results.showRun(first);
    waitFor([&] {
        return results.shownRunId() == first && results.analysis().has_value() &&
               results.headlineText().contains(QStringLiteral("p ="));
    });
    ok &= shoot(&results, shot(QStringLiteral("results.png")));

    QList<pb::LoggedCall> calls = project.calls(first);
    pb::ReplyComparisonDialog replies(calls, QStringLiteral("0"), before.valueA(), before.valueB(),
                                      before.metric.name);
    replies.resize(1100, 640);
    replies.showRow(0);
    ok &= shoot(&replies, shot(QStringLiteral("reply-comparison.png")));

    pb::ReportPage report(&project);
    report.resize(size);
    report.setRun(first);
    report.setComparisonRun(second);
    waitFor([&] { return report.isReady(); });
    ok &= shoot(&report, shot(QStringLiteral("report.png")));

    pb::ByHandPage byHand(&project);
    byHand.resize(size);
    // Fill the first rows with replies the stand-in gave, as if pasted from a chat window.
    byHand.findChild<QLineEdit*>(QStringLiteral("byHandModel"))
        ->setText(QStringLiteral("stand-in-v1 (replies pasted by hand)"));
    for (int row = 0; row < 10; ++row) {
        const pb::ByHandEntry e = byHand.sheet()->entry(byHand.currentRow());
        for (qsizetype k = 0; k < calls.size(); ++k) {
            if (calls[k].itemId == e.itemId && calls[k].variant == e.variant) {
                byHand.enterReply(calls[k].reply);
                calls.removeAt(k);
                break;
            }
        }
    }
    ok &= shoot(&byHand, shot(QStringLiteral("by-hand.png")));

    // Presenter mode as a projector shows it: full screen on a 1920x1080 screen (the script
    // gives the offscreen platform one), type at its unzoomed size.
    {
        pb::PresenterWindow presenter;
        presenter.page()->setZoom(1.0);
        presenter.showFullScreen();
        pb::PresenterPage* page = presenter.page();
        page->setParameters(1.0, 20, 0.8, 1);
        waitFor([&] { return !page->isBusy() && !page->powerTable().cells().isEmpty(); });
        if (presenter.size() != QSize(1920, 1080)) {
            err() << "presenter mode is " << presenter.width() << "x" << presenter.height()
                  << ", not 1920x1080 full screen: run scripts/screenshots.sh" << Qt::endl;
            ok = false;
        }
        ok &= shoot(&presenter, shot(QStringLiteral("presenter.png")));
        // The power table follows the sliders: the tutorial's harder case, a gap of 0.5.
        page->setParameters(0.5, 20, 0.8, 1);
        waitFor([&] {
            return !page->isBusy() && page->powerTable().spec().plantedGaps == QList<double>{0.5};
        });
        ok &= shoot(&presenter, shot(QStringLiteral("presenter-gap-0.5.png")));
    }

    // The whole window, on the Results page after the same run.
    pb::MainWindow window;
    window.resize(size);
    if (window.newFromTutorial()) {
        window.show();
        runToEnd(*window.backgroundRun(), *window.project(), window.project()->document());
        window.showPage(pb::MainWindow::Page::Results);
        auto* page = window.findChild<pb::ResultsPage*>();
        waitFor([&] { return page && page->headlineText().contains(QStringLiteral("p =")); });
        ok &= shoot(&window, shot(QStringLiteral("main-window.png")));
    } else {
        err() << "the main window could not open the tutorial probe" << Qt::endl;
    }

    // A choice probe's Results page: the escalation example run on the stand-in, the
    // distribution of its first item and each item's divergence against the noise floor.
    {
        pb::ProbeProject choice;
        if (choice.open(QStringLiteral(PB_EXAMPLES_DIR "/escalation-choice.probe.json"), &error)) {
            pb::BackgroundRun choiceRun;
            pb::ResultsPage choiceResults(&choice, &choiceRun);
            choiceResults.resize(size);
            const qint64 id = runToEnd(choiceRun, choice, choice.document());
            choiceResults.showRun(id);
            waitFor([&] {
                return choiceResults.shownRunId() == id &&
                       choiceResults.choiceAnalysis().has_value() &&
                       !choiceResults.choiceAnalysis()->items.isEmpty();
            });
            ok &= shoot(&choiceResults, shot(QStringLiteral("choice-results.png")));
        } else {
            err() << "cannot open the choice example: " << error << Qt::endl;
            ok = false;
        }
    }

    // A generative probe's Results page: the style example run on the stand-in and its
    // embedding, each item's cosine distance against the noise floor and the per-item table.
    {
        pb::ProbeProject generative;
        if (generative.open(QStringLiteral(PB_EXAMPLES_DIR "/style-generative.probe.json"),
                            &error)) {
            pb::BackgroundRun generativeRun;
            pb::ResultsPage generativeResults(&generative, &generativeRun);
            generativeResults.resize(size);
            const qint64 id = runToEnd(generativeRun, generative, generative.document());
            generativeResults.showRun(id);
            waitFor([&] {
                return generativeResults.shownRunId() == id &&
                       generativeResults.generativeAnalysis().has_value() &&
                       !generativeResults.generativeAnalysis()->items.isEmpty();
            });
            ok &= shoot(&generativeResults, shot(QStringLiteral("generative-results.png")));
        } else {
            err() << "cannot open the generative example: " << error << Qt::endl;
            ok = false;
        }
    }

    // The judge page of the same window after the padding demo ran on the stand-in judge.
    if (window.openExample(pb::MainWindow::Page::Judge, false) &&
        window.judgePage()->openDemo(data.filePath(QStringLiteral("judge")))) {
        pb::JudgeWorkspace& judge = *window.judgePage();
        bool judged = false;
        QObject::connect(judge.runPanel(), &pb::JudgeRunPanel::runFinished, [&] { judged = true; });
        if (judge.runPanel()->startRun() && waitFor([&] { return judged; }) &&
            waitFor([&] { return judge.resultsView()->hasResults(); })) {
            judge.showTab(pb::JudgeWorkspace::ResultsTab);
            ok &= shoot(&window, shot(QStringLiteral("judge-results.png")));
            judge.resultsView()->showEvidence(QStringLiteral("s02"), QStringLiteral("padded"));
            ok &= shoot(&window, shot(QStringLiteral("judge-evidence.png")));
            judge.showTab(pb::JudgeWorkspace::ItemsTab);
            judge.itemEditor()->selectItem(QStringLiteral("s02"));
            judge.itemEditor()->selectVariant(QStringLiteral("padded"));
            ok &= shoot(&window, shot(QStringLiteral("judge-items.png")));
        } else {
            err() << "the judge demo did not run" << Qt::endl;
            ok = false;
        }
    } else {
        err() << "the judge page could not open its demo" << Qt::endl;
        ok = false;
    }
    // The name-set page of the window after the resume-screening example ran on the stand-in.
    if (window.openExample(pb::MainWindow::Page::NameSet, false) &&
        window.nameSetPage()->openExample(data.filePath(QStringLiteral("nameset")))) {
        pb::NameSetWorkspace& names = *window.nameSetPage();
        if (names.runPanel()->startRun() &&
            waitFor([&] { return !names.project()->isRunning() && names.shownCalls() > 0; })) {
            names.showTab(pb::NameSetWorkspace::NamesTab);
            ok &= shoot(&window, shot(QStringLiteral("nameset-names.png")));
            names.showTab(pb::NameSetWorkspace::PromptTab);
            ok &= shoot(&window, shot(QStringLiteral("nameset-prompt.png")));
            names.showTab(pb::NameSetWorkspace::ResultsTab);
            ok &= shoot(&window, shot(QStringLiteral("nameset-results.png")));
        } else {
            err() << "the name-set example did not run" << Qt::endl;
            ok = false;
        }
    } else {
        err() << "the name-set page could not open its example" << Qt::endl;
        ok = false;
    }
    // The axes page of the window after the style-and-names example ran on the stand-in.
    if (window.openExample(pb::MainWindow::Page::Axes, false) &&
        window.axesPage()->openExample(data.filePath(QStringLiteral("axes")))) {
        pb::AxesWorkspace& axes = *window.axesPage();
        if (axes.runPanel()->startRun() &&
            waitFor([&] { return !axes.project()->isRunning() && axes.shownCalls() > 0; })) {
            axes.showTab(pb::AxesWorkspace::ResultsTab);
            ok &= shoot(&window, shot(QStringLiteral("axes-results.png")));
        } else {
            err() << "the axes example did not run" << Qt::endl;
            ok = false;
        }
    } else {
        err() << "the axes page could not open its example" << Qt::endl;
        ok = false;
    }
    ok &= shootGrading(window, data.filePath(QStringLiteral("grading")), shot);
    return ok ? 0 : 1;
}
