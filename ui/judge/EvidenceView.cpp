#include "judge/EvidenceView.h"

#include "judge/EvidenceHtml.h"
#include "judge/JudgeCallsModel.h"
#include "report/NumberText.h"
#include "widgets/ThemeColours.h"

#include <QEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace pb {

EvidenceView::EvidenceView(QWidget* parent)
    : QWidget(parent), m_model(new JudgeCallsModel(this)), m_summary(new QLabel(this)),
      m_splitter(new QSplitter(Qt::Horizontal, this)), m_calls(new QTableView(m_splitter)),
      m_browser(new QTextBrowser(m_splitter))
{
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setToolTip(
        tr("A quote is hallucinated when no stretch of the artifact matches it, exactly or "
           "within the fuzzy threshold; its verdict is then not counted."));

    m_calls->setModel(m_model);
    m_calls->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_calls->setSelectionMode(QAbstractItemView::SingleSelection);
    m_calls->setAlternatingRowColors(true);
    m_calls->verticalHeader()->hide();
    m_calls->verticalHeader()->setDefaultSectionSize(m_calls->fontMetrics().height() + 8);
    m_calls->horizontalHeader()->setStretchLastSection(true);
    m_calls->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_calls->setAccessibleName(tr("Judge calls"));
    m_calls->setToolTip(tr("Pick a judge call to see its evidence quotes in the artifact."));

    m_browser->setOpenLinks(false);
    m_browser->setAccessibleName(tr("Artifact with evidence quotes"));
    m_browser->setToolTip(tr("The selected call's verdict per criterion with its quote, found "
                             "verbatim, found approximately or not in the artifact at all, and "
                             "the artifact as judged."));

    m_splitter->addWidget(m_calls);
    m_splitter->addWidget(m_browser);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(layout->contentsMargins().left(), 4,
                               layout->contentsMargins().right(), 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_splitter, 1);

    connect(m_calls->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &EvidenceView::showCurrent);
    clear();
}

void EvidenceView::setCalls(const JudgeProbeDocument& doc, const QList<JudgedCall>& calls,
                            const EvidenceTally& tally)
{
    const JudgedCall* current = currentCall();
    const QString item = current ? current->itemId : QString();
    const QString variant = current ? current->variantId : QString();
    const int repeat = current ? current->repeat : 0;
    m_doc = doc;
    {
        // One render after the refresh, not one per signal on the way.
        const QSignalBlocker block(m_calls->selectionModel());
        m_model->setCalls(calls);
    }
    if (tally.quotes == 0)
        m_summary->setText(tr("Evidence: no quotes to check."));
    else
        m_summary->setText(tr("Evidence: %1 hallucinated (fuzzy threshold %2%); %3 exact, %4 "
                              "fuzzy, %5 without a quote.")
                               .arg(tally.rateText(), NumberText::fixed(tally.fuzzyThreshold, 0))
                               .arg(tally.exact)
                               .arg(tally.fuzzy)
                               .arg(tally.empty));
    if (item.isEmpty() || !selectCall(item, variant, repeat)) {
        if (m_model->rowCount() > 0)
            m_calls->setCurrentIndex(m_model->index(0, 0));
    }
    showCurrent();
}

void EvidenceView::clear()
{
    m_doc = JudgeProbeDocument();
    m_model->clear();
    m_summary->setText(tr("Evidence: no judge calls yet."));
    showCurrent();
}

bool EvidenceView::selectCall(const QString& itemId, const QString& variantId, int repeat)
{
    const int row = m_model->rowOf(itemId, variantId, repeat);
    if (row < 0)
        return false;
    m_calls->setCurrentIndex(m_model->index(row, 0));
    m_calls->scrollTo(m_model->index(row, 0));
    return true;
}

const JudgedCall* EvidenceView::currentCall() const
{
    const QModelIndex at = m_calls->currentIndex();
    return at.isValid() ? m_model->callAt(at.row()) : nullptr;
}

void EvidenceView::showCurrent()
{
    const JudgedCall* call = currentCall();
    const JudgeItem* item = call ? m_doc.item(call->itemId) : nullptr;
    if (!call)
        m_html = QStringLiteral("<p>") + tr("Pick a judge call to see its evidence.") +
                 QStringLiteral("</p>");
    else if (!item)
        m_html = QStringLiteral("<p>") + tr("This item is no longer in the probe.") +
                 QStringLiteral("</p>");
    else
        m_html = EvidenceHtml::render(*call, *item, m_doc.rubric, ThemeColours::isDark(palette()));
    m_browser->setHtml(m_html);
}

void EvidenceView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        showCurrent();
}

} // namespace pb
