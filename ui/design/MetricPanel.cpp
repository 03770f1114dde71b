#include "design/MetricPanel.h"

#include "design/CandidateEditor.h"
#include "design/EmbeddingEditor.h"
#include "metrics/ChoiceAnswer.h"
#include "metrics/EmbeddingMetric.h"
#include "metrics/Metric.h"
#include "project/ProbeProject.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QVBoxLayout>
#include <algorithm>

namespace pb {

namespace {

QStringList splitList(const QString& text)
{
    QStringList out;
    for (const QString& part : text.split(QLatin1Char(','))) {
        if (!part.trimmed().isEmpty()) {
            out << part.trimmed();
        }
    }
    return out;
}

QString kindLabel(const QString& kind)
{
    if (kind == QLatin1String("count_steps")) {
        return QObject::tr("Numbered steps (the tutorial's count_steps)");
    }
    if (kind == QLatin1String("numbered_list")) {
        return QObject::tr("Numbered list items, lenient (1., 2), Step 3:)");
    }
    if (kind == QLatin1String("word_count")) {
        return QObject::tr("Words in the reply");
    }
    if (kind == QLatin1String("regex_count")) {
        return QObject::tr("Matches of a regular expression");
    }
    if (kind == QLatin1String("json_field")) {
        return QObject::tr("A field of a JSON reply");
    }
    return kind;
}

} // namespace

MetricPanel::MetricPanel(ProbeProject* project, QWidget* parent)
    : QWidget(parent), m_project(project), m_mode(new QComboBox(this)), m_kind(new QComboBox(this)),
      m_name(new QLineEdit(this)), m_pattern(new QLineEdit(this)), m_field(new QLineEdit(this)),
      m_categories(new QLineEdit(this)), m_positive(new QLineEdit(this)),
      m_description(new QPlainTextEdit(this)), m_definition(new QLabel(this)),
      m_problems(new QLabel(this)), m_sample(new QPlainTextEdit(this)), m_preview(new QLabel(this)),
      m_candidates(new CandidateEditor(project, this)),
      m_embedding(new EmbeddingEditor(project, this))
{
    auto* layout = new QVBoxLayout(this);
    auto* group = new QGroupBox(tr("Metric (chosen before running)"), this);
    group->setToolTip(
        tr("Metric: the one number computed from each reply, written down before the probe runs so "
           "it cannot be picked to show the most interesting result."));
    auto* form = new QFormLayout(group);
    m_mode->addItem(tr("A number per reply (numeric metric)"), QStringLiteral("numeric"));
    m_mode->addItem(tr("A choice among candidates"), QStringLiteral("choice"));
    m_mode->addItem(tr("Text (embeddings)"), QStringLiteral("generative"));
    m_mode->setAccessibleName(tr("Metric mode"));
    m_mode->setToolTip(
        tr("Numeric: each reply gives one number, and the gaps between values are tested. "
           "Choice: each prompt gives a distribution over a fixed set of answers, compared "
           "against the same-versus-same noise. Text: each reply is embedded and the replies' "
           "cosine distances are compared against the same-versus-same noise. The three are "
           "never mixed."));
    form->addRow(tr("&Mode:"), m_mode);
    for (const QString& kind : metricKinds()) {
        m_kind->addItem(kindLabel(kind), kind);
    }
    m_kind->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_kind->setMinimumContentsLength(14);
    m_kind->setAccessibleName(tr("Metric kind"));
    m_kind->setToolTip(tr("The function that turns a reply into a number."));
    form->addRow(tr("&Kind:"), m_kind);
    m_name->setAccessibleName(tr("Metric name"));
    m_name->setToolTip(tr("The metric's name: the log's column and the report's label."));
    form->addRow(tr("&Name:"), m_name);
    form->addRow(m_candidates);
    form->addRow(m_embedding);
    m_pattern->setAccessibleName(tr("Pattern"));
    m_pattern->setToolTip(tr("A regular expression; the metric counts its matches in the reply."));
    form->addRow(tr("&Pattern:"), m_pattern);
    m_field->setAccessibleName(tr("JSON field"));
    m_field->setToolTip(tr("A dotted path into the reply's JSON, e.g. verdict.score."));
    form->addRow(tr("&Field:"), m_field);
    m_categories->setAccessibleName(tr("Categories"));
    m_categories->setToolTip(
        tr("For a categorical field: the allowed values, separated by commas."));
    form->addRow(tr("&Categories:"), m_categories);
    m_positive->setAccessibleName(tr("Positive category"));
    m_positive->setToolTip(
        tr("For a categorical field: the value scored 1; every other allowed value scores 0."));
    form->addRow(tr("P&ositive:"), m_positive);
    m_description->setAccessibleName(tr("Metric description"));
    m_description->setToolTip(tr("What the number measures, in your words, for the report."));
    m_description->setTabChangesFocus(true);
    m_description->setFixedHeight(m_description->fontMetrics().lineSpacing() * 3 + 12);
    form->addRow(tr("&Description:"), m_description);
    m_definition->setWordWrap(true);
    m_definition->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_definition->setAccessibleName(tr("Metric definition"));
    m_definition->setToolTip(
        tr("The exact definition recorded with the run and printed in the report."));
    form->addRow(tr("Definition:"), m_definition);
    m_problems->setWordWrap(true);
    m_problems->setAccessibleName(tr("Metric problems"));
    form->addRow(QString(), m_problems);
    layout->addWidget(group);

    auto* previewGroup = new QGroupBox(tr("Try it on a sample reply"), this);
    auto* previewLayout = new QVBoxLayout(previewGroup);
    m_sample->setAccessibleName(tr("Sample reply"));
    m_sample->setToolTip(
        tr("Paste or type a reply to see the number the metric gives it. Not saved."));
    m_sample->setTabChangesFocus(true);
    m_sample->setPlainText(
        QStringLiteral("Here is what I would try:\n1. Step 1.\n2. Step 2.\n3. Step 3."));
    m_preview->setAccessibleName(tr("Metric preview"));
    m_preview->setWordWrap(true); // a long reading wraps rather than widen the panel
    m_preview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont big = m_preview->font();
    big.setBold(true);
    m_preview->setFont(big);
    previewLayout->addWidget(m_sample);
    previewLayout->addWidget(m_preview);
    layout->addWidget(previewGroup);
    layout->addStretch();

    m_regexOnly = {m_pattern, form->labelForField(m_pattern)};
    m_numericOnly = {m_kind, form->labelForField(m_kind)};
    m_jsonOnly = {m_field,      form->labelForField(m_field),
                  m_categories, form->labelForField(m_categories),
                  m_positive,   form->labelForField(m_positive)};

    connect(m_mode, &QComboBox::currentIndexChanged, this,
            [this] { setMode(m_mode->currentData().toString()); });
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] {
        const QString kind = m_kind->currentData().toString();
        edit(tr("Change the metric kind"), [kind](ProbeDocument& d) {
            const bool defaultName =
                d.metric.name == defaultMetricName(d.metric.kind, d.metric.field);
            d.metric.kind = kind;
            if (defaultName || d.metric.name.isEmpty()) {
                d.metric.name = defaultMetricName(kind, d.metric.field);
            }
        });
    });
    connect(m_name, &QLineEdit::textEdited, this, [this](const QString& t) {
        edit(tr("Rename the metric"), [t](ProbeDocument& d) { d.metric.name = t.trimmed(); });
    });
    connect(m_pattern, &QLineEdit::textEdited, this, [this](const QString& t) {
        edit(tr("Edit the metric's pattern"), [t](ProbeDocument& d) { d.metric.pattern = t; });
    });
    connect(m_field, &QLineEdit::textEdited, this, [this](const QString& t) {
        edit(tr("Edit the metric's field"),
             [t](ProbeDocument& d) { d.metric.field = t.trimmed(); });
    });
    connect(m_categories, &QLineEdit::textEdited, this, [this](const QString& t) {
        edit(tr("Edit the metric's categories"),
             [t](ProbeDocument& d) { d.metric.categories = splitList(t); });
    });
    connect(m_positive, &QLineEdit::textEdited, this, [this](const QString& t) {
        edit(tr("Edit the metric's positive category"),
             [t](ProbeDocument& d) { d.metric.positive = t.trimmed(); });
    });
    connect(m_description, &QPlainTextEdit::textChanged, this, [this] {
        const QString t = m_description->toPlainText();
        edit(tr("Edit the metric's description"),
             [t](ProbeDocument& d) { d.metric.description = t; });
    });
    connect(m_sample, &QPlainTextEdit::textChanged, this, &MetricPanel::updatePreview);
    connect(project, &ProbeProject::documentChanged, this, &MetricPanel::refresh);
    connect(project, &ProbeProject::runningChanged, this, &MetricPanel::updateEnabled);
    refresh();
}

