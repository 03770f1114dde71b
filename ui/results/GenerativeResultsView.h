#pragma once

#include "generative/GenerativeAnalysis.h"
#include "report/ReportContext.h"
#include "report/ReportDocument.h"
#include "results/ReportExcerptLabel.h"

#include <QWidget>

class QChartView;
class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace pb {

class GenerativeItemModel;
class NoiseFloorChartView;

// A generative probe's result on the Results page: the verdict (GenerativeReport's result
// sentence, whose numbers are DistanceComparisonText's), the minimum detectable difference
// beside it (what a null result rules out), the effect against the noise floor in the report's
// own bullets (taken from GenerativeReport::build, so the window and report.md never word it
// apart), the per-item table (GenerativeItemModel) and every item's D_cf against its D_null
// (NoiseFloorChartView). Activating an item asks for its replies side by side
// (repliesRequested). It computes nothing: the analysis arrives made, off the GUI thread
// (RunAnalysisLoader, or a live run's RunResults).
class GenerativeResultsView : public QWidget
{
    Q_OBJECT
public:
    explicit GenerativeResultsView(QWidget* parent = nullptr);
    ~GenerativeResultsView() override;

    void setAnalysis(const GenerativeAnalysis& analysis, const ReportContext& context);
    void clear(const QString& message);
    // Selects the item's row; false when it is not there.
    bool selectItem(const QString& itemId);
    QString selectedItem() const { return m_selected; }

    QString headlineText() const;
    // The minimum detectable difference as shown (the report's bullet), empty when there is none.
    QString detectableText() const;
    // The effect against the noise floor as shown, in report.md's Markdown.
    QString detailMarkdown() const { return m_detail->markdown(); }
    GenerativeItemModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    NoiseFloorChartView* noiseFloorChart() const { return m_noiseFloor; }
    // ": 320 calls analysed, 0 failed; 320 embedded, 0 without a usable embedding".
    static QString callsText(const GenerativeAnalysis& analysis);
    // The charts by the file names they are exported under.
    QList<QPair<QString, QChartView*>> charts() const;

Q_SIGNALS:
    void repliesRequested(const QString& itemId);

private:
    QLabel* m_headline;
    QLabel* m_detectable;
    ReportExcerptLabel* m_detail;
    NoiseFloorChartView* m_noiseFloor;
    GenerativeItemModel* m_model;
    QSortFilterProxyModel* m_sorted;
    QTableView* m_table;
    QString m_selected;
};

} // namespace pb
