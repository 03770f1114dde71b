#include "project/DocumentEditCommand.h"

#include "project/ProbeProject.h"

namespace pb {

DocumentEditCommand::DocumentEditCommand(ProbeProject* project, ProbeDocument before,
                                         ProbeDocument after, const QString& description)
    : m_project(project), m_before(std::move(before)), m_after(std::move(after))
{
    setText(description);
}

void DocumentEditCommand::undo()
{
    m_project->setDocumentFromUndo(m_before);
}

void DocumentEditCommand::redo()
{
    m_project->setDocumentFromUndo(m_after);
}

bool DocumentEditCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = static_cast<const DocumentEditCommand*>(other);
    if (next->text() != text()) {
        return false;
    }
    m_after = next->m_after;
    return true;
}

} // namespace pb
