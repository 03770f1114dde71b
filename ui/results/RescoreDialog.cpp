#include "results/RescoreDialog.h"

#include "metrics/Metric.h"
#include "project/ProbeProject.h"
#include "run/Rescoring.h"

#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

namespace pb {

RescoreDialog::RescoreDialog(ProbeProject* project, qint64 runId, QWidget* parent)
    : QDialog(parent), m_project(project), m_runId(runId), m_kind(new QComboBox(this)),
      m_name(new QLineEdit(this)), m_pattern(new QLineEdit(this)), m_field(new QLineEdit(this)),
      m_preview(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)),
      m_previewTimer(new QTimer(this))
{
    setWindowTitle(tr("Re-score run %1 with a corrected metric").arg(runId));
    setAccessibleName(tr("Re-score with a corrected metric"));
    m_previous = project->runMetric(runId).value_or(MetricSpec());
    m_calls = project->calls(runId);

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
    layout->addWidget(m_buttons);

    // Scoring every reply again is quick but not free on a large run: once per pause in
    // typing is enough.
    m_previewTimer->setSingleShot(true);
    m_previewTimer->setInterval(150);
    connect(m_previewTimer, &QTimer::timeout, this, &RescoreDialog::updatePreview);
    const auto schedule = [this] { m_previewTimer->start(); };
    connect(m_kind, &QComboBox::currentIndexChanged, this, schedule);
    for (QLineEdit* e : {m_name, m_pattern, m_field}) {
        connect(e, &QLineEdit::textChanged, this, schedule);
    }
    connect(m_buttons, &QDialogButtonBox::accepted, this, &RescoreDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &RescoreDialog::reject);

    setMetric(m_previous);
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

void RescoreDialog::updatePreview()
{
    m_previewTimer->stop();
    const MetricSpec m = metric();
    const bool usesPattern = m.kind == QStringLiteral("regex_count");
    const bool usesField = m.kind == QStringLiteral("json_field");
    m_pattern->setEnabled(usesPattern);
    m_field->setEnabled(usesField);
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
        m_changed = -1;
        m_preview->setText(tr("Not usable: %1").arg(problems.join(QStringLiteral("; "))));
        m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
        return;
    }
    const Rescoring r =
        Rescoring::compute(m_calls, m_previous, m, QDateTime::currentDateTimeUtc().date());
    m_changed = r.changed;
    m_preview->setText(tr("%1 of %2 values would change.").arg(r.changed).arg(r.calls.size()));
    m_buttons->button(QDialogButtonBox::Ok)
        ->setEnabled(!m_project->isRunning() && (r.changed > 0 || m != m_previous));
}

bool RescoreDialog::apply(QString* error)
{
    return m_project->rescoreRun(m_runId, metric(), error);
}

void RescoreDialog::accept()
{
    QString error;
    if (!apply(&error)) {
        QMessageBox::warning(this, windowTitle(), error);
        return;
    }
    QDialog::accept();
}

} // namespace pb
