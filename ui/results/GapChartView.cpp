#include "results/GapChartView.h"

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
#include <QToolTip>
#include <QValueAxis>
#include <cmath>
#include <memory>

namespace pb {

double GapChartView::intervalHalfWidth(const PerItemRow& row)
{
    if (!row.comparable || row.runsA < 2 || row.runsB < 2 || std::isnan(row.sdA) ||
        std::isnan(row.sdB)) {
        return std::nan("");
    }
    return 1.96 * std::sqrt(row.sdA * row.sdA / row.runsA + row.sdB * row.sdB / row.runsB);
}

GapChartView::GapChartView(QWidget* parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(320, 220);
    setAccessibleName(tr("Per-item gap chart"));
    setToolTip(tr("Each bar is one item's gap: its mean under value A minus its mean under "
                  "value B. The whisker spans 1.96 standard errors either side, about a 95% "
                  "interval for that item's gap. Click a bar to read its replies."));
    m_chart = new QChart;
    m_chart->setTitle(tr("Gap per item"));
    m_x = new QCategoryAxis;
    m_x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_x->setTitleText(tr("item"));
    m_x->setGridLineVisible(false);
    m_y = new QValueAxis;
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    ChartStyle::apply(m_chart, palette());

    m_bars = std::make_unique<RectangleArea>(m_chart, tr("Gap"), QColor(), m_x, m_y);
    m_whiskers = std::make_unique<RectangleArea>(m_chart, tr("95% interval"), QColor(), m_x, m_y);
    m_zero = new QLineSeries;
    m_average = new QLineSeries;
    m_average->setName(tr("Average gap"));
    m_noise = new QLineSeries;
    m_noise->setName(tr("Same versus same"));
    for (QLineSeries* s : {m_zero, m_average, m_noise}) {
        m_chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    m_chart->legend()->markers(m_zero).constFirst()->setVisible(false);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    // QChartView made a chart of its own and lets go of it here without deleting it.
    std::unique_ptr<QChart> placeholder(chart());
    setChart(m_chart);
    restyle();

    auto onClick = [this](const QPointF& p) {
        const int i = itemAt(p.x());
        if (i >= 0) {
            Q_EMIT itemClicked(m_ids[i]);
        }
    };
    auto onHover = [this](const QPointF& p, bool state) {
        const int i = itemAt(p.x());
        if (!state || i < 0) {
            QToolTip::hideText();
            return;
        }
        QString text =
            tr("Item %1: gap %2 %3").arg(m_ids[i], NumberText::signedFixed(m_gaps[i], 2), m_metric);
        if (!std::isnan(m_halfWidths[i])) {
            text += tr(" (95% interval %1 to %2)")
                        .arg(NumberText::signedFixed(m_gaps[i] - m_halfWidths[i], 2),
                             NumberText::signedFixed(m_gaps[i] + m_halfWidths[i], 2));
        }
        QToolTip::showText(QCursor::pos(), text, this);
    };
    for (QAreaSeries* s : {m_bars->series(), m_whiskers->series()}) {
        connect(s, &QAreaSeries::clicked, this, onClick);
        connect(s, &QAreaSeries::hovered, this, onHover);
    }
    clear();
}

GapChartView::~GapChartView() = default;

void GapChartView::restyle()
{
    ChartStyle::apply(m_chart, palette(), m_fontScale);
    const bool dark = ThemeColours::isDark(palette());
    m_bars->series()->setBrush(ThemeColours::gap(dark));
    m_bars->series()->setPen(Qt::NoPen);
    m_whiskers->series()->setBrush(ThemeColours::interval(dark));
    m_whiskers->series()->setPen(Qt::NoPen);
    m_zero->setPen(QPen(ThemeColours::noise(dark), 1));
    m_average->setPen(QPen(ThemeColours::average(dark), 2.5 * m_fontScale));
    m_noise->setPen(QPen(ThemeColours::noise(dark), 2 * m_fontScale, Qt::DashLine));
    placeLegend();
}

QSize GapChartView::legendEntriesWidth() const
{
    const QFontMetrics metrics(m_chart->legend()->font());
    const int marker = 2 * metrics.height(); // the marker, its gap and the entry's margins
    const int margins = 2 * metrics.height();
    int row = margins;
    int widest = 0;
    for (QLegendMarker* m : m_chart->legend()->markers()) {
        // Not m->isVisible(): a hidden legend hides its markers too.
        if (m->series() != m_zero && m->series()->isVisible()) {
            const int entry = metrics.horizontalAdvance(m->label()) + marker;
            row += entry;
            widest = std::max(widest, entry);
        }
    }
    return {row, widest + margins};
}

void GapChartView::placeLegend()
{
    // A legend with too little room has its entries cut short ("Average +0..."): below the
    // plot when they fit side by side, else beside it when that leaves the plot most of the
    // width, else none (the presenter's headline names the averages).
    const QSize needed = legendEntriesWidth();
    QLegend* legend = m_chart->legend();
    const bool below = needed.width() <= width();
    const bool beside = !below && needed.height() <= width() / 3;
    legend->setVisible(below || beside);
    const Qt::Alignment wanted = below ? Qt::AlignBottom : Qt::AlignRight;
    if (legend->alignment() != wanted) {
        legend->setAlignment(wanted);
    }
}

void GapChartView::setFontScale(double scale)
{
    m_fontScale = scale;
    restyle();
}

void GapChartView::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        restyle();
    }
}

