#pragma once

#include <QUndoCommand>

namespace pb {

// One undoable edit of a project whose document is small enough to keep whole: the document
// before and after. Consecutive edits with the same description merge into one step, so
// typing a sentence is one undo step, not one per key; a merge that returns to the first
// document leaves no step at all. Project must give SnapshotEdit access to
// setDocumentFromUndo(const Document&), which replaces the document and tells its views.
template <class Document, class Project> class SnapshotEdit : public QUndoCommand
{
public:
    SnapshotEdit(Project* project, Document before, Document after, const QString& description)
        : m_project(project), m_before(std::move(before)), m_after(std::move(after))
    {
        setText(description);
    }
    void undo() override { m_project->setDocumentFromUndo(m_before); }
    void redo() override { m_project->setDocumentFromUndo(m_after); }
    // Every project has its own stack, so one id serves all of them.
    int id() const override { return 1; }
    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* next = static_cast<const SnapshotEdit*>(other);
        if (next->text() != text())
            return false;
        m_after = next->m_after;
        setObsolete(m_after == m_before);
        return true;
    }

private:
    Project* m_project;
    Document m_before;
    Document m_after;
};

} // namespace pb
