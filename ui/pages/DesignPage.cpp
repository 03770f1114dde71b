#include "pages/DesignPage.h"

#include "design/MetricPanel.h"
#include "design/PairEditor.h"
#include "design/SettingsPanel.h"
#include "project/ProbeProject.h"
#include "widgets/NoticeBanner.h"

#include <QAction>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QSet>
#include <QSettings>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace pb {

namespace {

const QString kLockText =
    QStringLiteral("These settings have results (pre-registered). Changing them starts a "
                   "new run, kept beside the old one.");

QStringList splitValues(const QString& text)
{
    QStringList out;
    for (const QString& part : text.split(QLatin1Char(','))) {
        out << part.trimmed();
    }
    return out;
}

QScrollArea* scrolled(QWidget* inner, const QString& name, QWidget* parent)
{
    auto* area = new QScrollArea(parent);
    area->setAccessibleName(name); // Tab stops on it: a screen reader says what it holds
    area->setWidget(inner);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // the form wraps to the width
    return area;
}

} // namespace

DesignPage::DesignPage(ProbeProject* project, QWidget* parent) : QWidget(parent), m_project(project)
{
    setAccessibleName(tr("Design page"));
    auto* layout = new QVBoxLayout(this);

    m_unlock = new QAction(tr("&Unlock for a new run"), this);
    m_unlock->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_U));
    m_unlock->setToolTip(
        tr("Pre-registration: the settings and metric were fixed before these results existed. "
           "Unlocking lets you change them for a new run; the old run and its results stay "
           "as they are."));
    connect(m_unlock, &QAction::triggered, this, &DesignPage::unlockForNewRun);
    m_relock = new QAction(tr("&Lock again"), this);
    connect(m_relock, &QAction::triggered, this, [this] {
        m_unlocked = false;
        updateLock();
    });
    addAction(m_unlock);

    m_lockBanner = new NoticeBanner(this);
    m_lockBanner->setAccessibleName(tr("Pre-registration notice"));
    m_lockBanner->setToolTip(
        tr("Pre-registration: the settings and metric are fixed before results exist, so "
           "they cannot be tuned to the results. A changed setting is a new run."));
    layout->addWidget(m_lockBanner);

    auto* header = new QWidget(this);
    buildHeader(header);
    layout->addWidget(header);

    m_mainSplit = new QSplitter(Qt::Horizontal, this);
    m_mainSplit->setChildrenCollapsible(false);
    m_pairs = new PairEditor(project, m_mainSplit);
    m_mainSplit->addWidget(m_pairs);

    m_sideTabs = new QTabWidget(m_mainSplit);
    m_sideTabs->setAccessibleName(tr("Settings and metric"));
    m_settings = new SettingsPanel(project, m_sideTabs);
    m_metric = new MetricPanel(project, m_sideTabs);
    m_sideTabs->addTab(scrolled(m_settings, tr("Settings"), m_sideTabs), tr("Settings"));
    m_sideTabs->addTab(scrolled(m_metric, tr("Metric"), m_sideTabs), tr("Metric"));
    m_sideTabs->setTabToolTip(
        0, tr("Held-fixed settings: everything kept the same across the variants."));
    m_sideTabs->setTabToolTip(
        1, tr("The one number computed from each reply, chosen before running."));
    m_mainSplit->addWidget(m_sideTabs);
    m_mainSplit->setStretchFactor(0, 3);
    m_mainSplit->setStretchFactor(1, 2);
    layout->addWidget(m_mainSplit, 1);

    m_lockTimer = new QTimer(this);
    m_lockTimer->setSingleShot(true);
    m_lockTimer->setInterval(150); // isLocked() asks the store; once per burst of edits is enough
    connect(m_lockTimer, &QTimer::timeout, this, &DesignPage::updateLock);

    connect(project, &ProbeProject::documentChanged, this, [this] {
        refreshHeader();
        m_lockTimer->start();
    });
    connect(project, &ProbeProject::runsChanged, this, &DesignPage::updateLock);
    connect(project, &ProbeProject::fileChanged, this, [this] {
        m_unlocked = false;
        updateLock();
    });
    connect(project, &ProbeProject::runningChanged, this, [this](bool running) {
        if (running) {
            m_unlocked = false; // the new run's results will lock its own configuration
        }
        updateLock();
    });

    // The side panel never gets narrower than its form, so no field is cut off.
    m_sideTabs->setMinimumWidth(m_settings->minimumSizeHint().width() +
                                style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 24);
    QSettings settings;
    if (!m_mainSplit->restoreState(
            settings.value(QStringLiteral("design/mainSplit")).toByteArray())) {
        m_mainSplit->setSizes({600, 440});
    }
    refreshHeader();
    updateLock();
}

DesignPage::~DesignPage()
{
    QSettings settings;
    settings.setValue(QStringLiteral("design/mainSplit"), m_mainSplit->saveState());
}

