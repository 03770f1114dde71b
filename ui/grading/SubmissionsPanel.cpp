#include "grading/SubmissionsPanel.h"

#include "grading/SubmissionsModel.h"
#include "judge/EvidenceHtml.h"
#include "widgets/ThemeColours.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace pb {

namespace {

QString escaped(const QString& text)
{
    QString out = text.toHtmlEscaped();
    out.replace(QLatin1Char('\n'), QStringLiteral("<br>"));
    return out;
}

const QLatin1String kHallucinated("HALLUCINATED_EVIDENCE:");

QString levelsTable(const Rubric& rubric, const GradeRow& row)
{
    QString html;
    html += QStringLiteral("<table cellpadding=\"3\"><tr><th align=\"left\">%1</th><th>%2</th>"
                           "<th align=\"left\">%3</th></tr>")
                .arg(SubmissionsPanel::tr("Criterion"), SubmissionsPanel::tr("Level"),
                     SubmissionsPanel::tr("Quote check"));
    for (qsizetype i = 0; i < rubric.criteria.size(); ++i) {
        const RubricCriterion& c = rubric.criteria.at(i);
        const GradeCell& cell = row.cells.at(i);
        const bool invented = row.flags.contains(kHallucinated + c.id);
        html +=
            QStringLiteral("<tr><td>%1</td><td align=\"center\">%2</td><td>%3</td></tr>")
                .arg(c.name.toHtmlEscaped(),
                     cell.level ? QString::number(*cell.level) : QStringLiteral("\u2014"),
                     invented ? QStringLiteral("<b>HALLUCINATED_EVIDENCE</b>: %1")
                                    .arg(SubmissionsPanel::tr("the quote is not in the submission"))
                              : QString());
    }
    return html + QStringLiteral("</table>");
}

} // namespace

SubmissionsPanel::SubmissionsPanel(QWidget* parent)
    : QWidget(parent), m_model(new SubmissionsModel(this)), m_summary(new QLabel(this))
{
    setAccessibleName(tr("Submissions"));
    auto* layout = new QVBoxLayout(this);
    m_summary->setWordWrap(true);
    m_summary->setAccessibleName(tr("Grading summary"));
    layout->addWidget(m_summary);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);
    m_view = new QTableView(split);
    m_view->setModel(m_model);
    m_view->setAccessibleName(tr("Graded submissions"));
    m_view->setToolTip(tr("One row per submission: its weighted total, its flags and its "
                          "level on each criterion, as grades.csv has them."));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setStretchLastSection(false);
    split->addWidget(m_view);
    m_browser = new QTextBrowser(split);
    m_browser->setAccessibleName(tr("Selected submission"));
    m_browser->setToolTip(tr("The selected submission's text with each criterion's quote "
                             "highlighted where it sits, and its levels and flags."));
    m_browser->setOpenLinks(false);
    split->addWidget(m_browser);
    split->setSizes({600, 600});
    layout->addWidget(split, 1);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &SubmissionsPanel::showCurrent);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &SubmissionsPanel::showCurrent);
    clear();
}

SubmissionsPanel::~SubmissionsPanel() = default;

QString SubmissionsPanel::summaryText() const
{
    return m_summary->text();
}

void SubmissionsPanel::clear()
{
    m_results.reset();
    m_model->clear();
    m_summary->setText(tr("Nothing read yet."));
    showCurrent();
}

void SubmissionsPanel::setResults(std::shared_ptr<const GradingStoredResults> results)
{
    const QString chosen = m_view->currentIndex().siblingAtColumn(0).data().toString();
    m_results = std::move(results);
    m_model->setOutcome(m_results->rubric, m_results->outcome);
    const GradingOutcome& o = m_results->outcome;
    int totals = 0;
    for (const GradeRow& r : o.rows)
        totals += r.total ? 1 : 0;
    m_summary->setText(tr("%1 submissions: %2 with a weighted total, %3 review needed, %4 failed, "
                          "%5 empty (no call), %6 not graded yet.")
                           .arg(o.rows.size())
                           .arg(totals)
                           .arg(o.review.size())
                           .arg(o.failed.size())
                           .arg(o.emptyFiles)
                           .arg(o.notCalled.size()));
    if (!selectFile(chosen) && m_model->rowCount() > 0)
        m_view->selectRow(0);
    showCurrent();
}

