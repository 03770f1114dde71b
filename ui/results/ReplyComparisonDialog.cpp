#include "results/ReplyComparisonDialog.h"

#include "design/VariantDiff.h"
#include "generative/EmbeddingReading.h"
#include "report/NumberText.h"
#include "results/DiffHtml.h"
#include "results/SeedPairModel.h"
#include "widgets/ThemeColours.h"

#include <QDialogButtonBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <cmath>

namespace pb {
namespace {

QString describe(const std::optional<LoggedCall>& c, const QString& value, const QString& metric)
{
    if (!c) {
        return QObject::tr("<b>%1</b>: no call with this seed").arg(value.toHtmlEscaped());
    }
    QString score;
    if (c->status == CallStatus::Failed) {
        score = QObject::tr("failed: %1").arg(c->error.toHtmlEscaped());
    } else if (!c->metricValue) {
        // A generative reply has no number of its own: its embedding is what is compared.
        const std::optional<EmbeddingReading> e = EmbeddingReading::fromDetails(c->details);
        score = e ? QObject::tr("embedded by %1, %2 dimensions")
                        .arg(e->model.toHtmlEscaped())
                        .arg(e->dims())
                  : QObject::tr("not scored (%1)").arg(c->metricFlag.toHtmlEscaped());
    } else {
        const double v = *c->metricValue;
        score = QStringLiteral("%1 %2").arg(NumberText::fixed(v, v == std::floor(v) ? 0 : 2),
                                            metric.toHtmlEscaped());
    }
    return QObject::tr("<b>%1</b>, seed %2: %3").arg(value.toHtmlEscaped()).arg(c->seed).arg(score);
}

QTextBrowser* makeBrowser(const QString& name, QWidget* parent)
{
    auto* b = new QTextBrowser(parent);
    b->setAccessibleName(name);
    b->setOpenLinks(false);
    return b;
}

} // namespace

ReplyComparisonDialog::ReplyComparisonDialog(const QList<LoggedCall>& calls, const QString& itemId,
                                             const QString& valueA, const QString& valueB,
                                             const QString& metricName, QWidget* parent,
                                             std::optional<qint64> noiseOffset,
                                             const QString& noiseLabel)
    : QDialog(parent), m_itemId(itemId), m_valueA(valueA), m_valueB(valueB), m_metric(metricName),
      m_noiseOffset(noiseOffset), m_noiseLabel(noiseLabel)
{
    setWindowTitle(
        noiseOffset
            ? tr("Item %1: %2, %3 and %4 side by side").arg(itemId, valueA, valueB, noiseLabel)
            : tr("Item %1: %2 and %3 side by side").arg(itemId, valueA, valueB));
    resize(1100, 700);
    m_pairs = new SeedPairModel(this);

    m_table = new QTableView(this);
    m_table->setModel(m_pairs);
    m_table->setAccessibleName(tr("Seeds of item %1").arg(itemId));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setMinimumWidth(330);

    m_leftTitle = new QLabel(this);
    m_rightTitle = new QLabel(this);
    m_leftPrompt = makeBrowser(tr("Prompt for %1").arg(valueA), this);
    m_rightPrompt = makeBrowser(tr("Prompt for %1").arg(valueB), this);
    m_left = makeBrowser(tr("Reply for %1").arg(valueA), this);
    m_right = makeBrowser(tr("Reply for %1").arg(valueB), this);
    m_noiseTitle = new QLabel(this);
    m_noisePrompt = makeBrowser(tr("Prompt for %1").arg(noiseLabel), this);
    m_noise = makeBrowser(tr("Reply for %1").arg(noiseLabel), this);
    const QString css = DiffHtml::styleSheet(palette());
    for (QTextBrowser* b : {m_leftPrompt, m_rightPrompt, m_left, m_right, m_noisePrompt, m_noise}) {
        b->document()->setDefaultStyleSheet(css);
    }
    for (QTextBrowser* b : {m_leftPrompt, m_rightPrompt, m_noisePrompt}) {
        b->setMaximumHeight(110);
    }

    auto* sides = new QWidget(this);
    auto* grid = new QGridLayout(sides);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_leftTitle, 0, 0);
    grid->addWidget(m_rightTitle, 0, 1);
    grid->addWidget(m_leftPrompt, 1, 0);
    grid->addWidget(m_rightPrompt, 1, 1);
    grid->addWidget(m_left, 2, 0);
    grid->addWidget(m_right, 2, 1);
    grid->addWidget(m_noiseTitle, 0, 2);
    grid->addWidget(m_noisePrompt, 1, 2);
    grid->addWidget(m_noise, 2, 2);
    for (QWidget* w : std::initializer_list<QWidget*>{m_noiseTitle, m_noisePrompt, m_noise}) {
        w->setVisible(noiseOffset.has_value());
    }
    grid->setRowStretch(2, 1);

