#pragma once

#include <QList>

namespace pb {

// Gaps that lie on the grid 1/runsPerCell: gap[i] equals numerators[i] / runsPerCell up to
// the rounding of the two means it came from. Exists when every value is an integer and
// every cell has the same number of runs, which lets the sign-flip test count exactly.
struct GapGrid
{
    double unit = 1.0;        // 1 / runsPerCell
    qint64 runsPerCell = 1;   // R
    QList<qint64> numerators; // sum over A minus sum over B, per comparable item
};

} // namespace pb
