#pragma once

#include "report/RunCost.h"

#include <QAbstractTableModel>

namespace pb {

// A RunCost as the report's "Tokens and cost" table shows it (RunCost::tableRows): one row
// per run and, with more than one, an "all" row; the same text in every cell. ValueRole gives
// each number unrounded (the counts, per-call figures and costs summary.json holds; empty
// where it holds null), so a view's figure can be checked against the file.
class RunCostModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        RunColumn,
        CallsColumn,
        CountedColumn,
        InputColumn,
        OutputColumn,
        InputPerCallColumn,
        OutputPerCallColumn,
        InputCostColumn,
        OutputCostColumn,
        ColumnCount
    };
    static constexpr int ValueRole = Qt::UserRole + 1;

    explicit RunCostModel(QObject* parent = nullptr);

    void setCost(const RunCost& cost);
    const RunCost& cost() const { return m_cost; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant value(int row, int column) const;

    RunCost m_cost;
    QList<QStringList> m_rows;
};

} // namespace pb
