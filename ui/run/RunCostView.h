#pragma once

#include "report/RunCost.h"

#include <QGroupBox>

class QLabel;
class QTableView;

namespace pb {

class RunCostModel;

// "Tokens and cost" on every kind's results: the run's token totals, tokens per call and,
// where the model is priced, the cost split into input and output, from the kind's own
// RunCost (the one summary.json, report.md and the console are written from), with the
// report's notes beneath. It computes nothing.
class RunCostView : public QGroupBox
{
    Q_OBJECT
public:
    explicit RunCostView(QWidget* parent = nullptr);

    void setCost(const RunCost& cost);
    // No run to show: an empty table and a line saying so.
    void clear();

    RunCostModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    QString notesText() const;

private:
    RunCostModel* m_model;
    QTableView* m_table;
    QLabel* m_notes;
};

} // namespace pb
