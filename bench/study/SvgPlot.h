#pragma once

// A line plot written as SVG text, for the calibration study's figures: a few series of points
// over shared axes, an optional horizontal reference line, a legend. Small on purpose: the
// study needs lines and labels, not a plotting library.

#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

namespace pb::study {

struct SvgSeries
{
    QString label;
    QList<QPointF> points;
    QList<QPointF> lower; // optional interval, same x as points
    QList<QPointF> upper;
};

struct SvgPlot
{
    QString title;
    QString xLabel;
    QString yLabel;
    double xMin = 0, xMax = 1, yMin = 0, yMax = 1;
    QList<SvgSeries> series;
    double referenceY = -1; // drawn dashed when inside [yMin, yMax]
    QString referenceLabel;

    QByteArray svg() const;
    bool write(const QString& path) const;
};

} // namespace pb::study
