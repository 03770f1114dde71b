#include "project/ProbeFileWindow.h"

#include "project/ProbeFileProject.h"
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

ProbeFileWindow::ProbeFileWindow(ProbeFileProject* project, ProbeFileWindowKind kind,
                                 QWidget* parent)
    : QMainWindow(parent), m_project(project), m_kind(std::move(kind)),
      m_reader(std::make_unique<WorkerThread>(m_kind.settingsKey + QStringLiteral("-results")))
{
    m_project->setParent(this);
    setAccessibleName(m_kind.title);
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    m_banner = new NoticeBanner(central);
    m_banner->setAccessibleName(tr("%1 message").arg(m_kind.title));
    layout->addWidget(m_banner);
    m_tabs = new QTabWidget(central);
    m_tabs->setAccessibleName(tr("%1 tabs").arg(m_kind.title));
    m_tabs->setDocumentMode(true);
    layout->addWidget(m_tabs, 1);
    setCentralWidget(central);

    connect(m_project, &ProbeFileProject::documentChanged, this, &ProbeFileWindow::updateTitle);
    connect(m_project, &ProbeFileProject::fileChanged, this, &ProbeFileWindow::updateTitle);
    connect(m_project, &ProbeFileProject::runningChanged, this, &ProbeFileWindow::updateEnabled);
    QUndoStack* undo = m_project->undoStack();
    connect(undo, &QUndoStack::cleanChanged, this, &ProbeFileWindow::updateTitle);
    connect(undo, &QUndoStack::indexChanged, this, &ProbeFileWindow::updateEnabled);
}

ProbeFileWindow::~ProbeFileWindow()
{
    closeShell();
    delete m_project;
}

void ProbeFileWindow::closeShell()
{
    if (m_shellClosed)
        return;
    m_shellClosed = true;
    QSettings settings;
    settings.setValue(m_kind.settingsKey + QStringLiteral("/geometry"), saveGeometry());
    settings.setValue(m_kind.settingsKey + QStringLiteral("/state"), saveState());
    settings.setValue(m_kind.settingsKey + QStringLiteral("/tab"), currentTabIndex());
    m_reader.reset(); // a read going on ends here; its result is dropped
    m_project->disconnect(this);
    m_project->undoStack()->disconnect(this);
    delete takeCentralWidget();
    m_tabs = nullptr;
    m_banner = nullptr;
}

void ProbeFileWindow::addTab(QWidget* page, const QString& title, const QString& tip)
{
    const int index = m_tabs->addTab(page, title);
    m_tabs->setTabToolTip(index, tip + QStringLiteral(" (Ctrl+%1)").arg(index + 1));
}

void ProbeFileWindow::finishShell(const QList<QAction*>& fileActions,
                                  const QList<QAction*>& exportActions,
                                  const QList<QAction*>& runActions)
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    m_fileActions << ShortcutAction::inMenu(file, tr("&Open %1\u2026").arg(m_kind.noun),
                                            {QKeySequence::Open}, this, [this] { chooseOpen(); });
    for (QAction* a : fileActions)
        file->addAction(a);
    m_fileActions << fileActions;
    file->addSeparator();
    ShortcutAction::inMenu(file, tr("&Save"), {QKeySequence::Save}, this, [this] { save(); });
    ShortcutAction::inMenu(file, tr("Save &As\u2026"),
                           {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)}, this,
                           [this] { chooseSaveAs(); });
    file->addActions(exportActions);
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
    run->addActions(runActions);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (int i = 0; i < m_tabs->count(); ++i) {
        QAction* a = view->addAction(m_tabs->tabText(i));
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
        connect(a, &QAction::triggered, this, [this, i] { showTabIndex(i); });
    }
    view->addSeparator();
    ThemeChoice::addMenuTo(view);
    HelpMenu::addTo(this);

    QSettings settings;
    resize(1200, 800);
    restoreGeometry(settings.value(m_kind.settingsKey + QStringLiteral("/geometry")).toByteArray());
    restoreState(settings.value(m_kind.settingsKey + QStringLiteral("/state")).toByteArray());
    updateTitle();
    updateEnabled();
}

int ProbeFileWindow::currentTabIndex() const
{
    return m_tabs ? m_tabs->currentIndex() : -1;
}

void ProbeFileWindow::showTabIndex(int index)
{
    m_tabs->setCurrentIndex(index);
}

