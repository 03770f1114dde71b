#pragma once

#include "axes/AxesComparison.h"

#include <QAbstractTableModel>
#include <QStringList>

namespace pb {

// The per-axis vector as a table, one row per axis with the very texts report.md's
// "Per-axis vector" table holds (AxesReport::rowTexts): label, value, interval, p, Holm p,
// the minimum detectable size, verdict, calls and status. The axis that sets the aggregate is in
// bold; an axis without a result says "missing" and why in its tooltip. The numbers themselves are
// under ValueRole.
class AxesResultsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        AxisColumn,
        ValueColumn,
        IntervalColumn,
        PColumn,
        HolmColumn,
        DetectableColumn,
        VerdictColumn,
        CallsColumn,
        StatusColumn,
        ColumnCount
    };
    enum Role
    {
        ValueRole = Qt::UserRole + 1, // double: the column's number (NaN when none)
        WorstRole                     // bool: the row sets the aggregate
    };

    explicit AxesResultsModel(QObject* parent = nullptr);

    void setComparison(const AxesComparison& comparison);
    void clear();
    const AxesComparison& comparison() const { return m_comparison; }

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    AxesComparison m_comparison;
    QList<QStringList> m_rows;
    QStringList m_headers;
};

} // namespace pb
