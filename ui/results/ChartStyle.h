#pragma once

class QChart;
class QPalette;

namespace pb {

// The workbench's chart look: the light or dark Qt Charts theme chosen from the widget's
// palette (so charts follow the theme), its background and text from the palette's Base and
// Text, and a font scale for presenter mode. The marks' colours are ThemeColours'.
class ChartStyle
{
public:
    static void apply(QChart* chart, const QPalette& palette, double fontScale = 1.0);
};

} // namespace pb
