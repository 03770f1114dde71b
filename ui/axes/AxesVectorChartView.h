#pragma once

#include "axes/AxesComparison.h"
#include "nameset/GroupBarsChartFrame.h"

namespace pb {

// The per-axis vector as a chart: one row per axis, a bar from zero to its value (the
// average gap, or the choice effect) with its 95% interval where the mode has one, the axis
// that sets the aggregate (the max) in a colour of its own, and right of the plot each axis's
// value, Holm-adjusted p and verdict as report.md writes them. An axis without a result has
// no bar: its row is a hatched gap that says "no result". The title says the coverage and whether
// the result is partial. It draws core's AxesComparison and computes nothing.
class AxesVectorChartView : public GroupBarsChartFrame
{
    Q_OBJECT
public:
    explicit AxesVectorChartView(QWidget* parent = nullptr);

    void setComparison(const AxesComparison& comparison);
    void clear();
    const AxesComparison& comparison() const { return m_comparison; }
    // The rows drawn with a bar (an axis with a result), in axis order.
    int barCount() const { return m_bars; }

protected:
    void redraw() override;

private:
    AxesComparison m_comparison;
    double m_min = -1;
    double m_max = 1;
    int m_bars = 0;
};

} // namespace pb
