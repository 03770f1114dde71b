#include "judge/JudgeResultsView.h"

#include "judge/BeforeAfterModel.h"
#include "judge/ConstructionMissModel.h"
#include "judge/ConstructionModel.h"
#include "judge/CriterionHeatMapDelegate.h"
#include "judge/CriterionHeatMapModel.h"
#include "judge/EvidenceView.h"
#include "judge/JudgeCallsModel.h"
#include "judge/JudgeComparisonModel.h"
#include "judge/JudgeConsoleText.h"
#include "judge/StabilityModel.h"
#include "widgets/ThemeColours.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace pb {

namespace {

const char* const kSettingsGroup = "JudgeResultsView";

QSet<QString> pairwiseItems(const JudgeProbeDocument& doc)
{
    QSet<QString> out;
    for (const JudgeItem& item : doc.items) {
        if (item.pairwise)
            out.insert(item.id);
    }
    return out;
}

QLabel* lineLabel(QWidget* parent, const QString& objectName)
{
    auto* label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QWidget* column(QWidget* parent, const QList<QWidget*>& widgets, int stretchIndex)
{
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    for (qsizetype i = 0; i < widgets.size(); ++i)
        layout->addWidget(widgets.at(i), i == stretchIndex ? 1 : 0);
    return page;
}

} // namespace

JudgeResultsView::JudgeResultsView(QWidget* parent)
    : QWidget(parent), m_judgeLabel(new QLabel(tr("&Judge:"), this)),
      m_judgeBox(new QComboBox(this)), m_runSummary(lineLabel(this, QStringLiteral("runSummary"))),
      m_empty(new QLabel(this)), m_tabs(new QTabWidget(this)),
      m_heatMap(new CriterionHeatMapModel(this)), m_beforeAfter(new BeforeAfterModel(this)),
      m_construction(new ConstructionModel(this)), m_misses(new ConstructionMissModel(this)),
      m_stability(new StabilityModel(this)), m_evidence(new EvidenceView(this)),
      m_reviewCalls(new JudgeCallsModel(this)), m_reviewFilter(new QSortFilterProxyModel(this)),
      m_comparison(new JudgeComparisonModel(this))
{
    m_judgeLabel->setBuddy(m_judgeBox);
    m_judgeBox->setObjectName(QStringLiteral("judgeBox"));
    m_judgeBox->setAccessibleName(tr("Judge"));
    m_judgeBox->setToolTip(tr("Which judge configuration's results to show."));
    m_judgeBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_empty->setObjectName(QStringLiteral("emptyNotice"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setText(tr("No results yet: run the probe's judges on the Run tab."));

    m_tabs->setDocumentMode(true);
    m_tabs->setAccessibleName(tr("Result tabs"));
    m_tabs->insertTab(ShiftsTab, buildShiftsTab(), tr("Verdict shifts"));
    m_tabs->insertTab(ConstructionTab, buildConstructionTab(), tr("Construction"));
    m_tabs->insertTab(StabilityTab, buildStabilityTab(), tr("Stability"));
    m_tabs->insertTab(EvidenceTab, m_evidence, tr("Evidence"));
    m_tabs->insertTab(ReviewTab, buildReviewTab(), tr("Review needed"));
    m_comparisonView = makeTable(tr("Judges side by side"));
    m_comparisonView->setModel(m_comparison);
    m_comparisonView->setToolTip(tr("The judge configurations run on the same probe set, side "
                                    "by side (the chapter's before/after table)."));
    m_tabs->insertTab(CompareTab, column(m_tabs, {m_comparisonView}, 0), tr("Judges side by side"));
    m_tabs->setTabToolTip(ShiftsTab, tr("What each property did to each criterion's verdicts."));
    m_tabs->setTabToolTip(ConstructionTab,
                          tr("Verdicts scored against the ones the artifacts were built to "
                             "deserve."));
    m_tabs->setTabToolTip(StabilityTab,
                          tr("Chosen artifacts judged several times: do the verdicts wobble?"));
    m_tabs->setTabToolTip(EvidenceTab, tr("Each criterion's quoted evidence in the artifact."));
    m_tabs->setTabToolTip(ReviewTab, tr("Judge replies that never validated, kept raw."));

    auto* top = new QHBoxLayout;
    top->addWidget(m_judgeLabel);
    top->addWidget(m_judgeBox);
    top->addWidget(m_runSummary, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_empty, 1);
    layout->addWidget(m_tabs, 1);

    connect(m_judgeBox, &QComboBox::currentIndexChanged, this, [this](int index) {
        showJudge();
        Q_EMIT currentJudgeChanged(index);
    });

    QSettings settings;
    settings.beginGroup(QLatin1String(kSettingsGroup));
    m_reviewSplitter->restoreState(settings.value(QStringLiteral("review")).toByteArray());
    m_evidence->splitter()->restoreState(settings.value(QStringLiteral("evidence")).toByteArray());
    clear();
}

JudgeResultsView::~JudgeResultsView()
{
    QSettings settings;
    settings.beginGroup(QLatin1String(kSettingsGroup));
    settings.setValue(QStringLiteral("review"), m_reviewSplitter->saveState());
    settings.setValue(QStringLiteral("evidence"), m_evidence->splitter()->saveState());
}

QTableView* JudgeResultsView::makeTable(const QString& accessibleName)
{
    auto* table = new QTableView(this);
    table->setAccessibleName(accessibleName);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setAlternatingRowColors(true);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);
    // Numbers stay next to their labels; only a table whose last column is prose stretches it.
    table->horizontalHeader()->setStretchLastSection(false);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    return table;
}

void JudgeResultsView::addEvidenceAction(QTableView* table)
{
    auto* action = new QAction(tr("Show the &evidence of this call"), table);
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    action->setShortcutContext(Qt::WidgetShortcut);
    action->setToolTip(tr("Open the Evidence tab on this row's judge call (Ctrl+E or Enter)."));
    table->addAction(action);
    table->setContextMenuPolicy(Qt::ActionsContextMenu);
    connect(action, &QAction::triggered, this,
            [this, table] { evidenceFor(table, table->currentIndex()); });
    connect(table, &QAbstractItemView::activated, this,
            [this, table](const QModelIndex& index) { evidenceFor(table, index); });
}

QWidget* JudgeResultsView::buildShiftsTab()
{
    auto* heatCaption = new QLabel(tr("Mean verdict delta per item (variant minus base) for "
                                      "each property and criterion, with the verdicts it "
                                      "flipped:"),
                                   this);
    heatCaption->setWordWrap(true);
    m_heatMapView = new QTableView(this);
    m_heatMapView->setModel(m_heatMap);
    m_heatMapView->setItemDelegate(new CriterionHeatMapDelegate(m_heatMapView));
    m_heatMapView->setAccessibleName(tr("Per-criterion delta heat map"));
    m_heatMapView->setToolTip(tr("Mean delta: the average over items of the variant's verdict "
                                 "minus the base's; flips: compared verdicts that changed."));
    m_heatMapView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_heatMapView->setShowGrid(false);
    m_heatMapView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_heatMapView->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_heatMapView->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_heatMapView->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    m_legend = lineLabel(this, QStringLiteral("heatMapLegend"));
    m_legend->setTextFormat(Qt::RichText);

    auto* propertyLabel = new QLabel(tr("Pr&operty:"), this);
    m_propertyBox = new QComboBox(this);
    m_propertyBox->setAccessibleName(tr("Property"));
    m_propertyBox->setToolTip(tr("The property whose before/after table is shown."));
    m_propertyBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    propertyLabel->setBuddy(m_propertyBox);
    m_flipLine = lineLabel(this, QStringLiteral("flipLine"));
    m_beforeAfterView = makeTable(tr("Before and after table"));
    m_beforeAfterView->setModel(m_beforeAfter);
    m_beforeAfterView->setToolTip(tr("Each item's verdict on its base and on the variant, per "
                                     "criterion, as the tutorial's Part III table prints it."));
    addEvidenceAction(m_beforeAfterView);

    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->addWidget(heatCaption);
    layout->addWidget(m_heatMapView);
    layout->addWidget(m_legend);
    layout->addSpacing(6);
    auto* chooser = new QHBoxLayout;
    chooser->addWidget(propertyLabel);
    chooser->addWidget(m_propertyBox);
    chooser->addWidget(m_flipLine, 1);
    layout->addLayout(chooser);
    layout->addWidget(m_beforeAfterView, 1);

    connect(m_propertyBox, &QComboBox::currentIndexChanged, this, [this] {
        showProperty();
        const int row = m_heatMap->rowOf(currentProperty());
        if (row >= 0 && m_heatMapView->currentIndex().row() != row)
            m_heatMapView->setCurrentIndex(m_heatMap->index(row, 0));
    });
    connect(m_heatMapView->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid())
                    setCurrentProperty(m_heatMap->propertyAt(current.row()));
            });
    return page;
}

