// MainWindow's menus and the pages they follow: which entries the page shown brings (its undo
// stack, its Run menu, its exports and tabs) and the file pages coming and going.
#include "FilePages.h"
#include "MainWindow.h"
#include "pages/DesignPage.h"
#include "pages/WelcomePage.h"
#include "project/ProbeFileProject.h"
#include "project/ProbeFileWorkspace.h"
#include "project/ProbeProject.h"
#include "run/RunControl.h"
#include "widgets/HelpMenu.h"
#include "widgets/MenuSection.h"
#include "widgets/RecentFilesMenu.h"
#include "widgets/ShortcutAction.h"
#include "widgets/ThemeChoice.h"

#include <QActionGroup>
#include <QFileDialog>
#include <QMenuBar>
#include <QStackedWidget>
#include <QToolBar>
#include <QUndoGroup>
#include <QUndoStack>

namespace pb {

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    m_fileActions << ShortcutAction::inMenu(file, tr("&New"), {QKeySequence::New}, this,
                                            [this] { newEmpty(); });
    m_fileActions << ShortcutAction::inMenu(file, tr("New from the &tutorial example"),
                                            {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N)}, this,
                                            [this] { newFromTutorial(); });
    // Open takes any kind: a project or probe replaces the project, a judge probe, a name set
    // or a grading opens in its page beside it.
    ShortcutAction::inMenu(file, tr("&Open\u2026"), {QKeySequence::Open}, this,
                           [this] { chooseOpen(); });
    ShortcutAction::inMenu(file, tr("Open &judge probe\u2026"),
                           {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_J)}, this,
                           [this] { chooseOpenJudge(); });
    m_recent = new RecentFilesMenu(this);
    file->addMenu(m_recent);
    connect(m_recent, &RecentFilesMenu::fileChosen, this, &MainWindow::openPath);
    connect(m_recent, &RecentFilesMenu::filesChanged, m_welcome, &WelcomePage::setRecentFiles);
    m_welcome->setRecentFiles(m_recent->files());
    file->addSeparator();
    // Save, Save As and Close act on the page shown: the project saves itself as it goes, a
    // file page saves its file.
    m_save = ShortcutAction::inMenu(file, tr("&Save"), {QKeySequence::Save}, this, [this] {
        if (ProbeFileWorkspace* shown = shownFilePage())
            shown->save();
    });
    m_saveAs = ShortcutAction::inMenu(
        file, tr("Save &As\u2026"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)}, this, [this] {
            if (ProbeFileWorkspace* shown = shownFilePage())
                shown->chooseSaveAs();
            else
                chooseSaveAs();
        });
    m_exportSection = std::make_unique<MenuSection>(file);
    m_exportProbe = new QAction(tr("&Export probe as .probe.json\u2026"), this);
    m_exportProbe->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(m_exportProbe, &QAction::triggered, this, [this] { chooseExport(); });
    m_fileSection = std::make_unique<MenuSection>(file);
    file->addSeparator();
    m_close = ShortcutAction::inMenu(file, tr("&Close"), {QKeySequence::Close}, this,
                                     [this] { closeFilePage(); });
    ShortcutAction::inMenu(file, tr("&Quit"), {QKeySequence(Qt::CTRL | Qt::Key_Q)}, this,
                           [this] { close(); });

    // Undo and redo go through these actions (not QUndoGroup's own) so they can refuse
    // while a run is going: the design must not change under a run.
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    m_undo = ShortcutAction::inMenu(edit, tr("&Undo"), {QKeySequence::Undo}, this,
                                    [this] { m_undoGroup->undo(); });
    m_redo = ShortcutAction::inMenu(edit, tr("&Redo"),
                                    {QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::Key_Y)}, this,
                                    [this] { m_undoGroup->redo(); });
    edit->addSeparator();
    m_editSection = std::make_unique<MenuSection>(edit);
    m_designEdits = m_design->pairActions();
    m_designEdits << m_design->unlockAction();

    // One Run menu: the project's run on its pages, a file page's run on that page.
    m_runSection = std::make_unique<MenuSection>(menuBar()->addMenu(tr("&Run")));

    QMenu* view = menuBar()->addMenu(tr("&View"));
    buildPageActions(view);
    view->addSeparator();
    m_tabSection = std::make_unique<MenuSection>(view);
    view->addSeparator();
    ShortcutAction::inMenu(view, tr("&Presenter mode"),
                           {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)}, this,
                           [this] { showPresenter(); });
    ThemeChoice::addMenuTo(view);
    buildHelp();
    m_pageActions->actions().first()->setChecked(true);
    pageShown();
}

