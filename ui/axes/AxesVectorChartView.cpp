#include "axes/AxesVectorChartView.h"

#include "axes/AxesReport.h"
#include "axes/AxesResultsModel.h"
#include "widgets/ThemeColours.h"

#include <QAreaSeries>
#include <QChart>
#include <QLineSeries>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace pb {

namespace {

// The value axis: zero and every value and interval end in view, on round ticks.
void rangeOf(const AxesComparison& c, double* min, double* max, double* step)
{
    double lo = 0;
    double hi = 0;
    for (const AxisComparison& a : c.axes) {
        for (double v : {a.value, a.lower, a.upper}) {
            if (a.hasResult() && std::isfinite(v)) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        }
    }
    if (hi - lo <= 0)
        hi = lo + 1;
    *step = GroupBarsChartFrame::niceStep(hi - lo);
    *min = std::floor(lo / *step) * *step;
    *max = std::ceil(hi / *step) * *step;
    if (*max <= *min)
        *max = *min + *step;
    // The ticks are min + i * step in floating point, so the zero tick can come out a hair
    // below zero and be labelled "-0.0": a shift far below any label's precision keeps it
    // at or above zero.
    *min += *step * 1e-9;
    *max += *step * 1e-9;
}

} // namespace

AxesVectorChartView::AxesVectorChartView(QWidget* parent) : GroupBarsChartFrame(parent)
{
    setAccessibleName(tr("Per-axis vector chart"));
    setMinimumHeight(240);
    clear();
}

void AxesVectorChartView::clear()
{
    m_comparison = AxesComparison();
    m_chart->setTitle(QString());
    setGroups({});
    setValueTexts({});
    redraw();
}

void AxesVectorChartView::setComparison(const AxesComparison& comparison)
{
    m_comparison = comparison;
    QString title = tr("Per-axis vector \u2014 %1").arg(comparison.coverage());
    // Never complete-looking before it is: an axis failed, or the run is still going.
    if (comparison.pending() > 0)
        title += tr(" \u2014 RUNNING, NOT COMPLETE YET");
    else if (!comparison.complete())
        title += tr(" \u2014 NOT COMPLETE");
    m_chart->setTitle(title);
    QStringList rows;
    QStringList texts;
    QString widest;
    for (const AxisComparison& a : comparison.axes) {
        rows << a.axis.label();
        const QStringList cells = AxesReport::rowTexts(a);
        const QString text =
            a.hasResult()
                ? tr("%1  Holm p %2  %3%4")
                      .arg(cells.value(AxesResultsModel::ValueColumn),
                           cells.value(AxesResultsModel::HolmColumn),
                           cells.value(AxesResultsModel::VerdictColumn),
                           a.status == AxisStatus::Incomplete ? tr(" (incomplete)") : QString())
            : a.status == AxisStatus::Pending ? tr("pending: not finished yet")
                                              : tr("no result (%1)").arg(a.statusName());
        texts << text;
        if (text.size() > widest.size())
            widest = text;
    }
    setGroups(rows);
    double step = 1;
    rangeOf(comparison, &m_min, &m_max, &step);
    setValueRange(m_min, m_max, AxesReport::valueHeader(comparison), step,
                  step >= 1 ? QStringLiteral("%.0f")
                            : (step >= 0.1 ? QStringLiteral("%.1f") : QStringLiteral("%.2f")));
    reserveValueColumn(widest);
    setValueTexts(texts);
    redraw();
}

void AxesVectorChartView::redraw()
{
    clearMarks();
    m_bars = 0;
    const auto& axes = m_comparison.axes;
    if (axes.isEmpty())
        return;
    const QColor bar = ThemeColours::gap(dark());
    const QColor worst = ThemeColours::tail(dark());
    const QPen whisker(ThemeColours::interval(dark()), 2);
    QPen zero(palette().color(QPalette::Text), 1, Qt::DashLine);
    QColor hatch = palette().color(QPalette::Text);
    hatch.setAlphaF(0.35);
    const QBrush gap(hatch, Qt::BDiagPattern);
    // A pending axis is no failure: a light dotted band, not the hatch of a missing one.
    QColor dots = hatch;
    dots.setAlphaF(0.25);
    const QBrush waiting(dots, Qt::Dense6Pattern);
    int gaps = 0;
    int pending = 0;
    if (m_min < 0 && m_max > 0)
        addLine({QPointF(0, -0.5), QPointF(0, double(axes.size()) - 0.5)}, zero);
    for (int i = 0; i < axes.size(); ++i) {
        const AxisComparison& a = axes.at(i);
        if (a.status == AxisStatus::Pending) {
            addBar(i, m_min, m_max, 0.3, waiting);
            ++pending;
            continue;
        }
        if (!a.hasResult() || !std::isfinite(a.value)) {
            // A gap: no bar, only a hatched band across the row, and "no result" beside it.
            addBar(i, m_min, m_max, 0.3, gap);
            ++gaps;
            continue;
        }
        ++m_bars;
        const bool isWorst = i == m_comparison.worst;
        QAreaSeries* area = addBar(i, 0, a.value, 0.3, isWorst ? worst : bar);
        const QString tip = a.gap.isEmpty()
                                ? a.axis.label()
                                : tr("%1 (%2): %3").arg(a.axis.label(), a.statusName(), a.gap);
        connect(area, &QAreaSeries::hovered, this, [this, tip](const QPointF&, bool state) {
            if (state)
                QToolTip::showText(QCursor::pos(), tip, this);
            else
                QToolTip::hideText();
        });
        if (std::isfinite(a.lower) && std::isfinite(a.upper))
            addWhisker(i, a.lower, a.upper, whisker);
    }
    addLegendEntry(tr("per axis"), bar);
    if (m_comparison.worst >= 0)
        addLegendEntry(tr("aggregate (the max): %1").arg(axes.at(m_comparison.worst).axis.label()),
                       worst);
    if (gaps > 0)
        addLegendEntry(tr("no result (a gap)"), gap);
    if (pending > 0)
        addLegendEntry(tr("pending (its run not finished)"), waiting);
    bool intervals = false;
    for (const AxisComparison& a : axes)
        intervals = intervals || (a.hasResult() && std::isfinite(a.lower));
    if (intervals)
        addLine({}, whisker, tr("95% interval"));
}

} // namespace pb
