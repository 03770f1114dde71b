#include "results/ChartStyle.h"

#include <QAbstractAxis>
#include <QChart>
#include <QLegend>
#include <QPalette>

namespace pb {

bool ChartStyle::isDark(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

void ChartStyle::apply(QChart* chart, const QPalette& palette, double fontScale)
{
    const bool dark = isDark(palette);
    chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->setTitleBrush(palette.color(QPalette::Text));
    chart->legend()->setLabelColor(palette.color(QPalette::Text));
    chart->setMargins(QMargins(4, 4, 4, 4));
    QFont title = chart->titleFont();
    title.setPointSizeF(10.5 * fontScale);
    title.setBold(true);
    chart->setTitleFont(title);
    QFont legend = chart->legend()->font();
    legend.setPointSizeF(9 * fontScale);
    chart->legend()->setFont(legend);
    for (QAbstractAxis* axis : chart->axes()) {
        QFont f = axis->labelsFont();
        f.setPointSizeF(9 * fontScale);
        axis->setLabelsFont(f);
        axis->setLabelsColor(palette.color(QPalette::Text));
        QFont t = axis->titleFont();
        t.setPointSizeF(9 * fontScale);
        t.setBold(false);
        axis->setTitleFont(t);
        axis->setTitleBrush(palette.color(QPalette::Text));
    }
}

QColor ChartStyle::gap(bool dark)
{
    return dark ? QColor(0x64, 0x9c, 0xe8) : QColor(0x2f, 0x6d, 0xb5);
}

QColor ChartStyle::interval(bool dark)
{
    return dark ? QColor(0xe8, 0xe8, 0xe8) : QColor(0x1e, 0x1e, 0x1e);
}

QColor ChartStyle::average(bool dark)
{
    return dark ? QColor(0xff, 0xb3, 0x47) : QColor(0xd3, 0x6b, 0x00);
}

QColor ChartStyle::noise(bool dark)
{
    return dark ? QColor(0xa0, 0xa0, 0xa0) : QColor(0x80, 0x80, 0x80);
}

QColor ChartStyle::nullMass(bool dark)
{
    return dark ? QColor(0x7f, 0x93, 0xad) : QColor(0x9d, 0xb3, 0xcf);
}

QColor ChartStyle::tail(bool dark)
{
    return dark ? QColor(0xf0, 0x5a, 0x5a) : QColor(0xc6, 0x28, 0x28);
}

} // namespace pb
