#pragma once

#include "choice/ChoiceAnalysis.h"

#include <QChartView>

class QBarCategoryAxis;
class QBarSeries;
class QBarSet;
class QValueAxis;

namespace pb {

// One item's distribution over the candidates: for each candidate, its probability under A
// beside its probability under B, and under A again (the same-versus-same arm, what noise
// alone moves), as grouped bars from 0 to 1. It draws the analysis's figures and computes
// nothing; an arm with no distribution has no bars and says so in the legend.
class ChoiceDistributionChartView : public QChartView
{
    Q_OBJECT
public:
    explicit ChoiceDistributionChartView(QWidget* parent = nullptr);
    ~ChoiceDistributionChartView() override;

    void setItem(const ChoiceAnalysis& analysis, const ChoiceItemResult& item);
    void clear();
    // The bars' heights as drawn, per arm (A, B, A again) and candidate, for tests.
    QList<QList<double>> barValues() const;
    QStringList categories() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void restyle();

    QChart* m_chart = nullptr;
    QBarSeries* m_bars = nullptr;
    QBarSet* m_a = nullptr;
    QBarSet* m_b = nullptr;
    QBarSet* m_noise = nullptr;
    QBarCategoryAxis* m_x = nullptr;
    QValueAxis* m_y = nullptr;
};

} // namespace pb
