#pragma once

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

class QChartView;
class QWidget;

namespace pb {

// Writes a chart as it is shown: PNG (a raster grab at the device's pixel ratio) or SVG
// (vector, through QSvgGenerator). The format follows the file's suffix.
class ChartFile
{
public:
    static bool save(QChartView* view, const QString& path, QString* error);
    static bool savePng(QChartView* view, const QString& path, QString* error);
    static bool saveSvg(QChartView* view, const QString& path, QString* error);
    // Writes each chart as <folder>/<stem>-<name>.png and .svg; returns the files written,
    // stopping at the first that fails (*error says why).
    static QStringList saveAll(const QList<QPair<QString, QChartView*>>& charts,
                               const QString& folder, const QString& stem, QString* error);
    // Gives the chart a context menu action that asks where, and saves it there.
    static void addSaveAction(QChartView* view, QWidget* dialogParent);
};

} // namespace pb
