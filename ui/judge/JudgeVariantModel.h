#pragma once

#include "judge/JudgeProbeDocument.h"

#include <QAbstractTableModel>

namespace pb {

// One judge item's artifacts as a table: the base first, then each variant, with its id,
// property, pair shape and where it was generated from, then one column per rubric criterion
// holding the verdict that artifact DESERVES (level 1-4, pass/fail, or for a pairwise item
// the better answer; empty = no construction). Edits change the model's own copy of the item
// and are announced whole through itemEdited.
//
// A base verdict edit carries over to the variants built to deserve it: "same" variants that
// agreed with the old base verdict take the new one, "opposed" pass/fail variants its
// opposite, and a pairwise item's swapped order mirrors its base. Cells that contradict their
// variant's shape (a "same" variant off its base, an "opposed" one equal to it) are tinted
// and say why (HintRole).
class JudgeVariantModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        IdColumn,
        PropertyColumn,
        ShapeColumn,
        GeneratedFromColumn,
        FixedColumnCount // then one column per rubric criterion
    };
    enum Role
    {
        ChoicesRole = Qt::UserRole + 1, // QStringList: what the cell may hold ("" = none first)
        ChoicesEditableRole,            // bool: other text is allowed too (property)
        VariantIdRole,                  // QString
        IsBaseRole,                     // bool
        CriterionIdRole,                // QString, on criterion columns
        HintRole                        // QString: why the cell contradicts its shape, or empty
    };

    explicit JudgeVariantModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // Shows an item against a rubric. The same item with the same rubric columns and as many
    // variants is updated in place (selection survives); anything else resets.
    void setItem(const JudgeItem& item, const Rubric& rubric);
    void clear();
    const JudgeItem& item() const { return m_item; }
    bool hasItem() const { return m_hasItem; }
    void setReadOnly(bool readOnly) { m_readOnly = readOnly; }

    int criterionColumn(int criterionIndex) const { return FixedColumnCount + criterionIndex; }
    QString criterionOfColumn(int column) const;
    // Row 0 is the base; -1 when no such variant.
    int rowOf(const QString& variantId) const;
    const JudgeVariant& variantAt(int row) const;

    // The deserved verdict as the table writes it ("3", "pass", "first"), empty for none.
    QString verdictText(int value) const;
    std::optional<int> verdictFromText(const QString& text) const;
    QStringList verdictChoices() const;

    // Base verdict edits carry over: see the class comment. Returns the item after setting
    // criterion of variant row to value (nullopt: no construction).
    static JudgeItem withDeserved(const JudgeItem& item, const Rubric& rubric, int row,
                                  const QString& criterion, std::optional<int> value);
    // The item after giving variant row the shape: "same" takes the base's verdicts, "opposed"
    // on a pass/fail rubric their opposites (a levels rubric keeps what was written).
    static JudgeItem withShape(const JudgeItem& item, const Rubric& rubric, int row,
                               PairShape shape);
    static QString shapeName(PairShape shape); // "same", "opposed"

Q_SIGNALS:
    void itemEdited(const pb::JudgeItem& item, const QString& description);

private:
    QString hint(int row, const QString& criterion) const;
    void replaceItem(const JudgeItem& item, const QString& description);

    JudgeItem m_item;
    Rubric m_rubric;
    bool m_hasItem = false;
    bool m_readOnly = false;
};

} // namespace pb
