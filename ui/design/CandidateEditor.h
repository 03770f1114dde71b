#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QListView;
class QPushButton;
class QSpinBox;

namespace pb {

class CandidateListModel;
class ProbeProject;

// The choice mode's part of the metric panel: what the mode does, the candidates as a list
// (add, rename in place, remove, move up and down; each one undoable step, a duplicate or an
// empty candidate refused with the reason shown beneath), and top_logprobs. Read-only when
// setEditable(false) (locked by results, or a run going).
class CandidateEditor : public QWidget
{
    Q_OBJECT
public:
    explicit CandidateEditor(ProbeProject* project, QWidget* parent = nullptr);

    void setEditable(bool editable);
    CandidateListModel* model() const { return m_model; }
    QListView* list() const { return m_list; }
    QLineEdit* newCandidate() const { return m_new; }
    QSpinBox* topLogprobs() const { return m_top; }
    // The last refusal shown, empty when the last change was taken.
    QString message() const;

private:
    void refresh();
    void addTyped();
    void moveCurrent(int delta);
    void removeCurrent();
    void showRefusal(const QString& message);
    void updateButtons();

    ProbeProject* m_project;
    CandidateListModel* m_model;
    QListView* m_list;
    QLineEdit* m_new;
    QPushButton* m_add;
    QPushButton* m_remove;
    QPushButton* m_up;
    QPushButton* m_down;
    QSpinBox* m_top;
    QLabel* m_message;
    bool m_editable = true;
    bool m_refreshing = false;
};

} // namespace pb
