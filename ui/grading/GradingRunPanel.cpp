#include "grading/GradingRunPanel.h"

#include "grading/GradingFileProject.h"
#include "judge/JudgeProbeRun.h"
#include "run/BackgroundRun.h"
#include "run/FileRunControls.h"
#include "run/PriceFields.h"
#include "run/RunCostView.h"
#include "run/RunProgressBar.h"
#include "run/WorkerThread.h"
#include "widgets/ActionButton.h"
#include "widgets/NoticeBanner.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

namespace pb {

GradingRunPanel::GradingRunPanel(GradingFileProject* project, BackgroundRun* run, QWidget* parent)
    : QWidget(parent), m_project(project), m_run(run),
      m_worker(std::make_unique<WorkerThread>(QStringLiteral("grading-export"))),
      m_controls(new FileRunControls(
          project, run,
          {tr("Grade every submission with text (Ctrl+R). Submissions already graded in the "
              "results store are kept and not sent again."),
           tr("Go on grading after a pause (F7)."), tr("Grading progress"),
           tr("%1 of %2 submissions graded"), tr("grading"),
           tr("The run store `probebench grade` uses for this project, so either one resumes "
              "the run the other started."),
           tr("Some submissions got no reply; they are flagged FAILED, never given a level. "
              "Start again to retry them."),
           tr("Cancelled. The recorded grades are kept; Start resumes from there.")},
          this)),
      m_export(new QAction(tr("&Export results folder\u2026"), this))
{
    setAccessibleName(tr("Grade the submissions"));
    m_export->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_export->setToolTip(tr("Write grades.csv, grading.md, review-needed.txt and summary.json "
                            "as probebench grade writes them (Ctrl+E)."));
    connect(m_controls, &FileRunControls::startWanted, this, &GradingRunPanel::startRun);
    connect(m_controls, &FileRunControls::finished, this,
            [this](RunOutcome outcome, const QString& message) {
                onFinished(outcome);
                Q_EMIT runFinished(outcome, message);
            });
    connect(m_export, &QAction::triggered, this, &GradingRunPanel::chooseAndExport);

    auto* layout = new QVBoxLayout(this);
    auto* versionRow = new QHBoxLayout;
    m_version = new QComboBox(this);
    m_version->setAccessibleName(tr("Rubric version"));
    m_version->setToolTip(tr("The first rubric grades every submission; a revision of it (see "
                             "the project's revisions) grades the calibration files again, for "
                             "agreement before and after."));
    auto* versionLabel = new QLabel(tr("&Grade with:"), this);
    versionLabel->setBuddy(m_version);
    versionRow->addWidget(versionLabel);
    versionRow->addWidget(m_version, 1);
    versionRow->addWidget(ActionButton::forAction(m_export, this));
    layout->addLayout(versionRow);
    connect(m_version, &QComboBox::activated, this, [this](int index) {
        m_wanted = index;
        m_finishedHere = false; // the status line is the other version's
        showChosen();
    });
    m_prices = new PriceFields(tr("Grader's prices"), this);
    m_prices->setToolTip(tr("A hosted grader's prices, for the grading's cost; saved in the "
                            "project's judge settings, where probebench grade reads them."));
    bindPrices(m_prices, m_project,
               [](GradingProject& doc) -> std::optional<TokenPrices>& { return doc.judge.prices; });
    layout->addWidget(m_prices);
    layout->addWidget(m_controls);
    layout->addWidget(m_controls->storeLabel());
    m_cost = new RunCostView(this);
    layout->addWidget(m_cost);
    layout->addStretch(1);
    connect(m_project, &GradingFileProject::documentChanged, this, &GradingRunPanel::showCost);

    connect(m_project, &GradingFileProject::fileChanged, this, [this] {
        m_finishedHere = false;
        m_wanted = 0; // another file: its first rubric
        m_controls->setStatus(tr("Not started."));
    });
    connect(m_project, &GradingFileProject::runningChanged, this, &GradingRunPanel::refreshEnabled);
    refreshEnabled();
}

QList<QAction*> GradingRunPanel::actions() const
{
    return m_controls->actions();
}

NoticeBanner* GradingRunPanel::banner() const
{
    return m_controls->banner();
}

GradingRunPanel::~GradingRunPanel() = default;

QString GradingRunPanel::statusText() const
{
    return m_controls->statusText();
}

void GradingRunPanel::setVersions(const GradingVersions& versions)
{
    m_versions = versions;
    QSignalBlocker quiet(m_version);
    m_version->clear();
    if (m_versions.first)
        m_version->addItem(tr("The first rubric: every submission"));
    for (int n = 1; n <= m_versions.revisions.size(); ++n) {
        const auto& r = m_versions.revisions.at(n - 1);
        const QString why = m_project->document().revisions.value(n - 1).why;
        m_version->addItem(r && r->inputsRead()
                               ? tr("Revision %1: the calibration files (%2)").arg(n).arg(why)
                               : tr("Revision %1: cannot be read").arg(n));
    }
    // The version asked for stays chosen across rereads (a run's end, an edit), while it exists.
    m_version->setCurrentIndex(std::min(m_wanted, m_version->count() - 1));
    m_version->setEnabled(m_version->count() > 1 && !m_project->isRunning());
    showChosen();
}

void GradingRunPanel::clearVersions()
{
    setVersions(GradingVersions());
}

bool GradingRunPanel::chooseVersion(int version)
{
    if (version < 0 || version >= m_version->count())
        return false;
    if (version != chosenVersion())
        m_finishedHere = false;
    m_wanted = version;
    m_version->setCurrentIndex(version);
    showChosen();
    return true;
}

int GradingRunPanel::chosenVersion() const
{
    return std::max(0, m_version->currentIndex());
}

void GradingRunPanel::showChosen()
{
    m_inputs = m_versions.version(chosenVersion());
    if (!m_project->isRunning() && m_inputs && m_inputs->inputsRead()) {
        // What the store holds: a finished run's bar, or the plan when nothing ran yet.
        const int planned = int(m_inputs->doc.items.size());
        const GradingOutcome& o = m_inputs->outcome;
        if (m_inputs->storedCalls > 0) {
            m_controls->progressBar()->showProgress(planned, o.judged - int(o.failed.size()),
                                                    int(o.failed.size()));
            if (!m_finishedHere)
                m_controls->setStatus(
                    tr("%1 of %2 submissions graded in the store.").arg(o.judged).arg(planned));
        } else {
            m_controls->progressBar()->showPlanned(planned);
            if (!m_finishedHere)
                m_controls->setStatus(tr("Not started."));
        }
    }
    showCost();
    refreshEnabled();
}

void GradingRunPanel::showCost()
{
    // The store's counts at the prices the project gives now, the rule `probebench grade`
    // follows (RunCost::atPrices).
    if (m_inputs && m_inputs->inputsRead() && m_inputs->storedCalls > 0)
        m_cost->setCost(m_inputs->outcome.cost.atPrices(m_project->document().judge.prices));
    else
        m_cost->clear();
}

void GradingRunPanel::refreshEnabled()
{
    const bool running = m_project->isRunning();
    m_controls->setReady(m_inputs && m_inputs->inputsRead() && !m_inputs->doc.items.isEmpty());
    m_version->setEnabled(!running && m_version->count() > 1);
    m_export->setEnabled(!running && !m_exporting && m_inputs && m_inputs->inputsRead());
}

bool GradingRunPanel::startRun()
{
    if (m_project->isRunning() || m_run->isRunning())
        return false;
    if (!m_inputs || !m_inputs->inputsRead()) {
        banner()->showMessage(
            NoticeBanner::Tone::Error,
            tr("The grading cannot run: %1")
                .arg(m_inputs ? m_inputs->inputError : tr("its files are still being read")));
        return false;
    }
    if (m_inputs->doc.items.isEmpty()) {
        banner()->showMessage(NoticeBanner::Tone::Info,
                              tr("Every submission is empty: there is nothing to send."));
        return false;
    }
    return m_controls->start({GradingRun::unit(m_inputs->doc)},
                             std::make_unique<JudgeAnalyzer>(m_inputs->doc));
}

void GradingRunPanel::pauseRun()
{
    m_controls->pause();
}

void GradingRunPanel::resumeRun()
{
    m_controls->resume();
}

void GradingRunPanel::cancelRun()
{
    m_controls->cancel();
}

void GradingRunPanel::onFinished(RunOutcome)
{
    m_finishedHere = true;
    refreshEnabled();
}

void GradingRunPanel::chooseAndExport()
{
    const int version = chosenVersion();
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Export the results folder to"),
        version == 0 ? m_project->resultsFolder()
                     : QDir(m_project->resultsFolder())
                           .filePath(GradingProject::revisionFolderName(version)));
    if (!folder.isEmpty())
        exportTo(folder);
}

void GradingRunPanel::exportTo(const QString& folder)
{
    if (m_exporting)
        return;
    m_exporting = true;
    refreshEnabled();
    banner()->showMessage(NoticeBanner::Tone::Info,
                          tr("Writing %1\u2026").arg(QDir::toNativeSeparators(folder)));
    m_worker->post(
        [project = m_project->document(), path = m_project->filePath(),
         store = m_project->storePath(), folder, version = chosenVersion()] {
            QString error;
            const bool ok =
                GradingStoredResults::exportFolder(project, path, store, folder, &error, version);
            return std::make_pair(ok, error);
        },
        [this, folder](const std::pair<bool, QString>& done) {
            m_exporting = false;
            refreshEnabled();
            const QString message =
                done.first ? tr("Wrote grades.csv, grading.md, review-needed.txt and "
                                "summary.json in %1")
                                 .arg(QDir::toNativeSeparators(folder))
                           : tr("The results folder was not written: %1").arg(done.second);
            banner()->showMessage(done.first ? NoticeBanner::Tone::Info : NoticeBanner::Tone::Error,
                                  message);
            Q_EMIT exported(done.first, message);
        });
}

} // namespace pb
