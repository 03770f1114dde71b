#include "MainWindow.h"

#include "axes/AxesDocument.h"
#include "axes/AxesProject.h"
#include "axes/AxesWindow.h"
#include "grading/GradingFileProject.h"
#include "grading/GradingWindow.h"
#include "judge/JudgeProbeReader.h"
#include "judge/JudgeProject.h"
#include "judge/JudgeWindow.h"
#include "nameset/NameSetProject.h"
#include "nameset/NameSetWindow.h"
#include "pages/ByHandPage.h"
#include "pages/DesignPage.h"
#include "pages/ReportPage.h"
#include "pages/ResultsPage.h"
#include "pages/RunPage.h"
#include "pages/WelcomePage.h"
#include "probe/FileFormat.h"
#include "project/ProbeProject.h"
#include "project/UntitledFolder.h"
#include "run/BackgroundRun.h"
#include "run/RunAttention.h"
#include "run/RunControl.h"
#include "run/WorkerThread.h"
#include "widgets/HelpMenu.h"
#include "widgets/NoticeBanner.h"
#include "widgets/OpenFailureDialog.h"
#include "widgets/PresenterWindow.h"
#include "widgets/RecentFilesMenu.h"
#include "widgets/ShortcutAction.h"
#include "widgets/ThemeChoice.h"
#include "widgets/UnsavedWork.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolBar>
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
      m_control(new RunControl(m_project, m_run, this))
{
    setAccessibleName(tr("Probe Workbench"));
    m_unsaved = new UnsavedWork(m_project, this, [this] { return chooseSaveAs(); });
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
    connect(m_project->undoStack(), &QUndoStack::canUndoChanged, this, &MainWindow::updateEnabled);
    connect(m_project->undoStack(), &QUndoStack::canRedoChanged, this, &MainWindow::updateEnabled);
    connect(m_project->undoStack(), &QUndoStack::indexChanged, this, &MainWindow::updateEnabled);
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
    settings.setValue(QStringLiteral("window/page"), int(currentPage()));
    // Pages hold the project and the run: delete them while both still exist, then the
    // run (its thread stops) and the project, whose undo stack reports its own clearing.
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

    connect(m_welcome, &WelcomePage::tutorialRequested, this, &MainWindow::newFromTutorial);
    connect(m_welcome, &WelcomePage::newRequested, this, &MainWindow::newEmpty);
    connect(m_welcome, &WelcomePage::openRequested, this, &MainWindow::chooseOpen);
    connect(m_welcome, &WelcomePage::recentRequested, this, &MainWindow::openPath);
    connect(m_welcome, &WelcomePage::judgeDemoRequested, this,
            [this] { JudgeWindow::showDemo(this, true); });
    connect(m_welcome, &WelcomePage::nameSetExampleRequested, this,
            [this] { NameSetWindow::showExample(this, true); });
    connect(m_welcome, &WelcomePage::gradingExampleRequested, this,
            [this] { GradingWindow::showExample(this); });
    connect(m_runPage, &RunPage::resultsRequested, this, [this] { showPage(Page::Results); });
    connect(m_runPage, &RunPage::designRequested, this, [this] { showPage(Page::Design); });
    // Work done by hand is read on the same Results page as a run made here.
    connect(m_byHand, &ByHandPage::analysisReady, this,
            [this](const ProbeAnalysis& analysis, const QString& source) {
                m_results->showAnalysis(analysis, {}, source);
                showPage(Page::Results);
            });
}

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    m_fileActions << ShortcutAction::inMenu(file, tr("&New"), {QKeySequence::New}, this,
                                            [this] { newEmpty(); });
    m_fileActions << ShortcutAction::inMenu(file, tr("New from the &tutorial example"),
                                            {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N)}, this,
                                            [this] { newFromTutorial(); });
    m_fileActions << ShortcutAction::inMenu(file, tr("&Open\u2026"), {QKeySequence::Open}, this,
                                            [this] { chooseOpen(); });
    ShortcutAction::inMenu(file, tr("Open &judge probe\u2026"),
                           {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_J)}, this, [this] {
                               if (JudgeWindow* w = JudgeWindow::chooseAndShow(this))
                                   m_recent->add(w->project()->filePath(),
                                                 w->project()->document().title);
                           });
    m_recent = new RecentFilesMenu(this);
    file->addMenu(m_recent);
    m_fileActions << m_recent->menuAction();
    connect(m_recent, &RecentFilesMenu::fileChosen, this, &MainWindow::openPath);
    connect(m_recent, &RecentFilesMenu::filesChanged, m_welcome, &WelcomePage::setRecentFiles);
    m_welcome->setRecentFiles(m_recent->files());
    file->addSeparator();
    m_fileActions << ShortcutAction::inMenu(file, tr("Save &As\u2026"),
                                            {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)}, this,
                                            [this] { chooseSaveAs(); });
    ShortcutAction::inMenu(file, tr("&Export probe as .probe.json\u2026"),
                           {QKeySequence(Qt::CTRL | Qt::Key_E)}, this, [this] { chooseExport(); });
    file->addSeparator();
    ShortcutAction::inMenu(file, tr("&Quit"), {QKeySequence(Qt::CTRL | Qt::Key_Q)}, this,
                           [this] { close(); });

    // Undo and redo go through these actions (not QUndoStack's own) so they can refuse
    // while a run is going: the design must not change under a run.
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    m_undo = ShortcutAction::inMenu(edit, tr("&Undo"), {QKeySequence::Undo}, this,
                                    [this] { m_project->undoStack()->undo(); });
    m_redo = ShortcutAction::inMenu(edit, tr("&Redo"),
                                    {QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::Key_Y)}, this,
                                    [this] { m_project->undoStack()->redo(); });
    edit->addSeparator();
    edit->addActions(m_design->pairActions());
    edit->addAction(m_design->unlockAction());

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    run->addActions(m_control->actions());

    QMenu* view = menuBar()->addMenu(tr("&View"));
    m_pageActions = new QActionGroup(this);
    auto* pageBar = new QToolBar(tr("Pages"), this);
    pageBar->setObjectName(QStringLiteral("pages"));
    pageBar->setAccessibleName(tr("Pages"));
    pageBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    pageBar->setMovable(false);
    const QStringList names{tr("&Welcome"), tr("&Design"), tr("R&un"),
                            tr("Re&sults"), tr("Re&port"), tr("By &hand")};
    const QStringList tips{
        tr("Start here: the tutorial's example, open, new."),
        tr("Design the probe: matched pairs, held-fixed settings, the metric."),
        tr("Run the probe and watch the log fill."),
        tr("Per-item gaps, the sign-flip test and the same-versus-same check."),
        tr("The Area 4 report and the CSV log, for export."),
        tr("Run the probe by hand in a chat window and paste the replies."),
    };
    for (int i = 0; i < names.size(); ++i) {
        QAction* a = view->addAction(names.at(i));
        a->setCheckable(true);
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
        a->setToolTip(ShortcutAction::tipWithKey(tips.at(i), a->shortcut()));
        a->setData(i);
        m_pageActions->addAction(a);
        pageBar->addAction(a);
        connect(a, &QAction::triggered, this, [this, i] { showPage(Page(i)); });
    }
    addToolBar(Qt::LeftToolBarArea, pageBar);
    view->addSeparator();
    ShortcutAction::inMenu(view, tr("&Presenter mode"),
                           {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)}, this,
                           [this] { showPresenter(); });
    ThemeChoice::addMenuTo(view);
    m_pageActions->actions().first()->setChecked(true);

    HelpMenu::addTo(this, [this](QMenu* help) {
        ShortcutAction::inMenu(help, tr("&Judge padding demo"),
                               {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D)}, this,
                               [this] { JudgeWindow::showDemo(this, true); });
        ShortcutAction::inMenu(help, tr("Open the resume-screening &name-set example"),
                               {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G)}, this,
                               [this] { NameSetWindow::showExample(this, true); });
        ShortcutAction::inMenu(help, tr("Open the library-hours &grading example"),
                               {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K)}, this,
                               [this] { GradingWindow::showExample(this); });
    });
}