bool ProbeFileWindow::isProjectRunning() const
{
    return m_project->isRunning();
}

void ProbeFileWindow::updateTitle()
{
    setWindowTitle(
        tr("%1[*] \u2014 %2 \u2014 Probe Workbench").arg(m_project->displayName(), m_kind.title));
    setWindowModified(m_project->isDirty());
}

void ProbeFileWindow::updateEnabled()
{
    const bool running = m_project->isRunning();
    for (QAction* a : std::as_const(m_fileActions))
        a->setEnabled(!running);
    QUndoStack* undo = m_project->undoStack();
    if (m_undo) {
        m_undo->setEnabled(!running && undo->canUndo());
        m_redo->setEnabled(!running && undo->canRedo());
        m_undo->setText(undo->canUndo() ? tr("&Undo %1").arg(undo->undoText()) : tr("&Undo"));
        m_redo->setText(undo->canRedo() ? tr("&Redo %1").arg(undo->redoText()) : tr("&Redo"));
    }
    setEditorsReadOnly(running);
    if (running)
        m_storedRequest = 0;
}

void ProbeFileWindow::opened()
{
    m_banner->hide();
    if (!m_project->loadWarnings().isEmpty())
        m_banner->showMessage(NoticeBanner::Tone::Warning, m_project->loadWarnings());
    reloadResults();
    updateTitle();
}

void ProbeFileWindow::showError(const QString& message)
{
    m_banner->showMessage(NoticeBanner::Tone::Error, message);
}

bool ProbeFileWindow::openPath(const QString& path)
{
    QString error;
    if (!m_project->open(path, &error)) {
        showError(tr("Could not open %1:\n%2").arg(QFileInfo(path).fileName(), error));
        return false;
    }
    opened();
    showTabIndex(openedTab());
    return true;
}

bool ProbeFileWindow::save()
{
    QString error;
    if (m_project->filePath().isEmpty()) {
        chooseSaveAs();
        return !m_project->isDirty();
    }
    if (!m_project->save(&error)) {
        showError(tr("Could not save: %1").arg(error));
        return false;
    }
    return true;
}

bool ProbeFileWindow::saveAs(const QString& path)
{
    QString error;
    const QString before = m_project->storePath();
    if (!m_project->saveAs(path, &error)) {
        showError(tr("Could not save: %1").arg(error));
        return false;
    }
    fileMoved();
    // A probe in a new place has its results beside it: show what is stored there.
    if (m_project->storePath() != before)
        reloadResults();
    return true;
}

bool ProbeFileWindow::maybeSave()
{
    if (!m_project->isDirty())
        return true;
    const auto answer = QMessageBox::question(
        this, tr("Save the %1?").arg(m_kind.noun),
        tr("%1 has changes that are not saved.").arg(m_project->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void ProbeFileWindow::chooseOpen()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open a %1").arg(m_kind.noun), QFileInfo(m_project->filePath()).absolutePath(),
        m_kind.fileFilter + tr(";;JSON files (*.json);;All files (*)"));
    if (!path.isEmpty())
        openPath(path);
}

void ProbeFileWindow::chooseSaveAs()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save the %1 as").arg(m_kind.noun),
                                                m_project->filePath(), m_kind.fileFilter);
    if (path.isEmpty())
        return;
    if (!path.endsWith(QStringLiteral(".json")))
        path += m_project->fileSuffix();
    saveAs(path);
}

bool ProbeFileWindow::showOrRefuse(ProbeFileWindow* window, QWidget* parent, const QString& title,
                                   bool opened)
{
    if (!opened) {
        QMessageBox::warning(parent, title, window->banner()->text());
        delete window;
        return false;
    }
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();
    return true;
}

QString ProbeFileWindow::chooseFile(QWidget* parent, const QString& title, const QString& filter)
{
    return QFileDialog::getOpenFileName(parent, title, QString(),
                                        filter + tr(";;JSON files (*.json);;All files (*)"));
}

void ProbeFileWindow::closeEvent(QCloseEvent* event)
{
    if (m_project->isRunning()) {
        const auto answer = QMessageBox::question(
            this, tr("Stop the %1?").arg(m_kind.runNoun),
            tr("A %1 is going. Closing stops it after the calls in flight; what was "
               "recorded is kept, and Run resumes it next time.")
                .arg(m_kind.runNoun),
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

} // namespace pb
