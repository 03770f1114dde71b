#pragma once

#include "choice/ChoiceAnalysis.h"

#include <QAbstractTableModel>

namespace pb {

// A choice probe's per-item results as a table, one row per item in the analysis's order:
// the item, its distribution over the candidates under A, under B and under A again (as
// the report writes them, ChoiceReport::distributionText), JS(A, B) and JS(A, A again) in
// bits, and the item's effect against the noise floor. It computes nothing: every figure is
// the ChoiceAnalysis's, unrounded under ValueRole (a distribution as a list of one
// probability per candidate), rounded as the report rounds it for display.
class ChoiceItemModel : public QAbstractTableModel
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
    enum Role
    {
        ItemIdRole = Qt::UserRole + 1,
        // The unrounded figure: a QVariantList of doubles for a distribution, a double for a
        // divergence or an effect; invalid where the report leaves the cell without a number.
        ValueRole,
        // What the sort uses: the first candidate's probability for a distribution.
        SortRole
    };

    explicit ChoiceItemModel(QObject* parent = nullptr);

    void setAnalysis(const ChoiceAnalysis& analysis);
    void clear();
    const ChoiceAnalysis& analysis() const { return m_analysis; }

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    const ChoiceArmDistribution* arm(int row, int column) const;
    // The report shows an item's effect when the probe has an effect against the noise floor.
    bool showsEffect(const ChoiceItemResult& r) const;
    QVariant value(const ChoiceItemResult& r, int column) const;

    ChoiceAnalysis m_analysis;
};

} // namespace pb
