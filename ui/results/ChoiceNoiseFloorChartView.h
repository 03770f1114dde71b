#pragma once

#include "choice/ChoiceAnalysis.h"

#include <QChartView>

class QBarCategoryAxis;
class QBarSeries;
class QBarSet;
class QValueAxis;

namespace pb {

// Each compared item's divergence of A against B (D_cf) beside its divergence of A against
// A again (D_null, the noise floor that item's draw alone gives), in bits. Items that could
// not be compared have no bars. Draws the analysis's figures and computes nothing. Clicking
// an item's bar says which item (itemClicked), so the page can show its distribution.
class ChoiceNoiseFloorChartView : public QChartView
{
    Q_OBJECT
public:
    explicit ChoiceNoiseFloorChartView(QWidget* parent = nullptr);
    ~ChoiceNoiseFloorChartView() override;

    void setAnalysis(const ChoiceAnalysis& analysis);
    void clear();
    // The items drawn, and per item D_cf and D_null as drawn, for tests.
    QStringList items() const;
    QList<double> counterfactualValues() const;
    QList<double> nullValues() const;

Q_SIGNALS:
    void itemClicked(const QString& itemId);

protected:
    void changeEvent(QEvent* event) override;

private:
    void restyle();

    QChart* m_chart = nullptr;
    QBarSeries* m_bars = nullptr;
    QBarSet* m_cf = nullptr;
    QBarSet* m_null = nullptr;
    QBarCategoryAxis* m_x = nullptr;
    QValueAxis* m_y = nullptr;
};

} // namespace pb
