#pragma once

#include "analysis/ProbeAnalysis.h"
#include "power/PowerTable.h"
#include "probe/ProbeDocument.h"

#include <QThreadPool>
#include <QWidget>
#include <atomic>
#include <optional>

class QLabel;
class QSlider;
class QTableView;

namespace pb {

class GapChartView;
class PowerTableModel;

// Presenter mode for a live demo: large type, the stand-in model with sliders for planted
// gap, seeds per value, temperature and seed block that rerun at once (off the GUI thread),
// showing the per-item gaps, the average gap and p, and the same-versus-same line; and the
// power table of the tutorial's first exercise. Uses the tutorial's style probe unless
// given another.
class PresenterPage : public QWidget
{
    Q_OBJECT
public:
    explicit PresenterPage(QWidget* parent = nullptr);
    ~PresenterPage() override;

    // The probe whose items, values, system prompt and metric the stand-in runs.
    void setProbe(const ProbeDocument& probe);
    void setParameters(double plantedGap, int seedsPerValue, double temperature, qint64 firstSeed);

    bool isBusy() const { return m_running || m_pending || m_powerRunning; }
    std::optional<ProbeAnalysis> analysis() const { return m_analysis; }
    const PowerTable& powerTable() const;
    QString headlineText() const;

Q_SIGNALS:
    void resultShown();
    void powerTableShown();

private:
    void onSliderMoved();
    void startRun();
    void showResult(quint64 generation, const ProbeAnalysis& analysis);
    void startPowerTable();
    double plantedGap() const;
    double temperature() const;
    qint64 firstSeed() const;

    ProbeDocument m_probe;
    QThreadPool m_pool;
    quint64 m_generation = 0;
    bool m_running = false;
    bool m_pending = false;
    bool m_powerRunning = false;
    std::atomic_bool m_powerCancelled = false;
    std::optional<ProbeAnalysis> m_analysis;

    QSlider* m_gap = nullptr;
    QSlider* m_seeds = nullptr;
    QSlider* m_temperature = nullptr;
    QSlider* m_block = nullptr;
    QLabel* m_gapLabel = nullptr;
    QLabel* m_seedsLabel = nullptr;
    QLabel* m_temperatureLabel = nullptr;
    QLabel* m_blockLabel = nullptr;
    QLabel* m_headline = nullptr;
    QLabel* m_noiseLine = nullptr;
    GapChartView* m_chart = nullptr;
    PowerTableModel* m_power = nullptr;
    QTableView* m_powerView = nullptr;
    QLabel* m_powerSummary = nullptr;
};

} // namespace pb
