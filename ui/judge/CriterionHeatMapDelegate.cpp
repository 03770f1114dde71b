#include "judge/CriterionHeatMapDelegate.h"

#include "judge/CriterionHeatMapModel.h"
#include "widgets/Tint.h"

#include <QApplication>
#include <QPainter>
#include <QPalette>
#include <cmath>

namespace pb {

namespace {

QColor mix(const QColor& a, const QColor& b, double amount)
{
    return QColor::fromRgbF(float(a.redF() * (1 - amount) + b.redF() * amount),
                            float(a.greenF() * (1 - amount) + b.greenF() * amount),
                            float(a.blueF() * (1 - amount) + b.blueF() * amount));
}

QColor readableOn(const QColor& background)
{
    const double luminance =
        0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return luminance > 0.5 ? QColor(20, 20, 20) : QColor(245, 245, 245);
}

} // namespace

CriterionHeatMapDelegate::CriterionHeatMapDelegate(QObject* parent) : QStyledItemDelegate(parent)
{
}

QColor CriterionHeatMapDelegate::cellColour(double intensity, const QPalette& palette)
{
    const bool dark = Tint::isDark(palette);
    const QColor neutral = dark ? QColor(78, 78, 82) : QColor(226, 226, 228);
    const QColor up = dark ? QColor(200, 45, 45) : QColor(214, 39, 40);
    const QColor down = dark ? QColor(40, 100, 200) : QColor(31, 100, 190);
    const double amount = std::min(1.0, std::abs(intensity));
    if (amount == 0.0)
        return neutral;
    // Any nonzero delta shows some colour, so a small shift never reads as none.
    return mix(neutral, intensity > 0 ? up : down, 0.18 + 0.72 * amount);
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
    QColor fill = available ? cellColour(intensity, pal) : pal.color(QPalette::Base);
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
    const QColor ink = available ? readableOn(fill) : pal.color(QPalette::Text);
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
