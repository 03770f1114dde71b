#include "results/RescoreDialog.h"

#include "metrics/Metric.h"
#include "project/ProbeProject.h"
#include "run/Rescoring.h"
#include "run/StoredCallsLoader.h"

#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

namespace pb {

RescoreDialog::RescoreDialog(ProbeProject* project, qint64 runId, QWidget* parent)
    : QDialog(parent), m_project(project), m_runId(runId), m_kind(new QComboBox(this)),
      m_name(new QLineEdit(this)), m_pattern(new QLineEdit(this)), m_field(new QLineEdit(this)),
      m_preview(new QLabel(this)), m_error(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)),
      m_previewTimer(new QTimer(this))
{
    // One thread: the read comes first, and a newer count replaces any not yet begun.
    setWindowTitle(tr("Re-score run %1 with a corrected metric").arg(runId));
    setAccessibleName(tr("Re-score with a corrected metric"));
    m_previous = project->runMetric(runId).value_or(MetricSpec());

    auto* intro = new QLabel(
        tr("The logged replies are scored again with the metric below. Both values and the "
           "same-versus-same calls are always re-scored together, and the report says so."),
        this);
    intro->setWordWrap(true);

    m_kind->addItems(metricKinds());
    m_kind->setAccessibleName(tr("Metric kind"));
    m_kind->setToolTip(tr("How a reply becomes a number; the definition goes into the report."));
    m_name->setAccessibleName(tr("Metric name"));
    m_name->setToolTip(tr("The label of the value in the log and the report."));
    m_pattern->setAccessibleName(tr("Regular expression"));
    m_pattern->setToolTip(tr("regex_count: the pattern whose matches are counted."));
    m_field->setAccessibleName(tr("JSON field"));
    m_field->setToolTip(tr("json_field: the dotted path of the value in the reply's JSON."));
    m_preview->setAccessibleName(tr("Re-scoring preview"));
    m_preview->setWordWrap(true);
    m_error->setAccessibleName(tr("Re-scoring error"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->hide();
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Re-score"));

    auto* form = new QFormLayout;
    form->addRow(tr("&Kind:"), m_kind);
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Pattern:"), m_pattern);
    form->addRow(tr("&Field:"), m_field);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_preview);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);
    // Wide enough for the preview and most errors on one line each; wrapped labels do not
    // make a dialog taller by themselves.
    setMinimumWidth(fontMetrics().averageCharWidth() * 72);

    // Counting is off this thread, but a count per keystroke would only be thrown away: once
    // per pause in typing is enough.
    m_previewTimer->setSingleShot(true);
    m_previewTimer->setInterval(150);
    connect(m_previewTimer, &QTimer::timeout, this, &RescoreDialog::updatePreview);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &RescoreDialog::metricEdited);
    for (QLineEdit* e : {m_name, m_pattern, m_field}) {
        connect(e, &QLineEdit::textChanged, this, &RescoreDialog::metricEdited);
    }
    connect(m_buttons, &QDialogButtonBox::accepted, this, &RescoreDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &RescoreDialog::reject);
    connect(project, &ProbeProject::rescoreFinished, this, &RescoreDialog::rescoreFinished);
    connect(project, &ProbeProject::runningChanged, this, &RescoreDialog::updateEnabled);
    connect(project, &ProbeProject::rescoringChanged, this, &RescoreDialog::updateEnabled);

    setMetric(m_previous);
    loadCalls();
}

RescoreDialog::~RescoreDialog() = default;

void RescoreDialog::loadCalls()
{
    // The project's connection belongs to the GUI thread: the read opens its own.
    struct Read
    {
        QList<LoggedCall> calls;
        int answered = 0;
        QString error;
    };
    m_worker.post(
        [path = m_project->filePath(), runId = m_runId] {
            Read read;
            read.calls = StoredCallsLoader::read(path, runId, &read.error);
            read.answered =
                int(std::count_if(read.calls.cbegin(), read.calls.cend(),
                                  [](const auto& c) { return c.status == CallStatus::Ok; }));
            return read;
        },
        [this](const Read& read) { callsLoaded(read.calls, read.answered, read.error); });
}

void RescoreDialog::callsLoaded(const QList<LoggedCall>& calls, int answered, const QString& error)
{
    if (!error.isEmpty()) {
        m_loadError = error;
        updatePreview();
        showError(error);
        return;
    }
    m_calls = calls;
    m_answered = answered;
    m_loaded = true;
    updatePreview();
}

MetricSpec RescoreDialog::metric() const
{
    MetricSpec m = m_previous;
    m.kind = m_kind->currentText();
    m.name = m_name->text().trimmed();
    m.pattern = m_pattern->text();
    m.field = m_field->text().trimmed();
    return m;
}

