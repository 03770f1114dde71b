#include "results/NoiseFloorChartView.h"

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

NoiseFloorChartView::NoiseFloorChartView(QWidget* parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(280, 200);
    setAccessibleName(tr("Distance of A against B beside the noise floor, per item"));
    m_chart = new QChart;
    m_chart->setTitle(tr("Distance against the noise floor"));
    m_bars = new QBarSeries;
    m_cf = new QBarSet(tr("D_cf: A against B"));
    m_null = new QBarSet(tr("D_null: A against A again"));
    m_bars->append({m_cf, m_null});
    m_chart->addSeries(m_bars);
    m_x = new QBarCategoryAxis;
    m_y = new QValueAxis;
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

NoiseFloorChartView::~NoiseFloorChartView() = default;

void NoiseFloorChartView::restyle()
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

void NoiseFloorChartView::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        restyle();
}

void NoiseFloorChartView::clear()
{
    for (QBarSet* set : {m_cf, m_null})
        set->remove(0, set->count());
    m_x->clear();
    m_y->setRange(0.0, 1.0);
}

void NoiseFloorChartView::setAnalysis(const ChoiceAnalysis& a)
{
    QStringList items;
    QList<qreal> cf;
    QList<qreal> null;
    for (const ChoiceItemResult& r : a.items) {
        if (!r.comparable)
            continue;
        items << r.itemId;
        cf << r.divergence;
        null << r.noiseDivergence;
    }
    show({tr("Divergence against the noise floor"), tr("D_cf: JS(A, B)"),
          tr("D_null: JS(A, A again)"), tr("bits"),
          tr("D_cf: how far the item's distribution under B is from A (Jensen-Shannon, in "
             "bits). D_null: how far A is from A again on other seeds, the noise floor. An item "
             "whose D_cf stands no higher than its D_null shows nothing beyond noise. Click an "
             "item to see its distribution."),
          1.0},
         items, cf, null);
}

void NoiseFloorChartView::setAnalysis(const GenerativeAnalysis& a)
{
    QStringList items;
    QList<qreal> cf;
    QList<qreal> null;
    for (const GenerativeItemResult& r : a.items) {
        if (!r.comparable)
            continue;
        items << r.itemId;
        cf << r.distance;
        null << r.noiseDistance;
    }
    show({tr("Cosine distance against the noise floor"), tr("D_cf: distance(A, B)"),
          tr("D_null: distance(A, A again)"), tr("cosine distance"),
          tr("D_cf: how far the item's replies under A and B sit apart, as the mean cosine "
             "distance of their embeddings on the same seed. D_null: how far A sits from A again "
             "on other seeds, the noise floor. An item whose D_cf stands no higher than its "
             "D_null shows nothing beyond noise. Click an item to select it."),
          2.0},
         items, cf, null);
}

void NoiseFloorChartView::show(const Distance& distance, const QStringList& items,
                               const QList<qreal>& cf, const QList<qreal>& null)
{
    clear();
    m_chart->setTitle(distance.title);
    m_cf->setLabel(distance.counterfactual);
    m_null->setLabel(distance.null);
    m_y->setTitleText(distance.axis);
    setToolTip(distance.toolTip);
    m_x->append(items);
    m_cf->append(cf);
    m_null->append(null);
    double top = 0.0;
    for (const QList<qreal>* values : {&cf, &null}) {
        for (qreal v : *values)
            top = std::max(top, double(v));
    }
    // Small distances get an axis of their own size to be seen, never past the largest a
    // distance of this kind can be.
    m_y->setRange(0.0, top > 0.0 ? std::min(distance.most, top * 1.15) : distance.most);
    m_y->applyNiceNumbers();
    if (m_y->max() > distance.most)
        m_y->setMax(distance.most);
}

QString NoiseFloorChartView::axisTitle() const
{
    return m_y->titleText();
}

QStringList NoiseFloorChartView::items() const
{
    return m_x->categories();
}

QList<double> NoiseFloorChartView::counterfactualValues() const
{
    QList<double> out;
    for (int i = 0; i < m_cf->count(); ++i)
        out << m_cf->at(i);
    return out;
}

QList<double> NoiseFloorChartView::nullValues() const
{
    QList<double> out;
    for (int i = 0; i < m_null->count(); ++i)
        out << m_null->at(i);
    return out;
}

} // namespace pb
