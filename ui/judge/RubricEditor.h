#pragma once

#include "judge/JudgeProbeDocument.h"
#include "probe/ProbeProblem.h"

#include <QList>
#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace pb {

class NoticeBanner;
class ProblemList;
class RubricCriteriaModel;

// The rubric of a judge probe, edited as a value: setDocument shows a document's rubric and
// every change is announced as the whole new document through edited (the owner keeps undo).
// Shows the title, artifact type, scale and the criteria (add, remove, move; Insert, Delete,
// Ctrl+Up/Down), the weight sum live, and every problem core validation finds, on its cell
// and in a list. An invalid rubric is still emitted, so a user can type through an invalid
// state; it is flagged, not refused.
//
// Edits that would leave the items' deserved verdicts pointing at nothing follow the rubric:
// renaming a criterion renames its deserved verdicts, removing one drops them, and changing
// the scale clears them (levels and pass/fail verdicts do not translate).
class RubricEditor : public QWidget
{
    Q_OBJECT
public:
    explicit RubricEditor(QWidget* parent = nullptr);

    // Shows doc's rubric; keeps the selected criterion when it still exists. Never emits
    // edited.
    void setDocument(const JudgeProbeDocument& doc);
    const JudgeProbeDocument& document() const { return m_doc; }

    RubricCriteriaModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    // The problems now shown, as core validation reported them.
    const QList<ProbeProblem>& problems() const { return m_problems; }
    // "Weights sum to 95, need 100." as shown under the table.
    QString weightSumText() const;
    // The id of the selected criterion, or empty.
    QString currentCriterionId() const;
    void selectCriterion(const QString& id);
    QList<QAction*> editActions() const;
    // While read-only (a judge run is going) nothing can be edited.
    void setReadOnly(bool readOnly);

public Q_SLOTS:
    void addCriterion();
    void removeCriterion();
    void moveUp();
    void moveDown();

Q_SIGNALS:
    void edited(const pb::JudgeProbeDocument& doc, const QString& description);

private:
    void build();
    void applyRubric(const Rubric& rubric, const QString& description);
    void refreshChrome();
    void refreshProblems();
    void moveBy(int delta);
    void goToProblem(int row);
    void fitRows();

    JudgeProbeDocument m_doc;
    QList<ProbeProblem> m_problems;
    bool m_readOnly = false;
    RubricCriteriaModel* m_model;
    NoticeBanner* m_notice = nullptr;
    QLineEdit* m_title = nullptr;
    QLineEdit* m_artifactType = nullptr;
    QComboBox* m_scale = nullptr;
    QTableView* m_table = nullptr;
    QLabel* m_weightSum = nullptr;
    ProblemList* m_problemList = nullptr;
    QAction* m_add = nullptr;
    QAction* m_remove = nullptr;
    QAction* m_up = nullptr;
    QAction* m_down = nullptr;
};

} // namespace pb
