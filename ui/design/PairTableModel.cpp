#include "design/PairTableModel.h"

#include "design/FactCheck.h"
#include "design/PairRows.h"
#include "design/VariantDiff.h"
#include "project/ProbeProject.h"

#include <QApplication>
#include <QIcon>
#include <QStyle>

namespace pb {

PairTableModel::PairTableModel(ProbeProject* project, QObject* parent)
    : QAbstractTableModel(parent), m_project(project)
{
    m_items = project->document().items;
    m_rows = int(m_items.size());
    m_values = project->document().attribute.values;
    m_cache.resize(m_rows);
    connect(project, &ProbeProject::documentChanged, this, &PairTableModel::onDocumentChanged);
    connect(project, &ProbeProject::runningChanged, this, [this] {
        // Editability changes; flags are read through dataChanged listeners' refresh.
        if (m_rows > 0) {
            Q_EMIT dataChanged(index(0, 0), index(m_rows - 1, columnCount() - 1));
        }
    });
}

int PairTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int PairTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : 3 + valueCount();
}

int PairTableModel::valueCount() const
{
    return int(m_values.size());
}

QString PairTableModel::valueOfColumn(int column) const
{
    return column >= 1 && column <= valueCount() ? m_values.at(column - 1) : QString();
}

void PairTableModel::onDocumentChanged()
{
    const ProbeDocument& doc = m_project->document();
    const int rows = int(doc.items.size());
    if (rows != m_rows || doc.attribute.values != m_values) {
        beginResetModel();
        m_rows = rows;
        m_values = doc.attribute.values;
        m_items = doc.items;
        m_cache.clear();
        m_cache.resize(m_rows);
        endResetModel();
        return;
    }
    // Same shape: one ranged dataChanged over the rows that differ keeps the selection and
    // the editor open, and an edit of the settings (no row differs) costs the table nothing.
    int first = -1;
    int last = -1;
    for (int r = 0; r < m_rows; ++r) {
        if (!(doc.items.at(r) == m_items.at(r))) {
            first = first < 0 ? r : first;
            last = r;
            m_cache[r].reset();
        }
    }
    m_items = doc.items;
    if (first >= 0) {
        Q_EMIT dataChanged(index(first, 0), index(last, columnCount() - 1));
    }
}

const PairTableModel::RowCache& PairTableModel::cache(int row) const
{
    std::optional<RowCache>& slot = m_cache[row];
    if (!slot) {
        const ProbeItem& item = m_project->document().items.at(row);
        RowCache c;
        c.check = FactCheck::check(item, m_values);
        const QString a = item.variants.value(m_values.value(0));
        for (int v = 0; v < valueCount(); ++v) {
            if (v == 0) {
                // Value A is compared with value B; every other value with A.
                c.spans << VariantDiff::compare(a, item.variants.value(m_values.value(1)))
                               .beforeSpans();
            } else {
                c.spans
                    << VariantDiff::compare(a, item.variants.value(m_values.at(v))).afterSpans();
            }
        }
        slot = std::move(c);
    }
    return *slot;
}

ItemCheck PairTableModel::check(int row) const
{
    return row >= 0 && row < m_rows ? cache(row).check : ItemCheck();
}

QList<DiffSpan> PairTableModel::spans(int row, int valueIndex) const
{
    if (row < 0 || row >= m_rows || valueIndex < 0 || valueIndex >= valueCount()) {
        return {};
    }
    return cache(row).spans.at(valueIndex);
}

