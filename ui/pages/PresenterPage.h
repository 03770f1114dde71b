#pragma once

#include "analysis/ProbeAnalysis.h"
#include "power/PowerTable.h"
#include "probe/ProbeDocument.h"
#include "run/WorkerThread.h"

#include <QWidget>
#include <atomic>
#include <optional>

class QAction;
class QHBoxLayout;
class QLabel;
class QSlider;
class QTableView;

namespace pb {

class GapChartView;
class PowerTableModel;

// Presenter mode for a live demo on a projector: the stand-in model with sliders for planted
// gap, seeds per value, temperature and seed block that rerun at once (off the GUI thread),
// showing the per-item gaps, the average gap and p, and the same-versus-same line; and the
// power table of the tutorial's first exercise for the planted gap and temperature the
// sliders set, recomputed (off the GUI thread) when either moves. Uses the tutorial's style
// probe unless given another.
//
// Type is sized for the back of a room and follows the page's size (ProjectorScale): about
// 32 px body text at 1920x1080, times zoom(). Every table column is as wide as its header
// and numbers, and the table as tall as its rows, so nothing is cut off.
class PresenterPage : public QWidget
{
    Q_OBJECT
public:
    explicit PresenterPage(QWidget* parent = nullptr);
    ~PresenterPage() override;

    // The probe whose items, values, system prompt and metric the stand-in runs.
    void setProbe(const ProbeDocument& probe);
    void setParameters(double plantedGap, int seedsPerValue, double temperature, qint64 firstSeed);

    // True while the live result or the power table for the sliders' values is not shown yet.
    bool isBusy() const;
    std::optional<ProbeAnalysis> analysis() const { return m_analysis; }
    const PowerTable& powerTable() const;
    QString headlineText() const;
    QString powerSummaryText() const;
    QTableView* powerView() const { return m_powerView; }
    GapChartView* chart() const { return m_chart; }

    double zoom() const { return m_zoom; }
    void setZoom(double zoom);
    // The body text's pixel height now: what the size and zoom ask for (ProjectorScale),
    // less where that would not fit.
    int bodyPixels() const { return m_bodyPixels; }
    // A button for action at the end of the title row (presenter window: zoom, full screen).
    void addHeaderAction(QAction* action);

Q_SIGNALS:
    void resultShown();
    void powerTableShown();
    void zoomChanged(double zoom);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void buildLayout(QWidget* controls, QWidget* power);
    void onSliderMoved();
    void startRun();
    void showResult(quint64 generation, const ProbeAnalysis& analysis);
    void startPowerTable();
    void showPowerTable(quint64 generation, const PowerTable& table);
    void applyScale();
    void setScale(int body);
    bool fits();
    void fitPowerView();
    double plantedGap() const;
    double temperature() const;
    qint64 firstSeed() const;

    ProbeDocument m_probe;
    quint64 m_generation = 0;
    bool m_running = false;
    bool m_pending = false;
    // The power table wanted now; a computation for an older one stops at its next cell.
    quint64 m_powerGeneration = 0;
    quint64 m_powerShown = 0;
    std::atomic<quint64> m_powerWanted{0};
    std::optional<ProbeAnalysis> m_analysis;
    void colourHeadline();
    double m_zoom = 1.0;
    int m_bodyPixels = 0;
    int m_requestedBody = 0;

    QHBoxLayout* m_header = nullptr;
    QLabel* m_title = nullptr;
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
    QLabel* m_powerTitle = nullptr;
    QLabel* m_powerSummary = nullptr;
    // Last, so they stop before what their jobs read (m_powerWanted) goes. Two, so a quick
    // trial never waits behind a power table.
    WorkerThread m_trials{QStringLiteral("presenter-trial")};
    WorkerThread m_powerTables{QStringLiteral("presenter-power")};
};

} // namespace pb
