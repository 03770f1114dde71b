#include "results/GenerativeResultsView.h"

#include "generative/GenerativeReport.h"
#include "report/DistanceComparisonText.h"
#include "results/ChartFile.h"
#include "results/GenerativeItemModel.h"
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

GenerativeResultsView::GenerativeResultsView(QWidget* parent)
    : QWidget(parent), m_headline(new QLabel(this)), m_detectable(new QLabel(this)),
      m_detail(new ReportExcerptLabel(tr("The effect against the noise floor"), this)),
      m_noiseFloor(new NoiseFloorChartView(this)), m_model(new GenerativeItemModel(this)),
      m_sorted(new QSortFilterProxyModel(this)), m_table(new QTableView(this))
{
    m_headline->setObjectName(QStringLiteral("generativeHeadline"));
    m_headline->setAccessibleName(tr("Result"));
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_headline->setWordWrap(true);
    QFont big = m_headline->font();
    big.setPointSizeF(big.pointSizeF() * 1.2);
    big.setBold(true);
    m_headline->setFont(big);
    m_detectable->setObjectName(QStringLiteral("generativeDetectable"));
    m_detectable->setAccessibleName(tr("Minimum detectable difference"));
    m_detectable->setToolTip(
        tr("The smallest shift of the replies above the noise floor this design sees 80% of the "
           "time: a null result rules out only shifts about this large."));
    m_detectable->setWordWrap(true);
    m_detectable->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detail->setObjectName(QStringLiteral("generativeDetail"));

    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(GenerativeItemModel::SortRole);
    ResultsTableView::configure(m_table, m_sorted, tr("Per-item generative results"));
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->setToolTip(tr("Double-click an item, or press Enter, to read its replies under A, B "
                           "and A again side by side."));
    ChartFile::addSaveAction(m_noiseFloor, this);

    auto* main = new QSplitter(Qt::Horizontal, this);
    main->setObjectName(QStringLiteral("generativeSplitter"));
    main->addWidget(m_noiseFloor);
    main->addWidget(m_table);
    main->setStretchFactor(0, 1);
    main->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_headline);
    layout->addWidget(m_detectable);
    layout->addWidget(m_detail);
    layout->addWidget(main, 1);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid())
                    selectItem(m_sorted->data(current, GenerativeItemModel::ItemIdRole).toString());
            });
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex& index) {
        Q_EMIT repliesRequested(m_sorted->data(index, GenerativeItemModel::ItemIdRole).toString());
    });
    connect(m_noiseFloor, &NoiseFloorChartView::itemClicked, this,
            &GenerativeResultsView::selectItem);
    clear(QString());
}

GenerativeResultsView::~GenerativeResultsView() = default;

void GenerativeResultsView::setAnalysis(const GenerativeAnalysis& a, const ReportContext& context)
{
    const QString keep = m_selected;
    m_headline->setText(GenerativeReport::resultSentence(a));
    // The report's own bullets; its minimum detectable difference stands beside the verdict,
    // in bold when the result is null, since that is what a null result rules out.
    const QString detectable =
        DistanceComparisonText::detectableText(a.verdict, QStringLiteral("cosine distance"), {});
    QStringList bullets = ReportExcerpt::effectBullets(GenerativeReport::build(context, a));
    const bool shown = !detectable.isEmpty() && bullets.removeAll(detectable) > 0;
    m_detectable->setText(shown ? ReportDocument::plain(detectable) : QString());
    m_detectable->setVisible(shown);
    QFont font = m_detectable->font();
    font.setBold(shown && a.hasResult() && !a.detected());
    m_detectable->setFont(font);
    ReportDocument detail;
    detail.bullets(bullets);
    m_detail->setBlocks(detail);
    m_model->setAnalysis(a);
    m_noiseFloor->setAnalysis(a);
    m_selected.clear();
    if (!selectItem(keep) && !a.items.isEmpty())
        selectItem(a.items.constFirst().itemId);
}

void GenerativeResultsView::clear(const QString& message)
{
    m_headline->setText(message);
    m_detectable->clear();
    m_detectable->hide();
    m_detail->clearBlocks();
    m_model->clear();
    m_noiseFloor->clear();
    m_selected.clear();
}

bool GenerativeResultsView::selectItem(const QString& itemId)
{
    const GenerativeAnalysis& a = m_model->analysis();
    for (qsizetype i = 0; i < a.items.size(); ++i) {
        if (a.items[i].itemId != itemId)
            continue;
        m_selected = itemId;
        const QModelIndex row = m_sorted->mapFromSource(m_model->index(int(i), 0));
        if (m_table->currentIndex().row() != row.row())
            m_table->setCurrentIndex(row);
        return true;
    }
    return false;
}

QString GenerativeResultsView::headlineText() const
{
    return m_headline->text();
}

QString GenerativeResultsView::detectableText() const
{
    return m_detectable->isHidden() ? QString() : m_detectable->text();
}

QString GenerativeResultsView::callsText(const GenerativeAnalysis& g)
{
    return tr(": %1 calls analysed, %2 failed; %3 embedded, %4 without a usable embedding")
        .arg(g.callsLogged)
        .arg(g.callsFailed)
        .arg(g.callsEmbedded)
        .arg(g.callsFlagged);
}

QList<QPair<QString, QChartView*>> GenerativeResultsView::charts() const
{
    return {{QStringLiteral("distance-against-noise"), m_noiseFloor}};
}

} // namespace pb
