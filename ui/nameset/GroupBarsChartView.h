#pragma once

#include "nameset/GroupBarsChartFrame.h"

#include <QList>
#include <QString>

namespace pb {

// One bar per group with its interval: the favourable rate or the mean of the names' mean
// scores. The bars, intervals and value texts are given whole (the results view takes them
// from core's analysis and formatting); this draws them and says what each is on hover.
class GroupBarsChartView : public GroupBarsChartFrame
{
    Q_OBJECT
public:
    struct Bar
    {
        QString group;
        double value = 0; // NaN: no bar
        double lower = 0; // NaN: no interval
        double upper = 0;
        QString text; // the value column's text
        QString toolTip;
    };

    explicit GroupBarsChartView(QWidget* parent = nullptr);

    void setBars(const QString& title, const QString& axisTitle, const QList<Bar>& bars,
                 double axisMin, double axisMax, double step, const QString& barName,
                 const QString& intervalName);
    void clear();
    const QList<Bar>& bars() const { return m_bars; }

protected:
    void redraw() override;

private:
    QList<Bar> m_bars;
    QString m_barName;
    QString m_intervalName;
    double m_min = 0;
    double m_max = 1;
    double m_step = 1;
};

} // namespace pb
