#include "nameset/ImpactRatioChartView.h"

#include "nameset/NameSetNumberText.h"
#include "widgets/ThemeColours.h"

#include <QAreaSeries>
#include <QLineSeries>
#include <QToolTip>

namespace pb {

namespace {

constexpr double kLine = 0.8;

} // namespace

ImpactRatioChartView::ImpactRatioChartView(QWidget* parent) : GroupBarsChartFrame(parent)
{
    setAccessibleName(tr("Adverse-impact ratio chart"));
    setToolTip(tr("Each group's favourable rate over the highest group's. Below the 0.8 line "
                  "the four-fifths rule flags the group; a hatched bar's flag would flip on "
                  "one person's outcome."));
    clear();
}

void ImpactRatioChartView::clear()
{
    m_result = {};
    m_chart->setTitle(QString());
    setGroups({});
    setValueTexts({});
    redraw();
}

ImpactRatioChartView::Mark ImpactRatioChartView::markOf(int group) const
{
    if (group < 0 || group >= int(m_result.rows.size()) || !m_result.rows[group].rated)
        return Mark::None;
    const groups::FourFifthsRow& row = m_result.rows[group];
    if (row.highest)
        return Mark::Highest;
    return row.flagged ? Mark::Flagged : Mark::Clear;
}

bool ImpactRatioChartView::hatched(int group) const
{
    return markOf(group) != Mark::None && markOf(group) != Mark::Highest &&
           m_result.rows[group].flip.fragile;
}

void ImpactRatioChartView::setResult(const groups::FourFifthsResult& result)
{
    m_result = result;
    m_chart->setTitle(tr("Adverse-impact ratio per group"));
    QStringList groups;
    QStringList texts;
    QString widest;
    for (const groups::FourFifthsRow& row : result.rows) {
        groups << QString::fromStdString(row.rate.group);
        QString text = row.rated ? NameSetNumberText::impactRatio(row) : QStringLiteral("n/a");
        if (row.flagged)
            text += tr(", flagged");
        if (row.rated && !row.highest && row.flip.fragile)
            text += tr(", fragile");
        texts << text;
        if (text.size() > widest.size())
            widest = text;
    }
    setGroups(groups);
    setValueRange(0.0, 1.1, tr("favourable rate over the highest group's"), 0.1,
                  QStringLiteral("%.1f"));
    reserveValueColumn(widest);
    setValueTexts(texts);
    redraw();
}

void ImpactRatioChartView::redraw()
{
    clearMarks();
    const bool d = dark();
    const QColor clear = ThemeColours::gap(d);
    const QColor flagged = ThemeColours::alertText(d);
    const QColor edge = palette().color(QPalette::Text);
    const auto brushFor = [&](Mark mark, bool hatch) {
        const QColor colour = mark == Mark::Flagged ? flagged : clear;
        return hatch ? QBrush(colour, Qt::BDiagPattern) : QBrush(colour);
    };
    for (int i = 0; i < int(m_result.rows.size()); ++i) {
        const Mark mark = markOf(i);
        if (mark == Mark::None)
            continue;
        const groups::FourFifthsRow& row = m_result.rows[i];
        const bool hatch = hatched(i);
        // A hatched bar keeps an outline in its colour, so it still reads as a bar.
        const QPen pen =
            hatch ? QPen(mark == Mark::Flagged ? flagged : clear, 1.5) : QPen(Qt::NoPen);
        QAreaSeries* bar = addBar(i, 0.0, row.impactRatio, 0.3, brushFor(mark, hatch), pen);
        const QString tip =
            tr("%1: %2 of %3 favourable; ratio to the highest group %4%5%6")
                .arg(QString::fromStdString(row.rate.group))
                .arg(row.rate.successes)
                .arg(row.rate.trials)
                .arg(NameSetNumberText::impactRatio(row),
                     row.flagged ? tr("; below four fifths (flagged)") : QString(),
                     hatch ? tr("; one person's outcome would flip this") : QString());
        connect(bar, &QAreaSeries::hovered, this, [this, tip](const QPointF&, bool state) {
            if (state)
                QToolTip::showText(QCursor::pos(), tip, this);
            else
                QToolTip::hideText();
        });
    }
    const double n = double(m_result.rows.size());
    addLine({QPointF(kLine, -0.5), QPointF(kLine, std::max(0.5, n - 0.5))},
            QPen(edge, 1.5, Qt::DashLine), tr("0.8 line"));
    addLegendEntry(tr("clear"), clear);
    addLegendEntry(tr("flagged"), flagged);
    // The value column says which bars are fragile too, so the legend can stay short.
    addLegendEntry(tr("fragile (hatched)"), QBrush(edge, Qt::BDiagPattern), QPen(edge, 1));
}

} // namespace pb
