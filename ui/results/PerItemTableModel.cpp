#include "results/PerItemTableModel.h"

#include "report/NumberText.h"
#include "results/GapChartView.h"

#include <QApplication>
#include <QStyle>
#include <cmath>

namespace pb {
namespace {

QString number(double v, int decimals)
{
    return std::isnan(v) ? QStringLiteral("–") : NumberText::fixed(v, decimals);
}

bool sameItems(const QList<PerItemRow>& a, const QList<PerItemRow>& b, qsizetype count)
{
    for (qsizetype i = 0; i < count; ++i) {
        if (a[i].itemId != b[i].itemId) {
            return false;
        }
    }
    return true;
}

} // namespace

PerItemTableModel::PerItemTableModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void PerItemTableModel::clear()
{
    beginResetModel();
    m_table = PerItemTable();
    m_rows.clear();
    endResetModel();
}

void PerItemTableModel::setTable(const PerItemTable& table)
{
    const QList<PerItemRow>& incoming = table.rows();
    const bool headersChanged =
        table.variantA() != m_table.variantA() || table.variantB() != m_table.variantB();
    const qsizetype old = m_rows.size();
    if (incoming.size() < old || !sameItems(incoming, m_rows, old)) {
        beginResetModel();
        m_table = table;
        m_rows = incoming;
        endResetModel();
        return;
    }
    m_table = table;
    if (old > 0) {
        m_rows = incoming.mid(0, old);
        Q_EMIT dataChanged(index(0, 0), index(int(old) - 1, ColumnCount - 1));
    }
    if (incoming.size() > old) {
        beginInsertRows(QModelIndex(), int(old), int(incoming.size()) - 1);
        m_rows = incoming;
        endInsertRows();
    }
    if (headersChanged) {
        Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    }
}

void PerItemTableModel::setPairMismatches(const QList<PairMismatch>& mismatches)
{
    QHash<QString, QString> next;
    for (const PairMismatch& m : mismatches) {
        next.insert(m.itemId, m.findings.join(QStringLiteral("; ")));
    }
    if (next == m_mismatches) {
        return;
    }
    m_mismatches = next;
    if (!m_rows.isEmpty()) {
        Q_EMIT dataChanged(index(0, ItemColumn), index(int(m_rows.size()) - 1, ItemColumn));
    }
}

QString PerItemTableModel::itemIdAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows[row].itemId : QString();
}

int PerItemTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int PerItemTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PerItemTableModel::displayValue(const PerItemRow& r, int column) const
{
    switch (column) {
    case ItemColumn:
        return r.itemId;
    case MeanAColumn:
        return number(r.meanA, 2);
    case SdAColumn:
        return number(r.sdA, 2);
    case MeanBColumn:
        return number(r.meanB, 2);
    case SdBColumn:
        return number(r.sdB, 2);
    case GapColumn:
        return r.comparable ? NumberText::signedFixed(r.gap, 2) : tr("not compared");
    case IntervalColumn: {
        const double h = GapChartView::intervalHalfWidth(r);
        return std::isnan(h) ? QStringLiteral("–") : QStringLiteral("± ") + NumberText::fixed(h, 2);
    }
    case RunsColumn:
        return r.runsA == r.runsB ? QString::number(r.runsA)
                                  : QStringLiteral("%1 / %2").arg(r.runsA).arg(r.runsB);
    case ExcludedColumn:
        return r.failedA + r.failedB;
    default:
        return {};
    }
}

QVariant PerItemTableModel::sortValue(const PerItemRow& r, int column) const
{
    switch (column) {
    case ItemColumn:
        return r.itemId;
    case MeanAColumn:
        return r.meanA;
    case SdAColumn:
        return r.sdA;
    case MeanBColumn:
        return r.meanB;
    case SdBColumn:
        return r.sdB;
    case GapColumn:
        return r.gap;
    case IntervalColumn:
        return GapChartView::intervalHalfWidth(r);
    case RunsColumn:
        return std::min(r.runsA, r.runsB);
    case ExcludedColumn:
        return r.failedA + r.failedB;
    default:
        return {};
    }
}

QVariant PerItemTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const PerItemRow& r = m_rows[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        return displayValue(r, index.column());
    case Qt::EditRole:
        return sortValue(r, index.column());
    case Qt::TextAlignmentRole:
        return index.column() == ItemColumn ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                                            : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    case Qt::DecorationRole:
        if (index.column() == ItemColumn && m_mismatches.contains(r.itemId)) {
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == ItemColumn && m_mismatches.contains(r.itemId)) {
            return tr("Not a matched pair: %1. This item's gap may come from that difference "
                      "instead of the attribute.")
                .arg(m_mismatches.value(r.itemId));
        }
        if (!r.comparable) {
            return tr("Not compared: %1").arg(r.reason);
        }
        if (index.column() == ExcludedColumn && r.failedA + r.failedB > 0) {
            return tr("%1 calls for %2 and %3 for %4 failed or could not be scored; they are left "
                      "out of the means, never counted as 0.")
                .arg(r.failedA)
                .arg(m_table.variantA())
                .arg(r.failedB)
                .arg(m_table.variantB());
        }
        return tr("Double-click to read item %1's replies side by side").arg(r.itemId);
    case ItemIdRole:
        return r.itemId;
    case GapRole:
        return r.comparable ? r.gap : std::nan("");
    case ComparableRole:
        return r.comparable;
    case PairMismatchRole:
        return m_mismatches.value(r.itemId);
    default:
        return {};
    }
}

QVariant PerItemTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    const QString a = m_table.variantA().isEmpty() ? tr("A") : m_table.variantA();
    const QString b = m_table.variantB().isEmpty() ? tr("B") : m_table.variantB();
    if (role == Qt::DisplayRole) {
        switch (section) {
        case ItemColumn:
            return tr("Item");
        case MeanAColumn:
            return tr("%1 mean").arg(a);
        case SdAColumn:
            return tr("%1 SD").arg(a);
        case MeanBColumn:
            return tr("%1 mean").arg(b);
        case SdBColumn:
            return tr("%1 SD").arg(b);
        case GapColumn:
            return tr("Gap (%1 minus %2)").arg(a, b);
        case IntervalColumn:
            return tr("95% interval");
        case RunsColumn:
            return tr("Runs per value");
        case ExcludedColumn:
            return tr("Left out");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case MeanAColumn:
        case MeanBColumn:
            return tr("The item's average metric over its runs with this value.");
        case SdAColumn:
        case SdBColumn:
            return tr("Standard deviation: how much the metric varies from run to run for the "
                      "same input, the run-to-run noise.");
        case GapColumn:
            return tr("The item's gap: its mean under %1 minus its mean under %2.").arg(a, b);
        case IntervalColumn:
            return tr("1.96 standard errors of the gap either side: about a 95% interval for "
                      "this item's gap, from its SDs and run counts.");
        case RunsColumn:
            return tr("Runs used per value (different counts are shown as A / B).");
        case ExcludedColumn:
            return tr("Calls that failed or whose reply the metric could not score; left out of "
                      "the means, never counted as 0.");
        default:
            return tr("One matched item: the same input written once per value.");
        }
    }
    return {};
}

} // namespace pb
