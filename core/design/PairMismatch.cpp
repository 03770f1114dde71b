#include "design/PairMismatch.h"

namespace pb {

QString PairMismatch::summary() const
{
    return QStringLiteral("%1 (%2)").arg(itemId, findings.join(QStringLiteral("; ")));
}

QString PairMismatch::listText(const QList<PairMismatch>& mismatches)
{
    QStringList parts;
    for (const PairMismatch& m : mismatches) {
        parts << m.summary();
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace pb
