#include "nameset/GroupBarsChartView.h"

#include "widgets/ThemeColours.h"

#include <QAreaSeries>
#include <QLineSeries>
#include <QToolTip>
#include <cmath>

namespace pb {

GroupBarsChartView::GroupBarsChartView(QWidget* parent) : GroupBarsChartFrame(parent)
{
    clear();
}

void GroupBarsChartView::clear()
{
    m_bars.clear();
    m_chart->setTitle(QString());
    setGroups({});
    setValueTexts({});
    redraw();
}

void GroupBarsChartView::setBars(const QString& title, const QString& axisTitle,
                                 const QList<Bar>& bars, double axisMin, double axisMax,
                                 double step, const QString& barName, const QString& intervalName)
{
    m_bars = bars;
    m_min = axisMin;
    m_max = axisMax;
    m_barName = barName;
    m_intervalName = intervalName;
    m_chart->setTitle(title);
    QStringList groups;
    QStringList texts;
    QString widest;
    for (const Bar& b : bars) {
        groups << b.group;
        texts << b.text;
        if (b.text.size() > widest.size())
            widest = b.text;
    }
    setGroups(groups);
    m_step = step;
    const bool whole = std::floor(step) == step && std::floor(axisMin) == axisMin;
    setValueRange(axisMin, axisMax, axisTitle, step,
                  whole ? QStringLiteral("%.0f") : QStringLiteral("%.1f"));
    reserveValueColumn(widest);
    setValueTexts(texts);
    redraw();
}

void GroupBarsChartView::redraw()
{
    clearMarks();
    const QColor bar = ThemeColours::gap(dark());
    const QPen whisker(ThemeColours::interval(dark()), 2);
    for (int i = 0; i < m_bars.size(); ++i) {
        const Bar& b = m_bars.at(i);
        if (std::isnan(b.value))
            continue;
        QAreaSeries* area = addBar(i, m_min, b.value, 0.3, bar);
        const QString tip = b.toolTip;
        connect(area, &QAreaSeries::hovered, this, [this, tip](const QPointF&, bool state) {
            if (state)
                QToolTip::showText(QCursor::pos(), tip, this);
            else
                QToolTip::hideText();
        });
        if (!std::isnan(b.lower) && !std::isnan(b.upper))
            addWhisker(i, b.lower, b.upper, whisker);
    }
    if (!m_bars.isEmpty()) {
        addLegendEntry(m_barName, bar);
        if (!m_intervalName.isEmpty())
            addLine({}, whisker, m_intervalName);
    }
}

} // namespace pb
