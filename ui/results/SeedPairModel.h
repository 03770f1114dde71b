#pragma once

#include "store/LoggedCall.h"

#include <QAbstractTableModel>
#include <optional>

namespace pb {

// One item's calls paired by seed: value A's call and value B's call made with the same
// seed, side by side with their metric values, so a reader can open any pair; given the noise
// check's seed offset, also A again on the shifted seed (seed + offset), the reply A is set
// against for the noise floor (a column of its own, shown only then).
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
        NoiseColumn, // only with a noise offset
        ColumnCount
    };
    enum Role
    {
        SeedRole = Qt::UserRole + 1
    };

    explicit SeedPairModel(QObject* parent = nullptr);

    // calls may hold other items and the noise arm; only itemId's probe calls are kept, and
    // with noiseOffset its noise calls, each under the seed it pairs with (its own less the
    // offset).
    void setCalls(const QList<LoggedCall>& calls, const QString& itemId, const QString& valueA,
                  const QString& valueB, const QString& metricName,
                  std::optional<qint64> noiseOffset = std::nullopt,
                  const QString& noiseLabel = QString());
    std::optional<LoggedCall> callA(int row) const;
    std::optional<LoggedCall> callB(int row) const;
    std::optional<LoggedCall> callNoise(int row) const;
    bool hasNoiseArm() const { return m_noiseOffset.has_value(); }

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
        std::optional<LoggedCall> noise;
    };
    QList<Pair> m_pairs;
    QString m_valueA;
    QString m_valueB;
    QString m_metric;
    QString m_noiseLabel;
    std::optional<qint64> m_noiseOffset;
};

} // namespace pb
