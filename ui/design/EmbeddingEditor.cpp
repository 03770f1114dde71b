#include "design/EmbeddingEditor.h"

#include "backends/BackendFactory.h"
#include "probe/ProbeReader.h"
#include "probe/ProbeWriter.h"
#include "project/ProbeProject.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace pb {

namespace {

QStringList endpointList(const QString& text)
{
    return text.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts);
}

} // namespace

EmbeddingEditor::EmbeddingEditor(ProbeProject* project, QWidget* parent)
    : QWidget(parent), m_project(project), m_model(new QLineEdit(this)),
      m_backend(new QComboBox(this)), m_endpoints(new QLineEdit(this)), m_message(new QLabel(this))
{
    auto* help = new QLabel(
        tr("Text mode (embeddings): for a task whose answer is free text (an explanation, a "
           "letter, advice). Each reply is turned into a vector by the embedding model below, and "
           "the probe measures how far the replies under A and B sit apart, by the cosine "
           "distance of their vectors on the same seed, against how far A sits from A again on "
           "other seeds (the noise floor). It says whether the replies moved, not how. Its "
           "scores are cosine distances of this one embedding model: they are never compared "
           "with a numeric metric's, a choice probe's or another embedding model's."),
        this);
    help->setWordWrap(true);
    help->setObjectName(QStringLiteral("embeddingHelp"));
    help->setAccessibleName(tr("What text mode measures"));

    auto* group = new QGroupBox(tr("Embedding model (held fixed)"), this);
    group->setToolTip(tr("Held fixed for the whole run like the chat model: another embedding "
                         "model measures another distance, so changing it makes a new run."));
    m_model->setAccessibleName(tr("Embedding model"));
    m_model->setPlaceholderText(tr("e.g. nomic-embed-text"));
    m_model->setToolTip(tr("The embedding model that turns each reply into a vector, by the "
                           "name its server knows it by. Taken when you leave the field."));
    m_backend->setAccessibleName(tr("Embedding backend"));
    m_backend->setToolTip(tr("Where the embedding calls go: the probe's own backend and "
                             "endpoints, or a backend of their own (Ollama /api/embed, "
                             "OpenAI-compatible /v1/embeddings, or the stand-in's)."));
    m_backend->addItem(QString(), QString());
    for (const QString& name : BackendFactory::backendNames())
        m_backend->addItem(name, name);
    m_endpoints->setAccessibleName(tr("Embedding endpoints"));
    m_endpoints->setPlaceholderText(tr("e.g. http://localhost:11434"));
    m_endpoints->setToolTip(tr("Base URLs of the embedding server, separated by commas; empty: "
                               "the probe's endpoints with its own backend, or the chosen "
                               "backend's default. Taken when you leave the field."));
    m_message->setWordWrap(true);
    m_message->setObjectName(QStringLiteral("embeddingMessage"));
    m_message->setAccessibleName(tr("Why the embedding setting was refused"));
    m_message->hide();

    auto* form = new QFormLayout(group);
    form->addRow(tr("&Embedding model:"), m_model);
    form->addRow(tr("Embedding &backend:"), m_backend);
    form->addRow(tr("Embedding end&points:"), m_endpoints);
    form->addRow(QString(), m_message);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(help);
    layout->addWidget(group);

    connect(m_model, &QLineEdit::editingFinished, this, [this] {
        MetricSpec next = m_project->document().metric;
        next.embeddingModel = m_model->text().trimmed();
        propose(tr("Change the embedding model"), next);
    });
    connect(m_backend, &QComboBox::activated, this, [this] {
        MetricSpec next = m_project->document().metric;
        next.embeddingBackend = m_backend->currentData().toString();
        propose(tr("Change the embedding backend"), next);
    });
    connect(m_endpoints, &QLineEdit::editingFinished, this, [this] {
        MetricSpec next = m_project->document().metric;
        next.embeddingEndpoints = endpointList(m_endpoints->text());
        propose(tr("Change the embedding endpoints"), next);
    });
    connect(project, &ProbeProject::documentChanged, this, &EmbeddingEditor::refresh);
    refresh();
}

QString EmbeddingEditor::message() const
{
    return m_message->isHidden() ? QString() : m_message->text();
}

QString EmbeddingEditor::refusal(const ProbeDocument& document, const MetricSpec& metric)
{
    ProbeDocument proposed = document;
    proposed.metric = metric;
    const ProbeLoadResult read = ProbeReader::parse(ProbeWriter::toJson(proposed), QString());
    QStringList out;
    const QString section = QStringLiteral("metric.embedding");
    for (const ProbeProblem& p : read.errors()) {
        if (p.path == section || p.path.startsWith(section + QLatin1Char('.')))
            out << QStringLiteral("%1: %2").arg(p.path, p.message);
    }
    return out.join(QLatin1Char('\n'));
}

void EmbeddingEditor::propose(const QString& what, const MetricSpec& next)
{
    if (m_refreshing || next == m_project->document().metric)
        return;
    if (const QString why = refusal(m_project->document(), next); !why.isEmpty()) {
        m_message->setText(QStringLiteral("\u26A0 ") + why);
        m_message->show();
        refresh(); // the fields show what the probe holds
        return;
    }
    m_message->hide();
    m_project->edit(what, [next](ProbeDocument& d) { d.metric = next; });
}

void EmbeddingEditor::refresh()
{
    const ProbeDocument& d = m_project->document();
    m_refreshing = true;
    if (m_model->text().trimmed() != d.metric.embeddingModel)
        m_model->setText(d.metric.embeddingModel);
    m_backend->setItemText(0, tr("The probe's own (%1)").arg(d.settings.backend));
    const int backend = m_backend->findData(d.metric.embeddingBackend);
    m_backend->setCurrentIndex(backend >= 0 ? backend : 0);
    if (endpointList(m_endpoints->text()) != d.metric.embeddingEndpoints)
        m_endpoints->setText(d.metric.embeddingEndpoints.join(QStringLiteral(", ")));
    m_refreshing = false;
}

void EmbeddingEditor::setEditable(bool editable)
{
    for (QWidget* w : std::initializer_list<QWidget*>{m_model, m_backend, m_endpoints})
        w->setEnabled(editable);
}

} // namespace pb
