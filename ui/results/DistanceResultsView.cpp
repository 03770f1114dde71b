#include "results/DistanceResultsView.h"

#include "results/ChartFile.h"
#include "results/DistanceItemModel.h"
#include "results/NoiseFloorChartView.h"
#include "results/ReportExcerptLabel.h"
#include "widgets/ResultsTableView.h"

#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace pb {

DistanceResultsView::DistanceResultsView(DistanceItemModel* model, const Names& names,
                                         QWidget* parent)
    : QWidget(parent), m_headline(new QLabel(this)), m_detectable(new QLabel(this)),
      m_detail(new ReportExcerptLabel(names.detailTitle, this)),
      m_noiseFloor(new NoiseFloorChartView(this)), m_model(model),
      m_sorted(new QSortFilterProxyModel(this)), m_table(new QTableView(this))
{
    m_model->setParent(this);
    m_headline->setObjectName(names.mode + QStringLiteral("Headline"));
    m_headline->setAccessibleName(tr("Result"));
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_headline->setWordWrap(true);
    QFont big = m_headline->font();
    big.setPointSizeF(big.pointSizeF() * 1.2);
    big.setBold(true);
    m_headline->setFont(big);
    m_detectable->setObjectName(names.mode + QStringLiteral("Detectable"));
    m_detectable->setAccessibleName(tr("Minimum detectable difference"));
    m_detectable->setToolTip(
        tr("The smallest shift of the replies above the noise floor this design sees 80% of the "
           "time: a null result rules out only shifts about this large."));
    m_detectable->setWordWrap(true);
    m_detectable->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detail->setObjectName(names.mode + QStringLiteral("Detail"));

    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(DistanceItemModel::SortRole);
    ResultsTableView::configure(m_table, m_sorted, names.tableName);
    // Not stretched: the effect's figure stays beside the other columns.
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->setToolTip(tr("Double-click an item, or press Enter, to read its replies under A, B "
                           "and A again side by side."));
    m_charts << qMakePair(names.noiseFloorFile, static_cast<QChartView*>(m_noiseFloor));
    ChartFile::addSaveAction(m_noiseFloor, this);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_headline);
    layout->addWidget(m_detectable);
    layout->addWidget(m_detail);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid())
                    selectItem(m_sorted->data(current, DistanceItemModel::ItemIdRole).toString());
            });
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex& index) {
        Q_EMIT repliesRequested(m_sorted->data(index, DistanceItemModel::ItemIdRole).toString());
    });
    connect(m_noiseFloor, &NoiseFloorChartView::itemClicked, this,
            &DistanceResultsView::selectItem);
    clear(QString());
}

DistanceResultsView::~DistanceResultsView() = default;

void DistanceResultsView::setBody(QWidget* body)
{
    static_cast<QVBoxLayout*>(layout())->addWidget(body, 1);
}

void DistanceResultsView::addChart(const QString& file, QChartView* view)
{
    m_charts.insert(m_charts.size() - 1, qMakePair(file, view)); // before the noise floor's
    ChartFile::addSaveAction(view, this);
}

void DistanceResultsView::showResult(const Result& r)
{
    const QString keep = m_selected;
    m_headline->setText(r.headline);
    const bool shown = !r.detectable.isEmpty();
    m_detectable->setText(r.detectable);
    m_detectable->setVisible(shown);
    QFont font = m_detectable->font();
    font.setBold(shown && r.detectableBold);
    m_detectable->setFont(font);
    m_detail->setBlocks(r.detail);
    m_selected.clear();
    if (!selectItem(keep) && m_model->rowCount() > 0)
        selectItem(m_model->index(0, 0).data(DistanceItemModel::ItemIdRole).toString());
}

void DistanceResultsView::clear(const QString& message)
{
    m_headline->setText(message);
    m_detectable->clear();
    m_detectable->hide();
    m_detail->clearBlocks();
    m_model->clear();
    m_noiseFloor->clear();
    m_selected.clear();
    clearItem();
}

bool DistanceResultsView::selectItem(const QString& itemId)
{
    const int i = m_model->rowOf(itemId);
    if (i < 0)
        return false;
    if (m_selected != itemId) {
        m_selected = itemId;
        showItem(i);
    }
    const QModelIndex row = m_sorted->mapFromSource(m_model->index(i, 0));
    if (m_table->currentIndex().row() != row.row())
        m_table->setCurrentIndex(row);
    return true;
}

void DistanceResultsView::showItem(int)
{
}

void DistanceResultsView::clearItem()
{
}

QString DistanceResultsView::headlineText() const
{
    return m_headline->text();
}

QString DistanceResultsView::detectableText() const
{
    return m_detectable->isHidden() ? QString() : m_detectable->text();
}

QString DistanceResultsView::detailMarkdown() const
{
    return m_detail->markdown();
}

QList<QPair<QString, QChartView*>> DistanceResultsView::charts() const
{
    return m_charts;
}

} // namespace pb
