#include "results/ChoiceResultsView.h"

#include "choice/ChoiceReport.h"
#include "results/ChoiceDistributionChartView.h"
#include "results/ChoiceItemModel.h"
#include "results/NoiseFloorChartView.h"
#include "results/ReportExcerpt.h"

#include <QSplitter>
#include <QTableView>

namespace pb {

ChoiceResultsView::ChoiceResultsView(QWidget* parent)
    : DistanceResultsView(
          new ChoiceItemModel,
          {QStringLiteral("choice"), tr("Where the distributions come from, and the effect"),
           tr("Per-item choice results"), QStringLiteral("divergence-against-noise")},
          parent),
      m_model(static_cast<ChoiceItemModel*>(itemModel())),
      m_distribution(new ChoiceDistributionChartView(this))
{
    addChart(QStringLiteral("choice-distribution"), m_distribution);
    auto* charts = new QSplitter(Qt::Horizontal, this);
    charts->addWidget(m_distribution);
    charts->addWidget(noiseFloorChart());
    auto* main = new QSplitter(Qt::Vertical, this);
    main->setObjectName(QStringLiteral("choiceSplitter"));
    main->addWidget(charts);
    main->addWidget(table());
    main->setStretchFactor(0, 3);
    main->setStretchFactor(1, 2);
    setBody(main);
    // Tab goes as the page reads: the distribution, the noise floor, the table.
    setTabOrder(m_distribution, noiseFloorChart());
    setTabOrder(noiseFloorChart(), table());
    clearItem();
}

ChoiceResultsView::~ChoiceResultsView() = default;

void ChoiceResultsView::setAnalysis(const ChoiceAnalysis& a, const ReportContext& context)
{
    Result r;
    r.headline = ChoiceReport::resultSentence(a);
    const bool sampled = a.source == ChoiceSource::Sampled;
    // The report's own words: in bold, as a warning, when the distributions are sampled.
    const QString source = ReportDocument::literal(ChoiceReport::sourceSentence(a));
    r.detail.paragraph(sampled ? QString(QStringLiteral("**") + source + QStringLiteral("**"))
                               : source,
                       sampled ? QStringLiteral("warning") : QString());
    // The minimum detectable difference stays among the bullets, where the report has it.
    r.detail.bullets(ReportExcerpt::effectBullets(ChoiceReport::build(context, a)));
    m_model->setAnalysis(a);
    noiseFloorChart()->setAnalysis(a);
    showResult(r);
}

void ChoiceResultsView::showItem(int row)
{
    const ChoiceAnalysis& a = m_model->analysis();
    m_distribution->setItem(a, a.items.at(row));
}

void ChoiceResultsView::clearItem()
{
    m_distribution->clear();
}

QString ChoiceResultsView::callsText(const ChoiceAnalysis& c)
{
    return tr(": %1 calls analysed, %2 failed; %3 with log probabilities, %4 sampled")
        .arg(c.callsLogged)
        .arg(c.callsFailed)
        .arg(c.callsWithLogprobs)
        .arg(c.callsSampled);
}

} // namespace pb