void MetricPanel::edit(const QString& what, const std::function<void(ProbeDocument&)>& change)
{
    if (m_refreshing) {
        return;
    }
    m_project->edit(what, change);
}

void MetricPanel::setMode(const QString& mode)
{
    if (m_refreshing || m_project->document().metric.mode() == mode) {
        return;
    }
    const MetricSpec now = m_project->document().metric;
    const ProbeSettings& settings = m_project->document().settings;
    MetricSpec next;
    if (const auto held = m_heldModes.constFind(mode); held != m_heldModes.cend()) {
        next = *held; // what this mode held before the switch
    } else {
        if (mode == QLatin1String("choice")) {
            next.kind = QLatin1String(ChoiceAnswer::kKind);
            next.candidates = {QStringLiteral("yes"), QStringLiteral("no")};
        } else if (mode == QLatin1String("generative")) {
            next.kind = QLatin1String(EmbeddingMetric::kKind);
            // The stand-in embeds any name; a server needs one it serves.
            next.embeddingModel = settings.backend == QLatin1String("stand-in")
                                      ? QStringLiteral("stand-in-embed")
                                      : QStringLiteral("nomic-embed-text");
        } // else: MetricSpec's own default, the tutorial's count_steps
        // The kind's default name follows the mode; a name the user chose is kept.
        const bool defaultName =
            now.name.isEmpty() || now.name == defaultMetricName(now.kind, now.field);
        next.name = defaultName ? defaultMetricName(next.kind, next.field) : now.name;
    }
    next.description = now.description; // the user's words stay
    m_heldModes.insert(now.mode(), now);
    const bool againstNoise = next.isChoice() || next.isGenerative();
    const QString what = next.isChoice()       ? tr("Make the metric a choice")
                         : next.isGenerative() ? tr("Make the metric text compared as embeddings")
                                               : tr("Make the metric a number");
    edit(what, [next, againstNoise](ProbeDocument& d) {
        d.metric = next;
        if (againstNoise) {
            d.noise.enabled = true; // measured against the noise floor
        }
    });
}

