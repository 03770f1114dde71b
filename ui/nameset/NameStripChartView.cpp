#include "nameset/NameStripChartView.h"

#include "nameset/NameSetNumberText.h"
#include "widgets/ThemeColours.h"

#include <QCategoryAxis>
#include <QLineSeries>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>
#include <cmath>

namespace pb {

NameStripChartView::NameStripChartView(QWidget* parent) : GroupBarsChartFrame(parent)
{
    setAccessibleName(tr("Per-name strip plot"));
    setToolTip(tr("One dot per name: its mean score over its seeds. The tick across each row "
                  "is the group's mean of name means."));
    clear();
}

double NameStripChartView::jitter(int k)
{
    const double golden = 0.6180339887498949;
    const double u = std::fmod(double(k) * golden, 1.0); // evenly spread, never repeating
    return (u - 0.5) * 0.6;
}

void NameStripChartView::clear()
{
    m_dots.clear();
    m_groupMeans.clear();
    m_chart->setTitle(QString());
    setGroups({});
    setValueTexts({});
    redraw();
}

void NameStripChartView::setTable(const groups::GroupTable& table, const ScoreRange& range)
{
    QStringList groups;
    m_groupMeans.clear();
    for (const groups::GroupSummary& g : table.groups()) {
        groups << QString::fromStdString(g.group);
        m_groupMeans << (g.namesWithScores > 0 ? g.nameMeanMean : std::nan(""));
    }
    setGroups(groups);
    m_dots.clear();
    QList<int> placed(groups.size(), 0);
    for (const groups::NameSummary& n : table.names()) {
        const int g = int(groups.indexOf(QString::fromStdString(n.group)));
        if (g < 0 || n.scored == 0 || !std::isfinite(n.scoreMean))
            continue;
        const double y = rowY(g) + jitter(placed[g]++);
        m_dots << Dot{QString::fromStdString(n.name), g, n.scoreMean, QPointF(n.scoreMean, y)};
    }
    m_chart->setTitle(tr("Mean score per name"));
    setValueRange(range.min, range.max, tr("mean score over the name's seeds"),
                  niceStep(range.max - range.min),
                  niceStep(range.max - range.min) >= 1 ? QStringLiteral("%.0f")
                                                       : QStringLiteral("%.1f"));
    QStringList texts;
    QString widest;
    for (double mean : std::as_const(m_groupMeans)) {
        const QString text = tr("mean %1").arg(NameSetNumberText::number(mean));
        texts << text;
        if (text.size() > widest.size())
            widest = text;
    }
    reserveValueColumn(widest);
    setValueTexts(texts);
    redraw();
}

void NameStripChartView::redraw()
{
    clearMarks();
    if (m_dots.isEmpty() && m_groupMeans.isEmpty())
        return;
    const bool d = dark();
    auto* dots = new QScatterSeries;
    dots->setName(tr("a name's mean score"));
    dots->setMarkerSize(9);
    dots->setColor(ThemeColours::gap(d));
    dots->setBorderColor(palette().color(QPalette::Base));
    QList<QPointF> points;
    for (const Dot& dot : std::as_const(m_dots))
        points << dot.at;
    dots->replace(points);
    m_chart->addSeries(dots);
    dots->attachAxis(m_valueAxis);
    dots->attachAxis(m_groupAxis);
    connect(dots, &QScatterSeries::hovered, this, [this](const QPointF& p, bool state) {
        if (!state) {
            QToolTip::hideText();
            return;
        }
        for (const Dot& dot : std::as_const(m_dots)) {
            if (std::abs(dot.at.x() - p.x()) < 1e-9 && std::abs(dot.at.y() - p.y()) < 1e-9) {
                QToolTip::showText(QCursor::pos(),
                                   tr("%1 (%2): mean score %3")
                                       .arg(dot.name, groups().value(dot.group),
                                            NameSetNumberText::number(dot.mean)),
                                   this);
                return;
            }
        }
    });
    const QPen tick(ThemeColours::average(d), 3);
    bool named = false;
    for (int g = 0; g < m_groupMeans.size(); ++g) {
        const double mean = m_groupMeans.at(g);
        if (!std::isfinite(mean))
            continue;
        const double y = rowY(g);
        addLine({QPointF(mean, y - 0.4), QPointF(mean, y + 0.4)}, tick,
                named ? QString() : tr("group's mean of name means"));
        named = true;
    }
}

} // namespace pb
