#include "presenter/PowerTableModel.h"

#include "report/NumberText.h"
#include "widgets/ThemeColours.h"

#include <QBrush>
#include <QFont>
#include <QGuiApplication>

namespace pb {

PowerTableModel::PowerTableModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void PowerTableModel::setTable(const PowerTable& table)
{
    beginResetModel();
    m_table = table;
    endResetModel();
}

int PowerTableModel::columnsPerGap() const
{
    return int(m_table.spec().blockStarts.size()) + 1;
}

bool PowerTableModel::locate(int column, double* gap, int* block) const
{
    if (column < 1) {
        return false;
    }
    const int k = (column - 1) / columnsPerGap();
    const int within = (column - 1) % columnsPerGap();
    if (k >= m_table.spec().plantedGaps.size()) {
        return false;
    }
    *gap = m_table.spec().plantedGaps[k];
    *block = within < m_table.spec().blockStarts.size() ? within : -1;
    return true;
}

int PowerTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || m_table.cells().isEmpty() ? 0
                                                         : int(m_table.spec().seedCounts.size());
}

int PowerTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : 1 + int(m_table.spec().plantedGaps.size()) * columnsPerGap();
}

QVariant PowerTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const PowerTableSpec& spec = m_table.spec();
    const int n = spec.seedCounts[index.row()];
    if (role == Qt::TextAlignmentRole) {
        return int(Qt::AlignCenter);
    }
    if (index.column() == 0) {
        return role == Qt::DisplayRole ? QVariant(n) : QVariant();
    }
    double gap = 0.0;
    int block = 0;
    if (!locate(index.column(), &gap, &block)) {
        return {};
    }
    if (block < 0) {
        const int hits = m_table.detections(gap, n);
        const bool all = hits == spec.blockStarts.size();
        switch (role) {
        case Qt::DisplayRole:
            return QStringLiteral("%1 / %2").arg(hits).arg(spec.blockStarts.size());
        case DetectedRole:
            return all;
        case Qt::FontRole: {
            QFont f;
            f.setBold(all);
            return f;
        }
        case Qt::ToolTipRole:
            return tr("%1 of %2 seed blocks detected a planted gap of %3 with %4 seeds per value")
                .arg(hits)
                .arg(spec.blockStarts.size())
                .arg(NumberText::fixed(gap, 1))
                .arg(n);
        default:
            return {};
        }
    }
    const qint64 first = spec.blockStarts[block];
    const std::optional<PowerCell> cell = m_table.cell(gap, n, first);
    if (!cell) {
        return role == Qt::DisplayRole ? QVariant(QStringLiteral("…")) : QVariant();
    }
    const bool detected = cell->p < spec.alpha;
    switch (role) {
    case Qt::DisplayRole:
        return NumberText::pValue(cell->p);
    case PRole:
        return cell->p;
    case DetectedRole:
        return detected;
    case Qt::BackgroundRole:
        return detected ? QVariant(QBrush(ThemeColours::detectedCell(QGuiApplication::palette())))
                        : QVariant();
    case Qt::ToolTipRole:
        return tr("Planted gap %1, seeds %2 to %3: average gap %4, %5")
            .arg(NumberText::fixed(gap, 1))
            .arg(first)
            .arg(first + n - 1)
            .arg(NumberText::signedFixed(cell->averageGap, 2), NumberText::pEquals(cell->p));
    default:
        return {};
    }
}

QVariant PowerTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount()) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    if (role == Qt::ToolTipRole) {
        return section == 0 ? tr("Seeds per value: how many runs each item gets with each value.")
                            : tr("p of the sign-flip test for one block of seeds (from the seed "
                                 "named, as many as the row says): the chance of an average gap "
                                 "this far from zero if there were no difference.");
    }
    if (role != Qt::DisplayRole) {
        return {};
    }
    if (section == 0) {
        return tr("Seeds\nper value");
    }
    double gap = 0.0;
    int block = 0;
    locate(section, &gap, &block);
    // Short lines, so a header never needs more width than its column's numbers. With one
    // planted gap the table's title names it and the headers need not.
    if (m_table.spec().plantedGaps.size() == 1) {
        return block < 0 ? tr("Blocks\ndetecting")
                         : tr("From\n%1").arg(m_table.spec().blockStarts[block]);
    }
    if (block < 0) {
        return tr("Gap %1\ndetecting").arg(NumberText::fixed(gap, 1));
    }
    return tr("Gap %1\nseed %2")
        .arg(NumberText::fixed(gap, 1))
        .arg(m_table.spec().blockStarts[block]);
}

} // namespace pb
