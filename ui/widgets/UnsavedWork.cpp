#include "widgets/UnsavedWork.h"

#include "project/ProbeProject.h"

#include <QFile>
#include <QMessageBox>
#include <QPushButton>
#include <QUndoStack>

namespace pb {

UnsavedWork::UnsavedWork(ProbeProject* project, QWidget* window, std::function<bool()> saveAs)
    : QObject(window), m_project(project), m_window(window), m_saveAs(std::move(saveAs))
{
}

bool UnsavedWork::holdsWork(ProbeProject& project)
{
    return project.isUntitled() && !project.filePath().isEmpty() &&
           (!project.undoStack()->isClean() || !project.runs().isEmpty() ||
            !project.byHandSheet().isEmpty());
}

bool UnsavedWork::confirmLeave()
{
    m_pendingRemoval.clear();
    if (!m_project || !m_project->isUntitled() || m_project->filePath().isEmpty()) {
        return true;
    }
    const QString untitled = m_project->filePath();
    if (!holdsWork(*m_project)) {
        m_pendingRemoval = untitled;
        return true;
    }
    const int runs = int(m_project->runs().size());
    QMessageBox box(
        QMessageBox::Question, tr("Keep this probe?"),
        tr("\u201C%1\u201D is not saved under a name yet.").arg(m_project->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, m_window);
    box.setInformativeText(
        runs > 0 ? tr("It holds %n run(s) and every call recorded in them. Save it as a project "
                      "to keep them; Discard deletes them.",
                      nullptr, runs)
                 : tr("Save it as a project to keep your changes; Discard deletes them."));
    box.button(QMessageBox::Save)->setText(tr("Save\u2026"));
    box.setDefaultButton(QMessageBox::Save);
    switch (box.exec()) {
    case QMessageBox::Save:
        return m_saveAs && m_saveAs(); // the stale untitled copy goes in saveAs()
    case QMessageBox::Discard:
        m_pendingRemoval = untitled;
        return true;
    default:
        return false;
    }
}

void UnsavedWork::left()
{
    const QString path = m_pendingRemoval;
    m_pendingRemoval.clear();
    if (path.isEmpty() || (m_project && m_project->filePath() == path)) {
        return;
    }
    removeStore(path);
}

void UnsavedWork::stay()
{
    m_pendingRemoval.clear();
}

bool UnsavedWork::saveAs(const QString& path, QString* error, StoreBackup::Existing existing)
{
    const QString before = m_project->filePath();
    const bool wasUntitled = m_project->isUntitled();
    if (!m_project->saveAs(path, error, existing)) {
        return false;
    }
    if (wasUntitled && !before.isEmpty() && m_project->filePath() != before) {
        removeStore(before);
    }
    return true;
}

bool UnsavedWork::removeStore(const QString& path)
{
    bool ok = !QFile::exists(path) || QFile::remove(path);
    for (const QString& suffix : {QStringLiteral("-wal"), QStringLiteral("-shm")}) {
        if (QFile::exists(path + suffix)) {
            ok = QFile::remove(path + suffix) && ok;
        }
    }
    return ok;
}

} // namespace pb
