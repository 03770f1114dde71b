#pragma once

#include "judge/Rubric.h"
#include "judge/StabilityResult.h"

#include <QAbstractTableModel>
#include <QSet>

namespace pb {

// The stability check, one row per repeated artifact and criterion: its verdict on every
// repeat (one column per call, the probe's own call first), with rows that wobble and the
// calls that differ from the first scored verdict marked.
class StabilityModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        ItemColumn,
        VariantColumn,
        CriterionColumn,
        StatusColumn,
        FirstRepeatColumn // then one column per call
    };
    enum Role
    {
        WobblesRole = Qt::UserRole + 1, // bool, on every column of the row
        DiffersRole,                    // bool, repeat columns: not the first scored verdict
        ValueRole                       // int, repeat columns; invalid when not scored
    };

    explicit StabilityModel(QObject* parent = nullptr);

    // pairwiseItems: ids of items judged as an A/B pair (their verdicts read first/second).
    void setStability(const StabilityResult& stability, const Rubric& rubric,
                      const QSet<QString>& pairwiseItems);
    void clear();
    int repeats() const { return m_repeats; }

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::optional<int> firstScored(const StabilityCell& cell) const;

    QList<StabilityCell> m_cells;
    int m_repeats = 0;
    Rubric m_rubric;
    QSet<QString> m_pairwise;
};

} // namespace pb
