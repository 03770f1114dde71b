#include "pages/PresenterPage.h"

#include "power/StandInExperiment.h"
#include "presenter/PowerTableModel.h"
#include "probe/ProbeReader.h"
#include "report/NumberText.h"
#include "results/GapChartView.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSlider>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <cmath>

// pb_ui is a static library: its resources need registering by name, outside any namespace.
static void initWorkbenchResources()
{
    Q_INIT_RESOURCE(resources);
}

namespace pb {
namespace {

constexpr double kFontScale = 1.6;

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

} // namespace

PresenterPage::PresenterPage(QWidget* parent) : QWidget(parent)
{
    initWorkbenchResources();
    m_pool.setMaxThreadCount(2);
    QFont large = font();
    large.setPointSizeF(large.pointSizeF() * kFontScale);
    setFont(large);

    auto* title = new QLabel(tr("Does writing style change the help a student gets?"), this);
    title->setObjectName(QStringLiteral("presenterTitle"));
    QFont titleFont = large;
    titleFont.setPointSizeF(large.pointSizeF() * 1.35);
    titleFont.setBold(true);
    title->setFont(titleFont);
    title->setWordWrap(true);
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
    auto* sliders = new QGridLayout;
    const QList<QPair<QSlider*, QLabel*>> rows = {{m_gap, m_gapLabel},
                                                  {m_seeds, m_seedsLabel},
                                                  {m_temperature, m_temperatureLabel},
                                                  {m_block, m_blockLabel}};
    for (int r = 0; r < rows.size(); ++r) {
        rows[r].second->setMinimumWidth(300);
        sliders->addWidget(rows[r].second, r, 0);
        sliders->addWidget(rows[r].first, r, 1);
    }
    sliders->setColumnStretch(1, 1);

    m_headline = new QLabel(this);
    m_headline->setObjectName(QStringLiteral("presenterHeadline"));
    m_headline->setAccessibleName(tr("Result"));
    QFont headlineFont = large;
    headlineFont.setPointSizeF(large.pointSizeF() * 1.25);
    headlineFont.setBold(true);
    m_headline->setFont(headlineFont);
    m_headline->setWordWrap(true);
    m_noiseLine = new QLabel(this);
    m_noiseLine->setObjectName(QStringLiteral("presenterNoise"));
    m_noiseLine->setToolTip(
        tr("Same versus same: the formal message against itself on other seeds. "
           "Nothing changed but the draw, so its gap is pure noise."));
    m_chart = new GapChartView(this);
    m_chart->setFontScale(kFontScale);

    m_power = new PowerTableModel(this);
    m_powerView = new QTableView(this);
    m_powerView->setModel(m_power);
    m_powerView->setAccessibleName(tr("Power table"));
    m_powerView->verticalHeader()->hide();
    m_powerView->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_powerView->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_powerView->setSelectionMode(QAbstractItemView::NoSelection);
    m_powerView->setFocusPolicy(Qt::NoFocus);
    m_powerView->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_powerView->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Maximum);
    auto* powerTitle =
        new QLabel(tr("Exercise 1: the smallest probe that works. p for each seed block "
                      "(green: p < 0.05)"),
                   this);
    powerTitle->setWordWrap(true);
    m_powerSummary = new QLabel(tr("Computing the power table..."), this);
    m_powerSummary->setWordWrap(true);
    m_powerSummary->setObjectName(QStringLiteral("presenterPowerSummary"));

