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

class ItemInspector;
class MetricPanel;
class NoticeBanner;
class PairTableModel;
class ProbeProject;
class SettingsPanel;
struct ProbeDocument;

// The design of a probe: its title, the attribute and its values, the matched pairs
// (PairTableModel in a table, with the fact check beside it), the settings held fixed and
// the metric. Every change is an undoable edit of the project.
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

    PairTableModel* pairModel() const { return m_model; }
    QTableView* pairTable() const { return m_table; }
    ItemInspector* inspector() const { return m_inspector; }
    SettingsPanel* settingsPanel() const { return m_settings; }
    MetricPanel* metricPanel() const { return m_metric; }
    NoticeBanner* lockBanner() const { return m_lockBanner; }
    NoticeBanner* pairNotice() const { return m_pairNotice; }
    QAction* unlockAction() const { return m_unlock; }
    QList<QAction*> pairActions() const;

    // True while the settings are read-only because the configuration has results.
    bool isLocked() const;

    // Rows copied from a spreadsheet, inserted after the current row; a single cell
    // replaces the current cell's text. Returns false (and says why) when nothing fits.
    bool pasteRows(const QString& text);
    bool importPairs(const QString& path, bool replace);
    bool exportPairs(const QString& path);

public Q_SLOTS:
    void addItem();
    void removeSelected();
    void duplicateSelected();
    void moveUp();
    void moveDown();
    void unlockForNewRun();

private:
    void buildHeader(QWidget* host);
    void buildPairs(QWidget* host);
    void refreshHeader();
    void updateLock();
    void edit(const QString& what, const std::function<void(ProbeDocument&)>& change);
    void applyValues();
    QList<int> selectedRows() const;
    void selectRow(int row);
    void moveBy(int delta);
    void chooseImport();
    void chooseExport();

    ProbeProject* m_project;
    PairTableModel* m_model;
    bool m_unlocked = false;
    bool m_refreshing = false;

    NoticeBanner* m_lockBanner = nullptr;
    NoticeBanner* m_pairNotice = nullptr;
    QAction* m_unlock = nullptr;
    QAction* m_relock = nullptr;
    QLineEdit* m_title = nullptr;
    QLineEdit* m_attribute = nullptr;
    QLineEdit* m_values = nullptr;
    QLabel* m_valuesError = nullptr;
    QPlainTextEdit* m_description = nullptr;
    QTableView* m_table = nullptr;
    ItemInspector* m_inspector = nullptr;
    QTabWidget* m_sideTabs = nullptr;
    SettingsPanel* m_settings = nullptr;
    MetricPanel* m_metric = nullptr;
    QSplitter* m_mainSplit = nullptr;
    QSplitter* m_pairSplit = nullptr;
    QTimer* m_lockTimer = nullptr;

    QAction* m_add = nullptr;
    QAction* m_remove = nullptr;
    QAction* m_duplicate = nullptr;
    QAction* m_up = nullptr;
    QAction* m_down = nullptr;
    QAction* m_paste = nullptr;
    QAction* m_import = nullptr;
    QAction* m_export = nullptr;
};

} // namespace pb
