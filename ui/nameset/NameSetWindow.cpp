#include "nameset/NameSetWindow.h"

#include "nameset/NameSetProject.h"
#include "nameset/NameSetReport.h"
#include "nameset/NameSetReportPanel.h"
#include "nameset/NameSetRunPanel.h"
#include "nameset/NameSetStoredResults.h"
#include "run/BackgroundRun.h"
#include "widgets/NoticeBanner.h"

#include <QAction>
#include <QLabel>
#include <QVBoxLayout>

namespace pb {

namespace {

ProbeFileWindowKind nameSetKind()
{
    return {QStringLiteral("nameSetWindow"), NameSetWindow::tr("Name-set probe"),
            NameSetWindow::tr("name set"), NameSetWindow::tr("name-set run"),
            NameSetWindow::tr("Name-set probes (*.names.json)")};
}

// A tab still to be filled by its editor or view: says what it will hold.
QLabel* slotLabel(QWidget* parent, const QString& name)
{
    auto* label = new QLabel(parent);
    label->setAccessibleName(name);
    label->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    label->setWordWrap(true);
    label->setMargin(16);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

NameSetWindow::NameSetWindow(QWidget* parent)
    : ProbeFileWindow(new NameSetProject, nameSetKind(), parent),
      m_project(static_cast<NameSetProject*>(fileProject())), m_run(new BackgroundRun(this)),
      m_analyser(std::make_unique<WorkerThread>(QStringLiteral("nameset-analysis")))
{
    buildTabs();
    auto* example = new QAction(tr("Open the resume-screening &example"), this);
    example->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    connect(example, &QAction::triggered, this, [this] {
        if (maybeSave())
            openExample();
    });
    finishShell({example}, {m_report->exportAction()}, m_runPanel->actions());

    connect(m_project, &NameSetProject::documentChanged, this, &NameSetWindow::refreshPlaceholders);
    connect(m_runPanel, &NameSetRunPanel::resultsUpdated, this, &NameSetWindow::analyseLive);
    connect(m_runPanel, &NameSetRunPanel::runFinished, this, [this](RunOutcome outcome) {
        // What the store holds now, analysed as the CLI analyses it.
        reloadResults();
        if (outcome != RunOutcome::Stopped && currentTab() == RunTab)
            showTab(ReportTab);
    });
    refreshPlaceholders();
}

NameSetWindow::~NameSetWindow()
{
    // The tabs hold the project and the run: they go first, then the run (a run in progress
    // is cancelled and resumes next time); the shell deletes the project.
    m_analyser.reset();
    closeShell();
    delete m_run;
}

void NameSetWindow::buildTabs()
{
    m_namesSlot = slotLabel(tabs(), tr("Names"));
    m_promptSlot = slotLabel(tabs(), tr("Prompt"));
    m_runPanel = new NameSetRunPanel(m_project, m_run, tabs());
    m_resultsSlot = slotLabel(tabs(), tr("Results"));
    m_report = new NameSetReportPanel(m_project, tabs());
    addTab(m_namesSlot, tr("&Names"),
           tr("The names, each with the group the list associates it with."));
    addTab(m_promptSlot, tr("&Prompt"),
           tr("The task, the document with {name}, the template and the reply's schema."));
    addTab(m_runPanel, tr("Ru&n"),
           tr("A dry run on one name, then the whole run; every attempt is logged."));
    addTab(m_resultsSlot, tr("Re&sults"),
           tr("Group means and favourable rates, the four-fifths rule, per-name scores."));
    addTab(m_report, tr("Re&port"),
           tr("report.md as probebench run writes it, and the export "
              "of the results folder."));
}

void NameSetWindow::refreshPlaceholders()
{
    const NameSetDocument& doc = m_project->document();
    m_namesSlot->setText(tr("%1 names in %2 groups: %3.\n\nThe names editor (paste or import "
                            "names with groups) comes here; until then, edit the .names.json.")
                             .arg(doc.names.size())
                             .arg(doc.groups().size())
                             .arg(doc.groups().join(QStringLiteral("; "))));
    m_promptSlot->setText(tr("Task: %1\n\nDecisions: %2 (favourable: %3), score %4 to %5.\n\n"
                             "The template editor with its preview and the schema editor "
                             "come here.")
                              .arg(doc.task, doc.decisions.values.join(QStringLiteral(", ")),
                                   doc.decisions.favourable.join(QStringLiteral(", ")))
                              .arg(doc.score.min)
                              .arg(doc.score.max));
}

void NameSetWindow::setEditorsReadOnly(bool)
{
    // The Names and Prompt editors are made read-only here once they fill their tabs.
}

NameSetWindow::Shown NameSetWindow::describe(const NameSetDocument& doc,
                                             const NameSetAnalysis& analysis)
{
    return {analysis, NameSetReport::markdown(doc, analysis), NameSetReport::verdict(analysis)};
}

void NameSetWindow::reloadResults()
{
    m_report->clear();
    m_analysis = NameSetAnalysis();
    m_shownCalls = 0;
    m_resultsSlot->setText(tr("No results yet: run the name set."));
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

void NameSetWindow::analyseLive(const NameSetDocument& doc, const RunResultsPtr& results)
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

void NameSetWindow::showAnalysis(const NameSetDocument&, const Shown& shown, int calls)
{
    m_analysis = shown.analysis;
    m_shownCalls = calls;
    m_project->setHasResults(calls > 0);
    // Results tab slot: NameSetResultsView::setAnalysis(doc, shown.analysis) goes here.
    m_resultsSlot->setText(tr("%1\n\n%2 calls recorded. The group bars, the impact-ratio chart "
                              "and the per-name strip plot come here; the Report tab has every "
                              "number meanwhile.")
                               .arg(shown.verdict)
                               .arg(calls));
    m_report->setReport(shown.markdown);
    Q_EMIT analysisShown();
}

bool NameSetWindow::openExample(const QString& parentFolder)
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

NameSetWindow* NameSetWindow::showFile(const QString& path, QWidget* parent)
{
    auto* window = new NameSetWindow;
    return showOrRefuse(window, parent, tr("Open a name set"), window->openPath(path)) ? window
                                                                                       : nullptr;
}

NameSetWindow* NameSetWindow::showExample(QWidget* parent, bool run)
{
    auto* window = new NameSetWindow;
    if (!showOrRefuse(window, parent, tr("Resume-screening example"), window->openExample()))
        return nullptr;
    if (run)
        window->runPanel()->startRun();
    return window;
}

NameSetWindow* NameSetWindow::chooseAndShow(QWidget* parent)
{
    const QString path =
        chooseFile(parent, tr("Open a name set"), tr("Name-set probes (*.names.json)"));
    return path.isEmpty() ? nullptr : showFile(path, parent);
}

} // namespace pb
