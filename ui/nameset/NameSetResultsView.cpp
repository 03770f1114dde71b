#include "nameset/NameSetResultsView.h"

#include "nameset/GroupBarsChartView.h"
#include "nameset/GroupResultsModel.h"
#include "nameset/ImpactRatioChartView.h"
#include "nameset/NameResultsModel.h"
#include "nameset/NameSetNumberText.h"
#include "nameset/NameSetReport.h"
#include "nameset/NameStripChartView.h"
#include "report/NumberText.h"
#include "run/RunCostView.h"
#include "widgets/ThemeColours.h"

#include <QApplication>
#include <QEvent>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <cmath>

namespace pb {

namespace {

QLabel* lineLabel(QWidget* parent, const QString& objectName)
{
    auto* label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QString q(const std::string& text)
{
    return QString::fromStdString(text);
}

} // namespace

NameSetResultsView::NameSetResultsView(QWidget* parent)
    : QWidget(parent), m_verdict(lineLabel(this, QStringLiteral("verdict"))),
      m_tests(lineLabel(this, QStringLiteral("testsLine"))),
      m_warning(lineLabel(this, QStringLiteral("namesPerGroupWarning"))), m_empty(new QLabel(this)),
      m_tabs(new QTabWidget(this)), m_groups(new GroupResultsModel(this)),
      m_names(new NameResultsModel(this)), m_nameSort(new QSortFilterProxyModel(this))
{
    QFont bold = m_verdict->font();
    bold.setBold(true);
    m_verdict->setFont(bold);
    m_warning->setMargin(4);
    m_warning->setAutoFillBackground(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setText(tr("No results yet: run the name set on the Run tab."));
    m_tabs->setDocumentMode(true);
    m_tabs->setAccessibleName(tr("Result tabs"));
    m_tabs->insertTab(ChartsTab, buildCharts(), tr("Charts"));
    m_tabs->insertTab(GroupsTab, buildTables(), tr("Groups"));
    m_nameSort->setSourceModel(m_names);
    m_nameSort->setSortRole(NameResultsModel::SortRole);
    QTableView* names =
        makeTable(tr("Per-name results"), tr("Each name's replies, mean score, favourable rate and "
                                             "invalid replies, as report.md lists them."));
    names->setModel(m_nameSort);
    names->setSortingEnabled(true);
    names->sortByColumn(-1, Qt::AscendingOrder); // the list's order until a header is clicked
    m_tabs->insertTab(NamesTab, names, tr("Names"));
    m_tabs->setTabToolTip(NamesTab, tr("Every name on its own, so one name's quirk stays "
                                       "visible. Click a header to sort."));

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_verdict);
    layout->addWidget(m_tests);
    layout->addWidget(m_warning);
    layout->addWidget(m_empty, 1);
    layout->addWidget(m_tabs, 1);
    m_cost = new RunCostView(this);
    layout->addWidget(m_cost);
    clear();
}

QTableView* NameSetResultsView::makeTable(const QString& accessibleName, const QString& tip)
{
    auto* table = new QTableView(this);
    table->setAccessibleName(accessibleName);
    table->setToolTip(tip);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setAlternatingRowColors(true);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);
    table->horizontalHeader()->setStretchLastSection(false);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    return table;
}

QWidget* NameSetResultsView::buildCharts()
{
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    auto* caption = lineLabel(page, QStringLiteral("chartsCaption"));
    caption->setText(tr("Each row is the names associated with that group in the name list: a "
                        "name is a signal the model may read, not a person's identity."));
    layout->addWidget(caption);
    auto* grid = new QGridLayout;
    m_rate = new GroupBarsChartView(page);
    m_rate->setAccessibleName(tr("Favourable rate per group"));
    m_rate->setToolTip(tr("The share of each group's replies with a favourable decision, with "
                          "its Wilson 95% interval over the replies."));
    m_mean = new GroupBarsChartView(page);
    m_mean->setAccessibleName(tr("Mean score per group"));
    m_mean->setToolTip(tr("The mean of each group's name means, with a 95% t interval over "
                          "names: names, not seeds, are the unit."));
    m_impact = new ImpactRatioChartView(page);
    m_strip = new NameStripChartView(page);
    grid->addWidget(m_rate, 0, 0);
    grid->addWidget(m_mean, 0, 1);
    grid->addWidget(m_impact, 1, 0);
    grid->addWidget(m_strip, 1, 1);
    layout->addLayout(grid, 1);
    return page;
}

QWidget* NameSetResultsView::buildTables()
{
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    QTableView* groups = makeTable(tr("Per-group results"),
                                   tr("Each group's names, replies, mean score and favourable "
                                      "rate, and its impact ratio under the four-fifths rule."));
    groups->setModel(m_groups);
    layout->addWidget(groups, 1);
    auto* caveat = lineLabel(page, QStringLiteral("fourFifthsCaveat"));
    caveat->setText(q(std::string(groups::FourFifthsRule::kCaveat)));
    layout->addWidget(caveat);
    return page;
}

void NameSetResultsView::tintWarning()
{
    // Only the marked role is set: the label's text keeps following the theme.
    QPalette tint;
    tint.setColor(QPalette::Window, ThemeColours::warningBackground(QApplication::palette(this)));
    m_warning->setPalette(tint);
}

void NameSetResultsView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        tintWarning();
}

