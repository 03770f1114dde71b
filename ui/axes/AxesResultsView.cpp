#include "axes/AxesResultsView.h"

#include "axes/AxesResultsModel.h"
#include "axes/AxesVectorChartView.h"
#include "run/RunCostView.h"
#include "widgets/ThemeColours.h"

#include <QApplication>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace pb {

namespace {

QLabel* lineLabel(QWidget* parent, const QString& name)
{
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setAccessibleName(name);
    return label;
}

} // namespace

AxesResultsView::AxesResultsView(QWidget* parent)
    : QWidget(parent), m_aggregate(lineLabel(this, tr("Aggregate"))),
      m_warning(lineLabel(this, tr("Result not complete"))),
      m_estimator(lineLabel(this, tr("Estimator"))), m_empty(new QLabel(this)),
      m_chart(new AxesVectorChartView(this)), m_model(new AxesResultsModel(this)),
      m_table(new QTableView(this)), m_gaps(lineLabel(this, tr("Missing and incomplete axes"))),
      m_note(lineLabel(this, tr("Several comparisons"))), m_cost(new RunCostView(this))
{
    setAccessibleName(tr("Per-axis results"));
    QFont bold = m_aggregate->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    m_aggregate->setFont(bold);
    m_warning->setMargin(4);
    m_warning->setAutoFillBackground(true);
    tintWarning();
    m_empty->setText(tr("No results yet. Run the probe on the Run tab: each axis's result "
                        "comes here as soon as its run ends."));
    m_empty->setWordWrap(true);

    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Per-axis vector"));
    m_table->setToolTip(tr("report.md's per-axis vector: each axis's value, interval, p, "
                           "Holm-adjusted p, verdict, calls and status. The aggregate's axis is "
                           "in bold."));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_aggregate);
    layout->addWidget(m_warning);
    layout->addWidget(m_estimator);
    layout->addWidget(m_empty);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    split->addWidget(m_chart);
    split->addWidget(m_table);
    split->addWidget(m_cost);
    // The cost's table and notes need their rows; the vector's table has only one per axis.
    m_cost->setMinimumHeight(215);
    m_table->setMinimumHeight(120);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    split->setStretchFactor(2, 1);
    layout->addWidget(split, 1);
    layout->addWidget(m_gaps);
    layout->addWidget(m_note);
    clear();
}

void AxesResultsView::tintWarning()
{
    // Only the marked role is set: the label's text keeps following the theme.
    QPalette tint;
    tint.setColor(QPalette::Window, ThemeColours::warningBackground(QApplication::palette(this)));
    m_warning->setPalette(tint);
}

void AxesResultsView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        tintWarning();
}

void AxesResultsView::setComparison(const AxesComparison& c, const RunCost& cost)
{
    m_shown = true;
    m_empty->hide();
    m_aggregate->setText(c.aggregateSentence());
    m_aggregate->show();
    if (c.complete()) {
        m_warning->clear();
        m_warning->hide();
    } else if (c.pending() > 0) {
        // A run is going: the axes still to come are no failure, and nothing reads final.
        m_warning->setText(tr("The run is going (%1): each axis's result comes here when its "
                              "run ends; the aggregate is over the finished axes only, and a "
                              "pending axis may yet be the worst one.")
                               .arg(c.coverage()));
        m_warning->show();
    } else {
        // report.md's own sentence, so the window never reads more complete than the report.
        m_warning->setText(tr("This result is not complete (%1): the aggregate is over the axes "
                              "with a result only, and a missing axis may be the worst one.")
                               .arg(c.coverage()));
        m_warning->show();
    }
    m_estimator->setText(tr("Mode %1; estimator: %2.").arg(c.mode, c.estimator));
    m_estimator->show();
    m_chart->setComparison(c);
    m_model->setComparison(c);
    m_table->resizeColumnsToContents();
    QStringList gaps;
    for (const AxisComparison& a : c.axes) {
        if (a.status != AxisStatus::Complete)
            gaps << tr("%1 (%2): %3").arg(a.axis.label(), a.statusName(), a.gap);
    }
    m_gaps->setText(gaps.join(QLatin1Char('\n')));
    m_gaps->setVisible(!gaps.isEmpty());
    m_note->setText(c.multipleComparisonNote());
    m_note->show();
    if (cost.runs.isEmpty())
        m_cost->clear();
    else
        m_cost->setCost(cost);
}

void AxesResultsView::clear()
{
    m_shown = false;
    m_empty->show();
    for (QLabel* l : {m_aggregate, m_warning, m_estimator, m_gaps, m_note}) {
        l->clear();
        l->hide();
    }
    m_chart->clear();
    m_model->clear();
    m_cost->clear();
}

QString AxesResultsView::aggregateText() const
{
    return m_aggregate->text();
}

QString AxesResultsView::warningText() const
{
    return m_warning->text();
}

QString AxesResultsView::gapsText() const
{
    return m_gaps->text();
}

QString AxesResultsView::noteText() const
{
    return m_note->text();
}

} // namespace pb
