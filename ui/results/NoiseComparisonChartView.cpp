#include "results/NoiseComparisonChartView.h"

#include "report/NumberText.h"
#include "results/ChartStyle.h"
#include "results/RectangleArea.h"
#include "widgets/ThemeColours.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <memory>

namespace pb {

NoiseComparisonChartView::NoiseComparisonChartView(QWidget* parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(280, 200);
    setAccessibleName(tr("Real gap against same-versus-same gap"));
    setToolTip(tr("Same versus same: value A against itself on a different block of seeds, so "
                  "nothing changed but the random draw. Its gap is the noise a real gap must "
                  "clearly exceed. Whiskers are 95% t intervals over items of the average gap."));
    m_chart = new QChart;
    m_chart->setTitle(tr("Real gap and same-versus-same gap"));
    m_x = new QCategoryAxis;
    m_x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_x->setGridLineVisible(false);
    m_x->setRange(-0.6, 1.6);
    m_x->setStartValue(-0.6);
    m_y = new QValueAxis;
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    ChartStyle::apply(m_chart, palette());
    m_real = std::make_unique<RectangleArea>(m_chart, tr("Real gap"), QColor(), m_x, m_y);
    m_noise = std::make_unique<RectangleArea>(m_chart, tr("Same versus same"), QColor(), m_x, m_y);
    m_intervals = std::make_unique<RectangleArea>(m_chart, tr("95% t interval over items"),
                                                  QColor(), m_x, m_y);
    m_zero = new QLineSeries;
    m_chart->addSeries(m_zero);
    m_zero->attachAxis(m_x);
    m_zero->attachAxis(m_y);
    m_zero->replace({QPointF(-0.6, 0.0), QPointF(1.6, 0.0)});
    m_chart->legend()->markers(m_zero).constFirst()->setVisible(false);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    // QChartView made a chart of its own and lets go of it here without deleting it.
    std::unique_ptr<QChart> placeholder(chart());
    setChart(m_chart);
    restyle();
    clear();
}

NoiseComparisonChartView::~NoiseComparisonChartView() = default;

void NoiseComparisonChartView::restyle()
{
    ChartStyle::apply(m_chart, palette(), m_fontScale);
    const bool dark = ThemeColours::isDark(palette());
    m_real->series()->setBrush(ThemeColours::gap(dark));
    m_noise->series()->setBrush(ThemeColours::noise(dark));
    m_intervals->series()->setBrush(ThemeColours::interval(dark));
    for (RectangleArea* a : {m_real.get(), m_noise.get(), m_intervals.get()}) {
        a->series()->setPen(Qt::NoPen);
    }
    m_zero->setPen(QPen(ThemeColours::noise(dark), 1));
}

void NoiseComparisonChartView::setFontScale(double scale)
{
    m_fontScale = scale;
    restyle();
}

void NoiseComparisonChartView::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        restyle();
    }
}

void NoiseComparisonChartView::setLabels(const QStringList& labels)
{
    if (labels == m_labels) {
        return;
    }
    for (const QString& label : m_x->categoriesLabels()) {
        m_x->remove(label);
    }
    for (qsizetype i = 0; i < labels.size(); ++i) {
        m_x->append(labels[i], double(i));
    }
    m_labels = labels;
}

void NoiseComparisonChartView::clear()
{
    m_real->setRectangles({});
    m_noise->setRectangles({});
    m_intervals->setRectangles({});
    setLabels({tr("A minus B"), tr("A minus A again")});
    m_y->setRange(-1, 1);
}

void NoiseComparisonChartView::setAnalysis(const ProbeAnalysis& a)
{
    const double w = 0.3;
    const double whisker = 0.012;
    double lo = 0.0;
    double hi = 0.0;
    QList<QRectF> intervals;
    auto add = [&](RectangleArea* area, double x, const GapAnalysis& g) {
        const double gap = g.table.averageGap();
        if (std::isnan(gap)) {
            area->setRectangles({});
            return QStringLiteral("n/a");
        }
        area->setRectangles({QRectF(QPointF(x - w, 0.0), QPointF(x + w, gap))});
        lo = std::min(lo, gap);
        hi = std::max(hi, gap);
        if (g.interval.valid) {
            intervals << QRectF(QPointF(x - whisker, g.interval.lower),
                                QPointF(x + whisker, g.interval.upper));
            lo = std::min(lo, g.interval.lower);
            hi = std::max(hi, g.interval.upper);
        }
        return NumberText::signedFixed(gap, 2);
    };
    const QString real = add(m_real.get(), 0.0, a.probe);
    QString noise = tr("not run");
    if (a.noise) {
        noise = add(m_noise.get(), 1.0, *a.noise);
    } else {
        m_noise->setRectangles({});
    }
    m_intervals->setRectangles(intervals);
    setLabels({tr("%1 − %2: %3").arg(a.valueA, a.valueB, real), tr("same vs same: %1").arg(noise)});
    if (hi - lo < 1e-9) {
        lo -= 1.0;
        hi += 1.0;
    }
    const double pad = (hi - lo) * 0.1;
    m_y->setRange(lo - pad, hi + pad);
    m_y->applyNiceNumbers();
    m_y->setTitleText(a.metricName);
}

} // namespace pb