void MainWindow::buildPageActions(QMenu* view)
{
    static_assert(std::tuple_size_v<decltype(m_filePageActions)> == FilePages::kKinds &&
                      int(Page::Axes) + 1 == int(Page::Judge) + FilePages::kKinds,
                  "a page, a page entry and a page action for each file kind");
    m_pageActions = new QActionGroup(this);
    m_pageBar = new QToolBar(tr("Pages"), this);
    m_pageBar->setObjectName(QStringLiteral("pages"));
    m_pageBar->setAccessibleName(tr("Pages"));
    m_pageBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_pageBar->setMovable(false);
    // The file pages' names are set when a file opens (their file's name).
    const QStringList names{
        tr("&Welcome"), tr("&Design"),     tr("R&un"),           tr("Re&sults"), tr("Re&port"),
        tr("By &hand"), tr("Judge probe"), tr("Name-set probe"), tr("Grading"),  tr("Axes probe")};
    const QStringList tips{
        tr("Start here: the tutorial's example, open, new."),
        tr("Design the probe: matched pairs, held-fixed settings, the metric."),
        tr("Run the probe and watch the log fill."),
        tr("Per-item gaps, the sign-flip test and the same-versus-same check."),
        tr("The Area 4 report and the CSV log, for export."),
        tr("Run the probe by hand in a chat window and paste the replies."),
        tr("The judge probe open: rubric, items, run, results and report."),
        tr("The name set open: names, prompt, run, results and report."),
        tr("The grading open: submissions, run, blind scoring, agreement, revisions, bias."),
        tr("The probe of several axes open: axes, run, the per-axis vector and the report."),
    };
    for (int i = 0; i < names.size(); ++i) {
        QAction* a = view->addAction(names.at(i));
        a->setCheckable(true);
        // Ctrl+1..9, then Ctrl+0 for the tenth, as the number row runs.
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(i < 9 ? Qt::Key_1 + i : Qt::Key_0)));
        a->setToolTip(ShortcutAction::tipWithKey(tips.at(i), a->shortcut()));
        a->setData(i);
        m_pageActions->addAction(a);
        m_pageBar->addAction(a);
        connect(a, &QAction::triggered, this, [this, i] { showPage(Page(i)); });
        if (i >= int(Page::Judge)) {
            a->setVisible(false); // until a file of the kind is open
            m_filePageActions[i - int(Page::Judge)] = a;
        }
    }
    addToolBar(Qt::LeftToolBarArea, m_pageBar);
}

void MainWindow::buildHelp()
{
    HelpMenu::addTo(this, [this](QMenu* help) {
        ShortcutAction::inMenu(help, tr("&Judge padding demo"),
                               {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D)}, this,
                               [this] { openExample(Page::Judge, true); });
        ShortcutAction::inMenu(help, tr("Open the resume-screening &name-set example"),
                               {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G)}, this,
                               [this] { openExample(Page::NameSet, true); });
        ShortcutAction::inMenu(help, tr("Open the library-hours &grading example"),
                               {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K)}, this,
                               [this] { openExample(Page::Grading, false); });
        ShortcutAction::inMenu(help, tr("Open the style-and-names &axes example"),
                               {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Y)}, this,
                               [this] { openExample(Page::Axes, false); });
    });
}

void MainWindow::pageShown()
{
    ProbeFileWorkspace* shown = shownFilePage();
    m_undoGroup->setActiveStack(shown ? shown->fileProject()->undoStack() : m_project->undoStack());
    m_fileSection->setActions(shown ? shown->fileActions() : QList<QAction*>());
    m_exportSection->setActions(shown ? shown->exportActions() : QList<QAction*>{m_exportProbe});
    m_editSection->setActions(shown ? QList<QAction*>() : m_designEdits);
    m_runSection->setActions(shown ? shown->runActions() : m_control->actions());
    m_tabSection->setActions(shown ? shown->tabActions() : QList<QAction*>());
    updateTitle();
    updateEnabled();
}

void MainWindow::filePageAdded(int kind)
{
    const Page page = Page(int(Page::Judge) + kind);
    ProbeFileWorkspace* added = filePage(page);
    QAction* show = m_filePageActions.at(kind);
    m_undoGroup->addStack(added->fileProject()->undoStack());
    const auto rename = [this, added, show] {
        show->setText(QString(added->pageName()).replace(QLatin1Char('&'), QStringLiteral("&&")));
        show->setToolTip(ShortcutAction::tipWithKey(
            tr("%1: %2").arg(added->kind().title, added->fileProject()->displayName()),
            show->shortcut()));
        if (shownFilePage() == added)
            updateTitle();
    };
    connect(added, &ProbeFileWorkspace::titleChanged, this, rename);
    connect(added->fileProject(), &ProbeFileProject::runningChanged, this,
            &MainWindow::updateEnabled);
    rename();
    show->setVisible(true);
}

void MainWindow::filePageRemoved(int kind)
{
    QAction* show = m_filePageActions.at(kind);
    const bool wasShown = show->isChecked();
    show->setVisible(false);
    if (wasShown)
        showPage(m_lastProjectPage);
}

bool MainWindow::openExample(Page page, bool run)
{
    if (page < Page::Judge)
        return false;
    const bool ok = m_filePages->openExample(FilePages::Kind(int(page) - int(Page::Judge)), run);
    showPage(page); // when refused too: its banner says why
    return ok;
}

bool MainWindow::closeFilePage()
{
    const Page page = currentPage();
    if (page < Page::Judge)
        return false;
    return m_filePages->close(FilePages::Kind(int(page) - int(Page::Judge)));
}

void MainWindow::chooseOpenJudge()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open a judge probe"), QString(),
                                     tr("Judge probes (*.judge.json);;JSON files (*.json);;All "
                                        "files (*)"));
    if (!path.isEmpty())
        openPath(path);
}

} // namespace pb
