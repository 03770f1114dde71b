#include "design/VariantTextDelegate.h"

#include "design/PairTableModel.h"
#include "widgets/ThemeColours.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QPainter>
#include <QTextCursor>
#include <QTextDocument>

namespace pb {

namespace {

constexpr int kPadding = 4;

} // namespace

void VariantTextDelegate::layout(QTextDocument* doc, const QStyleOptionViewItem& option,
                                 const QModelIndex& index, bool selected) const
{
    const QString text = index.data(Qt::DisplayRole).toString();
    doc->setDocumentMargin(0);
    doc->setDefaultFont(option.font);
    doc->setPlainText(text);
    doc->setTextWidth(std::max(10, option.rect.width() - 2 * kPadding));

    const QPalette& pal = option.palette;
    QTextCharFormat base;
    base.setForeground(pal.color(selected ? QPalette::HighlightedText : QPalette::Text));
    QTextCursor all(doc);
    all.select(QTextCursor::Document);
    all.setCharFormat(base);

    const auto spans = index.data(PairTableModel::DiffSpansRole).value<QList<DiffSpan>>();
    for (const DiffSpan& span : spans) {
        if (span.kind == DiffSpan::Kind::Same || span.start + span.length > text.size()) {
            continue;
        }
        QTextCursor cursor(doc);
        cursor.setPosition(int(span.start));
        cursor.setPosition(int(span.start + span.length), QTextCursor::KeepAnchor);
        QTextCharFormat mark = base;
        if (span.kind == DiffSpan::Kind::Changed) {
            mark.setBackground(ThemeColours::changedWord(pal));
            mark.setForeground(pal.color(QPalette::Text));
        } else {
            mark.setUnderlineStyle(QTextCharFormat::DotLine);
        }
        cursor.setCharFormat(mark);
    }
}

void VariantTextDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                                const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text;
    opt.text.clear();
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    QTextDocument doc;
    layout(&doc, option, index, option.state & QStyle::State_Selected);
    painter->save();
    painter->translate(option.rect.topLeft() + QPoint(kPadding, kPadding / 2));
    const QRect clip(0, 0, option.rect.width() - 2 * kPadding, option.rect.height() - kPadding / 2);
    painter->setClipRect(clip);
    QAbstractTextDocumentLayout::PaintContext context;
    context.clip = clip;
    doc.documentLayout()->draw(painter, context);
    painter->restore();
}

QSize VariantTextDelegate::sizeHint(const QStyleOptionViewItem& option,
                                    const QModelIndex& index) const
{
    QTextDocument doc;
    layout(&doc, option, index, false);
    return QSize(int(doc.idealWidth()) + 2 * kPadding, int(doc.size().height()) + kPadding);
}

} // namespace pb
