#pragma once

#include "store/LoggedCall.h"

#include <QAbstractTableModel>
#include <optional>

namespace pb {

// One item's calls paired by seed: value A's call and value B's call made with the same
// seed, side by side with their metric values, so a reader can open any pair.
class SeedPairModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        SeedColumn,
        ValueAColumn,
        ValueBColumn,
        DifferenceColumn,
        ColumnCount
    };
    enum Role
    {
        SeedRole = Qt::UserRole + 1
    };

    explicit SeedPairModel(QObject* parent = nullptr);

    // calls may hold other items and the noise arm; only itemId's probe calls are kept.
    void setCalls(const QList<LoggedCall>& calls, const QString& itemId, const QString& valueA,
                  const QString& valueB, const QString& metricName);
    std::optional<LoggedCall> callA(int row) const;
    std::optional<LoggedCall> callB(int row) const;

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Pair
    {
        qint64 seed = 0;
        std::optional<LoggedCall> a;
        std::optional<LoggedCall> b;
    };
    QList<Pair> m_pairs;
    QString m_valueA;
    QString m_valueB;
    QString m_metric;
};

} // namespace pb