void RescoreDialog::setMetric(const MetricSpec& metric)
{
    m_kind->setCurrentText(metric.kind);
    m_name->setText(metric.name);
    m_pattern->setText(metric.pattern);
    m_field->setText(metric.field);
    updatePreview();
}

QString RescoreDialog::previewText() const
{
    return m_preview->text();
}

QString RescoreDialog::errorText() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

void RescoreDialog::metricEdited()
{
    // The count shown belongs to the metric before this edit: drop it and any on its way.
    ++m_generation;
    m_changed = -1;
    updateEnabled();
    m_previewTimer->start();
}

void RescoreDialog::updatePreview()
{
    m_previewTimer->stop();
    ++m_generation;
    m_changed = -1;
    m_countAgain = false; // asked again below only if this metric can be counted
    const MetricSpec m = metric();
    m_pattern->setEnabled(!m_applying && m.kind == QStringLiteral("regex_count"));
    m_field->setEnabled(!m_applying && m.kind == QStringLiteral("json_field"));
    QStringList problems;
    for (const ProbeProblem& p : validateMetricSpec(m)) {
        if (p.isError()) {
            problems << p.message;
        }
    }
    if (m.name.isEmpty()) {
        problems << tr("the metric needs a name");
    }
    if (!problems.isEmpty()) {
        m_preview->setText(tr("Not usable: %1").arg(problems.join(QStringLiteral("; "))));
        updateEnabled();
        return;
    }
    if (!m_loaded) {
        m_preview->setText(m_loadError.isEmpty()
                               ? tr("Reading the run's calls\u2026")
                               : tr("No preview: the run's calls could not be read."));
        updateEnabled(); // the count follows the read
        return;
    }
    m_preview->setText(tr("Counting how many of %1 values would change\u2026").arg(m_answered));
    updateEnabled();
    countChanges(m);
}

void RescoreDialog::countChanges(const MetricSpec& m)
{
    // One count at a time: the metrics typed while one runs are stale before they would begin,
    // so only the latest is counted, once the running count ends. An answer for a metric the
    // user has since changed comes back with an old generation and is dropped.
    if (m_counting) {
        m_countAgain = true;
        return;
    }
    m_counting = true;
    m_worker.post(
        [calls = m_calls, previous = m_previous, m, day = QDateTime::currentDateTimeUtc().date()] {
            const Rescoring r = Rescoring::compute(calls, previous, m, day);
            return std::pair<int, int>(r.changed, int(r.calls.size()));
        },
        [this, generation = m_generation](std::pair<int, int> counted) {
            m_counting = false;
            if (m_countAgain) {
                m_countAgain = false;
                countChanges(metric());
                return;
            }
            previewCounted(generation, counted.first, counted.second);
        });
}

void RescoreDialog::previewCounted(quint64 generation, int changed, int total)
{
    if (generation != m_generation || m_applying) {
        return;
    }
    m_changed = changed;
    m_preview->setText(tr("%1 of %2 values would change.").arg(changed).arg(total));
    updateEnabled();
}

void RescoreDialog::updateEnabled()
{
    const bool counted = m_changed >= 0;
    m_buttons->button(QDialogButtonBox::Ok)
        ->setEnabled(!m_applying && counted && !m_project->isRunning() &&
                     !m_project->isRescoring() && (m_changed > 0 || metric() != m_previous));
    m_buttons->button(QDialogButtonBox::Cancel)->setEnabled(!m_applying);
    m_kind->setEnabled(!m_applying);
    m_name->setEnabled(!m_applying);
}

void RescoreDialog::showError(const QString& error)
{
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());
    if (!error.isEmpty()) {
        adjustSize(); // room for the message's lines
    }
}

bool RescoreDialog::apply(QString* error)
{
    if (!m_project->startRescore(m_runId, metric(), error)) {
        return false;
    }
    m_applying = true;
    ++m_generation; // no count matters any more
    showError(QString());
    m_preview->setText(m_answered >= 0 ? tr("Re-scoring %1 calls\u2026").arg(m_answered)
                                       : tr("Re-scoring the run's calls\u2026"));
    m_pattern->setEnabled(false);
    m_field->setEnabled(false);
    updateEnabled();
    return true;
}

void RescoreDialog::accept()
{
    if (m_applying) {
        return;
    }
    QString error;
    if (!apply(&error)) {
        showError(error);
    }
}

void RescoreDialog::reject()
{
    if (!m_applying) {
        QDialog::reject();
    }
}

void RescoreDialog::rescoreFinished(qint64 runId, bool ok, const QString& error)
{
    if (!m_applying || runId != m_runId) {
        return;
    }
    m_applying = false;
    if (ok) {
        QDialog::accept();
        return;
    }
    updatePreview();
    showError(tr("The run was not re-scored: %1").arg(error));
}

} // namespace pb
