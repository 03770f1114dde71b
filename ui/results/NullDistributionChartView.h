#pragma once

#include "stats/SignFlipResult.h"

#include <QChartView>
#include <memory>

class QLineSeries;
class QValueAxis;

namespace pb {

class RectangleArea;

// The null distribution of the sign-flip statistic: what the average gap would look like if
// the attribute made no difference (every item's gap equally likely to be positive or
// negative). Exact atoms when there are few enough, otherwise histogram bins. The observed
// average is marked, and the tail that makes p (values at least as far from zero) is
// shaded.
class NullDistributionChartView : public QChartView
{
    Q_OBJECT
public:
    explicit NullDistributionChartView(QWidget* parent = nullptr);
    ~NullDistributionChartView() override;

    void setResult(const SignFlipResult& result, const QString& metricName);
    void clear();
    void setFontScale(double scale);
    // Bars drawn in the last update (atoms or bins), for tests.
    int barCount() const { return m_barCount; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void restyle();

    QChart* m_chart = nullptr;
    QValueAxis* m_x = nullptr;
    QValueAxis* m_y = nullptr;
    std::unique_ptr<RectangleArea> m_mass;
    std::unique_ptr<RectangleArea> m_tail;
    QLineSeries* m_observed = nullptr;
    QLineSeries* m_mirror = nullptr;
    double m_fontScale = 1.0;
    int m_barCount = 0;
};

} // namespace pb