QString NameSetResultsView::verdictText() const
{
    return m_verdict->text();
}

QString NameSetResultsView::testsText() const
{
    return m_tests->text();
}

QString NameSetResultsView::warningText() const
{
    return m_warning->isHidden() ? QString() : m_warning->text();
}

void NameSetResultsView::clear()
{
    m_shown = false;
    m_verdict->clear();
    m_tests->clear();
    m_warning->clear();
    m_warning->hide();
    m_groups->clear();
    m_names->clear();
    m_rate->clear();
    m_mean->clear();
    m_impact->clear();
    m_strip->clear();
    m_cost->clear();
    m_tabs->hide();
    m_empty->show();
}

void NameSetResultsView::setAnalysis(const NameSetDocument& doc, const NameSetAnalysis& a)
{
    m_shown = true;
    m_empty->hide();
    m_tabs->show();
    m_cost->setCost(a.cost);
    m_verdict->setText(NameSetReport::verdict(a));
    QStringList tests;
    if (a.hasResult())
        tests << tr("Decisions: %1, %2.")
                     .arg(q(a.decisions.testName()), NumberText::pEquals(a.decisions.p));
    tests << tr("Calls: %1 planned, %2 recorded, %3 with a usable reply.")
                 .arg(a.planned)
                 .arg(a.answered)
                 .arg(a.scored);
    tests << (a.gaps.isEmpty()
                  ? tr("Every recorded call gave a reply that validated.")
                  : tr("%1 calls gave no usable reply (validation failed or no reply after "
                       "every retry): left out of every statistic, never guessed.")
                        .arg(a.gaps.size()));
    if (a.hasResult() && a.noise)
        tests << tr("Same names on shifted seeds: average move %1, sign-flip %2.")
                     .arg(NumberText::signedFixed(a.noise->averageMove, 2),
                          NumberText::pEquals(a.noise->signFlip.p));
    m_tests->setText(tests.join(QLatin1Char(' ')));
    const bool warn = a.table && a.namesPerGroup.warn();
    m_warning->setText(warn ? q(a.namesPerGroup.message()) : QString());
    m_warning->setVisible(warn);
    tintWarning();

    m_groups->setAnalysis(a);
    m_names->setAnalysis(a);
    if (!a.table) {
        m_rate->clear();
        m_mean->clear();
        m_impact->clear();
        m_strip->clear();
        return;
    }
    const QList<GroupIntervals>& intervals = a.intervals;
    QList<GroupBarsChartView::Bar> rates;
    QList<GroupBarsChartView::Bar> means;
    const std::vector<groups::GroupSummary>& groups = a.table->groups();
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const groups::GroupSummary& s = groups[g];
        const GroupIntervals ci = intervals.value(qsizetype(g));
        const QString label = q(s.group);
        const bool rated = s.favourable.trials > 0;
        const double rate =
            rated ? 100.0 * double(s.favourable.successes) / double(s.favourable.trials)
                  : std::nan("");
        rates << GroupBarsChartView::Bar{
            label,
            rate,
            100.0 * ci.favourable.lower,
            100.0 * ci.favourable.upper,
            NameSetNumberText::rate(s.favourable),
            tr("Names associated with group %1 in the name list: %2 favourable, Wilson 95% "
               "interval %3.")
                .arg(label, NameSetNumberText::rate(s.favourable),
                     GroupResultsModel::intervalText(ci.favourable))};
        const double mean = s.namesWithScores > 0 ? s.nameMeanMean : std::nan("");
        const bool hasInterval = ci.nameMean.valid;
        means << GroupBarsChartView::Bar{
            label,
            mean,
            hasInterval ? ci.nameMean.lower : std::nan(""),
            hasInterval ? ci.nameMean.upper : std::nan(""),
            NameSetNumberText::number(mean),
            tr("Names associated with group %1 in the name list: mean of %2 name means %3%4.")
                .arg(label)
                .arg(s.namesWithScores)
                .arg(NameSetNumberText::number(mean),
                     hasInterval ? tr(", 95% t interval over names %1 to %2")
                                       .arg(NameSetNumberText::number(ci.nameMean.lower),
                                            NameSetNumberText::number(ci.nameMean.upper))
                                 : QString())};
    }
    m_rate->setBars(tr("Favourable decisions per group"), tr("favourable replies (%)"), rates, 0.0,
                    100.0, 10.0, tr("favourable rate"), tr("Wilson 95% interval (replies)"));
    m_mean->setBars(tr("Mean score per group (names as the unit)"), tr("mean of name means"), means,
                    doc.score.min, doc.score.max,
                    GroupBarsChartFrame::niceStep(doc.score.max - doc.score.min),
                    tr("mean of name means"), tr("95% t interval over names"));
    m_impact->setResult(a.fourFifths);
    m_strip->setTable(*a.table, doc.score);
}

} // namespace pb
