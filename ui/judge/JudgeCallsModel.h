#pragma once

#include "judge/JudgedCall.h"

#include <QAbstractTableModel>
#include <QList>

namespace pb {

// One judge's calls as logged, one row each (plan order): the artifact, the repeat, the
// outcome and the flags. A refresh that only adds calls at the end inserts them in one batch;
// one with the same calls changes values in place.
class JudgeCallsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        ItemColumn,
        VariantColumn,
        RepeatColumn,
        OutcomeColumn,
        FlagsColumn,
        ColumnCount
    };
    enum Role
    {
        ItemIdRole = Qt::UserRole + 1,
        VariantIdRole,
        RepeatRole,      // int, 0 for the probe's own call
        OutcomeRole,     // int, a JudgeOutcome
        HallucinatedRole // int, criteria whose quote is not in the artifact
    };

    explicit JudgeCallsModel(QObject* parent = nullptr);

    void setCalls(const QList<JudgedCall>& calls);
    void clear();
    const JudgedCall* callAt(int row) const;
    // -1 when no such call is listed.
    int rowOf(const QString& itemId, const QString& variantId, int repeat) const;

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant display(const JudgedCall& call, int column) const;

    QList<JudgedCall> m_calls;
};

} // namespace pb