void MetricPanel::refresh()
{
    const MetricSpec& m = m_project->document().metric;
    m_refreshing = true;
    m_mode->setCurrentIndex(std::max(0, m_mode->findData(m.mode())));
    if (const int i = m_kind->findData(m.kind); i >= 0) {
        m_kind->setCurrentIndex(i);
    }
    const auto sync = [](QLineEdit* e, const QString& v) {
        if (e->text().trimmed() != v.trimmed()) {
            e->setText(v);
        }
    };
    sync(m_name, m.name);
    sync(m_pattern, m.pattern);
    sync(m_field, m.field);
    if (splitList(m_categories->text()) != m.categories) {
        m_categories->setText(m.categories.join(QStringLiteral(", ")));
    }
    sync(m_positive, m.positive);
    if (m_description->toPlainText() != m.description) {
        m_description->setPlainText(m.description);
    }
    m_refreshing = false;

    const bool json = m.kind == QLatin1String("json_field");
    const bool regex = m.kind == QLatin1String("regex_count");
    for (QWidget* w : std::as_const(m_jsonOnly)) {
        w->setVisible(json);
    }
    for (QWidget* w : std::as_const(m_regexOnly)) {
        w->setVisible(regex);
    }
    for (QWidget* w : std::as_const(m_numericOnly)) {
        w->setVisible(!m.isChoice() && !m.isGenerative());
    }
    m_candidates->setVisible(m.isChoice());
    m_embedding->setVisible(m.isGenerative());
    m_definition->setText(metricDefinition(m));
    QStringList problems;
    for (const ProbeProblem& p : validateMetricSpec(m)) {
        problems << QStringLiteral("\u26A0 %1: %2").arg(p.path, p.message);
    }
    m_problems->setText(problems.join(QLatin1Char('\n')));
    m_problems->setVisible(!problems.isEmpty());
    updatePreview();
    updateEnabled();
}

void MetricPanel::updatePreview()
{
    const MetricSpec& m = m_project->document().metric;
    const QString name = m.name.isEmpty() ? tr("value") : m.name;
    if (m.isChoice()) {
        // What the sampled path makes of this reply; a server's log probabilities, when it
        // gives them, are read from the answer token instead.
        const int k = ChoiceAnswer::match(m.candidates, m_sample->toPlainText());
        m_preview->setText(
            k >= 0 ? tr("%1 = %2 (the reply reads as this candidate)").arg(name, m.candidates.at(k))
                   : tr("no candidate: the reply reads as none of %1 (outside "
                        "mass when sampled)")
                         .arg(m.candidates.join(QStringLiteral(", "))));
        return;
    }
    if (m.isGenerative()) {
        m_preview->setText(
            tr("no number per reply: embedded by %1, compared by cosine distance")
                .arg(m.embeddingModel.isEmpty() ? tr("the embedding model") : m.embeddingModel));
        return;
    }
    const MetricResult r = evaluateMetric(m, m_sample->toPlainText());
    if (r.scored()) {
        m_preview->setText(QStringLiteral("%1 = %2").arg(name, QString::number(*r.value, 'g', 10)));
    } else {
        m_preview->setText(
            tr("no value: flagged \u201C%1\u201D (left out of the statistics, never scored 0)")
                .arg(r.flag));
    }
}

QString MetricPanel::previewText() const
{
    return m_preview->text();
}

void MetricPanel::setSampleReply(const QString& reply)
{
    m_sample->setPlainText(reply);
}

void MetricPanel::setLocked(bool locked)
{
    m_locked = locked;
    updateEnabled();
}

void MetricPanel::updateEnabled()
{
    const bool editable = !m_locked && !m_project->isRunning();
    for (QWidget* w :
         QList<QWidget*>{m_mode, m_kind, m_name, m_pattern, m_field, m_categories, m_positive}) {
        w->setEnabled(editable);
    }
    m_candidates->setEditable(editable);
    m_embedding->setEditable(editable);
    // The description is the user's wording, not part of what is scored.
    m_description->setReadOnly(m_project->isRunning());
}

} // namespace pb
