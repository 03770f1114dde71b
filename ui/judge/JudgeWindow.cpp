#include "judge/JudgeWindow.h"

#include "judge/JudgeItemEditor.h"
#include "judge/JudgeProbeRun.h"
#include "judge/JudgeProject.h"
#include "judge/JudgeReportPanel.h"
#include "judge/JudgeResultsView.h"
#include "judge/JudgeRunPanel.h"
#include "judge/RubricEditor.h"
#include "run/BackgroundRun.h"
#include "run/WorkerThread.h"
#include "widgets/HelpMenu.h"
#include "widgets/NoticeBanner.h"
#include "widgets/ShortcutAction.h"
#include "widgets/ThemeChoice.h"

#include <QAction>
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QTabWidget>
#include <QUndoStack>
#include <QVBoxLayout>

namespace pb {

namespace {

const QString kGeometryKey = QStringLiteral("judgeWindow/geometry");
const QString kStateKey = QStringLiteral("judgeWindow/state");
const QString kTabKey = QStringLiteral("judgeWindow/tab");

} // namespace

JudgeWindow::JudgeWindow(QWidget* parent)
    : QMainWindow(parent), m_project(new JudgeProject(this)), m_run(new BackgroundRun(this)),
      m_reader(std::make_unique<WorkerThread>(QStringLiteral("judge-results")))
{
    setAccessibleName(tr("Judge probe"));
    buildTabs();
    buildMenus();

    connect(m_project, &JudgeProject::documentChanged, this, [this] {
        m_rubric->setDocument(m_project->document());
        m_items->setDocument(m_project->document());
        updateTitle();
    });
    connect(m_project, &JudgeProject::fileChanged, this, &JudgeWindow::updateTitle);
    connect(m_project, &JudgeProject::fileChanged, this, [this] {
        // The report is exported beside the probe (the panel falls back to documents).
        m_report->setExportFolder(m_project->filePath().isEmpty()
                                      ? QString()
                                      : QFileInfo(m_project->filePath()).absolutePath());
    });
    connect(m_project, &JudgeProject::runningChanged, this, &JudgeWindow::updateEnabled);
    QUndoStack* undo = m_project->undoStack();
    connect(undo, &QUndoStack::cleanChanged, this, &JudgeWindow::updateTitle);
    connect(undo, &QUndoStack::indexChanged, this, &JudgeWindow::updateEnabled);
    connect(m_rubric, &RubricEditor::edited, m_project, &JudgeProject::applyEdit);
    connect(m_items, &JudgeItemEditor::edited, m_project, &JudgeProject::applyEdit);

    connect(m_runPanel, &JudgeRunPanel::analysisUpdated, this, &JudgeWindow::showResults);
    connect(m_runPanel, &JudgeRunPanel::runFinished, this, [this](RunOutcome outcome) {
        // The results are what a finished run is for; a stopped one keeps its message in view.
        if (outcome != RunOutcome::Stopped && currentTab() == RunTab && m_results->hasResults())
            showTab(ResultsTab);
    });

    QSettings settings;
    resize(1200, 800);
    restoreGeometry(settings.value(kGeometryKey).toByteArray());
    restoreState(settings.value(kStateKey).toByteArray());
    updateTitle();
    updateEnabled();
}

JudgeWindow::~JudgeWindow()
{
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState());
    settings.setValue(kTabKey, int(currentTab()));
    // The tabs hold the project and the run: delete them first, then the run (its thread
    // stops, a run in progress is cancelled and resumes next time), then the project.
    m_project->disconnect(this);
    m_project->undoStack()->disconnect(this);
    delete takeCentralWidget();
    delete m_run;
    m_reader.reset();
    delete m_project;
}

void JudgeWindow::buildTabs()
{
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    m_banner = new NoticeBanner(central);
    m_banner->setAccessibleName(tr("Judge probe message"));
    layout->addWidget(m_banner);
    m_tabs = new QTabWidget(central);
    m_tabs->setAccessibleName(tr("Judge probe tabs"));
    m_tabs->setDocumentMode(true);
    m_rubric = new RubricEditor(m_tabs);
    m_items = new JudgeItemEditor(m_tabs);
    m_runPanel = new JudgeRunPanel(m_project, m_run, m_tabs);
    m_results = new JudgeResultsView(m_tabs);
    m_report = new JudgeReportPanel(m_tabs);
    const QList<QPair<QWidget*, QString>> tabs{
        {m_rubric, tr("R&ubric")},   {m_items, tr("&Items")},   {m_runPanel, tr("Ru&n")},
        {m_results, tr("Re&sults")}, {m_report, tr("Re&port")},
    };
    const QStringList tips{
        tr("The criteria the judge grades, with their levels or pass/fail and weights."),
        tr("The artifacts, their variants (one property changed) and the verdict each "
           "deserves by construction."),
        tr("Run the judges; every judge call is logged as it is recorded."),
        tr("What moved the verdicts, the score against construction, stability and evidence."),
        tr("The judge section of the Area 4 report, and the judge log for export."),
    };
    for (int i = 0; i < tabs.size(); ++i) {
        m_tabs->addTab(tabs.at(i).first, tabs.at(i).second);
        m_tabs->setTabToolTip(i, tips.at(i) + QStringLiteral(" (Ctrl+%1)").arg(i + 1));
    }
    layout->addWidget(m_tabs, 1);
    setCentralWidget(central);
}

void JudgeWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    m_fileActions << ShortcutAction::inMenu(file, tr("&Open judge probe\u2026"),
                                            {QKeySequence::Open}, this, [this] { chooseOpen(); });
    m_fileActions << ShortcutAction::inMenu(file, tr("Open the padding &demo"),
                                            {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D)}, this,
                                            [this] {
                                                if (maybeSave())
                                                    openDemo();
                                            });
    file->addSeparator();
    ShortcutAction::inMenu(file, tr("&Save"), {QKeySequence::Save}, this, [this] { save(); });
    ShortcutAction::inMenu(file, tr("Save &As\u2026"),
                           {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)}, this,
                           [this] { chooseSaveAs(); });
    file->addAction(m_report->exportAction());
    file->addSeparator();
    ShortcutAction::inMenu(file, tr("&Close"), {QKeySequence::Close}, this, [this] { close(); });

    // Undo and redo go through these actions (not QUndoStack's own) so they can refuse
    // while a run is going: the probe must not change under a run.
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    m_undo = ShortcutAction::inMenu(edit, tr("&Undo"), {QKeySequence::Undo}, this,
                                    [this] { m_project->undoStack()->undo(); });
    m_redo = ShortcutAction::inMenu(edit, tr("&Redo"),
                                    {QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::Key_Y)}, this,
                                    [this] { m_project->undoStack()->redo(); });

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    run->addActions(m_runPanel->actions());

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (int i = 0; i < m_tabs->count(); ++i) {
        QAction* a = view->addAction(m_tabs->tabText(i));
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
        connect(a, &QAction::triggered, this, [this, i] { showTab(Tab(i)); });
    }
    view->addSeparator();
    ThemeChoice::addMenuTo(view);
    HelpMenu::addTo(this);
}

JudgeWindow::Tab JudgeWindow::currentTab() const
{
    return Tab(m_tabs->currentIndex());
}

void JudgeWindow::showTab(Tab tab)
{
    m_tabs->setCurrentIndex(int(tab));
}

void JudgeWindow::updateTitle()
{
    setWindowTitle(
        tr("%1[*] \u2014 Judge probe \u2014 Probe Workbench").arg(m_project->displayName()));
    setWindowModified(m_project->isDirty());
}

void JudgeWindow::updateEnabled()
{
    const bool running = m_project->isRunning();
    for (QAction* a : std::as_const(m_fileActions))
        a->setEnabled(!running);
    QUndoStack* undo = m_project->undoStack();
    m_undo->setEnabled(!running && undo->canUndo());
    m_redo->setEnabled(!running && undo->canRedo());
    m_undo->setText(undo->canUndo() ? tr("&Undo %1").arg(undo->undoText()) : tr("&Undo"));
    m_redo->setText(undo->canRedo() ? tr("&Redo %1").arg(undo->redoText()) : tr("&Redo"));
    m_rubric->setReadOnly(running);
    m_items->setReadOnly(running);
    if (running)
        m_storedRequest = 0;
}

void JudgeWindow::loaded()
{
    m_banner->hide();
    if (!m_project->loadWarnings().isEmpty())
        m_banner->showMessage(NoticeBanner::Tone::Warning, m_project->loadWarnings());
    m_results->clear();
    m_report->clear();
    loadStoredResults();
    updateTitle();
}

void JudgeWindow::loadStoredResults()
{
    if (m_project->storePath().isEmpty())
        return;
    const quint64 request = ++m_lastRequest;
    m_storedRequest = request;
    m_reader->post([doc = m_project->document(),
                    path = m_project->storePath()] { return JudgeProbeRun::readStored(doc, path); },
                   [this, request](const JudgeProbeRun::StoredJudgeResults& stored) {
                       if (request != m_storedRequest || m_project->isRunning())
                           return; // stale: another probe opened, or a run took over
                       m_storedRequest = 0;
                       if (!stored.error.isEmpty())
                           m_banner->showMessage(
                               NoticeBanner::Tone::Warning,
                               tr("Could not read earlier results: %1").arg(stored.error));
                       if (stored.storedCalls > 0)
                           showResults(m_project->document(), stored.analysis);
                   });
}