QVariant PairTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    if (index.row() >= m_project->document().items.size()) {
        return {}; // asked by another listener before this model saw the change
    }
    const ProbeItem& item = m_project->document().items.at(index.row());
    const int column = index.column();
    const QString value = valueOfColumn(column);

    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        if (column == IdColumn) {
            return item.id;
        }
        if (!value.isEmpty()) {
            return item.variants.value(value);
        }
        if (column == factsColumn()) {
            return PairRows::joinFacts(item.facts);
        }
        if (column == noteColumn()) {
            return item.note;
        }
        return {};
    case Qt::DecorationRole:
        if (column == IdColumn && !cache(index.row()).check.matched()) {
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        }
        return {};
    case Qt::ToolTipRole:
    case Qt::AccessibleDescriptionRole: {
        if (column == IdColumn || !value.isEmpty()) {
            const ItemCheck& check = cache(index.row()).check;
            QStringList lines;
            lines << (check.matched()
                          ? tr("Matched: every fact found in one variant is in the others.")
                          : tr("Not matched:"));
            lines << check.messages();
            return lines.join(QLatin1Char('\n'));
        }
        if (column == factsColumn()) {
            return tr("Facts that must survive into every variant, separated by ';'. "
                      "Write a|b to accept either spelling.");
        }
        return {};
    }
    case ItemCheckRole:
        return QVariant::fromValue(cache(index.row()).check);
    case MatchedRole:
        return cache(index.row()).check.matched();
    case DiffSpansRole:
        if (!value.isEmpty()) {
            return QVariant::fromValue(cache(index.row()).spans.at(column - 1));
        }
        return {};
    case ValueRole:
        return value;
    default:
        return {};
    }
}

Qt::ItemFlags PairTableModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (!index.isValid() || m_project->isRunning()) {
        return f;
    }
    const bool structural = index.column() == IdColumn || !valueOfColumn(index.column()).isEmpty();
    if (!structural || !m_structureLocked) {
        f |= Qt::ItemIsEditable;
    }
    return f;
}

bool PairTableModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid) ||
        !(flags(index) & Qt::ItemIsEditable)) {
        return false;
    }
    ProbeDocument doc = m_project->document();
    ProbeItem& item = doc.items[index.row()];
    const QString text = value.toString();
    const int column = index.column();
    QString what;
    if (column == IdColumn) {
        const QString id = text.trimmed();
        if (id.isEmpty() || id == item.id) {
            return false;
        }
        for (const ProbeItem& other : std::as_const(doc.items)) {
            if (other.id == id) {
                return false; // ids are unique: the log and the per-item table key on them
            }
        }
        what = tr("Rename item %1 to %2").arg(item.id, id);
        item.id = id;
    } else if (const QString v = valueOfColumn(column); !v.isEmpty()) {
        if (item.variants.value(v) == text) {
            return false;
        }
        item.variants.insert(v, text);
        what = tr("Edit item %1 (%2)").arg(item.id, v);
    } else if (column == factsColumn()) {
        const QStringList facts = PairRows::splitFacts(text);
        if (facts == item.facts) {
            return false;
        }
        item.facts = facts;
        what = tr("Edit the facts of item %1").arg(item.id);
    } else if (column == noteColumn()) {
        if (item.note == text) {
            return false;
        }
        item.note = text;
        what = tr("Edit the note of item %1").arg(item.id);
    } else {
        return false;
    }
    m_project->applyEdit(doc, what);
    return true;
}

QVariant PairTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical) {
        return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    }
    if (section < 0 || section >= columnCount()) {
        return {};
    }
    const QString value = valueOfColumn(section);
    if (role == Qt::DisplayRole) {
        if (section == IdColumn) {
            return tr("Item");
        }
        if (!value.isEmpty()) {
            return section == 1   ? tr("%1 (A)").arg(value)
                   : section == 2 ? tr("%1 (B)").arg(value)
                                  : value;
        }
        return section == factsColumn() ? tr("Marked facts") : tr("Note");
    }
    if (role == Qt::ToolTipRole) {
        if (section == IdColumn) {
            return tr(
                "The item's id. A warning icon means a fact does not survive from one variant "
                "to another, so the pair is not matched.");
        }
        if (!value.isEmpty()) {
            return tr("The item written as %1. Highlighted words differ from the other variant.")
                .arg(value);
        }
        return section == factsColumn() ? tr("Phrases that must appear in every variant; the check "
                                             "warns when one is missing.")
                                        : tr("A note for reviewers; never sent to the model.");
    }
    return {};
}

void PairTableModel::setStructureLocked(bool locked)
{
    if (m_structureLocked == locked) {
        return;
    }
    m_structureLocked = locked;
    if (m_rows > 0) {
        Q_EMIT dataChanged(index(0, 0), index(m_rows - 1, columnCount() - 1));
    }
}

} // namespace pb
