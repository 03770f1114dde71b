#pragma once

#include "store/LoggedCall.h"

#include <QAbstractTableModel>
#include <QList>

namespace pb {

// The evidence log as it fills: one row per recorded call, in arrival order. Rows arrive
// in batches (BackgroundRun::callsRecorded, about every 100 ms) and each batch is one
// beginInsertRows, so a batch costs its own size whatever the log's length.
class CallLogModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        TimeColumn,
        ItemColumn,
        VariantColumn,
        SeedColumn,
        ValueColumn,
        StatusColumn,
        ReplyColumn,
        ColumnCount
    };
    enum Role
    {
        FullPromptRole = Qt::UserRole + 1,
        FullReplyRole,
        FailedRole,   // bool
        CallIndexRole // quint64, the call's place in the run's plan
    };

    explicit CallLogModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    void appendCalls(const QList<LoggedCall>& calls);
    void clear();
    const LoggedCall& call(int row) const { return m_calls.at(row); }
    // The metric's name heads the value column.
    void setMetricName(const QString& name);

    // "ok", "flagged: unparsable-json", "failed: timeout (3 tries)".
    static QString statusText(const LoggedCall& call);

private:
    QList<LoggedCall> m_calls;
    QString m_metricName;
};

} // namespace pb