QWidget* JudgeResultsView::buildConstructionTab()
{
    m_constructionHeadline = lineLabel(this, QStringLiteral("constructionHeadline"));
    QFont headline = m_constructionHeadline->font();
    headline.setBold(true);
    headline.setPointSizeF(headline.pointSizeF() * 1.15);
    m_constructionHeadline->setFont(headline);
    m_constructionHeadline->setToolTip(
        tr("Each verdict compared with the one its artifact was built to deserve; the ceiling "
           "is exact because every correct verdict was fixed when the items were written."));
    m_shortfallLine = lineLabel(this, QStringLiteral("shortfallLine"));
    m_constructionView = makeTable(tr("Construction score by group"));
    m_constructionView->setModel(m_construction);
    m_constructionView->setToolTip(tr("Deserved verdicts the judge matched, by group: the base "
                                      "artifacts and each property's variants."));
    m_constructionView->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_constructionView->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    auto* missCaption = new QLabel(tr("Verdicts not as built:"), this);
    m_missView = makeTable(tr("Verdicts not as built"));
    m_missView->setModel(m_misses);
    m_missView->setToolTip(tr("Every verdict that did not come back as its artifact was built "
                              "to deserve, and why. Enter or Ctrl+E opens its evidence."));
    m_missView->horizontalHeader()->setStretchLastSection(true);
    addEvidenceAction(m_missView);
    m_positionLine = lineLabel(this, QStringLiteral("positionLine"));
    m_positionLine->setToolTip(tr("Pairwise items judged in both A/B orders: a consistent "
                                  "judge chooses the same answer whichever position it is in."));
    return column(this,
                  {m_constructionHeadline, m_shortfallLine, m_constructionView, missCaption,
                   m_missView, m_positionLine},
                  4);
}

