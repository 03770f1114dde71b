#pragma once

#include <QWidget>
#include <functional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace pb {

class ProbeProject;
class ServerQueries;
struct ProbeDocument;

// Everything held fixed across the variants: the backend and model, temperature, seeds,
// system prompt, limits, the noise check and the stand-in's planted gap. Each change is
// one undoable edit of the project. The connection test and the model list are asked of
// the server off the GUI thread (ServerQueries).
//
// Locked (pre-registration): the fields that decide which run results belong to are
// read-only; endpoints, concurrency, timeout and streaming change only how fast replies
// come, so they stay editable. While a run is going every field is read-only.
class SettingsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit SettingsPanel(ProbeProject* project, QWidget* parent = nullptr);
    ~SettingsPanel() override;

    void setLocked(bool locked);
    bool isLocked() const { return m_locked; }

    // The seed count line ("20 seeds: 20 runs per value ..."), for tests.
    QString seedSummary() const;

private:
    void build();
    void refresh();
    void updateEnabled();
    void edit(const QString& what, const std::function<void(ProbeDocument&)>& change);
    void onSeedsEdited(const QString& text);
    void testConnection();
    void fetchModels();

    ProbeProject* m_project;
    ServerQueries* m_queries;
    bool m_locked = false;
    bool m_refreshing = false;

    QGroupBox* m_modelGroup = nullptr;
    QComboBox* m_backend = nullptr;
    QPlainTextEdit* m_endpoints = nullptr;
    QLineEdit* m_apiKeyEnv = nullptr;
    QPushButton* m_test = nullptr;
    QLabel* m_testStatus = nullptr;
    QComboBox* m_model = nullptr;
    QPushButton* m_fetch = nullptr;
    QLabel* m_fetchStatus = nullptr;
    QDoubleSpinBox* m_temperature = nullptr;
    QLineEdit* m_seeds = nullptr;
    QLabel* m_seedInfo = nullptr;
    QLabel* m_seedErrors = nullptr;
    QPlainTextEdit* m_system = nullptr;
    QComboBox* m_placement = nullptr;
    QSpinBox* m_maxTokens = nullptr;
    QDoubleSpinBox* m_plantedGap = nullptr;
    QCheckBox* m_noise = nullptr;
    QSpinBox* m_noiseOffset = nullptr;
    QDoubleSpinBox* m_timeout = nullptr;
    QSpinBox* m_concurrency = nullptr;
    QCheckBox* m_stream = nullptr;
    QList<QWidget*> m_fixedFields; // in the run's configuration: locked by pre-registration
    QList<QWidget*> m_speedFields; // not in it
};

} // namespace pb
