#pragma once

#include "choice/ChoiceAnalysis.h"
#include "report/ReportContext.h"
#include "report/ReportDocument.h"
#include "results/ReportExcerptLabel.h"

#include <QWidget>

class QChartView;
class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace pb {

class ChoiceDistributionChartView;
class ChoiceItemModel;
class NoiseFloorChartView;

// A choice probe's result on the Results page: the verdict (ChoiceReport::resultSentence),
// where the distributions came from with the reasons for any fallback to sampled
// frequencies, and the effect against the noise floor in the report's own bullets (taken
// from ChoiceReport::build, so the window and report.md never word it apart); the per-item
// table (ChoiceItemModel), the selected item's distribution over the candidates
// (ChoiceDistributionChartView) and every item's D_cf against its D_null
// (NoiseFloorChartView). It computes nothing: the analysis arrives made, off the GUI
// thread (RunAnalysisLoader, or a live run's RunResults).
class ChoiceResultsView : public QWidget
{
    Q_OBJECT
public:
    explicit ChoiceResultsView(QWidget* parent = nullptr);
    ~ChoiceResultsView() override;

    void setAnalysis(const ChoiceAnalysis& analysis, const ReportContext& context);
    void clear(const QString& message);
    // Shows the item's distribution and selects its row; false when it is not there.
    bool selectItem(const QString& itemId);
    QString selectedItem() const { return m_selected; }

    QString headlineText() const;
    // The source and the effect against the noise floor as shown, in report.md's Markdown.
    QString detailMarkdown() const { return m_detail->markdown(); }
    ChoiceItemModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    ChoiceDistributionChartView* distributionChart() const { return m_distribution; }
    NoiseFloorChartView* noiseFloorChart() const { return m_noiseFloor; }
    // ": 320 calls analysed, 0 failed; 320 with log probabilities, 0 sampled", for a status.
    static QString callsText(const ChoiceAnalysis& analysis);
    // The charts by the file names they are exported under.
    QList<QPair<QString, QChartView*>> charts() const;

private:
    QLabel* m_headline;
    ReportExcerptLabel* m_detail;
    ChoiceDistributionChartView* m_distribution;
    NoiseFloorChartView* m_noiseFloor;
    ChoiceItemModel* m_model;
    QSortFilterProxyModel* m_sorted;
    QTableView* m_table;
    QString m_selected;
};

} // namespace pb
