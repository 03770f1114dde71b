#include "results/ChartStyle.h"

#include "widgets/ThemeColours.h"

#include <QAbstractAxis>
#include <QChart>
#include <QLegend>
#include <QPalette>

namespace pb {

void ChartStyle::apply(QChart* chart, const QPalette& palette, double fontScale)
{
    const bool dark = ThemeColours::isDark(palette);
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

} // namespace pb