QWidget* JudgeResultsView::buildStabilityTab()
{
    m_stabilityLine = lineLabel(this, QStringLiteral("stabilityLine"));
    m_stabilityLine->setToolTip(tr("Identical verdicts on every repeat license reading one pass "
                                   "as a measurement of the judge; a wobble means a shortfall "
                                   "may be noise rather than a preference."));
    m_stabilityView = makeTable(tr("Stability check"));
    m_stabilityView->setModel(m_stability);
    m_stabilityView->setToolTip(tr("Each chosen artifact's verdict per criterion on every "
                                   "repeat. Enter or Ctrl+E opens a repeat's evidence."));
    m_stabilityView->setSelectionBehavior(QAbstractItemView::SelectItems);
    addEvidenceAction(m_stabilityView);
    return column(this, {m_stabilityLine, m_stabilityView}, 1);
}

QWidget* JudgeResultsView::buildReviewTab()
{
    m_reviewFilter->setSourceModel(m_reviewCalls);
    m_reviewFilter->setFilterRole(JudgeCallsModel::OutcomeRole);
    m_reviewFilter->setFilterKeyColumn(JudgeCallsModel::ItemColumn);
    m_reviewFilter->setFilterRegularExpression(
        QRegularExpression(QStringLiteral("^%1$").arg(int(JudgeOutcome::ReviewNeeded))));
    m_reviewView = makeTable(tr("Judge calls needing review"));
    m_reviewView->setModel(m_reviewFilter);
    m_reviewView->hideColumn(JudgeCallsModel::OutcomeColumn);
    m_reviewView->setToolTip(tr("Replies that never validated, even after the re-asks: kept "
                                "raw and never scored."));
    m_reviewText = new QPlainTextEdit(this);
    m_reviewText->setObjectName(QStringLiteral("reviewText"));
    m_reviewText->setReadOnly(true);
    m_reviewText->setAccessibleName(tr("Validation errors and raw output"));
    m_reviewText->setToolTip(tr("Why the selected reply never validated, and the reply as the "
                                "judge wrote it."));
    m_reviewText->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    m_reviewText->setFont(mono);
    m_reviewSplitter = new QSplitter(Qt::Horizontal, this);
    m_reviewSplitter->addWidget(m_reviewView);
    m_reviewSplitter->addWidget(m_reviewText);
    m_reviewSplitter->setChildrenCollapsible(false);
    m_reviewSplitter->setStretchFactor(0, 2);
    m_reviewSplitter->setStretchFactor(1, 3);
    m_reviewSplitter->setSizes({400, 600});
    connect(m_reviewView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &JudgeResultsView::showReview);
    return column(this, {m_reviewSplitter}, 0);
}

