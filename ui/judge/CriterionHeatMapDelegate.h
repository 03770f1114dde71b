#pragma once

#include <QStyledItemDelegate>

namespace pb {

// Paints a CriterionHeatMapModel cell: a diverging colour (blue where the property pushed
// verdicts down, red where it pushed them up, neutral grey at zero; ThemeColours::heat) with the
// mean delta and "k/n flips" under it; a cell with nothing compared is hatched and reads "n/a".
class CriterionHeatMapDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit CriterionHeatMapDelegate(QObject* parent = nullptr);

    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

} // namespace pb
