#pragma once

#include <QColor>

class QChart;
class QPalette;

namespace pb {

// The workbench's chart look: the light or dark Qt Charts theme chosen from the widget's
// palette (so charts follow the system theme), one set of colours for gaps, intervals,
// tails and noise used by every chart, and a font scale for presenter mode.
class ChartStyle
{
public:
    static void apply(QChart* chart, const QPalette& palette, double fontScale = 1.0);
    static bool isDark(const QPalette& palette);

    static QColor gap(bool dark);
    static QColor interval(bool dark);
    static QColor average(bool dark);
    static QColor noise(bool dark);
    static QColor nullMass(bool dark);
    static QColor tail(bool dark);
};

} // namespace pb
