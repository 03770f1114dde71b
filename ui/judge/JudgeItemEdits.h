#pragma once

#include "judge/JudgeProbeDocument.h"

#include <QString>
#include <QStringList>

namespace pb::JudgeItemEdits {

// What the item editor's edits need to keep a judge probe whole.

// wanted, or wanted-2, wanted-3, ... whichever is not taken yet.
QString uniqueId(const QString& wanted, const QStringList& taken);
// The item's variant ids, its base first.
QStringList variantIds(const JudgeItem& item);
QStringList itemIds(const JudgeProbeDocument& doc);
// After the base changed from `before`: generated variants keep their pad or byline around
// the new text, variants that shared the question share the new one, and a pairwise item's
// swapped order mirrors its base.
void followBase(JudgeItem& item, const JudgeVariant& before);

} // namespace pb::JudgeItemEdits
