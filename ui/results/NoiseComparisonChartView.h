#pragma once

#include "analysis/ProbeAnalysis.h"

#include <QChartView>
#include <memory>

class QCategoryAxis;
class QLineSeries;
class QValueAxis;

namespace pb {

class RectangleArea;

// The real gap beside the same-versus-same gap: A minus B, and A minus A again on other
// seeds (nothing changed but the draw), each with its 95% t interval over items. A real gap
// that is not clearly larger than the same-versus-same one is not evidence of anything.
class NoiseComparisonChartView : public QChartView
{
    Q_OBJECT
public:
    explicit NoiseComparisonChartView(QWidget* parent = nullptr);
    ~NoiseComparisonChartView() override;

    void setAnalysis(const ProbeAnalysis& analysis);
    void clear();
    void setFontScale(double scale);

protected:
    void changeEvent(QEvent* event) override;

private:
    void restyle();
    void setLabels(const QStringList& labels);

    QChart* m_chart = nullptr;
    QCategoryAxis* m_x = nullptr;
    QValueAxis* m_y = nullptr;
    std::unique_ptr<RectangleArea> m_real;
    std::unique_ptr<RectangleArea> m_noise;
    std::unique_ptr<RectangleArea> m_intervals;
    QLineSeries* m_zero = nullptr;
    double m_fontScale = 1.0;
    QStringList m_labels;
};

} // namespace pb
