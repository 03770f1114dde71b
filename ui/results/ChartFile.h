#pragma once

#include <QString>

class QChartView;

namespace pb {

// Writes a chart as it is shown: PNG (a raster grab at the device's pixel ratio) or SVG
// (vector, through QSvgGenerator). The format follows the file's suffix.
class ChartFile
{
public:
    static bool save(QChartView* view, const QString& path, QString* error);
    static bool savePng(QChartView* view, const QString& path, QString* error);
    static bool saveSvg(QChartView* view, const QString& path, QString* error);
};

} // namespace pb
