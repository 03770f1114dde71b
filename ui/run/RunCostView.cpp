#include "run/RunCostView.h"

#include "report/ReportDocument.h"
#include "run/RunCostModel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace pb {

RunCostView::RunCostView(QWidget* parent)
    : QGroupBox(tr("Tokens and cost"), parent), m_model(new RunCostModel(this)),
      m_table(new QTableView(this)), m_notes(new QLabel(this))
{
    setAccessibleName(tr("Tokens and cost"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Tokens and cost table"));
    m_table->setToolTip(tr("Token totals as the server reported them, per call, and the cost at "
                           "the prices on the Run tab; the same figures as summary.json."));
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    // As wide as its columns, not the page: a few figures in a row, read at a glance.
    m_table->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
    layout->addWidget(m_table, 0, Qt::AlignLeft);
    m_notes->setWordWrap(true);
    m_notes->setAccessibleName(tr("Tokens and cost notes"));
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_notes);
    clear();
}

void RunCostView::setCost(const RunCost& cost)
{
    m_model->setCost(cost);
    QStringList notes;
    for (const QString& note : cost.notes())
        notes << ReportDocument::plain(note);
    m_notes->setText(notes.join(QLatin1Char('\n')));
    // As tall as its rows: a run has one or a few, and a scroll bar for them would hide one.
    const int rows = m_model->rowCount();
    int height = m_table->horizontalHeader()->height() + 2 * m_table->frameWidth();
    for (int r = 0; r < rows; ++r)
        height += m_table->rowHeight(r);
    m_table->setFixedHeight(height);
}

void RunCostView::clear()
{
    m_model->setCost(RunCost{});
    m_notes->setText(tr("No run yet: the tokens and cost show once one has calls."));
    m_table->setFixedHeight(m_table->horizontalHeader()->sizeHint().height() +
                            2 * m_table->frameWidth());
}

QString RunCostView::notesText() const
{
    return m_notes->text();
}

} // namespace pb
