#pragma once

#include "generative/GenerativeAnalysis.h"
#include "results/DistanceItemModel.h"

namespace pb {

// A generative probe's per-item results (DistanceItemModel), the columns of the report's
// per-item table: the item, its replies embedded under A, B and A again, D_cf (mean cosine
// distance of A against B), D_null (of A against A again), their difference (the item's term in
// the paired test), the seeds each mean is over, and the item's effect against the noise floor.
// Under ValueRole the counts are a QVariantList of ints: (A, B, A again) and (A-B, A-A again).
class GenerativeItemModel : public DistanceItemModel
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

    explicit GenerativeItemModel(QObject* parent = nullptr);

    void setAnalysis(const GenerativeAnalysis& analysis);
    void clear() override;
    const GenerativeAnalysis& analysis() const { return m_analysis; }

protected:
    QVariant ownValue(int row, int column) const override;
    QString ownText(int row, int column) const override;
    bool ownRightAligned(int row, int column) const override;
    QString header(int section) const override;
    QString headerToolTip(int section) const override;

private:
    GenerativeAnalysis m_analysis;
};

} // namespace pb
