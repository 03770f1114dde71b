#pragma once

#include "stats/PerItemTable.h"

#include <QChartView>
#include <memory>
#include <optional>

class QCategoryAxis;
class QLineSeries;
class QValueAxis;

namespace pb {

class RectangleArea;

// Per-item gaps (A minus B) as bars, each with a whisker for its spread: the gap plus or
// minus 1.96 standard errors, from the item's SDs and runs. The average gap and, when the
// run has one, the same-versus-same average are drawn across. A probe with more than kMaxBars
// items is drawn as the distribution of its item gaps, with the averages marked. The legend
// moves beside the plot, or out, rather than cut its entries short. Every update
// replaces the series in bulk, so a live run with hundreds of items redraws in one pass.
class GapChartView : public QChartView
{
    Q_OBJECT
public:
    // Above this many items the chart shows the distribution of the item gaps instead of
    // one bar per item (the table still lists every item).
    static constexpr int kMaxBars = 60;

    explicit GapChartView(QWidget* parent = nullptr);
    ~GapChartView() override;

    void setGaps(const PerItemTable& table, const QString& metricName,
                 std::optional<double> noiseAverage);
    void clear();
    void setFontScale(double scale);
    int itemCount() const { return int(m_ids.size()); }

    // The width the legend's entries need side by side (width) and one per line (height).
    // The legend goes below the plot when they fit side by side, beside it when one per line
    // takes at most a third of the chart, and is left out when neither fits.
    QSize legendEntriesWidth() const;

    // Half-width of the drawn interval: 1.96 standard errors of the gap, NaN below two runs.
    static double intervalHalfWidth(const PerItemRow& row);

Q_SIGNALS:
    void itemClicked(const QString& itemId);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void restyle();
    void placeLegend();
    void redraw();
    void rebuildAxis();
    void redrawHistogram();
    int itemAt(double x) const;

    QChart* m_chart = nullptr;
    QCategoryAxis* m_x = nullptr;
    QValueAxis* m_y = nullptr;
    std::unique_ptr<RectangleArea> m_bars;
    std::unique_ptr<RectangleArea> m_whiskers;
    QLineSeries* m_zero = nullptr;
    QLineSeries* m_average = nullptr;
    QLineSeries* m_noise = nullptr;
    double m_fontScale = 1.0;
    bool m_histogramShown = false;

    QStringList m_ids;
    QStringList m_axisIds;
    QList<double> m_gaps;
    QList<double> m_halfWidths;
    double m_averageGap = 0.0;
    std::optional<double> m_noiseAverage;
    QString m_metric;
};

} // namespace pb