void SubmissionsPanel::setHidden(const QSet<QString>& files, const QString& text)
{
    m_model->setHidden(files, text);
}

bool SubmissionsPanel::selectFile(const QString& filename)
{
    const int row = m_model->rowOf(filename);
    if (row < 0)
        return false;
    m_view->selectRow(row);
    showCurrent();
    return true;
}

void SubmissionsPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        showCurrent();
}

void SubmissionsPanel::showCurrent()
{
    const GradeRow* row = m_model->rowAt(m_view->currentIndex().row());
    m_html = row && m_results ? detailFor(*row) : QString();
    if (m_html.isEmpty())
        m_browser->setPlaceholderText(tr("Select a submission to read it with its quotes."));
    m_browser->setHtml(m_html);
}

QString SubmissionsPanel::detailFor(const GradeRow& row) const
{
    const GradingStoredResults& r = *m_results;
    QString text;
    for (const Submission& s : r.submissions) {
        if (s.filename == row.filename)
            text = s.text;
    }
    QString html = QStringLiteral("<h3>%1</h3>").arg(row.filename.toHtmlEscaped());
    if (m_model->isHidden(row.filename))
        return html + QStringLiteral("<p><i>%1</i></p><p>%2</p>")
                          .arg(m_model->hiddenText().toHtmlEscaped(), escaped(text));
    const JudgedCall* call = nullptr;
    for (const JudgedCall& c : r.judged) {
        if (c.itemId == row.filename && !c.isRepeat())
            call = &c;
    }
    const JudgeItem* item = nullptr;
    for (const JudgeItem& i : r.doc.items) {
        if (i.id == row.filename)
            item = &i;
    }
    const bool scored = call && item && call->verdict.outcome == JudgeOutcome::Scored;
    // A scored call's legend gives each level with how its quote matched; the table is for
    // what it does not say: no level, or a quote not in the submission.
    if (!scored || row.flags.join(QLatin1Char(' ')).contains(kHallucinated))
        html += levelsTable(r.rubric, row);
    html +=
        QStringLiteral("<p>%1: %2 \u00b7 %3: %4</p>")
            .arg(tr("Total"), row.total ? row.total->text() : QStringLiteral("\u2014"), tr("Flags"),
                 row.flags.isEmpty() ? tr("none") : row.flags.join(QStringLiteral("; ")));
    if (row.flags.contains(QLatin1String(GradeRow::kEmptyFile)))
        return html + QStringLiteral("<p><b>EMPTY_FILE</b>: %1</p>")
                          .arg(tr("the submission has no text; no call was made."));
    for (const ReviewNeeded& review : r.outcome.review) {
        if (review.filename == row.filename)
            html += QStringLiteral(
                        "<p><b>REVIEW_NEEDED</b>: %1</p><p>%2</p><p><i>%4</i></p><pre>%3</pre>")
                        .arg(tr("the judge's reply never validated after %1 tries; grade it by "
                                "hand.")
                                 .arg(review.tries),
                             escaped(review.validationErrors.join(QLatin1Char('\n'))),
                             review.rawOutput.toHtmlEscaped(), tr("The judge's last reply:"));
    }
    if (scored)
        return html + EvidenceHtml::render(*call, *item, r.rubric, ThemeColours::isDark(palette()));
    return html +
           QStringLiteral("<p><i>%1</i></p><p>%2</p>").arg(tr("The submission:"), escaped(text));
}

} // namespace pb
