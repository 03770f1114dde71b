#pragma once

#include "probe/ProbeDocument.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;

namespace pb {

class ProbeProject;

// The generative mode's part of the metric panel: what the mode measures, and the embedding
// model with its backend and endpoints, held fixed for the whole run like the chat model's
// settings but set apart from them (the embedding model may be served elsewhere). Each edit,
// taken when a field is left or a backend picked, is one undoable step; an edit the probe
// reader would refuse is not taken, and the reader's own words say why (the proposed probe is
// written and read back, so the window never words a bad embedding section apart from the
// file). Read-only when setEditable(false) (locked by results, or a run going).
class EmbeddingEditor : public QWidget
{
    Q_OBJECT
public:
    explicit EmbeddingEditor(ProbeProject* project, QWidget* parent = nullptr);

    void setEditable(bool editable);
    QLineEdit* model() const { return m_model; }
    QComboBox* backend() const { return m_backend; }
    QLineEdit* endpoints() const { return m_endpoints; }
    // The last refusal shown, empty when the last change was taken.
    QString message() const;

    // What the probe reader says about the embedding section of document with metric in place
    // of its own ("metric.embedding.model: missing"), one error per line; empty when it takes it.
    static QString refusal(const ProbeDocument& document, const MetricSpec& metric);

private:
    void refresh();
    // Takes the change as one undoable step, or refuses it in the reader's words and shows
    // what the document holds again.
    void propose(const QString& what, const MetricSpec& next);

    ProbeProject* m_project;
    QLineEdit* m_model;
    QComboBox* m_backend;
    QLineEdit* m_endpoints;
    QLabel* m_message;
    bool m_refreshing = false;
};

} // namespace pb
