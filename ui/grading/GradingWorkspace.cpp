#include "grading/GradingWorkspace.h"

#include "grading/AgreementPanel.h"
#include "grading/BlindScoringPanel.h"
#include "grading/GraderBiasPanel.h"
#include "grading/GradingFileProject.h"
#include "grading/GradingRunPanel.h"
#include "grading/RevisionsPanel.h"
#include "grading/SubmissionsPanel.h"
#include "run/BackgroundRun.h"
#include "widgets/NoticeBanner.h"

#include <QAction>
#include <QTabWidget>

namespace pb {

namespace {

ProbeFileWorkspaceKind gradingKind()
{
    return {QStringLiteral("grading"), GradingWorkspace::tr("Grading"),
            GradingWorkspace::tr("grading"), GradingWorkspace::tr("grading run"),
            GradingWorkspace::tr("Gradings (*.grading.json)")};
}

} // namespace

GradingWorkspace::GradingWorkspace(QWidget* parent)
    : ProbeFileWorkspace(new GradingFileProject, gradingKind(), parent),
      m_project(static_cast<GradingFileProject*>(fileProject())), m_run(new BackgroundRun(this))
{
    buildTabs();
    // The example is the window's Help > the library-hours grading example.
    finishShell({}, {m_runPanel->exportAction()}, m_runPanel->actions());

    connect(m_runPanel, &GradingRunPanel::runFinished, this, [this](RunOutcome outcome) {
        reloadResults(); // what the store holds now, read as the CLI reads it
        if (outcome != RunOutcome::Stopped && currentTab() == RunTab)
            showTab(SubmissionsTab);
    });
    connect(m_blind, &BlindScoringPanel::visibilityChanged, this,
            &GradingWorkspace::refreshFromSheets);
    connect(m_revisions, &RevisionsPanel::gradeRequested, this, [this](int number) {
        if (m_runPanel->chooseVersion(number))
            showTab(RunTab);
    });
    // A revision added, removed or put back by Undo: read what it names and what the store
    // holds of it.
    connect(m_project, &GradingFileProject::documentChanged, this, [this] {
        if (m_project->document().revisions != m_readRevisions && !m_project->isRunning())
            reloadResults();
    });
}

GradingWorkspace::~GradingWorkspace()
{
    // The tabs hold the project and the run: they go first, then the run (a run in progress
    // is cancelled and resumes next time); the shell deletes the project.
    closeShell();
    delete m_run;
}

void GradingWorkspace::buildTabs()
{
    m_submissions = new SubmissionsPanel(tabs());
    m_runPanel = new GradingRunPanel(m_project, m_run, tabs());
    m_blind = new BlindScoringPanel(m_project, tabs());
    m_agreement = new AgreementPanel(tabs());
    m_revisions = new RevisionsPanel(m_project, tabs());
    m_bias = new GraderBiasPanel(m_project, m_run, tabs());
    addTab(m_submissions, tr("&Submissions"),
           tr("Each submission's total, flags and levels, and its text with the quotes "
              "highlighted."));
    addTab(m_runPanel, tr("Ru&n"),
           tr("Grade the submissions with the project's judge; the results store resumes."));
    addTab(m_blind, tr("&Blind scoring"),
           tr("A rater's blind sheet for the calibration files; the judge's levels stay hidden "
              "until it is complete."));
    addTab(m_agreement, tr("&Agreement"),
           tr("How the raters' finished sheets agree with each other and with the judge, as "
              "probebench agree reports it, before and after a revision of the rubric."));
    addTab(m_revisions, tr("Revisi&ons"),
           tr("The later versions of the rubric, why each was made, and grading the calibration "
              "files on one."));
    addTab(m_bias, tr("Grader bias &probe"),
           tr("Measure a bias of the grader (padding, byline, position) on the submissions as "
              "matched pairs, with a countermeasure and the residual delta after it."));
}

void GradingWorkspace::fileMoved()
{
    m_blind->relocate();
}

void GradingWorkspace::setEditorsReadOnly(bool readOnly)
{
    m_blind->setEnabled(!readOnly);
}

void GradingWorkspace::reloadResults()
{
    m_versions = GradingVersions();
    m_readRevisions = m_project->document().revisions;
    m_revisions->setVersions(m_versions);
    m_submissions->clear();
    m_agreement->clear();
    m_runPanel->clearVersions();
    m_bias->setInputs(nullptr);
    m_bias->reload(); // the bias folders beside the file, read off the GUI thread
    if (m_project->filePath().isEmpty())
        return;
    readStored(
        [project = m_project->document(), path = m_project->filePath(),
         store = m_project->storePath()] {
            return std::make_shared<const GradingVersions>(
                GradingVersions::read(project, path, store));
        },
        [this](std::shared_ptr<const GradingVersions> read) { showResults(*read); });
}

void GradingWorkspace::showResults(const GradingVersions& versions)
{
    m_versions = versions;
    const std::shared_ptr<const GradingStoredResults>& results = versions.first;
    if (!results->inputsRead()) {
        banner()->showMessage(NoticeBanner::Tone::Error,
                              tr("The grading cannot be read: %1").arg(results->inputError));
        Q_EMIT resultsShown();
        return;
    }
    QStringList problems;
    if (!results->error.isEmpty())
        problems << results->error;
    for (int n = 1; n <= versions.revisions.size(); ++n) {
        if (!versions.revisions.at(n - 1)->inputsRead())
            problems << tr("revision %1: %2").arg(n).arg(versions.revisions.at(n - 1)->inputError);
    }
    if (!problems.isEmpty())
        banner()->showMessage(NoticeBanner::Tone::Warning,
                              tr("Could not read everything: %1").arg(problems.join(u'\n')));
    m_project->setHasResults(results->storedCalls > 0);
    m_runPanel->setVersions(versions);
    m_revisions->setVersions(versions);
    m_blind->setResults(results, m_project->filePath());
    m_submissions->setResults(results);
    m_bias->setInputs(results);
    refreshFromSheets();
    Q_EMIT resultsShown();
}

void GradingWorkspace::refreshFromSheets()
{
    m_submissions->setHidden(m_blind->hiddenFiles(), m_blind->hiddenText());
    m_agreement->update(m_versions, m_blind->finishedSheets(),
                        m_blind->hiddenFiles().isEmpty() ? QString() : m_blind->hiddenText());
}

bool GradingWorkspace::openExample(const QString& parentFolder)
{
    QString error;
    if (!m_project->newFromExample(&error, parentFolder)) {
        showError(tr("Could not make the library-hours example: %1").arg(error));
        return false;
    }
    opened();
    showTab(SubmissionsTab);
    return true;
}

QString GradingWorkspace::documentTitle() const
{
    return m_project->document().title;
}

} // namespace pb
