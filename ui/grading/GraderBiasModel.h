#pragma once

#include "grading/GraderBiasReport.h"

#include <QAbstractTableModel>
#include <optional>

namespace pb {

// A grader-bias report (GraderBiasReport, the numbers bias.json holds) as a table: one row per
// criterion of the rubric, in its order, then the weighted total; for each, the delta the
// bias made as graded, the verdicts it flipped, and the same with the countermeasure (the
// residual). DisplayRole is the text; ValueRole the number itself (a double, or invalid when
// it was not measured), so a view and a test read what the report computed, not a parse.
class GraderBiasModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        CriterionColumn,
        DeltaColumn,
        FlipsColumn,
        ResidualColumn,
        ResidualFlipsColumn,
        ColumnCount
    };
    static constexpr int ValueRole = Qt::UserRole + 1;

    explicit GraderBiasModel(QObject* parent = nullptr);

    // Empty when none.
    void setReport(const std::optional<GraderBiasReport>& report);
    const std::optional<GraderBiasReport>& report() const { return m_report; }
    // The weighted total's row (the last); -1 when empty.
    int totalRow() const;

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant value(int row, Column column) const;
    QString text(int row, Column column) const;

    std::optional<GraderBiasReport> m_report;
};

} // namespace pb
