#pragma once

#include "design/Fact.h"

#include <QString>

namespace pb {

// A fact one variant states and another does not: the item is not a matched pair.
struct FactFinding
{
    Fact fact;
    QString presentIn;   // the attribute value whose text states the fact (empty: none does)
    QString missingFrom; // the attribute value whose text lacks it

    // "casual drops 'None': this pair is not matched"
    QString message() const;
    // "casual drops 'None'", for lists that say what the finding means once.
    QString what() const;
    // "'None' is a code identifier in formal." One sentence saying why it counts.
    QString detail() const;

    bool operator==(const FactFinding&) const = default;
};

} // namespace pb
