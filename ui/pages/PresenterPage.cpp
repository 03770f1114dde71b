#include "pages/PresenterPage.h"

#include "power/StandInExperiment.h"
#include "presenter/PowerTableModel.h"
#include "presenter/ProjectorScale.h"
#include "probe/ProbeReader.h"
#include "report/NumberText.h"
#include "results/GapChartView.h"
#include "widgets/ThemeColours.h"

#include <QAction>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSlider>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

// pb_ui is a static library: its resources need registering by name, outside any namespace.
static void initWorkbenchResources()
{
    Q_INIT_RESOURCE(resources);
}

namespace pb {
namespace {

// Relative to the body text.
constexpr double kTitleScale = 1.35;
constexpr double kHeadlineScale = 1.2;
constexpr double kChartLabelScale = 0.8;

QSlider* slider(int min, int max, int value, const QString& name, const QString& tip,
                QWidget* parent)
{
    auto* s = new QSlider(Qt::Horizontal, parent);
    s->setRange(min, max);
    s->setValue(value);
    s->setAccessibleName(name);
    s->setToolTip(tip);
    s->setPageStep(1);
    return s;
}

QFont sized(QFont font, int pixels, bool bold)
{
    font.setPixelSize(pixels);
    font.setBold(bold);
    return font;
}

} // namespace

PresenterPage::PresenterPage(QWidget* parent) : QWidget(parent)
{
    initWorkbenchResources();
    setAccessibleName(tr("Presenter page"));

    m_title = new QLabel(tr("Does writing style change the help a student gets?"), this);
    m_title->setObjectName(QStringLiteral("presenterTitle"));
    m_title->setWordWrap(true);
    m_gap = slider(0, 30, 10, tr("Planted gap"),
                   tr("The gap planted in the stand-in model: casual messages get this many fewer "
                      "steps on average. The probe's job is to find it."),
                   this);
    m_seeds = slider(1, 50, 20, tr("Seeds per value"),
                     tr("How many runs each item gets with each value. More runs average out "
                        "the noise."),
                     this);
    m_temperature = slider(0, 20, 8, tr("Temperature"),
                           tr("Sampling temperature: how much the stand-in's replies vary from "
                              "run to run."),
                           this);
    m_block = slider(0, 4, 0, tr("Seed block"),
                     tr("Which block of seeds is used (1, 201, 401, ...): a result that holds in "
                        "every block is not one lucky run."),
                     this);
    m_gapLabel = new QLabel(this);
    m_seedsLabel = new QLabel(this);
    m_temperatureLabel = new QLabel(this);
    m_blockLabel = new QLabel(this);

    m_headline = new QLabel(this);
    m_headline->setObjectName(QStringLiteral("presenterHeadline"));
    m_headline->setAccessibleName(tr("Result"));
    m_headline->setWordWrap(true);
    m_noiseLine = new QLabel(this);
    m_noiseLine->setObjectName(QStringLiteral("presenterNoise"));
    m_noiseLine->setWordWrap(true);
    m_noiseLine->setToolTip(
        tr("Same versus same: the formal message against itself on other seeds. "
           "Nothing changed but the draw, so its gap is pure noise."));
    m_chart = new GapChartView(this);

    m_power = new PowerTableModel(this);
    // Until the first table is computed: its columns, so the page is laid out for them.
    PowerTableSpec first;
    first.plantedGaps = {plantedGap()};
    first.temperature = temperature();
    m_power->setTable(PowerTable(first));
    m_powerView = new QTableView(this);
    m_powerView->setModel(m_power);
    m_powerView->setAccessibleName(tr("Power table"));
    m_powerView->verticalHeader()->hide();
    // Every column as wide as its header and numbers, the view as large as the whole table:
    // the layout may give it more room, never less.
    m_powerView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_powerView->horizontalHeader()->setStretchLastSection(false);
    m_powerView->setSelectionMode(QAbstractItemView::NoSelection);
    m_powerView->setFocusPolicy(Qt::NoFocus);
    m_powerView->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_powerView->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Minimum);
    m_powerTitle = new QLabel(this);
    m_powerTitle->setObjectName(QStringLiteral("presenterPowerTitle"));
    m_powerTitle->setWordWrap(true);
    m_powerSummary = new QLabel(this);
    m_powerSummary->setWordWrap(true);
    m_powerSummary->setObjectName(QStringLiteral("presenterPowerSummary"));

    auto* controls = new QWidget(this);
    auto* power = new QWidget(this);
    buildLayout(controls, power);