void GapChartView::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    redraw(); // whisker width is kept at a few pixels
    placeLegend();
}

void GapChartView::clear()
{
    m_ids.clear();
    m_gaps.clear();
    m_halfWidths.clear();
    m_noiseAverage.reset();
    m_averageGap = 0.0;
    rebuildAxis();
    redraw();
}

void GapChartView::setGaps(const PerItemTable& table, const QString& metricName,
                           std::optional<double> noiseAverage)
{
    QStringList ids;
    QList<double> gaps;
    QList<double> halves;
    for (const PerItemRow& row : table.rows()) {
        ids << row.itemId;
        gaps << (row.comparable ? row.gap : std::nan(""));
        halves << intervalHalfWidth(row);
    }
    m_ids = ids;
    m_gaps = gaps;
    m_halfWidths = halves;
    m_averageGap = table.averageGap();
    m_noiseAverage = noiseAverage;
    m_metric = metricName;
    m_y->setTitleText(tr("%2 − %3 (%1)").arg(metricName, table.variantA(), table.variantB()));
    if (m_axisIds != m_ids && m_ids.size() <= kMaxBars) {
        rebuildAxis();
    }
    redraw();
    placeLegend(); // the averages' labels changed
}

void GapChartView::rebuildAxis()
{
    m_axisIds = m_ids;
    for (const QString& label : m_x->categoriesLabels()) {
        m_x->remove(label);
    }
    const qsizetype n = m_ids.size();
    m_x->setStartValue(-0.5);
    // Label at most ~30 items so the labels stay legible on a large probe.
    const qsizetype step = std::max<qsizetype>(1, (n + 29) / 30);
    for (qsizetype i = 0; i < n; i += step) {
        m_x->append(m_ids[i], double(i));
    }
    m_x->setLabelsAngle(n > 12 ? -60 : 0);
    m_x->setRange(-0.5, std::max<double>(0.5, double(n) - 0.5));
}

int GapChartView::itemAt(double x) const
{
    if (m_histogramShown) {
        return -1;
    }
    const int i = int(std::lround(x));
    return i >= 0 && i < m_ids.size() ? i : -1;
}

void GapChartView::redraw()
{
    const qsizetype n = m_ids.size();
    if (n > kMaxBars) {
        redrawHistogram();
        return;
    }
    if (m_histogramShown) {
        m_histogramShown = false;
        m_axisIds.clear();
        rebuildAxis();
        m_chart->setTitle(tr("Gap per item"));
        m_x->setTitleText(tr("item"));
        m_whiskers->series()->setVisible(true);
    }
    const double plotWidth = std::max(50.0, m_chart->plotArea().width());
    const double unitsPerPixel = std::max<double>(1.0, double(n)) / plotWidth;
    const double barHalf = 0.32;
    const double whiskerHalf = std::min(barHalf * 0.6, std::max(0.015, 1.5 * unitsPerPixel));
    QList<QRectF> bars;
    QList<QRectF> whiskers;
    double lo = 0.0;
    double hi = 0.0;
    for (qsizetype i = 0; i < n; ++i) {
        const double g = m_gaps[i];
        if (std::isnan(g)) {
            continue;
        }
        bars << QRectF(QPointF(i - barHalf, 0.0), QPointF(i + barHalf, g));
        lo = std::min(lo, g);
        hi = std::max(hi, g);
        const double h = m_halfWidths[i];
        if (!std::isnan(h)) {
            whiskers << QRectF(QPointF(i - whiskerHalf, g - h), QPointF(i + whiskerHalf, g + h));
            lo = std::min(lo, g - h);
            hi = std::max(hi, g + h);
        }
    }
    m_bars->setRectangles(bars);
    m_whiskers->setRectangles(whiskers);
    const double left = -0.5;
    const double right = std::max<double>(0.5, double(n) - 0.5);
    m_zero->replace({QPointF(left, 0.0), QPointF(right, 0.0)});
    if (n > 0 && !std::isnan(m_averageGap)) {
        m_average->replace({QPointF(left, m_averageGap), QPointF(right, m_averageGap)});
        m_average->setName(tr("Average %1").arg(NumberText::signedFixed(m_averageGap, 2)));
    } else {
        m_average->clear();
        m_average->setName(tr("Average gap"));
    }
    m_noise->setVisible(m_noiseAverage.has_value());
    if (m_noiseAverage && !std::isnan(*m_noiseAverage)) {
        m_noise->replace({QPointF(left, *m_noiseAverage), QPointF(right, *m_noiseAverage)});
        m_noise->setName(tr("Same vs same %1").arg(NumberText::signedFixed(*m_noiseAverage, 2)));
        lo = std::min(lo, *m_noiseAverage);
        hi = std::max(hi, *m_noiseAverage);
    } else {
        m_noise->clear();
    }
    if (hi - lo < 1e-9) {
        lo -= 1.0;
        hi += 1.0;
    }
    const double pad = (hi - lo) * 0.08;
    m_y->setRange(lo - pad, hi + pad);
    m_y->applyNiceNumbers();
}

