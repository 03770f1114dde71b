#pragma once

#include "choice/ChoiceAnalysis.h"
#include "report/ReportContext.h"
#include "results/DistanceResultsView.h"

namespace pb {

class ChoiceDistributionChartView;
class ChoiceItemModel;

// A choice probe's result on the Results page (DistanceResultsView): the verdict
// (ChoiceReport::resultSentence), where the distributions came from with the reasons for any
// fallback to sampled frequencies, and the effect against the noise floor in the report's own
// bullets (ChoiceReport::build); the per-item table (ChoiceItemModel), every item's D_cf
// against its D_null, and what only a choice probe has: the selected item's distribution over
// the candidates (ChoiceDistributionChartView), beside the noise-floor chart above the table.
class ChoiceResultsView : public DistanceResultsView
{
    Q_OBJECT
public:
    explicit ChoiceResultsView(QWidget* parent = nullptr);
    ~ChoiceResultsView() override;

    void setAnalysis(const ChoiceAnalysis& analysis, const ReportContext& context);
    ChoiceItemModel* model() const { return m_model; }
    ChoiceDistributionChartView* distributionChart() const { return m_distribution; }
    // ": 320 calls analysed, 0 failed; 320 with log probabilities, 0 sampled", for a status.
    static QString callsText(const ChoiceAnalysis& analysis);

protected:
    void showItem(int row) override;
    void clearItem() override;

private:
    ChoiceItemModel* m_model;
    ChoiceDistributionChartView* m_distribution;
};

} // namespace pb
