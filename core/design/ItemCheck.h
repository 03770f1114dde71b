#pragma once

#include "design/FactFinding.h"
#include "design/LengthDifference.h"

#include <QList>
#include <QStringList>

namespace pb {

// What FactCheck found for one item: every fact that does not survive between its
// variants, and each variant's length against value A.
struct ItemCheck
{
    QList<FactFinding> findings;
    QList<LengthDifference> lengths;

    bool matched() const { return findings.isEmpty(); }
    // The findings' messages, then the length differences, one line each.
    QStringList messages() const;
};

} // namespace pb
