#pragma once

#include "nameset/NameSetAnalysis.h"
#include "nameset/NameSetDocument.h"

#include <QWidget>

class QLabel;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

namespace pb {

class GroupBarsChartView;
class GroupResultsModel;
class ImpactRatioChartView;
class NameResultsModel;
class NameStripChartView;
class RunCostView;

// A name-set probe's results, a pure view over core's NameSetAnalysis (it computes nothing):
// a header with the verdict and its test, the decisions' test with its p, the calls that
// gave no usable reply and the names-per-group warning; then the charts (favourable rate
// and mean of name means per group with intervals, the adverse-impact ratio against the 0.8
// line, every name's mean score), the per-group table and the per-name table. Every number
// is written as report.md writes it (NameSetReport, NameSetNumberText). Groups are the name
// list's labels and are named as such.
class NameSetResultsView : public QWidget
{
    Q_OBJECT
public:
    enum Tab
    {
        ChartsTab,
        GroupsTab,
        NamesTab
    };

    explicit NameSetResultsView(QWidget* parent = nullptr);

    void setAnalysis(const NameSetDocument& doc, const NameSetAnalysis& analysis);
    void clear();
    bool hasResults() const { return m_shown; }

    // The header as shown: the verdict, the tests and data-quality line, the warning.
    QString verdictText() const;
    QString testsText() const;
    QString warningText() const;

    QTabWidget* tabs() const { return m_tabs; }
    GroupResultsModel* groupModel() const { return m_groups; }
    NameResultsModel* nameModel() const { return m_names; }
    GroupBarsChartView* rateChart() const { return m_rate; }
    GroupBarsChartView* meanChart() const { return m_mean; }
    ImpactRatioChartView* impactChart() const { return m_impact; }
    NameStripChartView* stripChart() const { return m_strip; }
    RunCostView* costView() const { return m_cost; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void tintWarning();
    QWidget* buildCharts();
    QWidget* buildTables();
    QTableView* makeTable(const QString& accessibleName, const QString& tip);

    bool m_shown = false;
    QLabel* m_verdict;
    QLabel* m_tests;
    QLabel* m_warning;
    QLabel* m_empty;
    QTabWidget* m_tabs;
    GroupResultsModel* m_groups;
    NameResultsModel* m_names;
    QSortFilterProxyModel* m_nameSort;
    GroupBarsChartView* m_rate = nullptr;
    GroupBarsChartView* m_mean = nullptr;
    ImpactRatioChartView* m_impact = nullptr;
    NameStripChartView* m_strip = nullptr;
    RunCostView* m_cost = nullptr;
};

} // namespace pb
