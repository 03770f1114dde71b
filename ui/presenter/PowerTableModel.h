#pragma once

#include "power/PowerTable.h"

#include <QAbstractTableModel>

namespace pb {

// The tutorial's exercise 1 as a table: one row per number of seeds per value; for each
// planted gap, one column per seed block with that run's p, then how many blocks detected
// the gap. p below alpha is tinted, so "reliably" reads as a full row of tint.
class PowerTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role
    {
        PRole = Qt::UserRole + 1, // double, or invalid for seed-count and detection columns
        DetectedRole              // bool
    };

    explicit PowerTableModel(QObject* parent = nullptr);

    void setTable(const PowerTable& table);
    const PowerTable& table() const { return m_table; }

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    // Column layout: 0 = seeds per value, then per gap (blocks..., detections).
    int columnsPerGap() const;
    bool locate(int column, double* gap, int* block) const; // block -1 = detections column

    PowerTable m_table;
};

} // namespace pb
