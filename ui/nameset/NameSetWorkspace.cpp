#include "nameset/NameSetWorkspace.h"

#include "nameset/DecisionSchemaEditor.h"
#include "nameset/NameListEditor.h"
#include "nameset/NameSetProject.h"
#include "nameset/NameSetReport.h"
#include "nameset/NameSetReportPanel.h"
#include "nameset/NameSetResultsView.h"
#include "nameset/NameSetRunPanel.h"
#include "nameset/NameSetStoredResults.h"
#include "nameset/PromptTemplateEditor.h"
#include "run/BackgroundRun.h"
#include "widgets/NoticeBanner.h"

#include <QAction>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace pb {

namespace {

ProbeFileWorkspaceKind nameSetKind()
{
    return {QStringLiteral("nameSet"), NameSetWorkspace::tr("Name-set probe"),
            NameSetWorkspace::tr("name set"), NameSetWorkspace::tr("name-set run"),
            NameSetWorkspace::tr("Name-set probes (*.names.json)")};
}

} // namespace

NameSetWorkspace::NameSetWorkspace(QWidget* parent)
    : ProbeFileWorkspace(new NameSetProject, nameSetKind(), parent),
      m_project(static_cast<NameSetProject*>(fileProject())), m_run(new BackgroundRun(this)),
      m_analyser(std::make_unique<WorkerThread>(QStringLiteral("nameset-analysis")))
{
    buildTabs();
    // The example is the window's Help > the resume-screening name-set example.
    finishShell({}, {m_report->exportAction()}, m_runPanel->actions());

    connect(m_project, &NameSetProject::documentChanged, this, &NameSetWorkspace::showDocument);
    // A price edited on the Run tab: the stored results are read again at the new prices,
    // as `probebench run` would cost them now.
    connect(m_project, &NameSetProject::documentChanged, this, [this] {
        if (!m_project->isRunning() && m_shownCalls > 0 &&
            m_analysis.cost != m_analysis.cost.atPrices(m_project->document().settings.prices))
            reloadResults();
    });
    connect(m_names, &NameListEditor::edited, m_project, &NameSetProject::applyEdit);
    connect(m_prompt, &PromptTemplateEditor::edited, m_project, &NameSetProject::applyEdit);
    connect(m_schema, &DecisionSchemaEditor::edited, m_project, &NameSetProject::applyEdit);
    connect(m_runPanel, &NameSetRunPanel::resultsUpdated, this, &NameSetWorkspace::analyseLive);
    connect(m_runPanel, &NameSetRunPanel::runFinished, this, [this](RunOutcome outcome) {
        // What the store holds now, analysed as the CLI analyses it.
        reloadResults();
        if (outcome != RunOutcome::Stopped && currentTab() == RunTab)
            showTab(ReportTab);
    });
    showDocument();
}

NameSetWorkspace::~NameSetWorkspace()
{
    // The tabs hold the project and the run: they go first, then the run (a run in progress
    // is cancelled and resumes next time); the shell deletes the project.
    m_analyser.reset();
    closeShell();
    delete m_run;
}

void NameSetWorkspace::buildTabs()
{
    m_names = new NameListEditor(tabs());
    auto* prompt = new QSplitter(Qt::Horizontal, tabs());
    prompt->setChildrenCollapsible(false);
    m_prompt = new PromptTemplateEditor(prompt);
    m_schema = new DecisionSchemaEditor(prompt);
    prompt->addWidget(m_prompt);
    prompt->addWidget(m_schema);
    prompt->setStretchFactor(0, 3);
    prompt->setStretchFactor(1, 2);
    m_runPanel = new NameSetRunPanel(m_project, m_run, tabs());
    m_results = new NameSetResultsView(tabs());
    m_report = new NameSetReportPanel(m_project, tabs());
    addTab(m_names, tr("&Names"),
           tr("The names, each with the group the list associates it with."));
    addTab(prompt, tr("&Prompt"),
           tr("The task, the document with {name}, the template and the reply's schema."));
    addTab(m_runPanel, tr("Ru&n"),
           tr("A dry run on one name, then the whole run; every attempt is logged."));
    addTab(m_results, tr("Re&sults"),
           tr("Group means and favourable rates, the four-fifths rule, per-name scores."));
    addTab(m_report, tr("Re&port"),
           tr("report.md as probebench run writes it, and the export "
              "of the results folder."));
}

void NameSetWorkspace::showDocument()
{
    const NameSetDocument& doc = m_project->document();
    m_names->setDocument(doc);
    m_prompt->setDocument(doc);
    m_schema->setDocument(doc);
}

void NameSetWorkspace::setEditorsReadOnly(bool readOnly)
{
    m_names->setReadOnly(readOnly);
    m_prompt->setReadOnly(readOnly);
    m_schema->setReadOnly(readOnly);
}

NameSetWorkspace::Shown NameSetWorkspace::describe(const NameSetDocument& doc,
                                                   const NameSetAnalysis& analysis)
{
    return {analysis, NameSetReport::markdown(doc, analysis)};
}

void NameSetWorkspace::reloadResults()
{
    m_report->clear();
    m_analysis = NameSetAnalysis();
    m_shownCalls = 0;
    m_results->clear();
    if (m_project->storePath().isEmpty())
        return;
    readStored(
        [doc = m_project->document(), path = m_project->storePath()] {
            NameSetStoredResults stored = NameSetStoredResults::read(doc, path);
            return std::make_pair(stored, describe(doc, stored.analysis));
        },
        [this](const std::pair<NameSetStoredResults, Shown>& read) {
            if (!read.first.error.isEmpty())
                banner()->showMessage(
                    NoticeBanner::Tone::Warning,
                    tr("Could not read earlier results: %1").arg(read.first.error));
            m_project->setHasResults(read.first.storedCalls > 0);
            if (read.first.storedCalls > 0)
                showAnalysis(m_project->document(), read.second, read.first.storedCalls);
        });
}

void NameSetWorkspace::analyseLive(const NameSetDocument& doc, const RunResultsPtr& results)
{
    if (m_analysing) {
        m_waiting = results;
        m_waitingDoc = doc;
        return;
    }
    m_analysing = true;
    m_analyser->post(
        [doc, results] {
            const NameSetResults* held = NameSetRun::resultsIn(results);
            return std::make_pair(describe(doc, NameSetAnalysis::compute(doc, *held)),
                                  int(held->observations.size()));
        },
        [this, doc](const std::pair<Shown, int>& done) {
            m_analysing = false;
            if (m_project->isRunning()) // after the run, the store's analysis is shown
                showAnalysis(doc, done.first, done.second);
            if (m_waiting) {
                const RunResultsPtr next = std::exchange(m_waiting, nullptr);
                analyseLive(m_waitingDoc, next);
            }
        });
}

void NameSetWorkspace::showAnalysis(const NameSetDocument& doc, const Shown& shown, int calls)
{
    m_analysis = shown.analysis;
    m_shownCalls = calls;
    m_project->setHasResults(calls > 0);
    m_results->setAnalysis(doc, shown.analysis);
    m_report->setReport(shown.markdown);
    Q_EMIT analysisShown();
}

bool NameSetWorkspace::openExample(const QString& parentFolder)
{
    QString error;
    if (!m_project->newFromExample(&error, parentFolder)) {
        showError(tr("Could not make the resume-screening example: %1").arg(error));
        return false;
    }
    opened();
    showTab(RunTab);
    return true;
}

bool NameSetWorkspace::startRun()
{
    return m_runPanel->startRun();
}

QString NameSetWorkspace::documentTitle() const
{
    return m_project->document().title;
}

} // namespace pb