void GapChartView::redrawHistogram()
{
    // Hundreds of bars cannot be read one by one (the table lists every item), and drawing
    // them costs a live run its responsiveness: above kMaxBars items the chart shows how the
    // item gaps are distributed instead.
    QList<double> gaps;
    for (double g : std::as_const(m_gaps)) {
        if (!std::isnan(g)) {
            gaps << g;
        }
    }
    double lo = 0.0;
    double hi = 0.0;
    for (double g : std::as_const(gaps)) {
        lo = std::min(lo, g);
        hi = std::max(hi, g);
    }
    if (m_noiseAverage && !std::isnan(*m_noiseAverage)) {
        lo = std::min(lo, *m_noiseAverage);
        hi = std::max(hi, *m_noiseAverage);
    }
    if (hi - lo < 1e-9) {
        lo -= 1.0;
        hi += 1.0;
    }
    const int bins = 30;
    const double width = (hi - lo) / bins;
    QList<int> counts(bins, 0);
    for (double g : std::as_const(gaps)) {
        counts[std::clamp(int((g - lo) / width), 0, bins - 1)]++;
    }
    QList<QRectF> bars;
    int top = 1;
    for (int b = 0; b < bins; ++b) {
        if (counts[b] > 0) {
            bars << QRectF(QPointF(lo + b * width + width * 0.05, 0.0),
                           QPointF(lo + (b + 1) * width - width * 0.05, counts[b]));
            top = std::max(top, counts[b]);
        }
    }
    if (!m_histogramShown) {
        m_histogramShown = true;
        m_chart->setTitle(tr("Distribution of the item gaps"));
        m_whiskers->series()->setVisible(false);
    }
    m_y->setTitleText(tr("items"));
    m_x->setTitleText(tr("gap per item (%1)").arg(m_metric));
    m_axisIds.clear();
    for (const QString& label : m_x->categoriesLabels()) {
        m_x->remove(label);
    }
    m_x->setLabelsAngle(0);
    m_x->setStartValue(lo);
    const double step = (hi - lo) / 6;
    for (int k = 0; k <= 6; ++k) {
        m_x->append(NumberText::signedFixed(lo + k * step, 2), lo + k * step);
    }
    m_x->setRange(lo, hi);
    m_bars->setRectangles(bars);
    m_whiskers->setRectangles({});
    const double ceiling = top * 1.1;
    m_zero->replace({QPointF(0.0, 0.0), QPointF(0.0, ceiling)});
    if (!std::isnan(m_averageGap)) {
        m_average->replace({QPointF(m_averageGap, 0.0), QPointF(m_averageGap, ceiling)});
        m_average->setName(tr("Average %1").arg(NumberText::signedFixed(m_averageGap, 2)));
    } else {
        m_average->clear();
    }
    m_noise->setVisible(m_noiseAverage.has_value());
    if (m_noiseAverage && !std::isnan(*m_noiseAverage)) {
        m_noise->replace({QPointF(*m_noiseAverage, 0.0), QPointF(*m_noiseAverage, ceiling)});
        m_noise->setName(tr("Same vs same %1").arg(NumberText::signedFixed(*m_noiseAverage, 2)));
    } else {
        m_noise->clear();
    }
    m_y->setRange(0.0, ceiling);
}

} // namespace pb
