#pragma once

#include "probe/ProbeDocument.h"
#include "run/WorkerThread.h"
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
// through ProbeProject::startRescore (always both values and the noise arm at once; the
// report records it). The replies themselves are never touched.
//
// The run's calls are read, and the preview counted, on a thread of the dialog's own, so a
// large run never blocks the window; only the latest count is shown. After Re-score the
// dialog waits for the project's rescoreFinished: it closes on success and shows the error
// and stays open on failure.
class RescoreDialog : public QDialog
{
    Q_OBJECT
public:
    RescoreDialog(ProbeProject* project, qint64 runId, QWidget* parent = nullptr);
    // Waits for a read or count still going (a count is not interruptible).
    ~RescoreDialog() override;

    MetricSpec metric() const;
    void setMetric(const MetricSpec& metric);
    // Values that would change under metric(); -1 while the calls are read or counted, or
    // while the metric is not valid.
    int changedCount() const { return m_changed; }
    // The run's answered calls, the ones re-scored; -1 until they have been read.
    int answeredCount() const { return m_answered; }
    QString previewText() const;
    // The last failure to read the run or to re-score it; empty when none.
    QString errorText() const;
    // Starts re-scoring the run with metric(); false with *error when the project refuses.
    bool apply(QString* error);
    // Between a successful apply() and the project's rescoreFinished.
    bool isApplying() const { return m_applying; }

public Q_SLOTS:
    void accept() override;
    // Ignored while applying: the dialog closes itself when the re-scoring has finished.
    void reject() override;

private:
    void loadCalls();
    void callsLoaded(const QList<LoggedCall>& calls, int answered, const QString& error);
    void metricEdited();
    void updatePreview();
    void countChanges(const MetricSpec& metric);
    void previewCounted(quint64 generation, int changed, int total);
    void rescoreFinished(qint64 runId, bool ok, const QString& error);
    void showError(const QString& error);
    void updateEnabled();

    ProbeProject* m_project;
    qint64 m_runId;
    MetricSpec m_previous;
    QList<LoggedCall> m_calls;
    bool m_loaded = false;
    QString m_loadError;
    bool m_applying = false;
    QComboBox* m_kind;
    QLineEdit* m_name;
    QLineEdit* m_pattern;
    QLineEdit* m_field;
    QLabel* m_preview;
    QLabel* m_error;
    QDialogButtonBox* m_buttons;
    QTimer* m_previewTimer;
    int m_changed = -1;
    int m_answered = -1;
    // Each request for a count gets the next number; an answer for an older one is dropped.
    quint64 m_generation = 0;
    bool m_counting = false;   // a count is on the worker
    bool m_countAgain = false; // the metric changed meanwhile and can be counted
    WorkerThread m_worker{QStringLiteral("rescore-preview")};
};

} // namespace pb
