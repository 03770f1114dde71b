#include "MainWindow.h"

#include "FilePages.h"
#include "axes/AxesDocument.h"
#include "axes/AxesWorkspace.h"
#include "grading/GradingWorkspace.h"
#include "judge/JudgeWorkspace.h"
#include "nameset/NameSetWorkspace.h"
#include "pages/ByHandPage.h"
#include "pages/DesignPage.h"
#include "pages/ReportPage.h"
#include "pages/ResultsPage.h"
#include "pages/RunPage.h"
#include "pages/WelcomePage.h"
#include "probe/FileFormat.h"
#include "project/ProbeFileProject.h"
#include "project/ProbeProject.h"
#include "project/UntitledFolder.h"
#include "run/BackgroundRun.h"
#include "run/RunAttention.h"
#include "run/RunControl.h"
#include "run/WorkerThread.h"
#include "widgets/MenuSection.h"
#include "widgets/NoticeBanner.h"
#include "widgets/OpenFailureDialog.h"
#include "widgets/PresenterWindow.h"
#include "widgets/RecentFilesMenu.h"
#include "widgets/UnsavedWork.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QUndoGroup>
#include <QUndoStack>
#include <QVBoxLayout>

namespace pb {

namespace {

QString suggestedName(const QString& title, const QString& suffix)
{
    QString base = title.toLower();
    base.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
    base = base.left(40);
    while (base.endsWith(QLatin1Char('-'))) {
        base.chop(1);
    }
    while (base.startsWith(QLatin1Char('-'))) {
        base.remove(0, 1);
    }
    return (base.isEmpty() ? QStringLiteral("probe") : base) + suffix;
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_project(new ProbeProject(this)), m_run(new BackgroundRun(this)),
      m_control(new RunControl(m_project, m_run, this)), m_undoGroup(new QUndoGroup(this))
{
    setAccessibleName(tr("Probe Workbench"));
    m_unsaved = new UnsavedWork(m_project, this, [this] { return chooseSaveAs(); });
    m_undoGroup->addStack(m_project->undoStack());
    buildPages();
    buildMenus();
    auto* attention = new RunAttention(
        m_control, m_run, m_banner, [this] { return currentPage() == Page::Run; }, this);
    connect(attention, &RunAttention::runPageWanted, this, [this] { showPage(Page::Run); });

    connect(m_project, &ProbeProject::documentChanged, this, &MainWindow::updateTitle);
    connect(m_project, &ProbeProject::fileChanged, this, &MainWindow::updateTitle);
    connect(m_project, &ProbeProject::documentChanged, this,
            [this] { m_recent->setTitle(m_project->filePath(), m_project->document().title); });
    connect(m_project->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(m_project, &ProbeProject::runningChanged, this, &MainWindow::updateEnabled);
    // Undo and redo follow the page shown (pageShown sets the group's active stack).
    connect(m_undoGroup, &QUndoGroup::canUndoChanged, this, &MainWindow::updateEnabled);
    connect(m_undoGroup, &QUndoGroup::canRedoChanged, this, &MainWindow::updateEnabled);
    connect(m_undoGroup, &QUndoGroup::indexChanged, this, &MainWindow::updateEnabled);
    connect(m_project, &ProbeProject::saveFailed, this, [this](const QString& message) {
        m_banner->showMessage(NoticeBanner::Tone::Error, tr("Autosave failed: %1").arg(message));
    });

    QSettings settings;
    resize(1280, 820);
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    updateTitle();
    updateEnabled();
}

MainWindow::~MainWindow()
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/page"), int(m_lastProjectPage));
    // The file pages' stacks leave the group as their pages go, and a run of theirs is
    // cancelled as they go: nothing here follows them.
    delete m_undoGroup;
    m_filePages->disconnect(this);
    for (int kind = 0; kind < FilePages::kKinds; ++kind) {
        if (ProbeFileWorkspace* page = m_filePages->page(FilePages::Kind(kind))) {
            page->disconnect(this);
            page->fileProject()->disconnect(this);
        }
    }
    // Pages hold the project and the run: delete them while both still exist, then the
    // run (its thread stops) and the project, whose undo stack reports its own clearing.
    // The file pages go with them, each with its own project and run.
    delete m_presenter;
    delete takeCentralWidget();
    delete m_control;
    delete m_run;
    m_project->undoStack()->disconnect(this);
    m_project->disconnect(this);
    delete m_project;
    m_unsaved->left(); // the project has let go of its file
}

void MainWindow::buildPages()
{
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    m_banner = new NoticeBanner(central);
    layout->addWidget(m_banner);
    m_stack = new QStackedWidget(central);
    m_welcome = new WelcomePage(m_stack);
    m_design = new DesignPage(m_project, m_stack);
    m_runPage = new RunPage(m_project, m_run, m_control, m_stack);
    m_results = new ResultsPage(m_project, m_run, m_stack);
    m_report = new ReportPage(m_project, m_stack);
    // Opening a project, Results reads its run first and the pages out of view after (see
    // openPath), so a large project shows its results without waiting for three reads.
    connect(m_results, &ResultsPage::runShown, this, [this] { holdHiddenPages(false); });
    m_byHand = new ByHandPage(m_project, m_stack);
    for (QWidget* page :
         QList<QWidget*>{m_welcome, m_design, m_runPage, m_results, m_report, m_byHand}) {
        m_stack->addWidget(page);
    }
    layout->addWidget(m_stack, 1);
    setCentralWidget(central);
    m_filePages = new FilePages(m_stack, this);
    connect(m_filePages, &FilePages::pageAdded, this,
            [this](FilePages::Kind kind) { filePageAdded(int(kind)); });
    connect(m_filePages, &FilePages::pageRemoved, this,
            [this](FilePages::Kind kind) { filePageRemoved(int(kind)); });
    connect(m_filePages, &FilePages::fileOpened, this,
            [this](FilePages::Kind, const QString& path, const QString& title) {
                m_recent->add(path, title);
            });

    connect(m_welcome, &WelcomePage::tutorialRequested, this, &MainWindow::newFromTutorial);
    connect(m_welcome, &WelcomePage::newRequested, this, &MainWindow::newEmpty);
    connect(m_welcome, &WelcomePage::openRequested, this, &MainWindow::chooseOpen);
    connect(m_welcome, &WelcomePage::recentRequested, this, &MainWindow::openPath);
    connect(m_welcome, &WelcomePage::judgeDemoRequested, this,
            [this] { openExample(Page::Judge, true); });
    connect(m_welcome, &WelcomePage::nameSetExampleRequested, this,
            [this] { openExample(Page::NameSet, true); });
    connect(m_welcome, &WelcomePage::gradingExampleRequested, this,
            [this] { openExample(Page::Grading, false); });
    connect(m_runPage, &RunPage::resultsRequested, this, [this] { showPage(Page::Results); });
    connect(m_runPage, &RunPage::designRequested, this, [this] { showPage(Page::Design); });
    // Work done by hand is read on the same Results page as a run made here.
    connect(m_byHand, &ByHandPage::analysisReady, this,
            [this](const ProbeAnalysis& analysis, const QString& source) {
                m_results->showAnalysis(analysis, {}, source);
                showPage(Page::Results);
            });
}

MainWindow::Page MainWindow::currentPage() const
{
    if (const auto kind = m_filePages->kindOf(m_stack->currentWidget()))
        return Page(int(Page::Judge) + int(*kind));
    return Page(m_stack->currentIndex());
}

void MainWindow::showPage(Page page)
{
    if (page >= Page::Judge) {
        ProbeFileWorkspace* shown = filePage(page);
        if (!shown)
            return;
        m_stack->setCurrentWidget(shown);
    } else {
        m_stack->setCurrentIndex(int(page));
        m_lastProjectPage = page;
    }
    m_pageActions->actions().at(int(page))->setChecked(true);
    pageShown();
}

ProbeFileWorkspace* MainWindow::filePage(Page page) const
{
    if (page < Page::Judge)
        return nullptr;
    return m_filePages->page(FilePages::Kind(int(page) - int(Page::Judge)));
}

JudgeWorkspace* MainWindow::judgePage() const
{
    return static_cast<JudgeWorkspace*>(filePage(Page::Judge));
}

NameSetWorkspace* MainWindow::nameSetPage() const
{
    return static_cast<NameSetWorkspace*>(filePage(Page::NameSet));
}

GradingWorkspace* MainWindow::gradingPage() const
{
    return static_cast<GradingWorkspace*>(filePage(Page::Grading));
}

AxesWorkspace* MainWindow::axesPage() const
{
    return static_cast<AxesWorkspace*>(filePage(Page::Axes));
}

ProbeFileWorkspace* MainWindow::shownFilePage() const
{
    return filePage(currentPage());
}

void MainWindow::updateTitle()
{
    if (ProbeFileWorkspace* shown = shownFilePage()) {
        setWindowTitle(shown->windowTitle());
        setWindowModified(shown->isWindowModified());
        return;
    }
    if (m_project->filePath().isEmpty()) {
        setWindowTitle(tr("Probe Workbench"));
        setWindowModified(false);
        return;
    }
    setWindowTitle(tr("%1[*] \u2014 Probe Workbench").arg(m_project->displayName()));
    setWindowModified(!m_project->undoStack()->isClean());
}

void MainWindow::updateEnabled()
{
    const bool projectRunning = m_project->isRunning();
    for (QAction* a : std::as_const(m_fileActions)) {
        a->setEnabled(!projectRunning);
    }
    // Undo and redo refuse while the shown page's run is going: its probe must not change
    // under the run.
    ProbeFileWorkspace* shown = shownFilePage();
    const bool running = shown ? shown->fileProject()->isRunning() : projectRunning;
    m_save->setEnabled(shown != nullptr);
    m_close->setEnabled(shown != nullptr);
    m_saveAs->setEnabled(shown || !projectRunning);
    m_undo->setEnabled(!running && m_undoGroup->canUndo());
    m_redo->setEnabled(!running && m_undoGroup->canRedo());
    m_undo->setText(m_undoGroup->canUndo() ? tr("&Undo %1").arg(m_undoGroup->undoText())
                                           : tr("&Undo"));
    m_redo->setText(m_undoGroup->canRedo() ? tr("&Redo %1").arg(m_undoGroup->redoText())
                                           : tr("&Redo"));
}

void MainWindow::projectLoaded(bool ok, const QString& error)
{
    if (!ok) {
        m_banner->showMessage(NoticeBanner::Tone::Error, error);
        return;
    }
    m_banner->hide();
    m_recent->add(m_project->filePath(), m_project->document().title);
    updateTitle();
}

void MainWindow::openInitial()
{
    const QStringList recent = m_recent->files();
    // Untitled files earlier sessions left unused go; the one about to reopen stays.
    if (!m_housekeeping)
        m_housekeeping = std::make_unique<WorkerThread>(QStringLiteral("housekeeping"));
    UntitledFolder::startRemovingUnused(m_housekeeping.get(), recent.value(0));
    if (!recent.isEmpty() && openPath(recent.first())) {
        if (currentPage() >= Page::Judge)
            return; // a file of its own opened in its page
        // The page last shown, else the one openPath chose.
        const int page = QSettings().value(QStringLiteral("window/page"), 0).toInt();
        if (page > int(Page::Welcome) && page <= int(Page::ByHand)) {
            showPage(Page(page));
        }
        return;
    }
    showPage(Page::Welcome);
}

bool MainWindow::openPath(const QString& path)
{
    const QString kind = FileFormat::kindOfFile(path);
    if (const auto fileKind = FilePages::kindOfFile(kind)) {
        // A page of its own beside the project's: the project open here stays as it is.
        const bool ok = m_filePages->open(*fileKind, path);
        // Shown when refused too: its banner says why.
        showPage(Page(int(Page::Judge) + int(*fileKind)));
        return ok;
    }
    if (m_project->isRunning()) {
        // The project is never replaced under its run.
        m_banner->showMessage(NoticeBanner::Tone::Warning,
                              tr("A run is going: %1 was not opened. Open it once the run has "
                                 "finished or been stopped.")
                                  .arg(QDir::toNativeSeparators(path)));
        showPage(m_lastProjectPage);
        return false;
    }
    if (!m_unsaved->confirmLeave()) {
        return false;
    }
    QString error;
    holdHiddenPages(true);
    const bool ok = m_project->open(path, &error);
    if (!ok) {
        holdHiddenPages(false);
        m_unsaved->stay();
        OpenFailureDialog::showFor(path, error, this);
        return false;
    }
    m_unsaved->left();
    projectLoaded(true, QString());
    // A finished project is opened for its results; one without any, for its design.
    const bool results = m_project->hasResults();
    showPage(results ? Page::Results : Page::Design);
    if (!results) {
        holdHiddenPages(false); // no run for Results to read first
    }
    return true;
}

bool MainWindow::startProject(bool (ProbeProject::*make)(QString*), Page page)
{
    holdHiddenPages(false);
    if (!m_unsaved->confirmLeave()) {
        return false;
    }
    QString error;
    const bool ok = (m_project->*make)(&error);
    ok ? m_unsaved->left() : m_unsaved->stay();
    projectLoaded(ok, error);
    if (ok) {
        showPage(page);
    }
    return ok;
}

bool MainWindow::newFromTutorial()
{
    // One click loads it; Start on the Run page is the second.
    return startProject(&ProbeProject::newFromExample, Page::Run);
}

bool MainWindow::newEmpty()
{
    return startProject(&ProbeProject::newEmpty, Page::Design);
}

bool MainWindow::saveAs(const QString& path, bool replaceConfirmed)
{
    QString error;
    const bool ok = m_unsaved->saveAs(path, &error,
                                      replaceConfirmed ? StoreBackup::Existing::Replace
                                                       : StoreBackup::Existing::Refuse);
    projectLoaded(ok, error);
    return ok;
}

bool MainWindow::exportProbe(const QString& path)
{
    QString error;
    if (!m_project->saveAs(path, &error)) {
        m_banner->showMessage(NoticeBanner::Tone::Error, error);
        return false;
    }
    statusBar()->showMessage(tr("Wrote %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

void MainWindow::chooseOpen()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open a project or probe"), QString(),
                                     tr("Projects and probes (*.pbrun *.json);;All files (*)"));
    if (!path.isEmpty()) {
        openPath(path);
    }
}

bool MainWindow::chooseSaveAs()
{
    QString path = QFileDialog::getSaveFileName(
        this, tr("Save the project as"),
        suggestedName(m_project->document().title, QStringLiteral(".pbrun")),
        tr("Probe Workbench projects (*.pbrun)"));
    if (path.isEmpty()) {
        return false;
    }
    // The dialog asked before replacing the file it returned; a name completed with the
    // suffix here was never confirmed.
    const bool confirmed = path.endsWith(QStringLiteral(".pbrun"));
    if (!confirmed) {
        path += QStringLiteral(".pbrun");
    }
    return saveAs(path, confirmed);
}

void MainWindow::chooseExport()
{
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export the probe"),
        suggestedName(m_project->document().title, QStringLiteral(".probe.json")),
        tr("Probe files (*.probe.json)"));
    if (path.isEmpty()) {
        return;
    }
    if (!path.endsWith(QStringLiteral(".json"))) {
        path += QStringLiteral(".probe.json");
    }
    exportProbe(path);
}

void MainWindow::showPresenter()
{
    if (!m_presenter) {
        m_presenter = new PresenterWindow(this);
    }
    m_presenter->show();
    m_presenter->raise();
    m_presenter->activateWindow();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // A run in progress is cancelled by BackgroundRun's destructor; every answered call is
    // already committed, and Start resumes the run next time. Each file page asks about its
    // own run and edits.
    if (m_project->isRunning() &&
        QMessageBox::question(this, tr("Stop the run?"),
                              tr("A run is going. Closing stops it after the calls in flight; "
                                 "what was recorded is kept, and Start resumes it next time."),
                              QMessageBox::Close | QMessageBox::Cancel,
                              QMessageBox::Cancel) != QMessageBox::Close) {
        event->ignore();
        return;
    }
    if (!m_filePages->confirmCloseAll() || !m_unsaved->confirmLeave()) {
        event->ignore();
        return;
    }
    QString error;
    m_project->saveDraft(&error);
    event->accept();
}

void MainWindow::holdHiddenPages(bool hold)
{
    m_runPage->holdReadsWhileHidden(hold);
    m_report->holdReadsWhileHidden(hold);
}

} // namespace pb
