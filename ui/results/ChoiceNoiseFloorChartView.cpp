#include "results/ChoiceNoiseFloorChartView.h"

#include "results/ChartStyle.h"
#include "widgets/ThemeColours.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QEvent>
#include <QLegend>
#include <QValueAxis>
#include <algorithm>
#include <memory>

namespace pb {

ChoiceNoiseFloorChartView::ChoiceNoiseFloorChartView(QWidget* parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(280, 200);
    setAccessibleName(tr("Divergence of A against B beside the noise floor, per item"));
    setToolTip(tr("D_cf: how far the item's distribution under B is from A (Jensen-Shannon, in "
                  "bits). D_null: how far A is from A again on other seeds, the noise floor. "
                  "An item whose D_cf stands no higher than its D_null shows nothing beyond "
                  "noise. Click an item to see its distribution."));
    m_chart = new QChart;
    m_chart->setTitle(tr("Divergence against the noise floor"));
    m_bars = new QBarSeries;
    m_cf = new QBarSet(tr("D_cf: JS(A, B)"));
    m_null = new QBarSet(tr("D_null: JS(A, A again)"));
    m_bars->append({m_cf, m_null});
    m_chart->addSeries(m_bars);
    m_x = new QBarCategoryAxis;
    m_y = new QValueAxis;
    m_y->setTitleText(tr("bits"));
    m_y->setLabelFormat(QStringLiteral("%.3g"));
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    m_bars->attachAxis(m_x);
    m_bars->attachAxis(m_y);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    connect(m_bars, &QBarSeries::clicked, this, [this](int index, QBarSet*) {
        if (index >= 0 && index < m_x->count())
            Q_EMIT itemClicked(m_x->at(index));
    });
    // QChartView made a chart of its own and lets go of it here without deleting it.
    std::unique_ptr<QChart> placeholder(chart());
    setChart(m_chart);
    restyle();
    clear();
}

ChoiceNoiseFloorChartView::~ChoiceNoiseFloorChartView() = default;

void ChoiceNoiseFloorChartView::restyle()
{
    ChartStyle::apply(m_chart, palette());
    const bool dark = ThemeColours::isDark(palette());
    const QList<QPair<QBarSet*, QColor>> colours = {{m_cf, ThemeColours::gap(dark)},
                                                    {m_null, ThemeColours::noise(dark)}};
    for (const auto& [set, colour] : colours) {
        set->setColor(colour);
        set->setBorderColor(colour);
    }
}

void ChoiceNoiseFloorChartView::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        restyle();
}

void ChoiceNoiseFloorChartView::clear()
{
    for (QBarSet* set : {m_cf, m_null})
        set->remove(0, set->count());
    m_x->clear();
    m_y->setRange(0.0, 1.0);
}

void ChoiceNoiseFloorChartView::setAnalysis(const ChoiceAnalysis& a)
{
    clear();
    QStringList items;
    QList<qreal> cf;
    QList<qreal> null;
    double top = 0.0;
    for (const ChoiceItemResult& r : a.items) {
        if (!r.comparable)
            continue;
        items << r.itemId;
        cf << r.divergence;
        null << r.noiseDivergence;
        top = std::max({top, r.divergence, r.noiseDivergence});
    }
    m_x->append(items);
    m_cf->append(cf);
    m_null->append(null);
    // Divergences are in [0, 1] bits; small ones get an axis of their own size to be seen.
    m_y->setRange(0.0, top > 0.0 ? std::min(1.0, top * 1.15) : 1.0);
    m_y->applyNiceNumbers();
    if (m_y->max() > 1.0)
        m_y->setMax(1.0);
}

QStringList ChoiceNoiseFloorChartView::items() const
{
    return m_x->categories();
}

QList<double> ChoiceNoiseFloorChartView::counterfactualValues() const
{
    QList<double> out;
    for (int i = 0; i < m_cf->count(); ++i)
        out << m_cf->at(i);
    return out;
}

QList<double> ChoiceNoiseFloorChartView::nullValues() const
{
    QList<double> out;
    for (int i = 0; i < m_null->count(); ++i)
        out << m_null->at(i);
    return out;
}

} // namespace pb
