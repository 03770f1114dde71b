#pragma once

#include "grading/GradingVersions.h"

#include <QWidget>

class QPushButton;
class QTableView;

namespace pb {

class GradingFileProject;
class NoticeBanner;
class RevisionListModel;

// The Revisions tab of a grading: the later versions of its rubric, each with the reason it was
// made (GradingProject::revisions), and what the store holds of each. Adding or removing one is
// an undoable edit of the project; "Grade this revision" asks the window to grade the
// calibration files on it (the Run tab, as `probebench grade FILE --revision N`), after which
// the Agreement tab sets it beside the first rubric.
class RevisionsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit RevisionsPanel(GradingFileProject* project, QWidget* parent = nullptr);

    RevisionListModel* model() const { return m_model; }
    NoticeBanner* banner() const { return m_banner; }

    // What the last read found; the table shows the project's revisions against it.
    void setVersions(const GradingVersions& versions);

    // Adds the rubric at rubricPath (kept relative to the project's file when it is beside or
    // below it) as the next revision, with why; false, with the reason in the banner, when
    // why is empty, the project has no file or no calibration files, or it is listed already.
    bool addRevision(const QString& rubricPath, const QString& why);
    bool removeRevision(int number);

Q_SIGNALS:
    // The user asked to grade revision `number` (1-based).
    void gradeRequested(int number);

private:
    void chooseAndAdd();
    int selectedNumber() const; // 0: none
    void refreshEnabled();

    GradingFileProject* m_project;
    GradingVersions m_versions;
    RevisionListModel* m_model;
    QTableView* m_table;
    QPushButton* m_add;
    QPushButton* m_remove;
    QPushButton* m_grade;
    NoticeBanner* m_banner;
};

} // namespace pb
