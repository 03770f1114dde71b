#pragma once

#include "nameset/GroupBarsChartFrame.h"
#include "stats/groups/FourFifthsRule.h"

namespace pb {

// The four-fifths rule as a chart: one bar per group, its favourable rate over the highest
// group's (the impact ratio, from core's FourFifthsRule), the 0.8 line drawn across. A bar
// the rule flags is drawn in the alert colour; a bar whose flag one person's outcome would
// flip is hatched, so a fragile result reads as one. The value column prints the report's
// ratio text and says which bars are flagged and fragile.
class ImpactRatioChartView : public GroupBarsChartFrame
{
    Q_OBJECT
public:
    explicit ImpactRatioChartView(QWidget* parent = nullptr);

    void setResult(const groups::FourFifthsResult& result);
    void clear();

    // What a bar looks like, for tests and tooltips.
    enum class Mark
    {
        None, // not rated (no trials)
        Highest,
        Clear,
        Flagged
    };
    Mark markOf(int group) const;
    bool hatched(int group) const;

protected:
    void redraw() override;

private:
    groups::FourFifthsResult m_result;
};

} // namespace pb