    for (QSlider* s : {m_gap, m_seeds, m_temperature, m_block}) {
        connect(s, &QSlider::valueChanged, this, &PresenterPage::onSliderMoved);
    }
    // The power table spans the seed counts and blocks; only these two change it.
    for (QSlider* s : {m_gap, m_temperature}) {
        connect(s, &QSlider::valueChanged, this, &PresenterPage::startPowerTable);
    }
    applyScale();
    const ProbeLoadResult loaded =
        ProbeReader::readFile(QStringLiteral(":/examples/style-probe.probe.json"));
    if (loaded.ok()) {
        setProbe(*loaded.document);
    } else {
        m_headline->setText(
            tr("The example probe could not be loaded: %1").arg(loaded.errorText()));
    }
}

void PresenterPage::buildLayout(QWidget* controls, QWidget* power)
{
    // Top: the sliders beside the live result; below, the result's chart beside the power
    // table, which takes the width its columns need and leaves the rest to the chart.
    auto* sliders = new QGridLayout;
    const QList<QPair<QSlider*, QLabel*>> rows = {{m_gap, m_gapLabel},
                                                  {m_seeds, m_seedsLabel},
                                                  {m_temperature, m_temperatureLabel},
                                                  {m_block, m_blockLabel}};
    for (int r = 0; r < rows.size(); ++r) {
        sliders->addWidget(rows[r].second, r, 0);
        sliders->addWidget(rows[r].first, r, 1);
    }
    sliders->setColumnStretch(1, 1);
    auto* result = new QVBoxLayout;
    result->addWidget(m_headline);
    result->addWidget(m_noiseLine);
    result->addStretch(1);
    auto* controlsLayout = new QHBoxLayout(controls);
    controlsLayout->setContentsMargins(0, 0, 0, 0);
    controlsLayout->addLayout(sliders, 1);
    controlsLayout->addLayout(result, 1);

    auto* powerLayout = new QVBoxLayout(power);
    powerLayout->setContentsMargins(0, 0, 0, 0);
    powerLayout->addWidget(m_powerTitle);
    powerLayout->addWidget(m_powerView);
    powerLayout->addWidget(m_powerSummary);
    powerLayout->addStretch(1);

    m_header = new QHBoxLayout;
    m_header->addWidget(m_title, 1);
    auto* body = new QHBoxLayout;
    body->addWidget(m_chart, 1);
    body->addWidget(power, 0);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(m_header);
    layout->addWidget(controls);
    layout->addLayout(body, 1);
}

PresenterPage::~PresenterPage()
{
    m_powerWanted = 0; // no table is generation 0: every computation stops
    ++m_generation;
    // The workers, members, stop when they go: the job under way ends and delivers nothing.
}

void PresenterPage::setProbe(const ProbeDocument& probe)
{
    m_probe = probe;
    onSliderMoved();
    startPowerTable();
}

void PresenterPage::setParameters(double plantedGap, int seedsPerValue, double temperature,
                                  qint64 firstSeed)
{
    const int gap = int(std::lround(plantedGap * 10));
    const int temp = int(std::lround(temperature * 10));
    const bool powerChanges = gap != m_gap->value() || temp != m_temperature->value();
    {
        const QSignalBlocker b1(m_gap), b2(m_seeds), b3(m_temperature), b4(m_block);
        m_gap->setValue(gap);
        m_seeds->setValue(seedsPerValue);
        m_temperature->setValue(temp);
        m_block->setValue(int((firstSeed - 1) / 200));
    }
    onSliderMoved();
    if (powerChanges) {
        startPowerTable();
    }
}

bool PresenterPage::isBusy() const
{
    return m_running || m_pending || m_powerShown != m_powerGeneration;
}

double PresenterPage::plantedGap() const
{
    return m_gap->value() / 10.0;
}

double PresenterPage::temperature() const
{
    return m_temperature->value() / 10.0;
}

qint64 PresenterPage::firstSeed() const
{
    return 1 + 200 * qint64(m_block->value());
}

const PowerTable& PresenterPage::powerTable() const
{
    return m_power->table();
}

QString PresenterPage::headlineText() const
{
    return m_headline->text();
}

QString PresenterPage::powerSummaryText() const
{
    return m_powerSummary->text();
}

