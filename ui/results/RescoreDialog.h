#pragma once

#include "probe/ProbeDocument.h"
#include "store/LoggedCall.h"

#include <QDialog>
#include <QList>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QTimer;

namespace pb {

class ProbeProject;

// Re-scoring a stored run's logged replies with a corrected metric: the user picks the
// metric's kind, name, pattern or field, sees how many values would change, and applies it
// through ProbeProject::rescoreRun (always both values and the noise arm at once; the
// report records it). The replies themselves are never touched.
class RescoreDialog : public QDialog
{
    Q_OBJECT
public:
    RescoreDialog(ProbeProject* project, qint64 runId, QWidget* parent = nullptr);

    MetricSpec metric() const;
    void setMetric(const MetricSpec& metric);
    // Values that would change under metric(), -1 while the metric is not valid.
    int changedCount() const { return m_changed; }
    QString previewText() const;
    // Applies metric() to the run; false with *error when refused.
    bool apply(QString* error);

public Q_SLOTS:
    void accept() override;

private:
    void updatePreview();

    ProbeProject* m_project;
    qint64 m_runId;
    MetricSpec m_previous;
    QList<LoggedCall> m_calls;
    QComboBox* m_kind;
    QLineEdit* m_name;
    QLineEdit* m_pattern;
    QLineEdit* m_field;
    QLabel* m_preview;
    QDialogButtonBox* m_buttons;
    QTimer* m_previewTimer;
    int m_changed = -1;
};

} // namespace pb
