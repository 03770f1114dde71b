#pragma once

#include <QStyledItemDelegate>

class QTextDocument;

namespace pb {

// Draws a variant's text in the pair table with the words that differ from the other
// variant marked: a tinted background for a word the other variant lacks, a dotted
// underline for the same word in other capitals or punctuation. Text wraps to the
// column; editing uses the standard line editor.
class VariantTextDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    void layout(QTextDocument* doc, const QStyleOptionViewItem& option, const QModelIndex& index,
                bool selected) const;
};

} // namespace pb
