#include "results/ChoiceDistributionChartView.h"

#include "results/ChartStyle.h"
#include "widgets/ThemeColours.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QEvent>
#include <QLegend>
#include <QValueAxis>
#include <memory>

namespace pb {

ChoiceDistributionChartView::ChoiceDistributionChartView(QWidget* parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(280, 200);
    setAccessibleName(tr("The selected item's distribution over the candidates"));
    setToolTip(tr("For the item selected in the table: the probability of each candidate under "
                  "A, under B, and under A again on other seeds. A against A again is what "
                  "noise alone moves; a shift from A to B that is no larger is not evidence."));
    m_chart = new QChart;
    m_chart->setTitle(tr("Distribution over the candidates"));
    m_bars = new QBarSeries;
    m_a = new QBarSet(QStringLiteral("A"));
    m_b = new QBarSet(QStringLiteral("B"));
    m_noise = new QBarSet(tr("A again"));
    m_bars->append({m_a, m_b, m_noise});
    m_chart->addSeries(m_bars);
    m_x = new QBarCategoryAxis;
    m_y = new QValueAxis;
    m_y->setRange(0.0, 1.0);
    m_y->setTickCount(6);
    m_y->setLabelFormat(QStringLiteral("%.1f"));
    m_y->setTitleText(tr("probability"));
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    m_bars->attachAxis(m_x);
    m_bars->attachAxis(m_y);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    // QChartView made a chart of its own and lets go of it here without deleting it.
    std::unique_ptr<QChart> placeholder(chart());
    setChart(m_chart);
    restyle();
    clear();
}

ChoiceDistributionChartView::~ChoiceDistributionChartView() = default;

void ChoiceDistributionChartView::restyle()
{
    ChartStyle::apply(m_chart, palette());
    const bool dark = ThemeColours::isDark(palette());
    const QList<QPair<QBarSet*, QColor>> colours = {{m_a, ThemeColours::gap(dark)},
                                                    {m_b, ThemeColours::tail(dark)},
                                                    {m_noise, ThemeColours::noise(dark)}};
    for (const auto& [set, colour] : colours) {
        set->setColor(colour);
        set->setBorderColor(colour);
    }
}

void ChoiceDistributionChartView::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        restyle();
}

void ChoiceDistributionChartView::clear()
{
    for (QBarSet* set : {m_a, m_b, m_noise})
        set->remove(0, set->count());
    m_x->clear();
    m_chart->setTitle(tr("Distribution over the candidates"));
}

void ChoiceDistributionChartView::setItem(const ChoiceAnalysis& a, const ChoiceItemResult& item)
{
    clear();
    m_x->append(a.candidates);
    const QList<std::tuple<QBarSet*, const ChoiceArmDistribution*, QString>> arms = {
        {m_a, &item.a, tr("A: %1").arg(a.valueA)},
        {m_b, &item.b, tr("B: %1").arg(a.valueB)},
        {m_noise, &item.noise, a.noiseLabel}};
    for (const auto& [set, arm, label] : arms) {
        set->setLabel(arm->valid ? label : tr("%1 (no distribution)").arg(label));
        if (!arm->valid)
            continue;
        QList<qreal> values;
        for (double p : arm->probabilities)
            values << p;
        set->append(values);
    }
    m_chart->setTitle(tr("Item %1: distribution over the candidates").arg(item.itemId));
}

QList<QList<double>> ChoiceDistributionChartView::barValues() const
{
    QList<QList<double>> out;
    for (const QBarSet* set : {m_a, m_b, m_noise}) {
        QList<double> values;
        for (int i = 0; i < set->count(); ++i)
            values << set->at(i);
        out << values;
    }
    return out;
}

QStringList ChoiceDistributionChartView::categories() const
{
    return m_x->categories();
}

} // namespace pb