void DesignPage::buildHeader(QWidget* host)
{
    auto* form = new QFormLayout(host);
    form->setContentsMargins(0, 0, 0, 0);
    m_title = new QLineEdit(host);
    m_title->setAccessibleName(tr("Probe title"));
    m_title->setToolTip(
        tr("A short name for the probe, shown in the window title and the report."));
    form->addRow(tr("T&itle:"), m_title);

    m_attribute = new QLineEdit(host);
    m_attribute->setAccessibleName(tr("Attribute"));
    m_attribute->setToolTip(
        tr("The one thing the probe varies between the variants of every item, e.g. "
           "writing style. Everything else is held fixed."));
    m_values = new QLineEdit(host);
    m_values->setAccessibleName(tr("Attribute values"));
    m_values->setToolTip(
        tr("The attribute's values, separated by commas. The first is A and the second B: "
           "every gap reported is A minus B. Renaming a value renames its column."));
    auto* attributeRow = new QHBoxLayout;
    attributeRow->addWidget(m_attribute, 1);
    auto* valuesLabel = new QLabel(tr("&Values:"), host);
    valuesLabel->setBuddy(m_values);
    attributeRow->addWidget(valuesLabel);
    attributeRow->addWidget(m_values, 1);
    auto* attributeLabel = new QLabel(tr("&Attribute:"), host);
    attributeLabel->setBuddy(m_attribute);
    form->addRow(attributeLabel, attributeRow);
    m_valuesError = new QLabel(host);
    m_valuesError->setWordWrap(true);
    m_valuesError->hide();
    form->addRow(QString(), m_valuesError);

    m_description = new QPlainTextEdit(host);
    m_description->setAccessibleName(tr("Probe description"));
    m_description->setToolTip(
        tr("The question the probe asks and why it matters, for the report."));
    m_description->setTabChangesFocus(true);
    m_description->setFixedHeight(m_description->fontMetrics().lineSpacing() * 2 + 12);
    form->addRow(tr("&Question:"), m_description);

    connect(m_title, &QLineEdit::textEdited, this, [this](const QString& t) {
        edit(tr("Edit the title"), [t](ProbeDocument& d) { d.title = t; });
    });
    connect(m_attribute, &QLineEdit::textEdited, this, [this](const QString& t) {
        edit(tr("Rename the attribute"), [t](ProbeDocument& d) { d.attribute.name = t.trimmed(); });
    });
    connect(m_values, &QLineEdit::editingFinished, this, &DesignPage::applyValues);
    connect(m_description, &QPlainTextEdit::textChanged, this, [this] {
        const QString t = m_description->toPlainText();
        edit(tr("Edit the question"), [t](ProbeDocument& d) { d.description = t; });
    });
}

QList<QAction*> DesignPage::pairActions() const
{
    return m_pairs->editActions();
}

PairTableModel* DesignPage::pairModel() const
{
    return m_pairs->model();
}

QTableView* DesignPage::pairTable() const
{
    return m_pairs->table();
}

bool DesignPage::isLocked() const
{
    return m_project->isLocked() && !m_unlocked;
}

void DesignPage::edit(const QString& what, const std::function<void(ProbeDocument&)>& change)
{
    if (m_refreshing) {
        return;
    }
    m_project->edit(what, change);
}

void DesignPage::refreshHeader()
{
    const ProbeDocument& doc = m_project->document();
    m_refreshing = true;
    if (m_title->text() != doc.title) {
        m_title->setText(doc.title);
    }
    if (m_attribute->text().trimmed() != doc.attribute.name) {
        m_attribute->setText(doc.attribute.name);
    }
    if (!m_values->hasFocus() || splitValues(m_values->text()) == doc.attribute.values) {
        m_values->setText(doc.attribute.values.join(QStringLiteral(", ")));
    }
    if (m_description->toPlainText() != doc.description) {
        m_description->setPlainText(doc.description);
    }
    m_refreshing = false;
}

void DesignPage::applyValues()
{
    const QStringList values = splitValues(m_values->text());
    const ProbeDocument& doc = m_project->document();
    if (values == doc.attribute.values) {
        m_valuesError->hide();
        return;
    }
    QString problem;
    if (values.size() < 2) {
        problem = tr("A probe needs at least two values, A and B, separated by a comma.");
    } else if (values.contains(QString())) {
        problem = tr("A value cannot be empty.");
    } else if (QSet<QString>(values.cbegin(), values.cend()).size() != values.size()) {
        problem = tr("The values must differ from each other.");
    }
    if (!problem.isEmpty()) {
        m_valuesError->setText(QStringLiteral("\u26A0 ") + problem);
        m_valuesError->show();
        return;
    }
    m_valuesError->hide();
    edit(tr("Change the values"), [&values](ProbeDocument& d) {
        // Values are matched by position: renaming the second value renames its column.
        const QStringList old = d.attribute.values;
        for (ProbeItem& item : d.items) {
            QMap<QString, QString> variants;
            for (qsizetype i = 0; i < values.size(); ++i) {
                variants.insert(values.at(i),
                                i < old.size() ? item.variants.value(old.at(i)) : QString());
            }
            item.variants = variants;
        }
        d.attribute.values = values;
    });
}

void DesignPage::updateLock()
{
    const bool running = m_project->isRunning();
    const bool hasResults = m_project->isLocked();
    const bool locked = hasResults && !m_unlocked;
    m_settings->setLocked(locked);
    m_metric->setLocked(locked);
    m_pairs->setEditable(!locked && !running, locked);
    m_attribute->setEnabled(!locked && !running);
    m_values->setEnabled(!locked && !running);
    m_title->setReadOnly(running);
    m_description->setReadOnly(running);
    m_unlock->setEnabled(locked && !running);

    if (running) {
        m_lockBanner->showMessage(
            NoticeBanner::Tone::Info,
            tr("A run is going: the design is read-only until it ends or is cancelled."));
    } else if (locked) {
        m_lockBanner->showMessage(NoticeBanner::Tone::Warning, kLockText, {m_unlock});
    } else if (hasResults) {
        const auto run = m_project->runForDocument();
        m_lockBanner->showMessage(NoticeBanner::Tone::Info,
                                  tr("Unlocked for a new run: change the settings or the metric "
                                     "and the next Start records a new "
                                     "run; run %1 keeps its results.")
                                      .arg(run ? QString::number(*run) : QString()),
                                  {m_relock});
    } else {
        m_lockBanner->hide();
    }
}

void DesignPage::unlockForNewRun()
{
    m_unlocked = true;
    updateLock();
}

} // namespace pb
