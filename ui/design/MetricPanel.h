#pragma once

#include "probe/ProbeDocument.h"

#include <QHash>
#include <QWidget>
#include <functional>

class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace pb {

class CandidateEditor;
class EmbeddingEditor;
class ProbeProject;

// The metric, chosen before running: its mode (a number per reply, a choice among
// candidates, or text compared as embeddings), its kind and name, the kind's pattern or JSON
// field, the choice's candidates (CandidateEditor) or the embedding model (EmbeddingEditor),
// the user's own description, the exact definition the report will print (metricDefinition)
// and a live preview on a sample reply (evaluateMetric, or the candidate ChoiceAnswer reads it
// as). Locked with the settings once a run has results; read-only while a run is going.
class MetricPanel : public QWidget
{
    Q_OBJECT
public:
    explicit MetricPanel(ProbeProject* project, QWidget* parent = nullptr);

    void setLocked(bool locked);
    void setSampleReply(const QString& reply);
    // "steps = 3" or the flag, as shown under the sample.
    QString previewText() const;
    CandidateEditor* candidateEditor() const { return m_candidates; }
    EmbeddingEditor* embeddingEditor() const { return m_embedding; }

private:
    void refresh();
    void updatePreview();
    void updateEnabled();
    void edit(const QString& what, const std::function<void(ProbeDocument&)>& change);
    // mode: MetricSpec::mode()'s "numeric", "choice" or "generative".
    void setMode(const QString& mode);

    ProbeProject* m_project;
    bool m_locked = false;
    bool m_refreshing = false;
    QComboBox* m_mode;
    QComboBox* m_kind;
    QLineEdit* m_name;
    QLineEdit* m_pattern;
    QLineEdit* m_field;
    QLineEdit* m_categories;
    QLineEdit* m_positive;
    QPlainTextEdit* m_description;
    QLabel* m_definition;
    QLabel* m_problems;
    QPlainTextEdit* m_sample;
    QLabel* m_preview;
    QList<QWidget*> m_jsonOnly;
    QList<QWidget*> m_regexOnly;
    QList<QWidget*> m_numericOnly;
    CandidateEditor* m_candidates;
    EmbeddingEditor* m_embedding;
    // What each mode left held, so switching back and forth loses nothing (undo also would).
    QHash<QString, MetricSpec> m_heldModes;
};

} // namespace pb