void JudgeWindow::showResults(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis)
{
    m_project->setHasResults(true);
    m_results->showResults(doc, analysis);
    m_report->setResults(doc, analysis, QFileInfo(m_project->filePath()).fileName(),
                         QFileInfo(m_project->storePath()).fileName());
}

bool JudgeWindow::openPath(const QString& path)
{
    QString error;
    if (!m_project->open(path, &error)) {
        m_banner->showMessage(NoticeBanner::Tone::Error,
                              tr("Could not open %1:\n%2").arg(QFileInfo(path).fileName(), error));
        return false;
    }
    loaded();
    showTab(ItemsTab);
    return true;
}

bool JudgeWindow::openDemo(const QString& parentFolder)
{
    QString error;
    if (!m_project->newFromDemo(&error, parentFolder)) {
        m_banner->showMessage(NoticeBanner::Tone::Error,
                              tr("Could not make the padding demo: %1").arg(error));
        return false;
    }
    loaded();
    showTab(RunTab);
    return true;
}

bool JudgeWindow::save()
{
    QString error;
    if (m_project->filePath().isEmpty()) {
        chooseSaveAs();
        return !m_project->isDirty();
    }
    if (!m_project->save(&error)) {
        m_banner->showMessage(NoticeBanner::Tone::Error, tr("Could not save: %1").arg(error));
        return false;
    }
    return true;
}

bool JudgeWindow::saveAs(const QString& path)
{
    QString error;
    const QString before = m_project->storePath();
    if (!m_project->saveAs(path, &error)) {
        m_banner->showMessage(NoticeBanner::Tone::Error, tr("Could not save: %1").arg(error));
        return false;
    }
    // A probe in a new place has its results beside it: show what is stored there.
    if (m_project->storePath() != before) {
        m_results->clear();
        m_report->clear();
        loadStoredResults();
    }
    return true;
}

bool JudgeWindow::maybeSave()
{
    if (!m_project->isDirty())
        return true;
    const auto answer = QMessageBox::question(
        this, tr("Save the judge probe?"),
        tr("%1 has changes that are not saved.").arg(m_project->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void JudgeWindow::chooseOpen()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open a judge probe"), QFileInfo(m_project->filePath()).absolutePath(),
        tr("Judge probes (*.judge.json);;JSON files (*.json);;All files (*)"));
    if (!path.isEmpty())
        openPath(path);
}

void JudgeWindow::chooseSaveAs()
{
    QString path =
        QFileDialog::getSaveFileName(this, tr("Save the judge probe as"), m_project->filePath(),
                                     tr("Judge probes (*.judge.json)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QStringLiteral(".json")))
        path += QStringLiteral(".judge.json");
    saveAs(path);
}

void JudgeWindow::closeEvent(QCloseEvent* event)
{
    if (m_project->isRunning()) {
        const auto answer = QMessageBox::question(
            this, tr("Stop the judge run?"),
            tr("A judge run is going. Closing stops it after the calls in flight; what was "
               "recorded is kept, and Run resumes it next time."),
            QMessageBox::Close | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Close) {
            event->ignore();
            return;
        }
    }
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    event->accept();
}

JudgeWindow* JudgeWindow::showFile(const QString& path, QWidget* parent)
{
    auto* window = new JudgeWindow;
    window->setAttribute(Qt::WA_DeleteOnClose);
    if (!window->openPath(path)) {
        QMessageBox::warning(parent, tr("Open a judge probe"), window->banner()->text());
        delete window;
        return nullptr;
    }
    window->show();
    return window;
}

JudgeWindow* JudgeWindow::showDemo(QWidget* parent, bool run)
{
    auto* window = new JudgeWindow;
    window->setAttribute(Qt::WA_DeleteOnClose);
    if (!window->openDemo()) {
        QMessageBox::warning(parent, tr("Judge padding demo"), window->banner()->text());
        delete window;
        return nullptr;
    }
    window->show();
    if (run)
        window->runPanel()->startRun();
    return window;
}

JudgeWindow* JudgeWindow::chooseAndShow(QWidget* parent)
{
    const QString path = QFileDialog::getOpenFileName(
        parent, tr("Open a judge probe"), QString(),
        tr("Judge probes (*.judge.json);;JSON files (*.json);;All files (*)"));
    return path.isEmpty() ? nullptr : showFile(path, parent);
}

} // namespace pb