void JudgeResultsView::showResults(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis)
{
    const QString judge = m_judgeBox->currentText();
    m_doc = doc;
    m_analysis = analysis;
    m_empty->setVisible(analysis.judges.isEmpty());
    m_tabs->setVisible(!analysis.judges.isEmpty());
    {
        // Refilled only when the judges differ: a live run updates several times a second,
        // and clearing the box would close its list under the user's pointer.
        QStringList names;
        for (const JudgeRunAnalysis& run : analysis.judges)
            names << run.judgeName;
        QStringList listed;
        for (int i = 0; i < m_judgeBox->count(); ++i)
            listed << m_judgeBox->itemText(i);
        if (names != listed) {
            const QSignalBlocker block(m_judgeBox);
            m_judgeBox->clear();
            m_judgeBox->addItems(names);
            const int keep = m_judgeBox->findText(judge);
            m_judgeBox->setCurrentIndex(keep >= 0 ? keep : 0);
        }
    }
    const bool several = analysis.comparesJudges();
    m_judgeLabel->setVisible(several);
    m_judgeBox->setVisible(several);
    m_tabs->setTabVisible(CompareTab, several);
    if (several)
        m_comparison->setAnalysis(doc, analysis);
    else
        m_comparison->clear();
    m_comparisonView->resizeColumnsToContents();
    showJudge();
}

void JudgeResultsView::clear()
{
    m_doc = JudgeProbeDocument();
    m_analysis = JudgeAnalysis();
    {
        const QSignalBlocker block(m_judgeBox);
        m_judgeBox->clear();
    }
    {
        const QSignalBlocker block(m_propertyBox);
        m_propertyBox->clear();
    }
    m_judgeLabel->hide();
    m_judgeBox->hide();
    m_runSummary->clear();
    m_empty->show();
    m_tabs->hide();
    m_tabs->setTabVisible(CompareTab, false);
    m_heatMap->clear();
    m_beforeAfter->clear();
    m_construction->clear();
    m_misses->clear();
    m_stability->clear();
    m_evidence->clear();
    m_reviewCalls->clear();
    m_comparison->clear();
    for (QLabel* l :
         {m_flipLine, m_constructionHeadline, m_shortfallLine, m_positionLine, m_stabilityLine})
        l->clear();
    m_reviewText->clear();
    updateLegend();
}

int JudgeResultsView::currentJudge() const
{
    return hasResults() ? std::max(0, m_judgeBox->currentIndex()) : -1;
}

void JudgeResultsView::setCurrentJudge(int index)
{
    if (index >= 0 && index < m_judgeBox->count())
        m_judgeBox->setCurrentIndex(index);
}

QString JudgeResultsView::currentProperty() const
{
    return m_propertyBox->currentText();
}

void JudgeResultsView::setCurrentProperty(const QString& property)
{
    const int at = m_propertyBox->findText(property);
    if (at >= 0)
        m_propertyBox->setCurrentIndex(at);
}

bool JudgeResultsView::showEvidence(const QString& itemId, const QString& variantId, int repeat)
{
    if (!m_evidence->selectCall(itemId, variantId, repeat))
        return false;
    m_tabs->setCurrentIndex(EvidenceTab);
    return true;
}

