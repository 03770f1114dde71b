#include "judge/JudgeWorkspace.h"

#include "judge/JudgeItemEditor.h"
#include "judge/JudgeProbeRun.h"
#include "judge/JudgeProject.h"
#include "judge/JudgeReportPanel.h"
#include "judge/JudgeResultsView.h"
#include "judge/JudgeRunPanel.h"
#include "judge/RubricEditor.h"
#include "run/BackgroundRun.h"
#include "widgets/NoticeBanner.h"
#include "widgets/ShortcutAction.h"

#include <QAction>
#include <QFileInfo>
#include <QTabWidget>

namespace pb {

namespace {

QList<std::optional<TokenPrices>> pricesOf(const JudgeProbeDocument& doc)
{
    QList<std::optional<TokenPrices>> prices;
    for (const JudgeConfig& j : doc.judges)
        prices << j.prices;
    return prices;
}

ProbeFileWorkspaceKind judgeKind()
{
    return {QStringLiteral("judge"), JudgeWorkspace::tr("Judge probe"),
            JudgeWorkspace::tr("judge probe"), JudgeWorkspace::tr("judge run"),
            JudgeWorkspace::tr("Judge probes (*.judge.json)")};
}

} // namespace

JudgeWorkspace::JudgeWorkspace(QWidget* parent)
    : ProbeFileWorkspace(new JudgeProject, judgeKind(), parent),
      m_project(static_cast<JudgeProject*>(fileProject())), m_run(new BackgroundRun(this))
{
    buildTabs();
    // The padding demo is the window's Help > Judge padding demo.
    finishShell({}, {m_report->exportAction()}, m_runPanel->actions());

    connect(m_project, &JudgeProject::documentChanged, this, [this] {
        m_rubric->setDocument(m_project->document());
        m_items->setDocument(m_project->document());
        // A price edited on the Run tab: the stored results are read again and costed at it,
        // as `probebench run` costs them now.
        if (!m_project->isRunning() && m_results->hasResults() &&
            pricesOf(m_project->document()) != m_shownPrices)
            reloadResults();
    });
    connect(m_rubric, &RubricEditor::edited, m_project, &JudgeProject::applyEdit);
    connect(m_items, &JudgeItemEditor::edited, m_project, &JudgeProject::applyEdit);

    connect(m_runPanel, &JudgeRunPanel::analysisUpdated, this, &JudgeWorkspace::showResults);
    connect(m_runPanel, &JudgeRunPanel::runFinished, this, [this](RunOutcome outcome) {
        // The results are what a finished run is for; a stopped one keeps its message in view.
        if (outcome != RunOutcome::Stopped && currentTab() == RunTab && m_results->hasResults())
            showTab(ResultsTab);
    });
}

JudgeWorkspace::~JudgeWorkspace()
{
    // The tabs hold the project and the run: they go first, then the run (its thread stops,
    // a run in progress is cancelled and resumes next time); the shell deletes the project.
    closeShell();
    delete m_run;
}

void JudgeWorkspace::buildTabs()
{
    m_rubric = new RubricEditor(tabs());
    m_items = new JudgeItemEditor(tabs());
    m_runPanel = new JudgeRunPanel(m_project, m_run, tabs());
    m_results = new JudgeResultsView(tabs());
    m_report = new JudgeReportPanel(m_project, tabs());
    addTab(m_rubric, tr("R&ubric"),
           tr("The criteria the judge grades, with their levels or pass/fail and weights."));
    addTab(m_items, tr("&Items"),
           tr("The artifacts, their variants (one property changed) and the verdict each "
              "deserves by construction."));
    addTab(m_runPanel, tr("Ru&n"),
           tr("Run the judges; every judge call is logged as it is recorded."));
    addTab(m_results, tr("Re&sults"),
           tr("What moved the verdicts, the score against construction, stability and "
              "evidence."));
    addTab(m_report, tr("Re&port"),
           tr("The judge section of the Area 4 report, and the judge log for export."));
}

void JudgeWorkspace::setEditorsReadOnly(bool readOnly)
{
    m_rubric->setReadOnly(readOnly);
    m_items->setReadOnly(readOnly);
}

void JudgeWorkspace::reloadResults()
{
    m_results->clear();
    m_report->clear();
    if (m_project->storePath().isEmpty())
        return;
    readStored([doc = m_project->document(),
                path = m_project->storePath()] { return JudgeProbeRun::readStored(doc, path); },
               [this](const JudgeProbeRun::StoredJudgeResults& stored) {
                   if (!stored.error.isEmpty())
                       banner()->showMessage(
                           NoticeBanner::Tone::Warning,
                           tr("Could not read earlier results: %1").arg(stored.error));
                   if (stored.storedCalls > 0)
                       showResults(m_project->document(), stored.analysis);
               });
}

void JudgeWorkspace::showResults(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis)
{
    m_project->setHasResults(true);
    m_shownPrices = pricesOf(doc);
    m_results->showResults(doc, analysis);
    m_report->setResults(doc, analysis, QFileInfo(m_project->filePath()).fileName(),
                         m_project->storePath());
}

bool JudgeWorkspace::openDemo(const QString& parentFolder)
{
    QString error;
    if (!m_project->newFromDemo(&error, parentFolder)) {
        showError(tr("Could not make the padding demo: %1").arg(error));
        return false;
    }
    opened();
    showTab(RunTab);
    return true;
}

bool JudgeWorkspace::startRun()
{
    return m_runPanel->startRun();
}

QString JudgeWorkspace::documentTitle() const
{
    return m_project->document().title;
}

} // namespace pb
