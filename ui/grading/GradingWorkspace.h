#pragma once

#include "grading/GradingVersions.h"
#include "project/ProbeFileWorkspace.h"

#include <memory>

namespace pb {

class AgreementPanel;
class BackgroundRun;
class BlindScoringPanel;
class GraderBiasPanel;
class GradingFileProject;
class GradingRunPanel;
class RevisionsPanel;
class SubmissionsPanel;

// A grading project (GradingFileProject) as a page of the main window (the shell
// is ProbeFileWorkspace), with tabs Submissions | Run | Blind scoring | Agreement | Revisions |
// Grader bias probe. What the project names (the rubric, the submissions, the blind sheets) and
// what its store holds are read off the GUI thread (GradingStoredResults) when a file is opened and
// when a run ends, so the Submissions tab shows the grades `probebench grade FILE.grading.json`
// writes for the same store. While the rater chosen on the Blind scoring tab has not marked the
// sheet complete, the Submissions tab hides the judge's results on the calibration files; the
// Agreement tab shows agreement.md for the sheets marked complete; the Grader bias probe tab
// measures the grader as `probebench grade FILE --bias KIND` does and shows what the bias
// folders beside the file hold.
class GradingWorkspace : public ProbeFileWorkspace
{
    Q_OBJECT
public:
    enum Tab
    {
        SubmissionsTab,
        RunTab,
        BlindTab,
        AgreementTab,
        RevisionsTab,
        GraderBiasTab
    };

    explicit GradingWorkspace(QWidget* parent = nullptr);
    ~GradingWorkspace() override;

    GradingFileProject* project() const { return m_project; }
    BackgroundRun* backgroundRun() const { return m_run; }
    SubmissionsPanel* submissionsPanel() const { return m_submissions; }
    GradingRunPanel* runPanel() const { return m_runPanel; }
    BlindScoringPanel* blindPanel() const { return m_blind; }
    AgreementPanel* agreementPanel() const { return m_agreement; }
    RevisionsPanel* revisionsPanel() const { return m_revisions; }
    GraderBiasPanel* biasPanel() const { return m_bias; }
    // What the last read found for the first rubric; null before the first read ends.
    std::shared_ptr<const GradingStoredResults> results() const { return m_versions.first; }
    // ... and for every version of the rubric.
    const GradingVersions& versions() const { return m_versions; }

    Tab currentTab() const { return Tab(currentTabIndex()); }
    void showTab(Tab tab) { showTabIndex(int(tab)); }

    // Opens a copy of the shipped library-hours grading (GradingFileProject::newFromExample);
    // shows what went wrong in the banner and returns false.
    bool openExample(const QString& parentFolder = QString()) override;
    QString documentTitle() const override;

Q_SIGNALS:
    // A read of the project's files and store ended and its results are shown.
    void resultsShown();

protected:
    void reloadResults() override;
    void setEditorsReadOnly(bool readOnly) override;
    int openedTab() const override { return SubmissionsTab; }
    void fileMoved() override;

private:
    void buildTabs();
    void showResults(const GradingVersions& versions);
    // What the sheets decide: the files hidden, the agreement shown.
    void refreshFromSheets();

    GradingFileProject* m_project;
    BackgroundRun* m_run;
    SubmissionsPanel* m_submissions = nullptr;
    GradingRunPanel* m_runPanel = nullptr;
    BlindScoringPanel* m_blind = nullptr;
    AgreementPanel* m_agreement = nullptr;
    RevisionsPanel* m_revisions = nullptr;
    GraderBiasPanel* m_bias = nullptr;
    GradingVersions m_versions;
    QList<GradingProject::Revision> m_readRevisions; // what m_versions was read for
};

} // namespace pb
