#pragma once

#include <QBrush>
#include <QChartView>
#include <QList>
#include <QPen>
#include <QPointF>
#include <QStringList>

class QAreaSeries;
class QCategoryAxis;
class QGraphicsSimpleTextItem;
class QLineSeries;
class QValueAxis;

namespace pb {

// What the name-set charts share: one row per group down the left (the first group on top,
// labelled with the list's group label), a value axis across, marks drawn as a handful of
// series (a group count is small), and a column of value texts right of the plot, so a
// number never sits on a bar. The look follows ChartStyle and the palette: a palette change
// redraws. Subclasses keep their data and draw it in redraw(), after clearMarks().
class GroupBarsChartFrame : public QChartView
{
    Q_OBJECT
public:
    explicit GroupBarsChartFrame(QWidget* parent = nullptr);

    QStringList groups() const { return m_groupLabels; }
    // The value texts shown right of the plot, one per group row, top to bottom.
    QStringList valueTexts() const { return m_texts; }
    QChart* chartItem() const { return m_chart; }
    // A round tick step (1, 2 or 5 times a power of ten) giving at most a dozen steps.
    static double niceStep(double span);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

    virtual void redraw() = 0;
    bool dark() const;

    void setGroups(const QStringList& groups);
    // The value axis from min to max, ticked every step (when that gives at most a dozen
    // steps), its labels printed with labelFormat ("%.1f").
    void setValueRange(double min, double max, const QString& title, double step,
                       const QString& labelFormat);
    // The vertical centre of a group's row, in the group axis's units.
    double rowY(int group) const;
    void clearMarks();
    // A filled rectangle across [from, to] at the group's row; half its height in row units.
    QAreaSeries* addBar(int group, double from, double to, double halfHeight, const QBrush& brush,
                        const QPen& pen = Qt::NoPen);
    QLineSeries* addLine(const QList<QPointF>& points, const QPen& pen, const QString& name = {});
    // An interval as a line with end caps at the group's row.
    QLineSeries* addWhisker(int group, double lower, double upper, const QPen& pen);
    // An empty series that only stands in the legend for a kind of mark.
    void addLegendEntry(const QString& name, const QBrush& brush, const QPen& pen = Qt::NoPen);
    // The texts of the value column, one per group (empty for none).
    void setValueTexts(const QStringList& texts);
    // Text for the widest value column entry, so the chart keeps room for it.
    void reserveValueColumn(const QString& widest);

    QChart* m_chart = nullptr;
    QCategoryAxis* m_groupAxis = nullptr;
    QValueAxis* m_valueAxis = nullptr;

private:
    void placeTexts();
    void hideMarker(QAbstractSeries* series);

    QStringList m_groupLabels;
    QStringList m_texts;
    QList<QGraphicsSimpleTextItem*> m_textItems;
    int m_valueColumnWidth = 0;
};

} // namespace pb
