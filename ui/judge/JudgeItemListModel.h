#pragma once

#include "judge/JudgeProbeDocument.h"

#include <QAbstractTableModel>
#include <QHash>

namespace pb {

// A judge probe's items as a list: id (editable), kind (single answer or pairwise), how many
// variants and which properties they vary. Shows a value; a rename is announced through
// idEdited and applied by the owner (item ids are referenced elsewhere in the document).
class JudgeItemListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        IdColumn,
        KindColumn,
        VariantsColumn,
        PropertiesColumn,
        ColumnCount
    };
    enum Role
    {
        ItemIdRole = Qt::UserRole + 1, // QString
        PairwiseRole,                  // bool
        ProblemRole                    // QString: what core found wrong in the item, per line
    };

    explicit JudgeItemListModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // Rows that changed are updated in place when the count stays (selection survives);
    // otherwise a reset.
    void setItems(const QList<JudgeItem>& items);
    const QList<JudgeItem>& items() const { return m_items; }
    int rowOf(const QString& itemId) const;
    // Problems core found per row ("answer: is empty"), shown on the row's id cell.
    void setRowProblems(const QHash<int, QStringList>& problems);
    QStringList rowProblems(int row) const { return m_problems.value(row); }
    void setReadOnly(bool readOnly) { m_readOnly = readOnly; }

Q_SIGNALS:
    // The user renamed an item; the id is new, not empty and unique.
    void idEdited(int row, const QString& id);

private:
    QList<JudgeItem> m_items;
    QHash<int, QStringList> m_problems;
    bool m_readOnly = false;
};

} // namespace pb
