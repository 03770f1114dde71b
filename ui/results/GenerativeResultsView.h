#pragma once

#include "generative/GenerativeAnalysis.h"
#include "report/ReportContext.h"
#include "results/DistanceResultsView.h"

namespace pb {

class GenerativeItemModel;

// A generative probe's result on the Results page (DistanceResultsView): the verdict
// (GenerativeReport's result sentence, whose numbers are DistanceComparisonText's), the minimum
// detectable difference beside it (what a null result rules out), the effect against the noise
// floor in the report's own bullets (GenerativeReport::build), the per-item table
// (GenerativeItemModel) beside every item's D_cf against its D_null.
class GenerativeResultsView : public DistanceResultsView
{
    Q_OBJECT
public:
    explicit GenerativeResultsView(QWidget* parent = nullptr);
    ~GenerativeResultsView() override;

    void setAnalysis(const GenerativeAnalysis& analysis, const ReportContext& context);
    GenerativeItemModel* model() const { return m_model; }
    // ": 320 calls analysed, 0 failed; 320 embedded, 0 without a usable embedding".
    static QString callsText(const GenerativeAnalysis& analysis);

private:
    GenerativeItemModel* m_model;
};

} // namespace pb
