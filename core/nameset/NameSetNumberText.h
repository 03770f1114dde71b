#pragma once

#include "stats/groups/FourFifthsRule.h"
#include "stats/groups/GroupTable.h"

#include <QString>

namespace pb {

// How a name-set result's numbers are written, in report.md and in the window alike, so
// the two can never disagree: every figure NameSetReport prints goes through here.
class NameSetNumberText
{
public:
    // A mean, an SD, a ratio: fixed decimals, "n/a" when not finite.
    static QString number(double value, int decimals = 2);
    // A favourable rate with the counts it comes from: "12/40 (30.0%)", "n/a" without trials.
    static QString rate(const groups::FavourableCount& count);
    // A group's ratio to the highest group's favourable rate: "highest" for the reference.
    static QString impactRatio(const groups::FourFifthsRow& row);
    // A name's scored replies out of its seeds: "4 of 5".
    static QString scoredOf(const groups::NameSummary& name);
    static QString yesNo(bool value);
};

} // namespace pb
