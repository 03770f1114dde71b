#pragma once

#include "design/PairMismatch.h"
#include "stats/PerItemTable.h"

#include <QAbstractTableModel>
#include <QHash>

namespace pb {

// The disaggregated result, one row per item: each value's mean and SD, the gap and its
// spread, the runs used and the calls left out; an item whose pair is not matched carries a
// warning. A refresh with the same items changes
// values in place with one ranged dataChanged; new items at the end arrive as one insert.
class PerItemTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        ItemColumn,
        MeanAColumn,
        SdAColumn,
        MeanBColumn,
        SdBColumn,
        GapColumn,
        IntervalColumn,
        RunsColumn,
        ExcludedColumn,
        ColumnCount
    };
    enum Role
    {
        ItemIdRole = Qt::UserRole + 1,
        GapRole,         // double, NaN when not comparable
        ComparableRole,  // bool
        PairMismatchRole // QString: what the pair check found, empty for a matched pair
    };

    explicit PerItemTableModel(QObject* parent = nullptr);

    void setTable(const PerItemTable& table);
    void clear();
    // Marks the items whose pairs differ in more than the attribute (a warning on the item).
    void setPairMismatches(const QList<PairMismatch>& mismatches);
    const PerItemTable& table() const { return m_table; }
    QString itemIdAt(int row) const;

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant displayValue(const PerItemRow& row, int column) const;
    QVariant sortValue(const PerItemRow& row, int column) const;

    PerItemTable m_table;
    QList<PerItemRow> m_rows;
    QHash<QString, QString> m_mismatches; // item id -> findings
};

} // namespace pb
