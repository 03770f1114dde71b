#pragma once

#include <QColor>
#include <QList>
#include <QRectF>
#include <QString>

class QAbstractAxis;
class QAreaSeries;
class QChart;
class QLineSeries;

namespace pb {

// Many filled rectangles drawn by one QAreaSeries, so a chart with hundreds of bars is
// three series updated with two bulk replace() calls, not hundreds of graphics items.
// The upper and lower outlines meet between rectangles (zero area there) and the outline
// pen is off, so only the rectangles show.
class RectangleArea
{
public:
    RectangleArea(QChart* chart, const QString& name, const QColor& color, QAbstractAxis* x,
                  QAbstractAxis* y);

    // Data coordinates: left/right are x, top/bottom the two y ends (either order). The
    // rectangles must come in ascending x and must not overlap in x.
    void setRectangles(const QList<QRectF>& rectangles);
    QAreaSeries* series() const { return m_area; }

private:
    QAreaSeries* m_area = nullptr;
    QLineSeries* m_upper = nullptr;
    QLineSeries* m_lower = nullptr;
};

} // namespace pb
