#pragma once

#include "judge/JudgedCall.h"

#include <QAbstractTableModel>
#include <QList>

namespace pb {

// The judge calls of a run as they are recorded, every judge in one log, in arrival order:
// the judge, the artifact (item, variant, repeat), the outcome, the flags and the weighted
// total. Calls arrive in batches (BackgroundRun::callsRecorded) and each batch is one
// beginInsertRows.
class JudgeCallLogModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        JudgeColumn,
        ItemColumn,
        VariantColumn,
        RepeatColumn,
        OutcomeColumn,
        FlagsColumn,
        TotalColumn,
        ColumnCount
    };
    enum Role
    {
        JudgeIndexRole = Qt::UserRole + 1, // int, the judge's place in the probe
        OutcomeRole,                       // int, a JudgeOutcome
        RawOutputRole,                     // the judge's last reply, as received
        ProblemRole                        // why it is not scored: validation errors or error
    };
    struct Counts
    {
        int scored = 0;
        int reviewNeeded = 0;
        int failed = 0;
        int hallucinatedQuotes = 0;
    };

    explicit JudgeCallLogModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    void appendCalls(int judgeIndex, const QString& judgeName, const QList<JudgedCall>& calls);
    void clear();
    const JudgedCall& call(int row) const { return m_rows.at(row).call; }
    Counts counts() const { return m_counts; }

    // "scored", "REVIEW_NEEDED", "failed: timeout".
    static QString outcomeText(const JudgedCall& call);

private:
    struct Row
    {
        int judgeIndex = 0;
        QString judgeName;
        JudgedCall call;
    };
    QList<Row> m_rows;
    Counts m_counts;
};

} // namespace pb
