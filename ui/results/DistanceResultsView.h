#pragma once

#include "report/ReportDocument.h"

#include <QList>
#include <QPair>
#include <QWidget>

class QChartView;
class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace pb {

class DistanceItemModel;
class NoiseFloorChartView;
class ReportExcerptLabel;

// The Results page of a mode that compares each item's D_cf with its D_null against the noise
// floor (a choice or a generative probe): the verdict, the minimum detectable difference beside
// it when the mode lifts it out of the report's bullets, the report's own lines on the effect
// (ReportExcerptLabel, so the window and report.md never word it apart), the per-item table
// (the mode's DistanceItemModel) and every item's D_cf against its D_null
// (NoiseFloorChartView). Selecting a row, or an item's bars, selects the item; activating a
// row asks for its replies under A, B and A again side by side (repliesRequested). A mode adds
// only its own part: its words for the result, its model, and any chart of its own laid out
// with the table and the noise-floor chart. It computes nothing: the analysis arrives made, off
// the GUI thread (RunAnalysisLoader, or a live run's RunResults).
class DistanceResultsView : public QWidget
{
    Q_OBJECT
public:
    ~DistanceResultsView() override;

    void clear(const QString& message);
    // Selects the item's row (and shows what the mode shows of it); false when it is not there.
    bool selectItem(const QString& itemId);
    QString selectedItem() const { return m_selected; }

    QString headlineText() const;
    // The minimum detectable difference as shown beside the verdict, empty when there is none.
    QString detectableText() const;
    // The lines under the verdict as shown, in report.md's Markdown.
    QString detailMarkdown() const;
    QTableView* table() const { return m_table; }
    NoiseFloorChartView* noiseFloorChart() const { return m_noiseFloor; }
    // The charts by the file names they are exported under: the mode's own, then the noise
    // floor's.
    QList<QPair<QString, QChartView*>> charts() const;

Q_SIGNALS:
    void repliesRequested(const QString& itemId);

protected:
    // A mode's names for its widgets: objectNames are <mode>Headline, <mode>Detectable,
    // <mode>Detail; the table's accessible name; the noise-floor chart's file name.
    struct Names
    {
        QString mode;
        QString detailTitle;
        QString tableName;
        QString noiseFloorFile;
    };
    // What the mode's report says of its result.
    struct Result
    {
        QString headline;
        QString detectable; // empty: none shown beside the verdict
        bool detectableBold = false;
        ReportDocument detail;
    };

    // Takes the model (made for the view, parented to it).
    DistanceResultsView(DistanceItemModel* model, const Names& names, QWidget* parent);
    DistanceItemModel* itemModel() const { return m_model; }
    // Shows the result once the model and the noise-floor chart hold the new analysis, and
    // selects the item selected before, or else the first.
    void showResult(const Result& result);
    // The mode's layout of the table, the noise-floor chart and its own charts, under the text.
    void setBody(QWidget* body);
    // A chart of the mode's own, exported (and saved from its menu) under this file name.
    void addChart(const QString& file, QChartView* view);
    // What a mode shows of the selected item (row of its model) beyond the table's selection.
    virtual void showItem(int row);
    virtual void clearItem();

private:
    QLabel* m_headline;
    QLabel* m_detectable;
    ReportExcerptLabel* m_detail;
    NoiseFloorChartView* m_noiseFloor;
    DistanceItemModel* m_model;
    QSortFilterProxyModel* m_sorted;
    QTableView* m_table;
    QList<QPair<QString, QChartView*>> m_charts;
    QString m_selected;
};

} // namespace pb