void PresenterPage::setZoom(double zoom)
{
    zoom = std::clamp(zoom, ProjectorScale::kSmallestZoom, ProjectorScale::kLargestZoom);
    if (zoom == m_zoom) {
        return;
    }
    m_zoom = zoom;
    applyScale();
    Q_EMIT zoomChanged(m_zoom);
}

void PresenterPage::addHeaderAction(QAction* action)
{
    auto* button = new QToolButton(this);
    button->setDefaultAction(action);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    button->setAccessibleName(action->text().remove(QLatin1Char('&')));
    m_header->addWidget(button, 0, Qt::AlignTop);
}

void PresenterPage::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    applyScale();
}

void PresenterPage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    m_requestedBody = 0; // polishing may have given children fonts of their own: size again
    applyScale();
}

void PresenterPage::applyScale()
{
    const int requested = ProjectorScale::bodyPixels(size(), m_zoom);
    if (requested == m_requestedBody) {
        return;
    }
    m_requestedBody = requested;
    // As large as the size and zoom ask, but never so large that the power table and its
    // text no longer fit (zoomed in on a small screen): then a pixel smaller at a time.
    for (int body = requested; body >= ProjectorScale::kSmallestBody; --body) {
        setScale(body);
        if (!isVisible() || fits()) {
            break;
        }
    }
}

bool PresenterPage::fits()
{
    layout()->activate();
    QWidget* power = m_powerView->parentWidget();
    QLayout* column = power->layout();
    column->activate();
    const int needed = column->hasHeightForWidth() ? column->totalHeightForWidth(power->width())
                                                   : column->totalSizeHint().height();
    const QSize minimum = layout()->totalMinimumSize();
    return needed <= power->height() && minimum.width() <= width() && minimum.height() <= height();
}

void PresenterPage::setScale(int body)
{
    m_bodyPixels = body;
    // Children without a font of their own (sliders' labels, the buttons) take the page's;
    // the table and its header are given it, since a platform may give headers their own.
    setFont(sized(font(), body, false));
    m_powerView->setFont(font());
    m_powerView->horizontalHeader()->setFont(font());
    m_title->setFont(sized(font(), int(std::lround(body * kTitleScale)), true));
    m_headline->setFont(sized(font(), int(std::lround(body * kHeadlineScale)), true));
    // The chart sizes its text in points, relative to 9 pt labels.
    const double labelPoints = body * kChartLabelScale * 72.0 / logicalDpiY();
    m_chart->setFontScale(labelPoints / 9.0);

    const QFontMetrics metrics(font());
    const int labelWidth =
        metrics.horizontalAdvance(tr("Planted gap: %1 steps").arg(QStringLiteral("3.0"))) +
        metrics.averageCharWidth();
    for (QLabel* l : {m_gapLabel, m_seedsLabel, m_temperatureLabel, m_blockLabel}) {
        l->setMinimumWidth(labelWidth);
    }
    for (QSlider* s : {m_gap, m_seeds, m_temperature, m_block}) {
        s->setMinimumHeight(metrics.height());
    }
    // Minimums shrink with the type, so a small window is never pushed larger.
    m_chart->setMinimumSize(12 * body, 8 * body);
    m_powerView->verticalHeader()->setMinimumSectionSize(metrics.height());
    m_powerView->verticalHeader()->setDefaultSectionSize(metrics.height() + body / 3);
    m_powerView->horizontalHeader()->setMinimumSectionSize(
        metrics.horizontalAdvance(QStringLiteral("0.000")) + body * 2 / 3);
    fitPowerView();
    const int gap = body / 2;
    if (QLayout* l = layout()) {
        l->setContentsMargins(gap, gap, gap, gap);
        l->setSpacing(gap);
    }
    updateGeometry();
}

void PresenterPage::fitPowerView()
{
    // Exactly the header and the rows: no blank strip, no scrolling; and the column no
    // wider than the table, so the chart gets the rest.
    m_powerView->setFixedHeight(m_powerView->horizontalHeader()->sizeHint().height() +
                                m_powerView->verticalHeader()->defaultSectionSize() *
                                    m_power->rowCount() +
                                2 * m_powerView->frameWidth());
    m_powerView->parentWidget()->setMaximumWidth(m_powerView->sizeHint().width());
}

void PresenterPage::onSliderMoved()
{
    const int n = m_seeds->value();
    m_gapLabel->setText(tr("Planted gap: %1 steps").arg(NumberText::fixed(plantedGap(), 1)));
    m_seedsLabel->setText(tr("Seeds per value: %1").arg(n));
    m_temperatureLabel->setText(tr("Temperature: %1").arg(NumberText::fixed(temperature(), 1)));
    m_blockLabel->setText(tr("Seeds %1 to %2").arg(firstSeed()).arg(firstSeed() + n - 1));
    if (m_running) {
        m_pending = true; // rerun with the latest values as soon as this one is done
        return;
    }
    startRun();
}

