#pragma once

#include "store/LoggedCall.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QList>
#include <QStringList>
#include <functional>

namespace pb {

// One reply of a call that was asked again until its reply validated (or the attempts ran
// out): what came back and why it did not count.
struct CallAttempt
{
    QString reply;
    QStringList errors; // empty for the reply that validated
    QDateTime time;
};

// The evidence log as it fills: one row per recorded call, in arrival order, or, for a kind
// whose calls are asked again (showAttempts), one row per attempt. Rows arrive in batches
// (BackgroundRun::callsRecorded, about every 100 ms) and each batch is one beginInsertRows,
// so a batch costs its own size whatever the log's length.
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
        FailedRole,    // bool
        CallIndexRole, // quint64, the call's place in the run's plan
        AttemptRole    // int, 1-based; 0 when rows are whole calls
    };
    using AttemptsOf = std::function<QList<CallAttempt>(const LoggedCall&)>;

    explicit CallLogModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    void appendCalls(const QList<LoggedCall>& calls);
    void clear();
    const LoggedCall& call(int row) const { return m_calls.at(m_rows.at(row).call); }
    // The metric's name heads the value column.
    void setMetricName(const QString& name);
    // What the item and variant columns are called ("Name", "Group").
    void setColumnNames(const QString& item, const QString& variant);
    // From now on each call is shown as the attempts attempts() finds in it, one row each
    // (a call with none, one that got no reply, is one row): the value on the attempt that
    // validated, the errors on the others. Set before calls arrive.
    void showAttempts(AttemptsOf attempts);

    // "ok", "flagged: unparsable-json", "failed: timeout (3 tries)".
    static QString statusText(const LoggedCall& call);

private:
    struct Row
    {
        int call = 0;
        int attempt = -1; // -1: the whole call
        int attempts = 0;
        CallAttempt shown; // when attempt >= 0
    };
    // An attempt row's status: the call's own on its last attempt, else why it was asked again.
    static QString statusOf(const LoggedCall& call, const Row& row);

    QList<LoggedCall> m_calls;
    QList<Row> m_rows;
    AttemptsOf m_attemptsOf;
    QString m_metricName;
    QString m_itemName;
    QString m_variantName;
};

} // namespace pb
