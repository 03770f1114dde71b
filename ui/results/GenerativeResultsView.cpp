#include "results/GenerativeResultsView.h"

#include "generative/GenerativeReport.h"
#include "report/DistanceComparisonText.h"
#include "results/GenerativeItemModel.h"
#include "results/NoiseFloorChartView.h"
#include "results/ReportExcerpt.h"

#include <QSplitter>
#include <QTableView>

namespace pb {

GenerativeResultsView::GenerativeResultsView(QWidget* parent)
    : DistanceResultsView(new GenerativeItemModel,
                          {QStringLiteral("generative"), tr("The effect against the noise floor"),
                           tr("Per-item generative results"),
                           QStringLiteral("distance-against-noise")},
                          parent),
      m_model(static_cast<GenerativeItemModel*>(itemModel()))
{
    auto* main = new QSplitter(Qt::Horizontal, this);
    main->setObjectName(QStringLiteral("generativeSplitter"));
    main->addWidget(noiseFloorChart());
    main->addWidget(table());
    main->setStretchFactor(0, 1);
    main->setStretchFactor(1, 1);
    setBody(main);
}

GenerativeResultsView::~GenerativeResultsView() = default;

void GenerativeResultsView::setAnalysis(const GenerativeAnalysis& a, const ReportContext& context)
{
    Result r;
    r.headline = GenerativeReport::resultSentence(a);
    // The report's own bullets; its minimum detectable difference stands beside the verdict,
    // in bold when the result is null, since that is what a null result rules out.
    const QString detectable =
        DistanceComparisonText::detectableText(a.verdict, QStringLiteral("cosine distance"), {});
    QStringList bullets = ReportExcerpt::effectBullets(GenerativeReport::build(context, a));
    if (!detectable.isEmpty() && bullets.removeAll(detectable) > 0) {
        r.detectable = ReportDocument::plain(detectable);
        r.detectableBold = a.hasResult() && !a.detected();
    }
    r.detail.bullets(bullets);
    m_model->setAnalysis(a);
    noiseFloorChart()->setAnalysis(a);
    showResult(r);
}

QString GenerativeResultsView::callsText(const GenerativeAnalysis& g)
{
    return tr(": %1 calls analysed, %2 failed; %3 embedded, %4 without a usable embedding")
        .arg(g.callsLogged)
        .arg(g.callsFailed)
        .arg(g.callsEmbedded)
        .arg(g.callsFlagged);
}

} // namespace pb
