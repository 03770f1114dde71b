#pragma once

#include "judge/ConstructionScore.h"
#include "judge/Rubric.h"

#include <QAbstractTableModel>
#include <QSet>

namespace pb {

// The verdicts that did not come back as built, one row each: the artifact, the criterion,
// the verdict it deserved, the one it got (or none) and why it missed.
class ConstructionMissModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        ItemColumn,
        VariantColumn,
        CriterionColumn,
        DeservedColumn,
        GotColumn,
        WhyColumn,
        ColumnCount
    };
    enum Role
    {
        ItemIdRole = Qt::UserRole + 1,
        VariantIdRole,
        WhyRole
    };

    explicit ConstructionMissModel(QObject* parent = nullptr);

    // pairwiseItems: ids of items judged as an A/B pair (their verdicts read first/second).
    void setMisses(const QList<ConstructionMiss>& misses, const Rubric& rubric,
                   const QSet<QString>& pairwiseItems);
    void clear();

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QString display(const ConstructionMiss& miss, int column) const;
    static bool sameMiss(const ConstructionMiss& a, const ConstructionMiss& b);
    // Whether part is whole with some rows left out, in order.
    static bool within(const QList<ConstructionMiss>& part, const QList<ConstructionMiss>& whole);
    // Removes the rows not in kept (a subsequence of the rows), or inserts the rows of all
    // that are missing (the rows are a subsequence of all); row for row the same misses after.
    void removeAbsent(const QList<ConstructionMiss>& kept);
    void insertNew(const QList<ConstructionMiss>& all);

    QList<ConstructionMiss> m_misses;
    Rubric m_rubric;
    QSet<QString> m_pairwise;
};

} // namespace pb
