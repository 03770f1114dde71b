#include "judge/CriterionHeatMapDelegate.h"

#include "judge/CriterionHeatMapModel.h"
#include "widgets/ThemeColours.h"

#include <QApplication>
#include <QPainter>
#include <QPalette>
#include <cmath>

namespace pb {

CriterionHeatMapDelegate::CriterionHeatMapDelegate(QObject* parent) : QStyledItemDelegate(parent)
{
}

void CriterionHeatMapDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                                     const QModelIndex& index) const
{
    const double intensity = index.data(CriterionHeatMapModel::IntensityRole).toDouble();
    const bool available = !std::isnan(intensity);
    const QPalette& pal = option.palette;
    const QRect box = option.rect.adjusted(1, 1, -1, -1);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    QColor fill = available ? ThemeColours::heat(intensity, pal) : pal.color(QPalette::Base);
    painter->fillRect(box, fill);
    if (!available) {
        QBrush hatch(pal.color(QPalette::Mid), Qt::BDiagPattern);
        painter->fillRect(box, hatch);
    }
    if (option.state & QStyle::State_Selected) {
        QPen pen(pal.color(QPalette::Highlight), 3);
        pen.setJoinStyle(Qt::MiterJoin);
        painter->setPen(pen);
        painter->drawRect(box.adjusted(1, 1, -2, -2));
    }
    const QColor ink = available ? ThemeColours::inkOn(fill) : pal.color(QPalette::Text);
    QFont big = option.font;
    big.setBold(true);
    QFont small = option.font;
    small.setPointSizeF(option.font.pointSizeF() * 0.85);
    const QString top = index.data(Qt::DisplayRole).toString();
    const int comparisons = index.data(CriterionHeatMapModel::ComparisonsRole).toInt();
    const QString bottom =
        comparisons > 0
            ? tr("%1 flips").arg(index.data(CriterionHeatMapModel::FlipsTextRole).toString())
            : QString();
    const QFontMetrics fmBig(big);
    const QFontMetrics fmSmall(small);
    const int height = fmBig.height() + (bottom.isEmpty() ? 0 : fmSmall.height());
    const int y = box.top() + (box.height() - height) / 2;
    painter->setPen(ink);
    if (!available) {
        // Keep "n/a" legible over the hatching.
        const QRect label = fmBig.boundingRect(top).adjusted(-4, -1, 4, 1);
        QRect plate(QPoint(0, 0), label.size());
        plate.moveCenter(QPoint(box.center().x(), y + fmBig.height() / 2));
        painter->fillRect(plate, pal.color(QPalette::Base));
    }
    painter->setFont(big);
    painter->drawText(QRect(box.left(), y, box.width(), fmBig.height()), Qt::AlignCenter, top);
    if (!bottom.isEmpty()) {
        painter->setFont(small);
        painter->drawText(QRect(box.left(), y + fmBig.height(), box.width(), fmSmall.height()),
                          Qt::AlignCenter, bottom);
    }
    if (option.state & QStyle::State_HasFocus) {
        painter->setPen(QPen(ink, 1, Qt::DotLine));
        painter->drawRect(box.adjusted(3, 3, -4, -4));
    }
    painter->restore();
}

QSize CriterionHeatMapDelegate::sizeHint(const QStyleOptionViewItem& option,
                                         const QModelIndex& index) const
{
    Q_UNUSED(index);
    const QFontMetrics fm(option.font);
    return {std::max(fm.horizontalAdvance(QStringLiteral("88/88 flips")) + 24, 96),
            fm.height() * 2 + 16};
}

} // namespace pb
