#include "axes/AxesTextModel.h"

namespace pb {

AxesTextModel::AxesTextModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void AxesTextModel::setDocument(const AxesDocument& doc)
{
    beginResetModel();
    m_doc = doc;
    endResetModel();
}

int AxesTextModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_doc.items.size());
}

int AxesTextModel::columnCount(const QModelIndex& parent) const
{
    // The item's id, the base text, one text per axis.
    return parent.isValid() ? 0 : int(m_doc.axes.size()) + 2;
}

QVariant AxesTextModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_doc.items.size() || index.column() >= columnCount())
        return {};
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole && role != Qt::EditRole)
        return {};
    const ProbeItem& item = m_doc.items.at(index.row());
    if (index.column() == 0)
        return item.id;
    return item.variants.value(keyOf(index.column()));
}

QVariant AxesTextModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || section < 0)
        return {};
    if (orientation == Qt::Vertical)
        return section < rowCount() ? QVariant(section + 1) : QVariant();
    if (section == 0)
        return tr("Item");
    if (section == 1)
        return tr("Base: %1").arg(m_doc.base);
    if (section - 2 < m_doc.axes.size())
        return m_doc.axes.at(section - 2).label();
    return {};
}

QString AxesTextModel::keyOf(int column) const
{
    return column == 1 ? m_doc.base : m_doc.axes.value(column - 2).value;
}

Qt::ItemFlags AxesTextModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() > 0 && !m_readOnly)
        f |= Qt::ItemIsEditable;
    return f;
}

bool AxesTextModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || m_readOnly || !index.isValid() || index.column() < 1 ||
        index.row() >= m_doc.items.size() || index.column() >= columnCount())
        return false;
    const QString text = value.toString();
    const QString key = keyOf(index.column());
    AxesDocument doc = m_doc;
    ProbeItem& item = doc.items[index.row()];
    if (text.trimmed().isEmpty() || item.variants.value(key) == text)
        return false; // every item needs a text for every value
    item.variants.insert(key, text);
    Q_EMIT edited(doc, tr("Edit the %1 text of item %2").arg(key, item.id));
    return true;
}

} // namespace pb
