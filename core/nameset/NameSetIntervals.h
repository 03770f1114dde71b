#pragma once

#include "stats/TInterval.h"
#include "stats/groups/GroupTable.h"
#include "stats/groups/WilsonInterval.h"

#include <QList>
#include <QString>

namespace pb {

// One group's intervals, for the group bars: the favourable rate's Wilson interval over the
// group's scored replies (the counts the four-fifths rule and the report use; seeds repeat a
// name, so it is narrower than the names alone vouch for), and the t interval of the mean of
// the names' mean scores (names as the unit, as the verdict's test takes them).
struct GroupIntervals
{
    QString group;
    groups::ProportionInterval favourable;
    GapInterval nameMean;
};

class NameSetIntervals
{
public:
    // One entry per group of the table, in its order.
    static QList<GroupIntervals> of(const groups::GroupTable& table, double level = 0.95);
};

} // namespace pb