void PresenterPage::startRun()
{
    if (m_probe.items.isEmpty()) {
        return;
    }
    m_running = true;
    m_pending = false;
    const quint64 generation = ++m_generation;
    StandInTrial trial;
    trial.plantedGap = plantedGap();
    trial.temperature = temperature();
    trial.seeds = StandInExperiment::seedBlock(firstSeed(), m_seeds->value());
    trial.noiseCheck = true;
    m_trials.post(
        [probe = m_probe, trial] { return StandInExperiment::analyse(probe, trial); },
        [this, generation](const ProbeAnalysis& analysis) { showResult(generation, analysis); });
}

void PresenterPage::colourHeadline()
{
    // A detected gap reads in the theme's green; the style sheet is redone on a theme switch.
    const bool detected = m_analysis && m_analysis->detected();
    m_headline->setStyleSheet(
        detected ? QStringLiteral("color: %1;")
                       .arg(ThemeColours::detectedText(ThemeColours::isDark(palette())).name())
                 : QString());
}

void PresenterPage::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        colourHeadline();
}

void PresenterPage::showResult(quint64 generation, const ProbeAnalysis& a)
{
    m_running = false;
    if (generation == m_generation) {
        m_analysis = a;
        const PerItemTable& t = a.probe.table;
        const bool detected = a.detected();
        m_headline->setText(tr("Average gap %1 %2 · %3 · %4")
                                .arg(NumberText::signedFixed(t.averageGap(), 2), a.metricName,
                                     NumberText::pEquals(a.probe.signFlip.p),
                                     detected ? tr("detected") : tr("not detected")));
        colourHeadline();
        if (a.noise) {
            m_noiseLine->setText(tr("Same versus same: %1 · %2")
                                     .arg(NumberText::signedFixed(a.noise->table.averageGap(), 2),
                                          NumberText::pEquals(a.noise->signFlip.p)));
        }
        m_chart->setGaps(t, a.metricName,
                         a.noise ? std::optional<double>(a.noise->table.averageGap())
                                 : std::nullopt);
    }
    if (m_pending) {
        startRun();
    } else {
        Q_EMIT resultShown();
    }
}

void PresenterPage::startPowerTable()
{
    if (m_probe.items.isEmpty()) {
        return;
    }
    const quint64 generation = ++m_powerGeneration;
    m_powerWanted = generation;
    PowerTableSpec spec;
    spec.plantedGaps = {plantedGap()};
    spec.temperature = temperature();
    m_powerTitle->setText(tr("Exercise 1: the smallest probe that works. Planted gap %1, "
                             "temperature %2; p per block of seeds (green: p < %3)")
                              .arg(NumberText::fixed(spec.plantedGaps.first(), 1),
                                   NumberText::fixed(spec.temperature, 1),
                                   NumberText::fixed(spec.alpha, 2)));
    m_powerSummary->setText(tr("Computing the power table\u2026"));
    m_powerTables.post(
        [this, generation, probe = m_probe, spec] {
            return PowerTable::compute(
                probe, spec, [this, generation] { return m_powerWanted.load() != generation; });
        },
        [this, generation](const PowerTable& table) { showPowerTable(generation, table); });
}

void PresenterPage::showPowerTable(quint64 generation, const PowerTable& table)
{
    if (generation != m_powerGeneration) {
        return; // a slider moved since: its own table is on the way
    }
    m_powerShown = generation;
    m_power->setTable(table);
    QStringList lines;
    for (double gap : table.spec().plantedGaps) {
        const std::optional<int> n = table.fewestReliableSeeds(gap);
        lines << (n ? tr("Gap %1: every block detects it from %2 seeds per value.")
                          .arg(NumberText::fixed(gap, 1))
                          .arg(*n)
                    : tr("Gap %1: not every block detects it, even with %2 seeds per value.")
                          .arg(NumberText::fixed(gap, 1))
                          .arg(table.spec().seedCounts.last()));
    }
    m_powerSummary->setText(lines.join(QLatin1Char('\n')));
    m_requestedBody = 0; // the rows and the summary are new: fit them again
    applyScale();
    Q_EMIT powerTableShown();
}

} // namespace pb
