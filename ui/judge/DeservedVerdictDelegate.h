#pragma once

#include <QStyledItemDelegate>

namespace pb {

// Edits a cell that offers choices (JudgeVariantModel::ChoicesRole: deserved verdicts, pair
// shapes, properties) with a combo box; an empty choice reads "(no construction)". Picking a
// choice commits it at once. Cells without choices get the usual editors.
class DeservedVerdictDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit DeservedVerdictDelegate(QObject* parent = nullptr);

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model,
                      const QModelIndex& index) const override;
};

} // namespace pb
