#include "nameset/NameListModel.h"

#include "nameset/NameSetPrompt.h"
#include "widgets/ThemeColours.h"

#include <QGuiApplication>

namespace pb {

NameListModel::NameListModel(QObject* parent) : QAbstractTableModel(parent)
{
}

QStringList NameListModel::fieldsOf(const NameSetDocument& doc)
{
    QStringList fields = NameSetPrompt::placeholders(doc.document);
    fields.removeAll(QStringLiteral("name"));
    return fields;
}

int NameListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_names.size());
}

int NameListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : FirstFieldColumn + int(m_fields.size());
}

QString NameListModel::cellText(const NameEntry& entry, int column) const
{
    if (column == NameColumn)
        return entry.name;
    if (column == GroupColumn)
        return entry.group;
    return entry.fields.value(m_fields.value(column - FirstFieldColumn));
}

QVariant NameListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const NameEntry& entry = m_names.at(index.row());
    const bool duplicate = m_nameCounts.value(entry.name) > 1;
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        return cellText(entry, index.column());
    case Qt::ToolTipRole:
        if (duplicate && index.column() == NameColumn)
            return tr("\"%1\" is listed %2 times: a name set asks each name once, so keep one.")
                .arg(entry.name)
                .arg(m_nameCounts.value(entry.name));
        return {};
    case Qt::BackgroundRole:
        if (duplicate && index.column() == NameColumn)
            return ThemeColours::errorBackground(QGuiApplication::palette());
        return {};
    case DuplicateRole:
        return duplicate;
    case FieldKeyRole:
        return index.column() >= FirstFieldColumn
                   ? m_fields.value(index.column() - FirstFieldColumn)
                   : QString();
    default:
        return {};
    }
}

bool NameListModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    NameEntry& entry = m_names[index.row()];
    const NameEntry before = entry;
    const int column = index.column();
    // Names and groups are compared as the reader reads them: trimmed.
    const QString text = column < FirstFieldColumn ? value.toString().trimmed() : value.toString();
    QString description;
    if (column == NameColumn) {
        entry.name = text;
        description = tr("Rename %1 to %2").arg(before.name, text);
    } else if (column == GroupColumn) {
        entry.group = text;
        description = tr("Move %1 to group %2").arg(entry.name, text);
    } else {
        const QString key = m_fields.at(column - FirstFieldColumn);
        entry.fields.insert(key, text);
        description = tr("Edit {%1} of %2").arg(key, entry.name);
    }
    if (entry == before)
        return true;
    if (column == NameColumn) {
        recountDuplicates();
        Q_EMIT dataChanged(this->index(0, NameColumn), this->index(rowCount() - 1, NameColumn));
    } else {
        Q_EMIT dataChanged(index, index);
    }
    Q_EMIT namesEdited(m_names, description);
    return true;
}

Qt::ItemFlags NameListModel::flags(const QModelIndex& index) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return Qt::NoItemFlags;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable;
}

QVariant NameListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical) {
        if (role == Qt::DisplayRole && section >= 0 && section < rowCount())
            return section + 1;
        return {};
    }
    if (section < 0 || section >= columnCount())
        return {};
    if (role == Qt::DisplayRole) {
        if (section == NameColumn)
            return tr("Name");
        if (section == GroupColumn)
            return tr("Group");
        return QStringLiteral("{%1}").arg(m_fields.at(section - FirstFieldColumn));
    }
    if (role == Qt::ToolTipRole) {
        if (section == NameColumn)
            return tr("The name put in for {name}. A name is a signal the model may read, not a "
                      "person's identity.");
        if (section == GroupColumn)
            return tr("The group the name list associates the name with: the list author's "
                      "label, compared in the results as \"names associated with group X in "
                      "the name list\".");
        return tr("The name's own value for {%1}, which the document uses.")
            .arg(m_fields.at(section - FirstFieldColumn));
    }
    return {};
}

void NameListModel::setNames(const QList<NameEntry>& names, const QStringList& fields)
{
    if (names.size() != m_names.size() || fields != m_fields) {
        beginResetModel();
        m_names = names;
        m_fields = fields;
        recountDuplicates();
        endResetModel();
        return;
    }
    const QHash<QString, int> countsBefore = m_nameCounts;
    int first = -1;
    int last = -1;
    for (int r = 0; r < rowCount(); ++r) {
        if (!(names.at(r) == m_names.at(r))) {
            first = first < 0 ? r : first;
            last = r;
        }
    }
    m_names = names;
    recountDuplicates();
    if (countsBefore != m_nameCounts && rowCount() > 0) {
        // A duplicate elsewhere may have come or gone: every name cell's flag may change.
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    } else if (first >= 0) {
        Q_EMIT dataChanged(index(first, 0), index(last, columnCount() - 1));
    }
}

void NameListModel::recountDuplicates()
{
    m_nameCounts.clear();
    for (const NameEntry& e : std::as_const(m_names))
        ++m_nameCounts[e.name];
}

QStringList NameListModel::duplicateNames() const
{
    QStringList out;
    for (const NameEntry& e : m_names) {
        if (m_nameCounts.value(e.name) > 1 && !out.contains(e.name))
            out << e.name;
    }
    return out;
}

} // namespace pb
