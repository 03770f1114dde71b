#pragma once

#include "nameset/GroupBarsChartFrame.h"
#include "nameset/NameSetDocument.h"
#include "stats/groups/GroupTable.h"

#include <QList>
#include <QPointF>

namespace pb {

// Every name's mean score as one dot, in its group's row, so one name's quirk shows next to
// its group; each group's mean of name means is a tick across its row. Dots are spread up
// and down their row by a fixed sequence (the golden-ratio offsets of their place in the
// group), so the same result always draws the same picture. Names without a scored reply
// have no dot.
class NameStripChartView : public GroupBarsChartFrame
{
    Q_OBJECT
public:
    struct Dot
    {
        QString name;
        int group = 0;
        double mean = 0;
        QPointF at; // where it is drawn: x the mean, y the row plus the jitter
    };

    explicit NameStripChartView(QWidget* parent = nullptr);

    void setTable(const groups::GroupTable& table, const ScoreRange& range);
    void clear();
    const QList<Dot>& dots() const { return m_dots; }
    // The vertical offset of the k-th name of a group from its row's centre, within +-0.3.
    static double jitter(int k);

protected:
    void redraw() override;

private:
    QList<Dot> m_dots;
    QList<double> m_groupMeans; // NaN when the group has no scored name
};

} // namespace pb
