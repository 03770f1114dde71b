#pragma once

#include "judge/ConstructionScore.h"

#include <QAbstractTableModel>

namespace pb {

// The construction score by group, one row per group ("base", then each property): verdicts
// as built, the exact ceiling, how much of the shortfall had no scored verdict at all, and
// the shortfall. The group the core names as the main shortfall is shown bold.
class ConstructionModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        GroupColumn,
        AsBuiltColumn,
        CeilingColumn,
        NotScoredColumn,
        ShortfallColumn,
        ColumnCount
    };
    enum Role
    {
        GroupRole = Qt::UserRole + 1,
        AsBuiltRole,   // int
        CeilingRole,   // int
        NotScoredRole, // int
        ShortfallRole  // int
    };

    explicit ConstructionModel(QObject* parent = nullptr);

    void setScore(const ConstructionScore& score);
    void clear();

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QList<ConstructionTally> m_groups;
    QString m_main;
};

} // namespace pb
