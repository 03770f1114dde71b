#include "run/PreRegistration.h"

#include "run/CallPlan.h"
#include "store/LoggedCall.h"

namespace pb {

QSet<QString> PreRegistration::dryRunCells(const ProbeDocument& doc)
{
    ProbeDocument dry = doc;
    dry.settings.seeds = dry.settings.seeds.mid(0, kDryRunSeeds);
    QSet<QString> cells;
    for (const CallRequest& r : CallPlan::build(dry)) {
        cells.insert(LoggedCall::cellKey(r.itemId, r.variant, r.arm, r.seed));
    }
    return cells;
}

bool PreRegistration::registers(const ProbeDocument& doc, const QSet<QString>& answeredCells)
{
    if (answeredCells.isEmpty()) {
        return false;
    }
    if (doc.settings.seeds.size() <= kDryRunSeeds) {
        return true;
    }
    const QSet<QString> dry = dryRunCells(doc);
    for (const QString& cell : answeredCells) {
        if (!dry.contains(cell)) {
            return true;
        }
    }
    return false;
}

} // namespace pb
