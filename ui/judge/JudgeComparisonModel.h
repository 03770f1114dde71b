#pragma once

#include "judge/JudgeAnalysis.h"

#include <QAbstractTableModel>
#include <QStringList>

namespace pb {

// The chapter's before/after table: one column per judge configuration run on the same probe
// set, one row per measure (verdicts as built overall and by group, verdicts each property
// flipped, hallucinated quotes, review needed, stability).
class JudgeComparisonModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        MeasureColumn,
        FirstJudgeColumn // then one column per judge
    };
    enum Role
    {
        MeasureKeyRole = Qt::UserRole + 1 // "as_built", "group:<g>", "flips:<p>",
                                          // "hallucinated", "review", "stability"
    };

    explicit JudgeComparisonModel(QObject* parent = nullptr);

    void setAnalysis(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis);
    void clear();

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        QString key;
        QString label;
        QString toolTip;
        QStringList cells; // one per judge
    };

    QStringList m_judges;
    QList<Row> m_rows;
};

} // namespace pb
