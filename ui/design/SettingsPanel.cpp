#include "design/SettingsPanel.h"

#include "design/ServerQueries.h"
#include "probe/ProbeDocument.h"
#include "probe/ProbePrompt.h"
#include "probe/SeedList.h"
#include "project/ProbeProject.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace pb {

namespace {

template <typename W> W* named(W* widget, const QString& name, const QString& tip)
{
    widget->setAccessibleName(name);
    widget->setToolTip(tip);
    return widget;
}

QLabel* statusLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

SettingsPanel::SettingsPanel(ProbeProject* project, QWidget* parent)
    : QWidget(parent), m_project(project), m_queries(new ServerQueries(this))
{
    build();
    connect(project, &ProbeProject::documentChanged, this, &SettingsPanel::refresh);
    connect(project, &ProbeProject::runningChanged, this, &SettingsPanel::updateEnabled);
    connect(m_queries, &ServerQueries::connectionPassed, this, [this](const QString& summary) {
        m_testStatus->setText(QStringLiteral("\u2713 ") + summary);
        m_test->setEnabled(true);
    });
    connect(m_queries, &ServerQueries::connectionFailed, this, [this](const QString& message) {
        m_testStatus->setText(QStringLiteral("\u26A0 ") + message);
        m_test->setEnabled(true);
    });
    connect(m_queries, &ServerQueries::modelsListed, this,
            [this](const QStringList& names, const QString& summary) {
                const QString current = m_model->currentText();
                m_refreshing = true;
                m_model->clear();
                m_model->addItems(names);
                m_model->setEditText(current);
                m_refreshing = false;
                m_fetchStatus->setText(summary);
                m_fetch->setEnabled(true);
            });
    connect(m_queries, &ServerQueries::modelsFailed, this, [this](const QString& message) {
        m_fetchStatus->setText(QStringLiteral("\u26A0 ") + message);
        m_fetch->setEnabled(true);
    });
    refresh();
}

SettingsPanel::~SettingsPanel() = default;

void SettingsPanel::build()
{
    auto* layout = new QVBoxLayout(this);

    // The model.
    m_modelGroup = new QGroupBox(tr("Model"), this);
    auto* modelForm = new QFormLayout(m_modelGroup);
    m_backend =
        named(new QComboBox(this), tr("Backend"),
              tr("Where replies come from: the built-in stand-in (no server, a planted gap), "
                 "an Ollama server, or any OpenAI-compatible server."));
    m_backend->addItem(tr("Stand-in model (built in, no server)"), QStringLiteral("stand-in"));
    // Long entries must not widen the panel past the splitter.
    m_backend->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_backend->setMinimumContentsLength(14);
    m_backend->addItem(tr("Ollama"), QStringLiteral("ollama"));
    m_backend->addItem(tr("OpenAI-compatible server"), QStringLiteral("openai"));
    modelForm->addRow(tr("&Backend:"), m_backend);

    m_endpoints =
        named(new QPlainTextEdit(this), tr("Endpoints"),
              tr("Base URLs of servers running the same model, one per line. Calls are spread "
                 "over them. Empty means Ollama's default, http://127.0.0.1:11434."));
    m_endpoints->setPlaceholderText(QStringLiteral("http://127.0.0.1:11434"));
    m_endpoints->setTabChangesFocus(true);
    m_endpoints->setFixedHeight(m_endpoints->fontMetrics().lineSpacing() * 3 + 12);
    modelForm->addRow(tr("&Endpoints:"), m_endpoints);

    m_apiKeyEnv = named(new QLineEdit(this), tr("API key variable"),
                        tr("The NAME of the environment variable holding the API key (for example "
                           "OPENAI_API_KEY), never the key itself: probe files get shared."));
    m_apiKeyEnv->setPlaceholderText(tr("e.g. OPENAI_API_KEY"));
    modelForm->addRow(tr("API &key variable:"), m_apiKeyEnv);

    m_test = named(
        new QPushButton(tr("&Test connection"), this), tr("Test connection"),
        tr("Sends one short call with these settings and says what answered, or what is wrong."));
    m_testStatus = statusLabel(this);
    m_testStatus->setAccessibleName(tr("Connection test result"));
    auto* testRow = new QHBoxLayout;
    testRow->addWidget(m_test);
    testRow->addWidget(m_testStatus, 1);
    modelForm->addRow(QString(), testRow);

    m_model =
        named(new QComboBox(this), tr("Model"),
              tr("The model tag every call names. Part of what is held fixed: a different model "
                 "is a different run."));
    m_model->setEditable(true);
    m_model->setInsertPolicy(QComboBox::NoInsert);
    m_model->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_model->setMinimumContentsLength(12);
    m_fetch = named(new QPushButton(tr("&List models"), this), tr("List models"),
                    tr("Asks the server which models it serves."));
    auto* modelRow = new QHBoxLayout;
    modelRow->addWidget(m_model, 1);
    modelRow->addWidget(m_fetch);
    auto* modelLabel = new QLabel(tr("&Model:"), this);
    modelLabel->setBuddy(m_model);
    modelForm->addRow(modelLabel, modelRow);
    m_fetchStatus = statusLabel(this);
    m_fetchStatus->setAccessibleName(tr("Model list status"));
    modelForm->addRow(QString(), m_fetchStatus);
    layout->addWidget(m_modelGroup);

    // What is held fixed.
    auto* fixedGroup = new QGroupBox(tr("Held fixed across the variants"), this);
    auto* fixedForm = new QFormLayout(fixedGroup);
    m_temperature =
        named(new QDoubleSpinBox(this), tr("Temperature"),
              tr("Temperature: how random the model's sampling is; 0 always picks the most likely "
                 "word, higher values vary the reply more from seed to seed."));
    m_temperature->setRange(0.0, 2.0);
    m_temperature->setSingleStep(0.1);
    m_temperature->setDecimals(2);
    fixedForm->addRow(tr("&Temperature:"), m_temperature);

    m_seeds = named(
        new QLineEdit(this), tr("Seeds"),
        tr("Seeds: the random draws each variant is run with, the same list for every variant, "
           "so anyone can rerun the probe and get the same log. Write \"1-20\" or \"1-20, 31\"."));
    m_seeds->setPlaceholderText(QStringLiteral("1-20"));
    m_seedInfo = statusLabel(this);
    m_seedInfo->setAccessibleName(tr("Runs per value"));
    m_seedErrors = statusLabel(this);
    m_seedErrors->setAccessibleName(tr("Seed errors"));
    m_seedErrors->hide();
    auto* seedsBox = new QVBoxLayout;
    seedsBox->setSpacing(2);
    seedsBox->addWidget(m_seeds);
    seedsBox->addWidget(m_seedErrors);
    seedsBox->addWidget(m_seedInfo);
    auto* seedsLabel = new QLabel(tr("&Seeds:"), this);
    seedsLabel->setBuddy(m_seeds);
    fixedForm->addRow(seedsLabel, seedsBox);

    m_system = named(new QPlainTextEdit(this), tr("System prompt"),
                     tr("The instructions sent with every message, the same for every variant."));
    m_system->setTabChangesFocus(true);
    m_system->setFixedHeight(m_system->fontMetrics().lineSpacing() * 4 + 12);
    fixedForm->addRow(tr("S&ystem prompt:"), m_system);

    m_placement =
        named(new QComboBox(this), tr("System prompt placement"),
              tr("How the system prompt is sent: in front of the message as one user message "
                 "(the tutorial's way), as a separate system message, or not at all."));
    m_placement->addItem(tr("Before the message, in one user message"),
                         ProbePrompt::placementName(SystemPlacement::PrependToUser));
    m_placement->addItem(tr("As a separate system message"),
                         ProbePrompt::placementName(SystemPlacement::SystemMessage));
    m_placement->addItem(tr("Not sent"), ProbePrompt::placementName(SystemPlacement::None));
    m_placement->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_placement->setMinimumContentsLength(14);
    fixedForm->addRow(tr("&Placement:"), m_placement);

    m_maxTokens =
        named(new QSpinBox(this), tr("Maximum reply tokens"),
              tr("The longest reply the model may give, in tokens. A cut-off reply can change the "
                 "metric, so the limit is held fixed."));
    m_maxTokens->setRange(0, 1000000);
    m_maxTokens->setSpecialValueText(tr("no limit"));
    fixedForm->addRow(tr("Max &tokens:"), m_maxTokens);

    m_plantedGap = named(
        new QDoubleSpinBox(this), tr("Planted gap"),
        tr("The stand-in only: how many steps fewer casual messages get on average. The probe "
           "should find this gap; 0 means there is nothing to find."));
    m_plantedGap->setRange(-10.0, 10.0);
    m_plantedGap->setSingleStep(0.25);
    m_plantedGap->setDecimals(2);
    fixedForm->addRow(tr("Planted &gap:"), m_plantedGap);

    m_noise = named(
        new QCheckBox(tr("Run the same-versus-same &noise check"), this), tr("Noise check"),
        tr("Same-versus-same: runs value A against itself on a different block of seeds, so you "
           "see how big a gap chance alone makes."));
    m_noiseOffset =
        named(new QSpinBox(this), tr("Noise check seed offset"),
              tr("The noise check's seeds are the probe's seeds plus this offset, so the two "
                 "blocks never share a draw."));
    m_noiseOffset->setRange(1, 1000000000);
    fixedForm->addRow(QString(), m_noise);
    fixedForm->addRow(tr("Noise seed o&ffset:"), m_noiseOffset);
    layout->addWidget(fixedGroup);

    // Speed: not part of what makes a run.
    auto* speedGroup = new QGroupBox(tr("Speed (does not change the replies)"), this);
    auto* speedForm = new QFormLayout(speedGroup);
    m_concurrency = named(new QSpinBox(this), tr("Concurrency"),
                          tr("How many calls may be in flight at once on each endpoint."));
    m_concurrency->setRange(1, 64);
    speedForm->addRow(tr("&Concurrency:"), m_concurrency);
    m_timeout =
        named(new QDoubleSpinBox(this), tr("Timeout"),
              tr("How long one call may take before it is tried again or counted as failed."));
    m_timeout->setRange(1.0, 3600.0);
    m_timeout->setSuffix(tr(" s"));
    m_timeout->setDecimals(0);
    speedForm->addRow(tr("Time&out:"), m_timeout);
    m_stream =
        named(new QCheckBox(tr("Stream replies as they are written"), this), tr("Stream replies"),
              tr("Shows each reply on the Run page while the model writes it."));
    speedForm->addRow(QString(), m_stream);
    layout->addWidget(speedGroup);
    layout->addStretch();

    m_fixedFields = {m_backend,   m_model,     m_fetch,      m_temperature, m_seeds,      m_system,
                     m_placement, m_maxTokens, m_plantedGap, m_noise,       m_noiseOffset};
    m_speedFields = {m_endpoints, m_apiKeyEnv, m_concurrency, m_timeout, m_stream};

    connect(m_backend, &QComboBox::currentIndexChanged, this, [this] {
        const QString backend = m_backend->currentData().toString();
        edit(tr("Change the backend"), [backend](ProbeDocument& d) {
            if (d.settings.backend != backend) {
                d.settings.backend = backend;
                if (backend == QLatin1String("stand-in")) {
                    d.settings.model = QStringLiteral("stand-in-v1");
                } else if (d.settings.model == QLatin1String("stand-in-v1")) {
                    d.settings.model.clear(); // the stand-in's tag means nothing to a server
                }
            }
        });
    });
    connect(m_model, &QComboBox::currentTextChanged, this, [this](const QString& text) {
        edit(tr("Change the model"),
             [text](ProbeDocument& d) { d.settings.model = text.trimmed(); });
    });
    connect(m_endpoints, &QPlainTextEdit::textChanged, this, [this] {
        QStringList endpoints;
        for (const QString& line : m_endpoints->toPlainText().split(QLatin1Char('\n'))) {
            if (!line.trimmed().isEmpty()) {
                endpoints << line.trimmed();
            }
        }
        edit(tr("Change the endpoints"),
             [endpoints](ProbeDocument& d) { d.settings.endpoints = endpoints; });
    });
    connect(m_apiKeyEnv, &QLineEdit::textEdited, this, [this](const QString& text) {
        edit(tr("Change the API key variable"),
             [text](ProbeDocument& d) { d.settings.apiKeyEnv = text.trimmed(); });
    });
    connect(m_temperature, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        edit(tr("Change the temperature"), [v](ProbeDocument& d) { d.settings.temperature = v; });
    });
    connect(m_seeds, &QLineEdit::textEdited, this, &SettingsPanel::onSeedsEdited);
    connect(m_system, &QPlainTextEdit::textChanged, this, [this] {
        const QString text = m_system->toPlainText();
        edit(tr("Edit the system prompt"), [text](ProbeDocument& d) { d.settings.system = text; });
    });
    connect(m_placement, &QComboBox::currentIndexChanged, this, [this] {
        const auto placement =
            ProbePrompt::placementFromName(m_placement->currentData().toString());
        edit(tr("Change the system prompt placement"), [placement](ProbeDocument& d) {
            if (placement) {
                d.settings.placement = *placement;
            }
        });
    });
    connect(m_maxTokens, &QSpinBox::valueChanged, this, [this](int v) {
        edit(tr("Change the token limit"), [v](ProbeDocument& d) {
            d.settings.maxTokens = v > 0 ? std::optional<int>(v) : std::nullopt;
        });
    });
    connect(m_plantedGap, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        edit(tr("Change the planted gap"), [v](ProbeDocument& d) { d.settings.plantedGap = v; });
    });
    connect(m_noise, &QCheckBox::toggled, this, [this](bool on) {
        edit(on ? tr("Turn the noise check on") : tr("Turn the noise check off"),
             [on](ProbeDocument& d) { d.noise.enabled = on; });
    });
    connect(m_noiseOffset, &QSpinBox::valueChanged, this, [this](int v) {
        edit(tr("Change the noise check's seed offset"),
             [v](ProbeDocument& d) { d.noise.seedOffset = v; });
    });
    connect(m_concurrency, &QSpinBox::valueChanged, this, [this](int v) {
        edit(tr("Change the concurrency"), [v](ProbeDocument& d) { d.settings.concurrency = v; });
    });
    connect(m_timeout, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        edit(tr("Change the timeout"), [v](ProbeDocument& d) { d.settings.timeoutSeconds = v; });
    });
    connect(m_stream, &QCheckBox::toggled, this, [this](bool on) {
        edit(tr("Change streaming"), [on](ProbeDocument& d) { d.settings.stream = on; });
    });
    connect(m_test, &QPushButton::clicked, this, &SettingsPanel::testConnection);
    connect(m_fetch, &QPushButton::clicked, this, &SettingsPanel::fetchModels);
}

