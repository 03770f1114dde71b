#include "axes/AxesListModel.h"

#include "report/NumberText.h"

namespace pb {

AxesListModel::AxesListModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void AxesListModel::setDocument(const AxesDocument& doc)
{
    beginResetModel();
    m_axes = doc.axes;
    m_standIn = doc.settings.backend == QLatin1String("stand-in");
    endResetModel();
}

int AxesListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_axes.size());
}

int AxesListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AxesListModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_axes.size())
        return {};
    const AxisSpec& a = m_axes.at(index.row());
    if (role == Qt::ToolTipRole && index.column() >= PlantedColumn)
        return m_standIn ? tr("The stand-in plants this on the axis's counterfactual calls alone "
                              "(stand_in in the file): the ground truth to check against.")
                         : tr("Only the stand-in reads this; a real model has its own bias.");
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case AttributeColumn:
        return a.attribute;
    case ValueColumn:
        return a.value;
    case PlantedColumn:
        return m_standIn ? NumberText::fixed(a.plantedGap, 2) : QStringLiteral("\u2014");
    case NoiseColumn:
        return m_standIn ? NumberText::fixed(a.noise, 2) : QStringLiteral("\u2014");
    default:
        return {};
    }
}

QVariant AxesListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    switch (section) {
    case AttributeColumn:
        return tr("Attribute");
    case ValueColumn:
        return tr("Counterfactual value");
    case PlantedColumn:
        return tr("Stand-in planted gap");
    case NoiseColumn:
        return tr("Stand-in noise");
    default:
        return {};
    }
}

} // namespace pb
