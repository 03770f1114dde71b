#include "project/ProbeFileWorkspace.h"

#include "project/ProbeFileProject.h"
#include "widgets/NoticeBanner.h"
#include "widgets/ShortcutAction.h"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QTabWidget>
#include <QUndoStack>
#include <QVBoxLayout>

namespace pb {

ProbeFileWorkspace::ProbeFileWorkspace(ProbeFileProject* project, ProbeFileWorkspaceKind kind,
                                       QWidget* parent)
    : QWidget(parent), m_project(project), m_kind(std::move(kind)),
      m_reader(std::make_unique<WorkerThread>(m_kind.settingsKey + QStringLiteral("-results")))
{
    m_project->setParent(this);
    setAccessibleName(m_kind.title);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_banner = new NoticeBanner(this);
    m_banner->setAccessibleName(tr("%1 message").arg(m_kind.title));
    layout->addWidget(m_banner);
    m_tabs = new QTabWidget(this);
    m_tabs->setAccessibleName(tr("%1 tabs").arg(m_kind.title));
    m_tabs->setDocumentMode(true);
    layout->addWidget(m_tabs, 1);

    connect(m_project, &ProbeFileProject::documentChanged, this, &ProbeFileWorkspace::updateTitle);
    connect(m_project, &ProbeFileProject::fileChanged, this, &ProbeFileWorkspace::updateTitle);
    connect(m_project, &ProbeFileProject::runningChanged, this, &ProbeFileWorkspace::updateEnabled);
    connect(m_project->undoStack(), &QUndoStack::cleanChanged, this,
            &ProbeFileWorkspace::updateTitle);
}

ProbeFileWorkspace::~ProbeFileWorkspace()
{
    closeShell();
    delete m_project;
}

void ProbeFileWorkspace::closeShell()
{
    if (m_shellClosed)
        return;
    m_shellClosed = true;
    m_reader.reset(); // a read going on ends here; its result is dropped
    m_project->disconnect(this);
    m_project->undoStack()->disconnect(this);
    // The actions may sit in the window's menus: they go with the tabs they act on.
    qDeleteAll(m_tabActions);
    m_tabActions.clear();
    m_fileActions.clear();
    m_exportActions.clear();
    m_runActions.clear();
    delete m_tabs;
    delete m_banner;
    m_tabs = nullptr;
    m_banner = nullptr;
}

void ProbeFileWorkspace::addTab(QWidget* page, const QString& title, const QString& tip)
{
    const int index = m_tabs->addTab(page, title);
    // Ctrl+1..N are the window's pages: a page's tabs are Alt+1..N.
    auto* show = new QAction(QString(title).remove(QLatin1Char('&')), this);
    show->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + index)));
    connect(show, &QAction::triggered, this, [this, index] { showTabIndex(index); });
    addAction(show); // live while this page is shown, in the window or alone
    m_tabActions << show;
    m_tabs->setTabToolTip(index, ShortcutAction::tipWithKey(tip, show->shortcut()));
}

void ProbeFileWorkspace::finishShell(const QList<QAction*>& fileActions,
                                     const QList<QAction*>& exportActions,
                                     const QList<QAction*>& runActions)
{
    m_fileActions = fileActions;
    m_exportActions = exportActions;
    m_runActions = runActions;
    updateTitle();
    updateEnabled();
}

int ProbeFileWorkspace::currentTabIndex() const
{
    return m_tabs ? m_tabs->currentIndex() : -1;
}

void ProbeFileWorkspace::showTabIndex(int index)
{
    m_tabs->setCurrentIndex(index);
}

QString ProbeFileWorkspace::pageName() const
{
    // Short, for the window's page list: the file's own suffix names the kind.
    QString name = m_project->displayName();
    if (name.endsWith(QLatin1String(".json")))
        name.chop(5);
    return name;
}

QString ProbeFileWorkspace::documentTitle() const
{
    return m_project->displayName();
}

bool ProbeFileWorkspace::openExample(const QString&)
{
    showError(tr("There is no %1 example to open.").arg(m_kind.noun));
    return false;
}

bool ProbeFileWorkspace::isProjectRunning() const
{
    return m_project->isRunning();
}

void ProbeFileWorkspace::updateTitle()
{
    setWindowTitle(
        tr("%1[*] \u2014 %2 \u2014 Probe Workbench").arg(m_project->displayName(), m_kind.title));
    setWindowModified(m_project->isDirty());
    Q_EMIT titleChanged();
}

void ProbeFileWorkspace::updateEnabled()
{
    const bool running = m_project->isRunning();
    for (QAction* a : std::as_const(m_fileActions))
        a->setEnabled(!running);
    setEditorsReadOnly(running);
    if (running)
        m_storedRequest = 0;
}

void ProbeFileWorkspace::opened()
{
    m_banner->hide();
    if (!m_project->loadWarnings().isEmpty())
        m_banner->showMessage(NoticeBanner::Tone::Warning, m_project->loadWarnings());
    reloadResults();
    updateTitle();
}

void ProbeFileWorkspace::showError(const QString& message)
{
    m_banner->showMessage(NoticeBanner::Tone::Error, message);
}

bool ProbeFileWorkspace::openPath(const QString& path)
{
    if (m_project->isRunning()) {
        showError(tr("A %1 is going: %2 was not opened. Open it once the run has finished or "
                     "been stopped.")
                      .arg(m_kind.runNoun, QDir::toNativeSeparators(path)));
        return false;
    }
    QString error;
    if (!m_project->open(path, &error)) {
        showError(tr("Could not open %1:\n%2").arg(QFileInfo(path).fileName(), error));
        return false;
    }
    opened();
    showTabIndex(openedTab());
    return true;
}

bool ProbeFileWorkspace::save()
{
    QString error;
    if (m_project->filePath().isEmpty())
        return chooseSaveAs();
    if (!m_project->save(&error)) {
        showError(tr("Could not save: %1").arg(error));
        return false;
    }
    return true;
}

bool ProbeFileWorkspace::saveAs(const QString& path)
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

bool ProbeFileWorkspace::maybeSave()
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

bool ProbeFileWorkspace::chooseSaveAs()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save the %1 as").arg(m_kind.noun),
                                                m_project->filePath(), m_kind.fileFilter);
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QStringLiteral(".json")))
        path += m_project->fileSuffix();
    return saveAs(path);
}

bool ProbeFileWorkspace::confirmClose()
{
    if (m_project->isRunning()) {
        const auto answer = QMessageBox::question(
            this, tr("Stop the %1?").arg(m_kind.runNoun),
            tr("A %1 is going. Closing stops it after the calls in flight; what was "
               "recorded is kept, and Run resumes it next time.")
                .arg(m_kind.runNoun),
            QMessageBox::Close | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Close)
            return false;
    }
    return maybeSave();
}

void ProbeFileWorkspace::closeEvent(QCloseEvent* event)
{
    if (confirmClose())
        event->accept();
    else
        event->ignore();
}

} // namespace pb
