#include "FilePages.h"

#include "axes/AxesDocument.h"
#include "axes/AxesWorkspace.h"
#include "grading/GradingFileProject.h"
#include "grading/GradingWorkspace.h"
#include "judge/JudgeWorkspace.h"
#include "nameset/NameSetWorkspace.h"
#include "project/ProbeFileProject.h"
#include "widgets/NoticeBanner.h"
#include "widgets/OpenFailureDialog.h"

#include <QStackedWidget>

namespace pb {

FilePages::FilePages(QStackedWidget* stack, QWidget* window)
    : QObject(window), m_stack(stack), m_window(window)
{
}

std::optional<FilePages::Kind> FilePages::kindOfFile(const QString& fileKind)
{
    if (fileKind == QLatin1String("judge-probe"))
        return Kind::Judge;
    if (fileKind == QLatin1String("name-set"))
        return Kind::NameSet;
    if (fileKind == QLatin1String(GradingProject::kKind))
        return Kind::Grading;
    if (fileKind == QLatin1String(AxesDocument::kKind))
        return Kind::Axes;
    return std::nullopt;
}

std::optional<FilePages::Kind> FilePages::kindOf(const QWidget* page) const
{
    for (int k = 0; k < kKinds; ++k) {
        if (page && m_pages.at(k) == page)
            return Kind(k);
    }
    return std::nullopt;
}

ProbeFileWorkspace* FilePages::ensure(Kind kind)
{
    if (ProbeFileWorkspace* shown = page(kind))
        return shown;
    ProbeFileWorkspace* made = nullptr;
    switch (kind) {
    case Kind::Judge:
        made = new JudgeWorkspace(m_stack);
        break;
    case Kind::NameSet:
        made = new NameSetWorkspace(m_stack);
        break;
    case Kind::Grading:
        made = new GradingWorkspace(m_stack);
        break;
    case Kind::Axes:
        made = new AxesWorkspace(m_stack);
        break;
    }
    m_pages[int(kind)] = made;
    // Saved under a new name: the recent files list the new file.
    connect(made->fileProject(), &ProbeFileProject::fileChanged, this, [this, kind] {
        const QString path = page(kind)->fileProject()->filePath();
        if (!path.isEmpty() && !page(kind)->fileProject()->isDirty())
            Q_EMIT fileOpened(kind, path, page(kind)->documentTitle());
    });
    m_stack->addWidget(made);
    Q_EMIT pageAdded(kind);
    return made;
}

void FilePages::remove(Kind kind)
{
    ProbeFileWorkspace* gone = std::exchange(m_pages[int(kind)], nullptr);
    if (!gone)
        return;
    m_stack->removeWidget(gone);
    Q_EMIT pageRemoved(kind);
    // Its run, if one was going, is cancelled here (what was recorded is kept).
    delete gone;
}

bool FilePages::open(Kind kind, const QString& path)
{
    const bool made = !page(kind);
    ProbeFileWorkspace* shown = ensure(kind);
    // A run going on refuses the open in the page's banner; unsaved edits are asked about.
    if (!shown->fileProject()->isRunning() && !shown->maybeSave())
        return false;
    if (!shown->openPath(path)) {
        if (made) {
            const QString why = shown->banner()->text();
            remove(kind);
            OpenFailureDialog::showFor(path, why, m_window);
        }
        return false;
    }
    Q_EMIT fileOpened(kind, path, page(kind)->documentTitle());
    return true;
}

bool FilePages::openExample(Kind kind, bool run)
{
    ProbeFileWorkspace* shown = ensure(kind);
    if (shown->fileProject()->isRunning()) {
        shown->banner()->showMessage(
            NoticeBanner::Tone::Warning,
            tr("A %1 is going: the example was not opened. Open it once the run has finished "
               "or been stopped.")
                .arg(shown->kind().runNoun));
        return false;
    }
    if (!shown->maybeSave())
        return false;
    const bool ok = shown->openExample();
    if (ok && run)
        shown->startRun(); // a start refused says why on the Run tab
    if (!ok)
        return false; // the page's banner says why
    Q_EMIT fileOpened(kind, shown->fileProject()->filePath(), page(kind)->documentTitle());
    return true;
}

bool FilePages::close(Kind kind)
{
    ProbeFileWorkspace* shown = page(kind);
    if (shown && !shown->confirmClose())
        return false;
    remove(kind);
    return true;
}

bool FilePages::confirmCloseAll()
{
    for (ProbeFileWorkspace* shown : m_pages) {
        if (shown && !shown->confirmClose())
            return false;
    }
    return true;
}

} // namespace pb
