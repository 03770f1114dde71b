#pragma once

#include "judge/PropertyEffect.h"
#include "judge/Rubric.h"

#include <QAbstractTableModel>

namespace pb {

// The tutorial's Part III table for one property, row for row and cell for cell as
// JudgeConsoleText::deltaTable prints it: sample, words, criterion, before, after, delta.
// The sample reads "item/variant" when some item has several variants of the property.
class BeforeAfterModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        SampleColumn,
        WordsColumn,
        CriterionColumn,
        BeforeColumn,
        AfterColumn,
        DeltaColumn,
        ColumnCount
    };
    enum Role
    {
        ItemIdRole = Qt::UserRole + 1,
        VariantIdRole,
        DeltaRole,  // int, invalid when either verdict is not scored
        FlippedRole // bool
    };

    explicit BeforeAfterModel(QObject* parent = nullptr);

    void setEffect(const PropertyEffect& effect, const Rubric& rubric);
    void clear();
    QString property() const { return m_effect.property; }

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QString display(const VerdictDelta& d, int column) const;

    PropertyEffect m_effect;
    Rubric m_rubric;
    bool m_pairwise = false;
    bool m_namedSamples = false;
};

} // namespace pb