void JudgeResultsView::evidenceFor(QTableView* table, const QModelIndex& index)
{
    if (!index.isValid())
        return;
    const QAbstractItemModel* model = table->model();
    const QModelIndex rowStart = model->index(index.row(), 0);
    int repeat = 0;
    QString item;
    QString variant;
    if (model == m_beforeAfter) {
        item = rowStart.data(BeforeAfterModel::ItemIdRole).toString();
        // The base's verdict is in the "before" column; every other column is the variant's.
        const JudgeItem* judged = m_doc.item(item);
        variant = index.column() == BeforeAfterModel::BeforeColumn && judged
                      ? judged->base.id
                      : rowStart.data(BeforeAfterModel::VariantIdRole).toString();
    } else if (model == m_misses) {
        item = rowStart.data(ConstructionMissModel::ItemIdRole).toString();
        variant = rowStart.data(ConstructionMissModel::VariantIdRole).toString();
    } else if (model == m_stability) {
        item = model->index(index.row(), StabilityModel::ItemColumn).data().toString();
        variant = model->index(index.row(), StabilityModel::VariantColumn).data().toString();
        repeat = std::max(0, index.column() - int(StabilityModel::FirstRepeatColumn));
    }
    showEvidence(item, variant, repeat);
}

void JudgeResultsView::showJudge()
{
    const int index = currentJudge();
    if (index < 0 || index >= m_analysis.judges.size())
        return;
    const JudgeRunAnalysis& run = m_analysis.judges.at(index);
    m_runSummary->setText(tr("%1 (%2, %3): %4 of %5 judge calls logged, %6 scored, %7 review "
                             "needed, %8 failed")
                              .arg(run.judgeName, run.backend, run.model)
                              .arg(run.logged)
                              .arg(run.planned)
                              .arg(run.scored)
                              .arg(run.reviewNeeded)
                              .arg(run.failed));

    m_heatMap->setEffects(run.effects, m_doc.rubric);
    fitHeatMap();
    {
        const QString keep = currentProperty();
        const QSignalBlocker block(m_propertyBox);
        QStringList properties;
        for (const PropertyEffect& e : run.effects)
            properties << e.property;
        QStringList listed;
        for (int i = 0; i < m_propertyBox->count(); ++i)
            listed << m_propertyBox->itemText(i);
        if (listed != properties) {
            m_propertyBox->clear();
            m_propertyBox->addItems(properties);
        }
        const int at = m_propertyBox->findText(keep);
        m_propertyBox->setCurrentIndex(at >= 0 ? at : (properties.isEmpty() ? -1 : 0));
    }
    showProperty();

    const ConstructionScore& score = run.construction;
    const QSet<QString> pairwise = pairwiseItems(m_doc);
    if (score.hasConstruction()) {
        QString headline = tr("%1 (exact ceiling %2)")
                               .arg(JudgeConsoleText::constructionLine(score))
                               .arg(score.ceiling);
        if (score.notScored > 0)
            headline += tr("; %1 of the shortfall not scored at all").arg(score.notScored);
        m_constructionHeadline->setText(headline);
        const QString main = score.mainShortfallGroup();
        if (score.shortfall() == 0)
            m_shortfallLine->setText(tr("No verdict came back against construction."));
        else if (!main.isEmpty() && main != QLatin1String("base"))
            m_shortfallLine->setText(tr("The shortfall is attributed to %1.").arg(main));
        else
            m_shortfallLine->setText(tr("The shortfall is spread over several groups."));
    } else {
        m_constructionHeadline->setText(tr("No deserved verdicts in this probe: nothing is "
                                           "scored against construction."));
        m_shortfallLine->clear();
    }
    m_construction->setScore(score);
    m_misses->setMisses(score.misses, m_doc.rubric, pairwise);
    m_missView->resizeColumnsToContents();
    m_positionLine->setVisible(run.position.ran());
    m_positionLine->setText(run.position.ran() ? JudgeConsoleText::positionLine(run.position)
                                               : QString());

    m_stabilityLine->setText(JudgeConsoleText::stabilityLine(run.stability));
    m_stability->setStability(run.stability, m_doc.rubric, pairwise);

    m_evidence->setCalls(m_doc, run.calls, run.evidence);

    m_reviewCalls->setCalls(run.calls);
    m_tabs->setTabText(ReviewTab, run.reviewNeeded > 0
                                      ? tr("Review needed (%1)").arg(run.reviewNeeded)
                                      : tr("Review needed"));
    if (!m_reviewView->currentIndex().isValid() && m_reviewFilter->rowCount() > 0)
        m_reviewView->setCurrentIndex(m_reviewFilter->index(0, 0));
    showReview();
}