    auto* split = new QSplitter(this);
    split->addWidget(m_table);
    split->addWidget(sides);
    split->setStretchFactor(1, 1);

    // The legend's swatches are the marks the replies use, in this palette's colours.
    const QPalette pal = palette();
    auto swatch = [&pal](const QColor& background, const QString& word) {
        return QStringLiteral("<span style=\"background-color:%1;color:%2\">&nbsp;%3&nbsp;</span>")
            .arg(background.name(), pal.color(QPalette::Text).name(), word.toHtmlEscaped());
    };
    auto* legend = new QLabel(
        tr("%1 words are missing from the other side; %2 words differ only in capitals or "
           "punctuation.")
            .arg(swatch(ThemeColours::changedWord(pal), tr("highlighted")),
                 swatch(ThemeColours::restyledWord(pal), tr("tinted"))),
        this);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split, 1);
    layout->addWidget(legend);
    layout->addWidget(buttons);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { showRow(current.row()); });
    setCalls(calls);
}

void ReplyComparisonDialog::setCalls(const QList<LoggedCall>& calls)
{
    m_pairs->setCalls(calls, m_itemId, m_valueA, m_valueB, m_metric, m_noiseOffset, m_noiseLabel);
    // Where the noise floor is the measure, the replies carry no number to subtract.
    m_table->setColumnHidden(SeedPairModel::DifferenceColumn, m_noiseOffset.has_value());
    if (m_pairs->rowCount() > 0) {
        m_table->selectRow(0);
        showRow(0);
    }
}

int ReplyComparisonDialog::pairCount() const
{
    return m_pairs->rowCount();
}

QString ReplyComparisonDialog::leftHtml() const
{
    return m_left->toHtml();
}

QString ReplyComparisonDialog::rightHtml() const
{
    return m_right->toHtml();
}

QString ReplyComparisonDialog::noiseHtml() const
{
    return m_noiseOffset ? m_noise->toHtml() : QString();
}

QString ReplyComparisonDialog::noiseTitle() const
{
    return m_noiseOffset ? m_noiseTitle->text() : QString();
}

void ReplyComparisonDialog::showRow(int row)
{
    const std::optional<LoggedCall> a = m_pairs->callA(row);
    const std::optional<LoggedCall> b = m_pairs->callB(row);
    m_leftTitle->setText(describe(a, m_valueA, m_metric));
    m_rightTitle->setText(describe(b, m_valueB, m_metric));
    const QString promptA = a ? a->prompt : QString();
    const QString promptB = b ? b->prompt : QString();
    const VariantDiff prompts = VariantDiff::compare(promptA, promptB);
    m_leftPrompt->setHtml(DiffHtml::render(promptA, prompts.beforeSpans()));
    m_rightPrompt->setHtml(DiffHtml::render(promptB, prompts.afterSpans()));
    const QString replyA = a ? a->reply : QString();
    const QString replyB = b ? b->reply : QString();
    const VariantDiff replies = VariantDiff::compare(replyA, replyB);
    m_left->setHtml(DiffHtml::render(replyA, replies.beforeSpans()));
    m_right->setHtml(DiffHtml::render(replyB, replies.afterSpans()));
    if (m_noiseOffset) {
        // A again is read against A: what differs there is the noise alone.
        const std::optional<LoggedCall> n = m_pairs->callNoise(row);
        m_noiseTitle->setText(describe(n, m_noiseLabel, m_metric));
        const QString promptN = n ? n->prompt : QString();
        m_noisePrompt->setHtml(
            DiffHtml::render(promptN, VariantDiff::compare(promptA, promptN).afterSpans()));
        const QString replyN = n ? n->reply : QString();
        m_noise->setHtml(
            DiffHtml::render(replyN, VariantDiff::compare(replyA, replyN).afterSpans()));
    }
}

} // namespace pb
