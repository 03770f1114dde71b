#include "axes/AxesWindow.h"

#include "axes/AxesDesignView.h"
#include "axes/AxesProject.h"
#include "axes/AxesReportPanel.h"
#include "axes/AxesResultsView.h"
#include "axes/AxesRunPanel.h"
#include "run/BackgroundRun.h"
#include "widgets/NoticeBanner.h"

#include <QAction>

namespace pb {

namespace {

ProbeFileWindowKind axesKind()
{
    return {QStringLiteral("axesWindow"), AxesWindow::tr("Probe of several axes"),
            AxesWindow::tr("probe of several axes"), AxesWindow::tr("axes run"),
            AxesWindow::tr("Probes of several axes (*.axes.json)")};
}

} // namespace

AxesWindow::AxesWindow(QWidget* parent)
    : ProbeFileWindow(new AxesProject, axesKind(), parent),
      m_project(static_cast<AxesProject*>(fileProject())), m_run(new BackgroundRun(this))
{
    buildTabs();
    auto* example = new QAction(tr("Open the style-and-names &example"), this);
    example->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    connect(example, &QAction::triggered, this, [this] {
        if (maybeSave())
            openExample();
    });
    finishShell({example}, {m_report->exportAction()}, m_runPanel->actions());

    connect(m_project, &AxesProject::documentChanged, this, [this] {
        m_design->setDocument(m_project->document());
        // Each axis's run is found by its identity: an edited probe has other runs (or none).
        if (!m_project->isRunning())
            reloadResults();
    });
    connect(m_design, &AxesDesignView::edited, m_project, &AxesProject::applyEdit);
    connect(m_runPanel, &AxesRunPanel::runFinished, this, [this](RunOutcome outcome) {
        // What the store holds now, read with the session's ends as the CLI reads it.
        readResults(m_runPanel->ends());
        if (outcome != RunOutcome::Stopped && currentTab() == RunTab)
            showTab(ResultsTab);
    });
    m_design->setDocument(m_project->document());
}

AxesWindow::~AxesWindow()
{
    // The tabs hold the project and the run: they go first, then the run (a run in progress
    // is cancelled and resumes next time); the shell deletes the project.
    closeShell();
    delete m_run;
}

void AxesWindow::buildTabs()
{
    m_design = new AxesDesignView(tabs());
    m_runPanel = new AxesRunPanel(m_project, m_run, tabs());
    m_results = new AxesResultsView(tabs());
    m_report = new AxesReportPanel(m_project, tabs());
    addTab(m_design, tr("&Axes"),
           tr("The base text, each axis's counterfactual text and the settings held fixed."));
    addTab(m_runPanel, tr("Ru&n"),
           tr("Every axis run as a model probe of its own; every call is logged."));
    addTab(m_results, tr("Re&sults"),
           tr("The per-axis vector: each axis's effect, Holm-adjusted p and verdict, and the "
              "max naming its axis."));
    addTab(m_report, tr("Re&port"),
           tr("report.md as probebench run writes it, and the export of the results folder."));
}

void AxesWindow::setEditorsReadOnly(bool readOnly)
{
    m_design->setReadOnly(readOnly);
}

void AxesWindow::reloadResults()
{
    readResults({});
}

void AxesWindow::readResults(const QList<AxisRunEnd>& ends)
{
    m_report->clear();
    m_results->clear();
    m_shown = AxesStoredResults();
    if (m_project->storePath().isEmpty())
        return;
    readStored([doc = m_project->document(), path = m_project->storePath(),
                ends] { return AxesStoredResults::readFile(doc, path, ends); },
               [this](const AxesStoredResults& read) {
                   if (!read.error.isEmpty())
                       banner()->showMessage(
                           NoticeBanner::Tone::Warning,
                           tr("Could not read earlier results: %1").arg(read.error));
                   showRead(read);
               });
}

void AxesWindow::showRead(const AxesStoredResults& read)
{
    m_shown = read;
    m_project->setHasResults(read.storedCalls > 0);
    if (read.storedCalls > 0) {
        m_results->setComparison(read.read.comparison, read.cost);
        m_report->setReport(read.markdown, read.ends);
    }
    Q_EMIT resultsShown();
}

bool AxesWindow::openExample(const QString& parentFolder)
{
    QString error;
    if (!m_project->newFromExample(&error, parentFolder)) {
        showError(tr("Could not make the style-and-names example: %1").arg(error));
        return false;
    }
    opened();
    showTab(RunTab);
    return true;
}

AxesWindow* AxesWindow::showFile(const QString& path, QWidget* parent)
{
    auto* window = new AxesWindow;
    return showOrRefuse(window, parent, tr("Open a probe of several axes"), window->openPath(path))
               ? window
               : nullptr;
}

AxesWindow* AxesWindow::showExample(QWidget* parent, bool run)
{
    auto* window = new AxesWindow;
    if (!showOrRefuse(window, parent, tr("Style-and-names example"), window->openExample()))
        return nullptr;
    if (run)
        window->runPanel()->startRun();
    return window;
}

} // namespace pb
