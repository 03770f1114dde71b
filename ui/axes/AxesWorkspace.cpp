#include "axes/AxesWorkspace.h"

#include "axes/AxesDesignView.h"
#include "axes/AxesProject.h"
#include "axes/AxesReportPanel.h"
#include "axes/AxesResultsView.h"
#include "axes/AxesRunPanel.h"
#include "run/BackgroundRun.h"
#include "widgets/NoticeBanner.h"

#include <QAction>
#include <QTabWidget>

namespace pb {

namespace {

ProbeFileWorkspaceKind axesKind()
{
    return {QStringLiteral("axes"), AxesWorkspace::tr("Probe of several axes"),
            AxesWorkspace::tr("probe of several axes"), AxesWorkspace::tr("axes run"),
            AxesWorkspace::tr("Probes of several axes (*.axes.json)")};
}

} // namespace

AxesWorkspace::AxesWorkspace(QWidget* parent)
    : ProbeFileWorkspace(new AxesProject, axesKind(), parent),
      m_project(static_cast<AxesProject*>(fileProject())), m_run(new BackgroundRun(this))
{
    buildTabs();
    // The example is the window's Help > the style-and-names axes example.
    finishShell({}, {m_report->exportAction()}, m_runPanel->actions());

    connect(m_project, &AxesProject::documentChanged, this, [this] {
        m_design->setDocument(m_project->document());
        // Each axis's run is found by its identity: an edited probe has other runs (or none).
        if (!m_project->isRunning())
            reloadResults();
    });
    connect(m_design, &AxesDesignView::edited, m_project, &AxesProject::applyEdit);
    connect(m_runPanel, &AxesRunPanel::resultsUpdated, this, &AxesWorkspace::showLive);
    connect(m_project, &AxesProject::runningChanged, this, [this](bool running) {
        // The report is the store's, read when the run ends: an earlier one beside the live
        // results would tell another story.
        if (running)
            m_report->clear();
    });
    connect(m_runPanel, &AxesRunPanel::runFinished, this, [this](RunOutcome outcome) {
        // What the store holds now, read with the session's ends as the CLI reads it.
        readResults(m_runPanel->ends());
        if (outcome != RunOutcome::Stopped && currentTab() == RunTab)
            showTab(ResultsTab);
    });
    m_design->setDocument(m_project->document());
}

AxesWorkspace::~AxesWorkspace()
{
    // The tabs hold the project and the run: they go first, then the run (a run in progress
    // is cancelled and resumes next time); the shell deletes the project.
    closeShell();
    delete m_run;
}

void AxesWorkspace::buildTabs()
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

void AxesWorkspace::setEditorsReadOnly(bool readOnly)
{
    m_design->setReadOnly(readOnly);
}

void AxesWorkspace::reloadResults()
{
    readResults({});
}

void AxesWorkspace::readResults(const QList<AxisRunEnd>& ends)
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

void AxesWorkspace::showRead(const AxesStoredResults& read)
{
    m_shown = read;
    m_project->setHasResults(read.storedCalls > 0);
    if (read.storedCalls > 0) {
        m_results->setComparison(read.read.comparison, read.cost);
        m_report->setReport(read.markdown, read.ends);
    }
    Q_EMIT resultsShown();
}

void AxesWorkspace::showLive(const RunResultsPtr& results)
{
    const AxesRunResults* live = AxesAnalyzer::resultsIn(results);
    if (!live)
        return;
    m_results->setComparison(live->comparison, live->cost);
}

bool AxesWorkspace::openExample(const QString& parentFolder)
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

bool AxesWorkspace::startRun()
{
    return m_runPanel->startRun();
}

QString AxesWorkspace::documentTitle() const
{
    return m_project->document().title;
}

} // namespace pb
