#pragma once

#include "axes/AxesComparison.h"
#include "report/RunCost.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace pb {

class AxesResultsModel;
class AxesVectorChartView;
class RunCostView;

// The Results tab of a probe of several axes, a pure view over core's AxesComparison (it
// computes nothing): the aggregate sentence (the max, naming its axis, and the coverage), a
// warning in its own colour whenever the result is not complete (partial, a run short of its
// plan, or a run still going with axes pending), the chart of the per-axis vector, the table of the
// same rows (report.md's "Per-axis vector"), why each missing or incomplete axis is so, and how the
// verdicts account for testing several axes, and "Tokens and cost" (RunCostView) with a row per
// axis's run, as each axis's own folder records them. Every text is the report's.
class AxesResultsView : public QWidget
{
    Q_OBJECT
public:
    explicit AxesResultsView(QWidget* parent = nullptr);

    void setComparison(const AxesComparison& comparison, const RunCost& cost = {});
    void clear();
    bool hasResults() const { return m_shown; }

    QString aggregateText() const;
    // Empty when the result is complete.
    QString warningText() const;
    QString gapsText() const;
    QString noteText() const;

    AxesVectorChartView* chart() const { return m_chart; }
    AxesResultsModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    RunCostView* costView() const { return m_cost; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void tintWarning();

    bool m_shown = false;
    QLabel* m_aggregate;
    QLabel* m_warning;
    QLabel* m_estimator;
    QLabel* m_empty;
    AxesVectorChartView* m_chart;
    AxesResultsModel* m_model;
    QTableView* m_table;
    QLabel* m_gaps;
    QLabel* m_note;
    RunCostView* m_cost;
};

} // namespace pb
