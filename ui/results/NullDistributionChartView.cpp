#include "results/NullDistributionChartView.h"

#include "report/NumberText.h"
#include "results/ChartStyle.h"
#include "results/RectangleArea.h"
#include "widgets/ThemeColours.h"

#include <QAreaSeries>
#include <QEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <memory>

namespace pb {

NullDistributionChartView::NullDistributionChartView(QWidget* parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(280, 200);
    setAccessibleName(tr("Null distribution chart"));
    setToolTip(tr("The null distribution: how the average gap would come out if the attribute "
                  "made no difference and each item's gap were as likely negative as positive. "
                  "p is the shaded share at least as far from zero as the observed average."));
    m_chart = new QChart;
    m_chart->setTitle(tr("If there were no difference"));
    m_x = new QValueAxis;
    m_y = new QValueAxis;
    m_y->setTitleText(tr("probability"));
    m_y->setLabelFormat(QStringLiteral("%.2f"));
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    ChartStyle::apply(m_chart, palette());
    m_mass = std::make_unique<RectangleArea>(m_chart, tr("No difference"), QColor(), m_x, m_y);
    m_tail = std::make_unique<RectangleArea>(m_chart, tr("Tail"), QColor(), m_x, m_y);
    m_observed = new QLineSeries;
    m_observed->setName(tr("Observed"));
    m_mirror = new QLineSeries;
    m_mirror->setName(tr("Mirror"));
    for (QLineSeries* s : {m_observed, m_mirror}) {
        m_chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    // The mirror line is explained by the tooltip; the legend keeps to what p is made of.
    m_chart->legend()->markers(m_mirror).constFirst()->setVisible(false);
    // QChartView made a chart of its own and lets go of it here without deleting it.
    std::unique_ptr<QChart> placeholder(chart());
    setChart(m_chart);
    restyle();
    clear();
}

NullDistributionChartView::~NullDistributionChartView() = default;

void NullDistributionChartView::restyle()
{
    ChartStyle::apply(m_chart, palette(), m_fontScale);
    const bool dark = ThemeColours::isDark(palette());
    m_mass->series()->setBrush(ThemeColours::nullMass(dark));
    m_mass->series()->setPen(Qt::NoPen);
    m_tail->series()->setBrush(ThemeColours::tail(dark));
    m_tail->series()->setPen(Qt::NoPen);
    m_observed->setPen(QPen(ThemeColours::average(dark), 2.5 * m_fontScale));
    m_mirror->setPen(QPen(ThemeColours::average(dark), 1.5 * m_fontScale, Qt::DashLine));
}

void NullDistributionChartView::setFontScale(double scale)
{
    m_fontScale = scale;
    restyle();
}

void NullDistributionChartView::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        restyle();
    }
}

void NullDistributionChartView::clear()
{
    m_mass->setRectangles({});
    m_tail->setRectangles({});
    m_observed->clear();
    m_mirror->clear();
    m_x->setRange(-1, 1);
    m_y->setRange(0, 1);
    m_barCount = 0;
}

void NullDistributionChartView::setResult(const SignFlipResult& result, const QString& metricName)
{
    const SignFlipNull& null = result.null;
    m_x->setTitleText(tr("average gap (%1)").arg(metricName));
    QList<QRectF> mass;
    QList<QRectF> tail;
    double top = 0.0;
    double left = -std::abs(null.observed);
    double right = std::abs(null.observed);
    // Few exact atoms read best as spikes at their values; many as a histogram.
    const bool useAtoms = !null.atoms.empty() && null.atoms.size() <= 300;
    if (useAtoms) {
        double spacing = 0.0;
        for (size_t k = 1; k < null.atoms.size(); ++k) {
            const double d = null.atoms[k].value - null.atoms[k - 1].value;
            spacing = spacing == 0.0 ? d : std::min(spacing, d);
        }
        if (spacing <= 0.0) {
            spacing = std::max(0.02, std::abs(null.observed) / 10);
        }
        const double half = spacing * 0.4;
        for (const SignFlipAtom& a : null.atoms) {
            const QRectF r(QPointF(a.value - half, 0.0), QPointF(a.value + half, a.probability));
            (a.inTail ? tail : mass) << r;
            top = std::max(top, a.probability);
            left = std::min(left, a.value - half);
            right = std::max(right, a.value + half);
        }
        m_barCount = int(null.atoms.size());
    } else {
        for (const SignFlipBin& b : null.bins) {
            // The whole bin in the base colour, its tail share drawn over it from zero.
            mass << QRectF(QPointF(b.lower, 0.0), QPointF(b.upper, b.probability));
            if (b.tailProbability > 0.0) {
                tail << QRectF(QPointF(b.lower, 0.0), QPointF(b.upper, b.tailProbability));
            }
            top = std::max(top, b.probability);
            left = std::min(left, b.lower);
            right = std::max(right, b.upper);
        }
        m_barCount = int(null.bins.size());
    }
    m_mass->setRectangles(mass);
    m_tail->setRectangles(tail);
    if (top <= 0.0) {
        top = 1.0;
    }
    const double ceiling = top * 1.12;
    if (result.method != SignFlipMethod::None) {
        m_observed->replace({QPointF(null.observed, 0.0), QPointF(null.observed, ceiling)});
        m_mirror->replace({QPointF(-null.observed, 0.0), QPointF(-null.observed, ceiling)});
        m_observed->setName(tr("Observed %1").arg(NumberText::signedFixed(null.observed, 2)));
    } else {
        m_observed->clear();
        m_mirror->clear();
    }
    m_tail->series()->setName(tr("Tail: %1").arg(NumberText::pEquals(result.p)));
    const double pad = (right - left) * 0.05 + 1e-6;
    m_x->setRange(left - pad, right + pad);
    m_x->applyNiceNumbers();
    m_y->setRange(0.0, ceiling);
    m_chart->setTitle(null.exact || result.method == SignFlipMethod::None
                          ? tr("If there were no difference (exact)")
                          : tr("If there were no difference (Monte Carlo estimate)"));
}

} // namespace pb
