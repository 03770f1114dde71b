#include "nameset/GroupBarsChartFrame.h"

#include "results/ChartStyle.h"
#include "widgets/ThemeColours.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QEvent>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <memory>

namespace pb {

GroupBarsChartFrame::GroupBarsChartFrame(QWidget* parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(360, 200);
    // A picture to read, not a control: Tab passes over its scroll area's inside.
    viewport()->setFocusPolicy(Qt::NoFocus);
    m_chart = new QChart;
    m_groupAxis = new QCategoryAxis;
    m_groupAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_groupAxis->setGridLineVisible(false);
    m_valueAxis = new QValueAxis;
    m_chart->addAxis(m_valueAxis, Qt::AlignBottom);
    m_chart->addAxis(m_groupAxis, Qt::AlignLeft);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    // QChartView made a chart of its own and lets go of it here without deleting it.
    std::unique_ptr<QChart> placeholder(chart());
    setChart(m_chart);
    ChartStyle::apply(m_chart, palette());
    connect(m_chart, &QChart::plotAreaChanged, this, [this] { placeTexts(); });
}

double GroupBarsChartFrame::niceStep(double span)
{
    if (!(span > 0))
        return 1;
    double power = std::pow(10.0, std::floor(std::log10(span / 12)));
    for (;; power *= 10) {
        for (double m : {1.0, 2.0, 5.0}) {
            if (span / (m * power) <= 12 + 1e-9)
                return m * power;
        }
    }
}

bool GroupBarsChartFrame::dark() const
{
    return ThemeColours::isDark(palette());
}

void GroupBarsChartFrame::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        ChartStyle::apply(m_chart, palette()); // sets the margins back too
        if (m_valueColumnWidth > 0) {
            QMargins margins = m_chart->margins();
            margins.setRight(m_valueColumnWidth);
            m_chart->setMargins(margins);
        }
        setValueTexts(m_texts); // in the new text colour
        redraw();
    }
}

void GroupBarsChartFrame::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    placeTexts();
}

void GroupBarsChartFrame::setGroups(const QStringList& groups)
{
    m_groupLabels = groups;
    for (const QString& label : m_groupAxis->categoriesLabels())
        m_groupAxis->remove(label);
    const int n = int(groups.size());
    m_groupAxis->setStartValue(-0.5);
    // A category axis takes its categories in ascending values: the last group first.
    for (int i = n - 1; i >= 0; --i)
        m_groupAxis->append(groups.at(i), rowY(i));
    m_groupAxis->setRange(-0.5, std::max(0.5, n - 0.5));
}

void GroupBarsChartFrame::setValueRange(double min, double max, const QString& title, double step,
                                        const QString& labelFormat)
{
    m_valueAxis->setRange(min, max);
    m_valueAxis->setTitleText(title);
    m_valueAxis->setTickType(QValueAxis::TicksFixed);
    // Ticks on round numbers: at most a dozen steps of step.
    const int steps = int(std::floor((max - min) / step + 1e-9));
    m_valueAxis->setTickCount(std::clamp(steps + 1, 2, 13));
    m_valueAxis->setLabelFormat(labelFormat);
}

double GroupBarsChartFrame::rowY(int group) const
{
    return double(m_groupLabels.size() - 1 - group);
}

void GroupBarsChartFrame::clearMarks()
{
    m_chart->removeAllSeries();
}

void GroupBarsChartFrame::hideMarker(QAbstractSeries* series)
{
    for (QLegendMarker* m : m_chart->legend()->markers(series))
        m->setVisible(false);
}

QAreaSeries* GroupBarsChartFrame::addBar(int group, double from, double to, double halfHeight,
                                         const QBrush& brush, const QPen& pen)
{
    const double y = rowY(group);
    auto* upper = new QLineSeries;
    auto* lower = new QLineSeries;
    upper->append({QPointF(from, y + halfHeight), QPointF(to, y + halfHeight)});
    lower->append({QPointF(from, y - halfHeight), QPointF(to, y - halfHeight)});
    auto* area = new QAreaSeries(upper, lower);
    upper->setParent(area);
    lower->setParent(area);
    area->setBrush(brush);
    area->setPen(pen);
    m_chart->addSeries(area);
    area->attachAxis(m_valueAxis);
    area->attachAxis(m_groupAxis);
    hideMarker(area);
    return area;
}

QLineSeries* GroupBarsChartFrame::addLine(const QList<QPointF>& points, const QPen& pen,
                                          const QString& name)
{
    auto* line = new QLineSeries;
    line->append(points);
    line->setPen(pen);
    line->setName(name);
    m_chart->addSeries(line);
    line->attachAxis(m_valueAxis);
    line->attachAxis(m_groupAxis);
    if (name.isEmpty())
        hideMarker(line);
    return line;
}

QLineSeries* GroupBarsChartFrame::addWhisker(int group, double lower, double upper, const QPen& pen)
{
    const double y = rowY(group);
    const double cap = 0.12;
    // An interval wider than the axis stops at its edge without a cap: it goes on.
    const double from = std::max(lower, m_valueAxis->min());
    const double to = std::min(upper, m_valueAxis->max());
    QList<QPointF> points;
    if (from == lower)
        points << QPointF(from, y - cap) << QPointF(from, y + cap);
    points << QPointF(from, y) << QPointF(to, y);
    if (to == upper)
        points << QPointF(to, y + cap) << QPointF(to, y - cap);
    return addLine(points, pen);
}

void GroupBarsChartFrame::addLegendEntry(const QString& name, const QBrush& brush, const QPen& pen)
{
    auto* upper = new QLineSeries;
    auto* area = new QAreaSeries(upper);
    upper->setParent(area);
    area->setName(name);
    area->setBrush(brush);
    area->setPen(pen);
    m_chart->addSeries(area);
    area->attachAxis(m_valueAxis);
    area->attachAxis(m_groupAxis);
}

void GroupBarsChartFrame::reserveValueColumn(const QString& widest)
{
    const QFontMetrics metrics(m_chart->legend()->font());
    m_valueColumnWidth = metrics.horizontalAdvance(widest) + 16;
    QMargins margins = m_chart->margins();
    margins.setRight(m_valueColumnWidth);
    m_chart->setMargins(margins);
}

void GroupBarsChartFrame::setValueTexts(const QStringList& texts)
{
    m_texts = texts;
    qDeleteAll(m_textItems);
    m_textItems.clear();
    for (const QString& text : texts) {
        auto* item = new QGraphicsSimpleTextItem(text, m_chart);
        item->setFont(m_chart->legend()->font());
        item->setBrush(palette().color(QPalette::Text));
        m_textItems << item;
    }
    placeTexts();
}

void GroupBarsChartFrame::placeTexts()
{
    const QRectF plot = m_chart->plotArea();
    for (int i = 0; i < m_textItems.size(); ++i) {
        QGraphicsSimpleTextItem* item = m_textItems.at(i);
        // The row's centre, from the group axis's range (mapToPosition needs a series).
        const double span = m_groupAxis->max() - m_groupAxis->min();
        const double y = plot.top() + (m_groupAxis->max() - rowY(i)) / span * plot.height();
        item->setPos(plot.right() + 8, y - item->boundingRect().height() / 2);
    }
}

} // namespace pb