MainWindow::Page MainWindow::currentPage() const
{
    return Page(m_stack->currentIndex());
}

void MainWindow::showPage(Page page)
{
    m_stack->setCurrentIndex(int(page));
    m_pageActions->actions().at(int(page))->setChecked(true);
}

void MainWindow::updateTitle()
{
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
    const bool running = m_project->isRunning();
    for (QAction* a : std::as_const(m_fileActions)) {
        a->setEnabled(!running);
    }
    m_undo->setEnabled(!running && m_project->undoStack()->canUndo());
    m_redo->setEnabled(!running && m_project->undoStack()->canRedo());
    m_undo->setText(m_project->undoStack()->canUndo()
                        ? tr("&Undo %1").arg(m_project->undoStack()->undoText())
                        : tr("&Undo"));
    m_redo->setText(m_project->undoStack()->canRedo()
                        ? tr("&Redo %1").arg(m_project->undoStack()->redoText())
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
    if (kind == QLatin1String("name-set")) {
        // A window of its own, as a judge probe's: the project open here stays as it is.
        NameSetWindow* shown = NameSetWindow::showFile(path, this);
        if (shown)
            m_recent->add(path, shown->project()->document().title);
        return shown != nullptr;
    }
    if (kind == QLatin1String(GradingProject::kKind)) {
        GradingWindow* shown = GradingWindow::showFile(path, this);
        if (shown)
            m_recent->add(path, shown->project()->document().title);
        return shown != nullptr;
    }
    if (kind == QLatin1String(AxesDocument::kKind)) {
        AxesWindow* shown = AxesWindow::showFile(path, this);
        if (shown)
            m_recent->add(path, shown->project()->document().title);
        return shown != nullptr;
    }
    if (kind == QLatin1String("judge-probe")) {
        JudgeWindow* shown = JudgeWindow::showFile(path, this);
        if (shown) // judge probes are reopened from the same list
            m_recent->add(path, shown->project()->document().title);
        return shown != nullptr;
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
    // already committed, and Start resumes the run next time.
    if (!m_unsaved->confirmLeave()) {
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
