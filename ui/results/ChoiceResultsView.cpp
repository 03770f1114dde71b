#include "results/ChoiceResultsView.h"

#include "choice/ChoiceReport.h"
#include "results/ChartFile.h"
#include "results/ChoiceDistributionChartView.h"
#include "results/ChoiceItemModel.h"
#include "results/NoiseFloorChartView.h"
#include "results/ReportExcerpt.h"
#include "results/ReportExcerptLabel.h"
#include "widgets/ResultsTableView.h"

#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace pb {

ChoiceResultsView::ChoiceResultsView(QWidget* parent)
    : QWidget(parent), m_headline(new QLabel(this)),
      m_detail(
          new ReportExcerptLabel(tr("Where the distributions come from, and the effect"), this)),
      m_distribution(new ChoiceDistributionChartView(this)),
      m_noiseFloor(new NoiseFloorChartView(this)), m_model(new ChoiceItemModel(this)),
      m_sorted(new QSortFilterProxyModel(this)), m_table(new QTableView(this))
{
    m_headline->setObjectName(QStringLiteral("choiceHeadline"));
    m_headline->setAccessibleName(tr("Result"));
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_headline->setWordWrap(true);
    QFont big = m_headline->font();
    big.setPointSizeF(big.pointSizeF() * 1.2);
    big.setBold(true);
    m_headline->setFont(big);
    m_detail->setObjectName(QStringLiteral("choiceDetail"));

    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(ChoiceItemModel::SortRole);
    ResultsTableView::configure(m_table, m_sorted, tr("Per-item choice results"));
    // Not stretched: the effect's figure stays beside the other columns.
    m_table->horizontalHeader()->setStretchLastSection(false);

    for (QChartView* view : std::initializer_list<QChartView*>{m_distribution, m_noiseFloor})
        ChartFile::addSaveAction(view, this);

    auto* charts = new QSplitter(Qt::Horizontal, this);
    charts->addWidget(m_distribution);
    charts->addWidget(m_noiseFloor);
    auto* main = new QSplitter(Qt::Vertical, this);
    main->setObjectName(QStringLiteral("choiceSplitter"));
    main->addWidget(charts);
    main->addWidget(m_table);
    main->setStretchFactor(0, 3);
    main->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_headline);
    layout->addWidget(m_detail);
    layout->addWidget(main, 1);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid())
                    selectItem(m_sorted->data(current, ChoiceItemModel::ItemIdRole).toString());
            });
    connect(m_noiseFloor, &NoiseFloorChartView::itemClicked, this, &ChoiceResultsView::selectItem);
    clear(QString());
}

ChoiceResultsView::~ChoiceResultsView() = default;

void ChoiceResultsView::setAnalysis(const ChoiceAnalysis& a, const ReportContext& context)
{
    const QString keep = m_selected;
    m_headline->setText(ChoiceReport::resultSentence(a));
    ReportDocument detail;
    const bool sampled = a.source == ChoiceSource::Sampled;
    // The report's own words: in bold, as a warning, when the distributions are sampled.
    const QString source = ReportDocument::literal(ChoiceReport::sourceSentence(a));
    detail.paragraph(sampled ? QString(QStringLiteral("**") + source + QStringLiteral("**"))
                             : source,
                     sampled ? QStringLiteral("warning") : QString());
    detail.bullets(ReportExcerpt::effectBullets(ChoiceReport::build(context, a)));
    m_detail->setBlocks(detail);
    m_model->setAnalysis(a);
    m_noiseFloor->setAnalysis(a);
    m_selected.clear();
    if (!selectItem(keep) && !a.items.isEmpty())
        selectItem(a.items.constFirst().itemId);
}

void ChoiceResultsView::clear(const QString& message)
{
    m_headline->setText(message);
    m_detail->clearBlocks();
    m_model->clear();
    m_distribution->clear();
    m_noiseFloor->clear();
    m_selected.clear();
}

bool ChoiceResultsView::selectItem(const QString& itemId)
{
    const ChoiceAnalysis& a = m_model->analysis();
    for (qsizetype i = 0; i < a.items.size(); ++i) {
        if (a.items[i].itemId != itemId)
            continue;
        if (m_selected != itemId) {
            m_selected = itemId;
            m_distribution->setItem(a, a.items[i]);
        }
        const QModelIndex row = m_sorted->mapFromSource(m_model->index(int(i), 0));
        if (m_table->currentIndex().row() != row.row())
            m_table->setCurrentIndex(row);
        return true;
    }
    return false;
}

QString ChoiceResultsView::headlineText() const
{
    return m_headline->text();
}

QString ChoiceResultsView::callsText(const ChoiceAnalysis& c)
{
    return tr(": %1 calls analysed, %2 failed; %3 with log probabilities, %4 sampled")
        .arg(c.callsLogged)
        .arg(c.callsFailed)
        .arg(c.callsWithLogprobs)
        .arg(c.callsSampled);
}

QList<QPair<QString, QChartView*>> ChoiceResultsView::charts() const
{
    return {{QStringLiteral("choice-distribution"), m_distribution},
            {QStringLiteral("divergence-against-noise"), m_noiseFloor}};
}

} // namespace pb