void JudgeResultsView::showProperty()
{
    const int index = currentJudge();
    const PropertyEffect* effect = index >= 0 && index < m_analysis.judges.size()
                                       ? m_analysis.judges.at(index).effect(currentProperty())
                                       : nullptr;
    if (!effect) {
        m_beforeAfter->clear();
        m_flipLine->setText(hasResults() ? tr("No property was varied in this probe.") : QString());
        return;
    }
    m_beforeAfter->setEffect(*effect, m_doc.rubric);
    QString line = JudgeConsoleText::flipLine(*effect);
    line += JudgeConsoleText::meanDeltaText(*effect);
    if (effect->unscored() > 0)
        line += tr("; %1 not compared (a verdict not scored)").arg(effect->unscored());
    m_flipLine->setText(line);
}

void JudgeResultsView::showReview()
{
    const QModelIndex at = m_reviewFilter->mapToSource(m_reviewView->currentIndex());
    const JudgedCall* call = at.isValid() ? m_reviewCalls->callAt(at.row()) : nullptr;
    if (!call) {
        m_reviewText->setPlainText(m_reviewFilter->rowCount() == 0 && hasResults()
                                       ? tr("Every judge reply validated: nothing to review.")
                                       : QString());
        return;
    }
    QString text = tr("%1 / %2: REVIEW_NEEDED after %3 replies")
                       .arg(call->itemId, call->variantId)
                       .arg(call->verdict.tries);
    text += QLatin1String("\n\n") + tr("Validation errors:") + QLatin1Char('\n');
    for (const QString& e : call->verdict.validationErrors)
        text += QStringLiteral("  - ") + e + QLatin1Char('\n');
    text += QLatin1Char('\n') + tr("Raw output:") + QLatin1Char('\n') + call->verdict.rawOutput;
    m_reviewText->setPlainText(text);
}

void JudgeResultsView::fitHeatMap()
{
    m_heatMapView->resizeColumnsToContents();
    m_heatMapView->resizeRowsToContents();
    // Only as tall as its rows, so the before/after table below gets the rest.
    int height =
        m_heatMapView->horizontalHeader()->sizeHint().height() + 2 * m_heatMapView->frameWidth();
    for (int r = 0; r < m_heatMap->rowCount(); ++r)
        height += m_heatMapView->rowHeight(r);
    if (m_heatMapView->horizontalScrollBar()->isVisible())
        height += m_heatMapView->horizontalScrollBar()->sizeHint().height();
    m_heatMapView->setFixedHeight(height);
    int width =
        m_heatMapView->verticalHeader()->sizeHint().width() + 2 * m_heatMapView->frameWidth();
    for (int c = 0; c < m_heatMap->columnCount(); ++c)
        width += m_heatMapView->columnWidth(c);
    m_heatMapView->setMaximumWidth(std::max(width, 200));
}

void JudgeResultsView::updateLegend()
{
    const QPalette pal = palette();
    auto swatch = [&](double intensity) {
        return QStringLiteral("<span style=\"background-color:%1\">&nbsp;&nbsp;&nbsp;&nbsp;"
                              "</span>")
            .arg(ThemeColours::heat(intensity, pal).name());
    };
    m_legend->setText(tr("%1 pushed down &nbsp; %2 no change &nbsp; %3 pushed up &nbsp; &nbsp; "
                         "%4 nothing to compare &nbsp; (full colour: a mean shift of one level "
                         "or verdict; on the total, of that on the heaviest criterion)")
                          .arg(swatch(-1.0), swatch(0.0), swatch(1.0), tr("hatched:")));
    m_legend->setToolTip(tr("Hover a cell for its flips up and down and the sign-flip p over "
                            "its items."));
}

void JudgeResultsView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        updateLegend();
}

} // namespace pb