    // Top: the controls and the live result beside its chart; bottom: the power table.
    auto* controls = new QWidget(this);
    auto* controlsLayout = new QVBoxLayout(controls);
    controlsLayout->setContentsMargins(0, 0, 0, 0);
    controlsLayout->addLayout(sliders);
    controlsLayout->addSpacing(12);
    controlsLayout->addWidget(m_headline);
    controlsLayout->addWidget(m_noiseLine);
    controlsLayout->addStretch(1);
    auto* live = new QSplitter(Qt::Horizontal, this);
    live->addWidget(controls);
    live->addWidget(m_chart);
    live->setStretchFactor(0, 2);
    live->setStretchFactor(1, 3);
    auto* power = new QWidget(this);
    auto* powerLayout = new QVBoxLayout(power);
    powerLayout->setContentsMargins(0, 0, 0, 0);
    powerLayout->addWidget(powerTitle);
    powerLayout->addWidget(m_powerView);
    powerLayout->addWidget(m_powerSummary);
    powerLayout->addStretch(1);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(live);
    split->addWidget(power);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 0);
    split->setSizes({620, 380});

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addWidget(split, 1);

    for (QSlider* s : {m_gap, m_seeds, m_temperature, m_block}) {
        connect(s, &QSlider::valueChanged, this, &PresenterPage::onSliderMoved);
    }
    const ProbeLoadResult loaded =
        ProbeReader::readFile(QStringLiteral(":/examples/style-probe.probe.json"));
    if (loaded.ok()) {
        setProbe(*loaded.document);
    } else {
        m_headline->setText(
            tr("The example probe could not be loaded: %1").arg(loaded.errorText()));
    }
}

PresenterPage::~PresenterPage()
{
    m_powerCancelled = true;
    ++m_generation;
    m_pool.waitForDone();
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
    const QSignalBlocker b1(m_gap), b2(m_seeds), b3(m_temperature), b4(m_block);
    m_gap->setValue(int(std::lround(plantedGap * 10)));
    m_seeds->setValue(seedsPerValue);
    m_temperature->setValue(int(std::lround(temperature * 10)));
    m_block->setValue(int((firstSeed - 1) / 200));
    onSliderMoved();
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
    m_pool.start([this, generation, probe = m_probe, trial] {
        const ProbeAnalysis analysis = StandInExperiment::analyse(probe, trial);
        QMetaObject::invokeMethod(
            this, [this, generation, analysis] { showResult(generation, analysis); },
            Qt::QueuedConnection);
    });
}

void PresenterPage::showResult(quint64 generation, const ProbeAnalysis& a)
{
    m_running = false;
    if (generation == m_generation) {
        m_analysis = a;
        const PerItemTable& t = a.probe.table;
        const bool detected = a.detected();
        m_headline->setText(tr("Average gap %1 %2 · p = %3 · %4")
                                .arg(NumberText::signedFixed(t.averageGap(), 2), a.metricName,
                                     NumberText::pValue(a.probe.signFlip.p),
                                     detected ? tr("detected") : tr("not detected")));
        m_headline->setStyleSheet(detected ? QStringLiteral("color: #2e7d32;") : QString());
        if (a.noise) {
            m_noiseLine->setText(tr("Same versus same: %1 · p = %2")
                                     .arg(NumberText::signedFixed(a.noise->table.averageGap(), 2),
                                          NumberText::pValue(a.noise->signFlip.p)));
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
    if (m_powerRunning || m_probe.items.isEmpty()) {
        return;
    }
    m_powerRunning = true;
    m_pool.start([this, probe = m_probe] {
        PowerTableSpec spec;
        spec.temperature = probe.settings.temperature;
        const PowerTable table =
            PowerTable::compute(probe, spec, [this] { return m_powerCancelled.load(); });
        QMetaObject::invokeMethod(
            this,
            [this, table] {
                m_powerRunning = false;
                m_power->setTable(table);
                m_powerView->horizontalHeader()->setSectionResizeMode(
                    0, QHeaderView::ResizeToContents);
                QStringList lines;
                for (double gap : table.spec().plantedGaps) {
                    const std::optional<int> n = table.fewestReliableSeeds(gap);
                    lines << (n ? tr("Planted gap %1: every seed block detects it from %2 seeds "
                                     "per value.")
                                      .arg(NumberText::fixed(gap, 1))
                                      .arg(*n)
                                : tr("Planted gap %1: no seed count up to %2 detects it in every "
                                     "block.")
                                      .arg(NumberText::fixed(gap, 1))
                                      .arg(table.spec().seedCounts.last()));
                }
                m_powerSummary->setText(lines.join(QLatin1Char('\n')));
                Q_EMIT powerTableShown();
            },
            Qt::QueuedConnection);
    });
}

} // namespace pb