void SettingsPanel::edit(const QString& what, const std::function<void(ProbeDocument&)>& change)
{
    if (m_refreshing) {
        return;
    }
    m_project->edit(what, change);
}

void SettingsPanel::onSeedsEdited(const QString& text)
{
    const SeedList::Parsed parsed = SeedList::parse(text);
    if (!parsed.ok() || parsed.seeds.isEmpty()) {
        m_seedErrors->setText(
            QStringLiteral("\u26A0 ") +
            (parsed.ok() ? tr("Give at least one seed.") : parsed.errors.join(QLatin1Char('\n'))));
        m_seedErrors->show();
        return;
    }
    m_seedErrors->hide();
    edit(tr("Change the seeds"), [&parsed, text](ProbeDocument& d) {
        d.settings.seeds = parsed.seeds;
        d.settings.seedsText = text.trimmed();
    });
    refresh();
}

QString SettingsPanel::seedSummary() const
{
    return m_seedInfo->text();
}

void SettingsPanel::refresh()
{
    const ProbeDocument& doc = m_project->document();
    const ProbeSettings& s = doc.settings;
    m_refreshing = true;
    if (const int i = m_backend->findData(s.backend); i >= 0 && i != m_backend->currentIndex()) {
        m_backend->setCurrentIndex(i);
    }
    if (m_model->currentText() != s.model) {
        m_model->setEditText(s.model);
    }
    const QString endpoints = s.endpoints.join(QLatin1Char('\n'));
    if (m_endpoints->toPlainText()
            .split(QLatin1Char('\n'), Qt::SkipEmptyParts)
            .join(QLatin1Char('\n'))
            .trimmed() != endpoints) {
        m_endpoints->setPlainText(endpoints);
    }
    if (m_apiKeyEnv->text().trimmed() != s.apiKeyEnv) {
        m_apiKeyEnv->setText(s.apiKeyEnv);
    }
    if (!qFuzzyCompare(m_temperature->value() + 1.0, s.temperature + 1.0)) {
        m_temperature->setValue(s.temperature);
    }
    const SeedList::Parsed typed = SeedList::parse(m_seeds->text());
    if (!typed.ok() || typed.seeds != s.seeds) {
        m_seeds->setText(s.seedsText.isEmpty() ? SeedList::format(s.seeds) : s.seedsText);
        m_seedErrors->hide();
    }
    if (m_system->toPlainText() != s.system) {
        m_system->setPlainText(s.system);
    }
    if (const int i = m_placement->findData(ProbePrompt::placementName(s.placement)); i >= 0) {
        m_placement->setCurrentIndex(i);
    }
    m_maxTokens->setValue(s.maxTokens.value_or(0));
    m_plantedGap->setValue(s.plantedGap);
    m_noise->setChecked(doc.noise.enabled);
    m_noiseOffset->setValue(int(doc.noise.seedOffset));
    m_concurrency->setValue(s.concurrency);
    m_timeout->setValue(s.timeoutSeconds);
    m_stream->setChecked(s.stream);
    m_refreshing = false;

    const int seeds = int(s.seeds.size());
    const int items = int(doc.items.size());
    const int values = int(doc.attribute.values.size());
    QString info = seeds == 1 ? tr("1 seed: 1 run per value for each item.")
                              : tr("%1 seeds: %1 runs per value for each item.").arg(seeds);
    info += QLatin1Char(' ') + tr("%1 items \u00D7 %2 values \u00D7 %3 = %4 calls")
                                   .arg(items)
                                   .arg(values)
                                   .arg(seeds)
                                   .arg(items * values * seeds);
    if (doc.noise.enabled) {
        info += tr(", plus %1 for the noise check").arg(items * seeds);
    }
    m_seedInfo->setText(info + QLatin1Char('.'));
    updateEnabled();
}

void SettingsPanel::setLocked(bool locked)
{
    m_locked = locked;
    updateEnabled();
}

void SettingsPanel::updateEnabled()
{
    const bool running = m_project->isRunning();
    for (QWidget* w : std::as_const(m_fixedFields)) {
        w->setEnabled(!m_locked && !running);
    }
    for (QWidget* w : std::as_const(m_speedFields)) {
        w->setEnabled(!running);
    }
    const bool standIn = m_project->document().settings.backend == QLatin1String("stand-in");
    m_plantedGap->setEnabled(standIn && !m_locked && !running);
    m_endpoints->setEnabled(!standIn && !running);
    m_apiKeyEnv->setEnabled(m_project->document().settings.backend == QLatin1String("openai") &&
                            !running);
}

void SettingsPanel::testConnection()
{
    m_test->setEnabled(false);
    m_testStatus->setText(tr("Testing\u2026"));
    m_queries->testConnection(m_project->document().settings);
}

void SettingsPanel::fetchModels()
{
    m_fetch->setEnabled(false);
    m_fetchStatus->setText(tr("Asking the server\u2026"));
    m_queries->fetchModels(m_project->document().settings);
}

} // namespace pb
