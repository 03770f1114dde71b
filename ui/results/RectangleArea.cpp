#include "results/RectangleArea.h"

#include <QAreaSeries>
#include <QChart>
#include <QLineSeries>
#include <QPen>
#include <algorithm>

namespace pb {

RectangleArea::RectangleArea(QChart* chart, const QString& name, const QColor& color,
                             QAbstractAxis* x, QAbstractAxis* y)
{
    m_upper = new QLineSeries;
    m_lower = new QLineSeries;
    m_area = new QAreaSeries(m_upper, m_lower);
    m_upper->setParent(m_area);
    m_lower->setParent(m_area);
    m_area->setName(name);
    chart->addSeries(m_area);
    m_area->attachAxis(x);
    m_area->attachAxis(y);
    m_area->setPen(Qt::NoPen);
    m_area->setBrush(color);
}

void RectangleArea::setRectangles(const QList<QRectF>& rectangles)
{
    QList<QPointF> upper;
    QList<QPointF> lower;
    upper.reserve(rectangles.size() * 4);
    lower.reserve(rectangles.size() * 4);
    for (const QRectF& r : rectangles) {
        const double lo = std::min(r.top(), r.bottom());
        const double hi = std::max(r.top(), r.bottom());
        const double mid = (lo + hi) / 2;
        upper << QPointF(r.left(), mid) << QPointF(r.left(), hi) << QPointF(r.right(), hi)
              << QPointF(r.right(), mid);
        lower << QPointF(r.left(), mid) << QPointF(r.left(), lo) << QPointF(r.right(), lo)
              << QPointF(r.right(), mid);
    }
    m_upper->replace(upper);
    m_lower->replace(lower);
}

} // namespace pb
