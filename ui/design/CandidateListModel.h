#pragma once

#include <QAbstractListModel>
#include <QStringList>

namespace pb {

class ProbeProject;

// A choice probe's candidates (metric.candidates) as an editable list, one row each, in
// report order. Every change (add, rename, remove, move) is one undoable step of the project
// (ProbeProject::edit); the model keeps only the list as last shown, to tell a change of its
// own from one that came from elsewhere (an undo), which resets it.
//
// A change that would leave a candidate empty, reading the same as another (compared as
// ChoiceAnswer compares them: ignoring case, spaces and wrapping punctuation), too long, or
// one too many is refused: nothing is edited, and refused() says why in core's words
// (ChoiceAnswer::validate), so the editor and the file's reader give the same reason.
class CandidateListModel : public QAbstractListModel
{
    Q_OBJECT
public:
    explicit CandidateListModel(ProbeProject* project, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    const QStringList& candidates() const { return m_candidates; }
    // Each false with refused(why) and nothing edited when the change is not allowed.
    bool add(const QString& text);
    bool rename(int row, const QString& text);
    bool remove(int row);
    // Moves the row by delta places (-1: up, +1: down), within the list.
    bool move(int row, int delta);

    void setEditable(bool editable) { m_editable = editable; }
    // Why `proposed` may not be the candidates, naming candidate `row`'s problem first; empty
    // when it may.
    static QString refusal(const QStringList& proposed, int row);

Q_SIGNALS:
    void refused(const QString& message);

private:
    bool commit(const QStringList& proposed, const QString& what);
    void onDocumentChanged();

    ProbeProject* m_project;
    QStringList m_candidates;
    bool m_editable = true;
};

} // namespace pb
