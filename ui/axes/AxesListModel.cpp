#include "axes/AxesListModel.h"

#include "report/NumberText.h"

#include <cmath>

namespace pb {

AxesListModel::AxesListModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void AxesListModel::setDocument(const AxesDocument& doc)
{
    beginResetModel();
    m_doc = doc;
    endResetModel();
}

int AxesListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_doc.axes.size());
}

int AxesListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AxesListModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_doc.axes.size() || index.column() >= ColumnCount)
        return {};
    const AxisSpec& a = m_doc.axes.at(index.row());
    if (role == Qt::ToolTipRole && index.column() >= PlantedColumn)
        return isStandIn() ? tr("The stand-in plants this on the axis's counterfactual calls alone "
                                "(stand_in in the file): the ground truth to check against.")
                           : tr("Only the stand-in reads this; a real model has its own bias.");
    if (role == Qt::EditRole) {
        switch (index.column()) {
        case AttributeColumn:
            return a.attribute;
        case ValueColumn:
            return a.value;
        case PlantedColumn:
            return a.plantedGap;
        case NoiseColumn:
            return a.noise;
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case AttributeColumn:
        return a.attribute;
    case ValueColumn:
        return a.value;
    case PlantedColumn:
        return isStandIn() ? NumberText::fixed(a.plantedGap, 2) : QStringLiteral("\u2014");
    case NoiseColumn:
        return isStandIn() ? NumberText::fixed(a.noise, 2) : QStringLiteral("\u2014");
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

Qt::ItemFlags AxesListModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && !m_readOnly && (index.column() <= ValueColumn || isStandIn()))
        f |= Qt::ItemIsEditable;
    return f;
}

bool AxesListModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || m_readOnly || !index.isValid() || index.row() >= m_doc.axes.size())
        return false;
    AxesDocument doc = m_doc;
    AxisSpec& axis = doc.axes[index.row()];
    QString description;
    switch (index.column()) {
    case AttributeColumn: {
        const QString text = value.toString().trimmed();
        if (text.isEmpty() || text == axis.attribute)
            return false;
        axis.attribute = text;
        description = tr("Rename attribute of axis %1").arg(index.row() + 1);
        break;
    }
    case ValueColumn: {
        const QString text = value.toString().trimmed();
        if (text.isEmpty() || text == axis.value || text == doc.base)
            return false;
        for (const AxisSpec& other : doc.axes) {
            if (other.value == text)
                return false; // items name each axis's text by its value
        }
        // The value names the axis's text in every item: the texts go with it.
        for (ProbeItem& item : doc.items) {
            if (item.variants.contains(axis.value))
                item.variants.insert(text, item.variants.take(axis.value));
        }
        axis.value = text;
        description = tr("Rename value of axis %1").arg(index.row() + 1);
        break;
    }
    case PlantedColumn:
    case NoiseColumn: {
        bool ok = false;
        const double number = value.toDouble(&ok);
        if (!ok || !std::isfinite(number))
            return false;
        if (index.column() == NoiseColumn && (number < 0.0 || number > 100.0))
            return false;
        (index.column() == PlantedColumn ? axis.plantedGap : axis.noise) = number;
        description = index.column() == PlantedColumn
                          ? tr("Set planted gap of axis %1").arg(index.row() + 1)
                          : tr("Set noise of axis %1").arg(index.row() + 1);
        break;
    }
    default:
        return false;
    }
    Q_EMIT edited(doc, description);
    return true;
}

} // namespace pb
