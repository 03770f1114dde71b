#pragma once

#include "probe/ProbeDocument.h"

#include <QUndoCommand>

namespace pb {

class ProbeProject;

// One undoable edit: the document before and after. Consecutive edits of the same text
// field merge (mergeKey), so typing a sentence is one undo step, not one per key.
class DocumentEditCommand : public QUndoCommand
{
public:
    DocumentEditCommand(ProbeProject* project, ProbeDocument before, ProbeDocument after,
                        const QString& description);
    void undo() override;
    void redo() override;
    int id() const override { return 1; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    ProbeProject* m_project;
    ProbeDocument m_before;
    ProbeDocument m_after;
};

} // namespace pb
