#pragma once

#include "generative/GenerativeAnalysis.h"

#include <QAbstractTableModel>

namespace pb {

// A generative probe's per-item results as a table, one row per item in the analysis's order,
// the columns of the report's per-item table: the item, its replies embedded under A, B and A
// again, D_cf (mean cosine distance of A against B), D_null (of A against A again), their
// difference (the item's term in the paired test), the seeds each mean is over, and the item's
// effect against the noise floor. It computes nothing: every figure is the
// GenerativeAnalysis's, unrounded under ValueRole, rounded as the report rounds it for display.
class GenerativeItemModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        ItemColumn,
        EmbeddedColumn,
        DistanceColumn,
        NoiseDistanceColumn,
        DifferenceColumn,
        PairsColumn,
        EffectColumn,
        ColumnCount
    };
    enum Role
    {
        ItemIdRole = Qt::UserRole + 1,
        // The unrounded figure: a double for a distance, a difference or an effect; a
        // QVariantList of ints for the replies embedded (A, B, A again) and the pairs (A-B, A-A
        // again); invalid where the report leaves the cell without a number.
        ValueRole,
        SortRole
    };

    explicit GenerativeItemModel(QObject* parent = nullptr);

    void setAnalysis(const GenerativeAnalysis& analysis);
    void clear();
    const GenerativeAnalysis& analysis() const { return m_analysis; }

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant value(const GenerativeItemResult& r, int column) const;
    QString text(const GenerativeItemResult& r, int column) const;

    GenerativeAnalysis m_analysis;
};

} // namespace pb
