#pragma once

#include "judge/PropertyEffect.h"
#include "judge/Rubric.h"

#include <QAbstractTableModel>
#include <QList>

namespace pb {

// What each property did to each rubric criterion, as a grid: one row per property (padding,
// byline, ...), one column per criterion and a last one for the weighted total. A cell shows
// the core's mean per-item delta and its flips ("2/3"); the intensity role maps the delta
// onto -1..1 for colouring (full colour at one level or one pass/fail verdict, or for the
// total at that move on the heaviest criterion). A refresh over the same grid changes values
// in place.
class CriterionHeatMapModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role
    {
        MeanDeltaRole = Qt::UserRole + 1, // double, NaN when nothing was compared
        IntensityRole,                    // double in -1..1, NaN when nothing was compared
        FlipsRole,                        // int
        ComparisonsRole,                  // int
        FlipsTextRole,                    // "2/3"
        PValueRole,                       // double, sign-flip p on the per-item deltas
        ItemsRole,                        // int, per-item deltas the p is over
        PropertyRole,                     // QString
        CriterionIdRole                   // QString; "weighted_total" for the last column
    };

    explicit CriterionHeatMapModel(QObject* parent = nullptr);

    void setEffects(const QList<PropertyEffect>& effects, const Rubric& rubric);
    void clear();
    int totalColumn() const { return int(m_rubric.criteria.size()); }
    QString propertyAt(int row) const;
    int rowOf(const QString& property) const;

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    const CriterionEffect* cell(int row, int column) const;
    double scale(int column) const;
    QString toolTip(const PropertyEffect& effect, const CriterionEffect& cell, int column) const;

    QList<PropertyEffect> m_effects;
    Rubric m_rubric;
};

} // namespace pb
