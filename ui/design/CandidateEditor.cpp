#include "design/CandidateEditor.h"

#include "design/CandidateListModel.h"
#include "metrics/ChoiceAnswer.h"
#include "project/ProbeProject.h"

#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace pb {

CandidateEditor::CandidateEditor(ProbeProject* project, QWidget* parent)
    : QWidget(parent), m_project(project), m_model(new CandidateListModel(project, this)),
      m_list(new QListView(this)), m_new(new QLineEdit(this)),
      m_add(new QPushButton(tr("&Add"), this)), m_remove(new QPushButton(tr("Re&move"), this)),
      m_up(new QPushButton(tr("Move &up"), this)), m_down(new QPushButton(tr("Move do&wn"), this)),
      m_top(new QSpinBox(this)), m_message(new QLabel(this))
{
    auto* help = new QLabel(
        tr("Choice mode: for a task whose answer is one of a fixed set (yes or no, A to D, a "
           "rating). Each prompt gets a distribution over the candidates: from the server's log "
           "probabilities for the answer token where it gives them, otherwise from the "
           "frequency of each candidate among the replies over the seeds (sampled "
           "frequencies), which the report then says. A under A and B is compared by the "
           "Jensen-Shannon divergence against the same-versus-same noise floor."),
        this);
    help->setWordWrap(true);
    help->setObjectName(QStringLiteral("choiceHelp"));
    help->setAccessibleName(tr("What choice mode does"));

    m_list->setModel(m_model);
    m_list->setAccessibleName(tr("Candidates"));
    m_list->setToolTip(tr("The answers the task allows, in the order the report lists them. "
                          "Double-click or press F2 to rename one."));
    m_list->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setMaximumHeight(m_list->fontMetrics().lineSpacing() * 6 + 8);
    m_new->setAccessibleName(tr("New candidate"));
    m_new->setPlaceholderText(tr("New candidate, e.g. maybe"));
    m_new->setMaxLength(ChoiceAnswer::kMaxCandidateChars + 1); // one over: refused with why
    m_new->setToolTip(tr("A candidate to add: a short answer the task allows. Press Return or "
                         "Add. One that reads the same as another (ignoring case, spaces and "
                         "wrapping punctuation) is refused."));
    m_add->setAccessibleName(tr("Add the candidate"));
    m_add->setToolTip(tr("Add the candidate typed beside it, at the end of the list (Return)"));
    m_remove->setAccessibleName(tr("Remove the selected candidate"));
    m_remove->setToolTip(tr("Remove the selected candidate from the list"));
    m_up->setAccessibleName(tr("Move the selected candidate up"));
    m_up->setToolTip(tr("Move the selected candidate one place up: the report lists the "
                        "candidates in this order"));
    m_down->setAccessibleName(tr("Move the selected candidate down"));
    m_down->setToolTip(tr("Move the selected candidate one place down"));
    m_top->setRange(1, ChoiceAnswer::kMaxTopLogprobs);
    m_top->setAccessibleName(tr("Top log probabilities"));
    m_top->setToolTip(tr("How many alternatives per token the server is asked to list with their "
                         "log probabilities (top_logprobs). Fewer than the candidates: a "
                         "candidate left off the list counts as probability 0."));
    m_message->setWordWrap(true);
    m_message->setObjectName(QStringLiteral("candidateMessage"));
    m_message->setAccessibleName(tr("Why the candidate was refused"));
    m_message->hide();

    auto* grid = new QGridLayout;
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_list, 0, 0, 4, 1);
    grid->addWidget(m_up, 0, 1);
    grid->addWidget(m_down, 1, 1);
    grid->addWidget(m_remove, 2, 1);
    grid->addWidget(m_new, 4, 0);
    grid->addWidget(m_add, 4, 1);
    auto* candidatesLabel = new QLabel(tr("C&andidates:"), this);
    candidatesLabel->setBuddy(m_list);
    auto* form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(candidatesLabel, grid);
    form->addRow(QString(), m_message);
    form->addRow(tr("&Top log probabilities:"), m_top);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(help);
    layout->addLayout(form);

    connect(m_add, &QPushButton::clicked, this, &CandidateEditor::addTyped);
    connect(m_new, &QLineEdit::returnPressed, this, &CandidateEditor::addTyped);
    connect(m_remove, &QPushButton::clicked, this, &CandidateEditor::removeCurrent);
    connect(m_up, &QPushButton::clicked, this, [this] { moveCurrent(-1); });
    connect(m_down, &QPushButton::clicked, this, [this] { moveCurrent(+1); });
    connect(m_model, &CandidateListModel::refused, this, &CandidateEditor::showRefusal);
    connect(m_model, &QAbstractItemModel::modelReset, this, &CandidateEditor::updateButtons);
    // A rename in place that was taken clears the last refusal.
    connect(m_model, &QAbstractItemModel::dataChanged, m_message, &QWidget::hide);
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &CandidateEditor::updateButtons);
    connect(m_top, &QSpinBox::valueChanged, this, [this](int value) {
        if (!m_refreshing)
            m_project->edit(tr("Change top log probabilities"),
                            [value](ProbeDocument& d) { d.metric.topLogprobs = value; });
    });
    connect(project, &ProbeProject::documentChanged, this, &CandidateEditor::refresh);
    refresh();
}

QString CandidateEditor::message() const
{
    return m_message->isHidden() ? QString() : m_message->text();
}

void CandidateEditor::refresh()
{
    m_refreshing = true;
    const int top = m_project->document().metric.topLogprobs;
    if (m_top->value() != top)
        m_top->setValue(top);
    m_refreshing = false;
    updateButtons();
}

void CandidateEditor::setEditable(bool editable)
{
    m_editable = editable;
    m_model->setEditable(editable);
    m_new->setEnabled(editable);
    m_top->setEnabled(editable);
    updateButtons();
}

void CandidateEditor::updateButtons()
{
    const int row = m_list->currentIndex().isValid() ? m_list->currentIndex().row() : -1;
    const int rows = m_model->rowCount();
    m_add->setEnabled(m_editable);
    m_remove->setEnabled(m_editable && row >= 0);
    m_up->setEnabled(m_editable && row > 0);
    m_down->setEnabled(m_editable && row >= 0 && row + 1 < rows);
}

void CandidateEditor::showRefusal(const QString& message)
{
    m_message->setText(QStringLiteral("\u26A0 ") + message);
    m_message->show();
}

void CandidateEditor::addTyped()
{
    if (!m_editable)
        return;
    if (m_model->add(m_new->text())) {
        m_message->hide();
        m_new->clear();
        m_list->setCurrentIndex(m_model->index(m_model->rowCount() - 1));
    }
}

void CandidateEditor::removeCurrent()
{
    const QModelIndex current = m_list->currentIndex();
    if (m_editable && current.isValid() && m_model->remove(current.row()))
        m_message->hide();
}

void CandidateEditor::moveCurrent(int delta)
{
    const QModelIndex current = m_list->currentIndex();
    if (!m_editable || !current.isValid())
        return;
    const int to = current.row() + delta;
    if (m_model->move(current.row(), delta)) {
        m_message->hide();
        m_list->setCurrentIndex(m_model->index(to));
    }
}

} // namespace pb
