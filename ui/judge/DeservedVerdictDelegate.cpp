#include "judge/DeservedVerdictDelegate.h"

#include "judge/JudgeVariantModel.h"

#include <QComboBox>

namespace pb {

DeservedVerdictDelegate::DeservedVerdictDelegate(QObject* parent) : QStyledItemDelegate(parent)
{
}

QWidget* DeservedVerdictDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                                               const QModelIndex& index) const
{
    const QStringList choices = index.data(JudgeVariantModel::ChoicesRole).toStringList();
    if (choices.isEmpty())
        return QStyledItemDelegate::createEditor(parent, option, index);
    auto* combo = new QComboBox(parent);
    combo->setEditable(index.data(JudgeVariantModel::ChoicesEditableRole).toBool());
    for (const QString& choice : choices)
        combo->addItem(choice.isEmpty() ? tr("(no construction)") : choice, choice);
    combo->setAccessibleName(index.model()->headerData(index.column(), Qt::Horizontal).toString());
    if (!combo->isEditable()) {
        // A pick is the whole edit: commit it without waiting for the focus to leave.
        connect(combo, &QComboBox::activated, this, [this, combo] {
            auto* self = const_cast<DeservedVerdictDelegate*>(this);
            Q_EMIT self->commitData(combo);
            Q_EMIT self->closeEditor(combo);
        });
    }
    return combo;
}

void DeservedVerdictDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const
{
    auto* combo = qobject_cast<QComboBox*>(editor);
    if (!combo) {
        QStyledItemDelegate::setEditorData(editor, index);
        return;
    }
    const QString text = index.data(Qt::EditRole).toString();
    const int at = combo->findData(text);
    if (at >= 0)
        combo->setCurrentIndex(at);
    else if (combo->isEditable())
        combo->setEditText(text);
}

void DeservedVerdictDelegate::setModelData(QWidget* editor, QAbstractItemModel* model,
                                           const QModelIndex& index) const
{
    auto* combo = qobject_cast<QComboBox*>(editor);
    if (!combo) {
        QStyledItemDelegate::setModelData(editor, model, index);
        return;
    }
    const QString text =
        combo->isEditable() ? combo->currentText().trimmed() : combo->currentData().toString();
    model->setData(index, text, Qt::EditRole);
}

} // namespace pb
