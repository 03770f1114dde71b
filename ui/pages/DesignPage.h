#pragma once

#include <QWidget>
#include <functional>

class QAction;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSplitter;
class QTabWidget;
class QTableView;
class QTimer;

namespace pb {

class MetricPanel;
class NoticeBanner;
class PairEditor;
class PairTableModel;
class ProbeProject;
class SettingsPanel;
struct ProbeDocument;

// The design of a probe: its title, the attribute and its values, the matched pairs
// (PairEditor, with the fact check), the settings held fixed (SettingsPanel) and the
// metric (MetricPanel). Every change is an undoable edit of the project.
//
// Pre-registration: when the project's configuration already has results, everything that
// decides which run results belong to is read-only under a banner that offers to unlock
// editing for a new run. While a run is going the whole design is read-only.
class DesignPage : public QWidget
{
    Q_OBJECT
public:
    explicit DesignPage(ProbeProject* project, QWidget* parent = nullptr);
    ~DesignPage() override;

    PairEditor* pairEditor() const { return m_pairs; }
    PairTableModel* pairModel() const;
    QTableView* pairTable() const;
    SettingsPanel* settingsPanel() const { return m_settings; }
    MetricPanel* metricPanel() const { return m_metric; }
    NoticeBanner* lockBanner() const { return m_lockBanner; }
    QAction* unlockAction() const { return m_unlock; }
    QList<QAction*> pairActions() const;

    // True while the settings are read-only because the configuration has results.
    bool isLocked() const;

public Q_SLOTS:
    void unlockForNewRun();

private:
    void buildHeader(QWidget* host);
    void refreshHeader();
    void updateLock();
    void edit(const QString& what, const std::function<void(ProbeDocument&)>& change);
    void applyValues();

    ProbeProject* m_project;
    bool m_unlocked = false;
    bool m_refreshing = false;

    NoticeBanner* m_lockBanner = nullptr;
    QAction* m_unlock = nullptr;
    QAction* m_relock = nullptr;
    QLineEdit* m_title = nullptr;
    QLineEdit* m_attribute = nullptr;
    QLineEdit* m_values = nullptr;
    QLabel* m_valuesError = nullptr;
    QPlainTextEdit* m_description = nullptr;
    PairEditor* m_pairs = nullptr;
    QTabWidget* m_sideTabs = nullptr;
    SettingsPanel* m_settings = nullptr;
    MetricPanel* m_metric = nullptr;
    QSplitter* m_mainSplit = nullptr;
    QTimer* m_lockTimer = nullptr;
};

} // namespace pb
