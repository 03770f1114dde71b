#pragma once

#include "choice/ChoiceAnalysis.h"
#include "results/DistanceItemModel.h"

namespace pb {

// A choice probe's per-item results (DistanceItemModel): the item, its distribution over the
// candidates under A, under B and under A again (as the report writes them,
// ChoiceReport::distributionText; under ValueRole a list of one probability per candidate),
// JS(A, B) and JS(A, A again) in bits, and the item's effect against the noise floor.
class ChoiceItemModel : public DistanceItemModel
{
    Q_OBJECT
public:
    enum Column
    {
        ItemColumn,
        AColumn,
        BColumn,
        NoiseColumn,
        DivergenceColumn,
        NoiseDivergenceColumn,
        EffectColumn,
        ColumnCount
    };

    explicit ChoiceItemModel(QObject* parent = nullptr);

    void setAnalysis(const ChoiceAnalysis& analysis);
    void clear() override;
    const ChoiceAnalysis& analysis() const { return m_analysis; }

protected:
    QVariant ownValue(int row, int column) const override;
    QString ownText(int row, int column) const override;
    bool ownRightAligned(int row, int column) const override;
    QString ownToolTip(int row, int column) const override;
    QString header(int section) const override;
    QString headerToolTip(int section) const override;

private:
    const ChoiceArmDistribution* arm(int row, int column) const;

    ChoiceAnalysis m_analysis;
};

} // namespace pb
