#include "grading/GraderBiasPanel.h"

#include "grading/GraderBiasModel.h"
#include "grading/GradingFileProject.h"
#include "judge/JudgeProbeRun.h"
#include "judge/JudgeResultsFolder.h"
#include "run/BackgroundRun.h"
#include "run/FileRunControls.h"
#include "run/RunProgressBar.h"
#include "run/WorkerThread.h"
#include "widgets/NoticeBanner.h"

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>

namespace pb {

using Bias = GraderBiasProbe::Bias;

namespace {

constexpr std::array<Bias, 3> kBiases{Bias::Padding, Bias::Byline, Bias::Position};

QString biasTip(Bias bias)
{
    switch (bias) {
    case Bias::Padding:
        return GraderBiasPanel::tr("Every submission as written and with two content-free "
                                   "sentences appended: the same content deserves the same "
                                   "levels.");
    case Bias::Byline:
        return GraderBiasPanel::tr("Every submission as written and under each of two bylines "
                                   "(Sarah Chen, Jamal Washington).");
    case Bias::Position:
        return GraderBiasPanel::tr("Consecutive submissions paired in an A/B comparison, shown in "
                                   "both orders; a grader that scores one answer at a time "
                                   "cannot be measured this way.");
    }
    return QString();
}

} // namespace

GraderBiasPanel::GraderBiasPanel(GradingFileProject* project, BackgroundRun* run, QWidget* parent)
    : QWidget(parent), m_project(project),
      m_worker(std::make_unique<WorkerThread>(QStringLiteral("grader-bias"))),
      m_controls(new FileRunControls(
          project, run,
          {tr("Measure the chosen bias (Ctrl+B): the submissions as matched pairs, judged by the "
              "grader as it graded and again with the countermeasure. Pairs already judged in "
              "the bias folder's store are not sent again."),
           tr("Go on measuring after a pause."), tr("Grader bias progress"),
           tr("%1 of %2 judge calls"), tr("grading"), QString(),
           tr("Some calls got no reply; their pairs are left out of the delta. Start again to "
              "retry them."),
           tr("Cancelled. The recorded verdicts are kept; Start resumes from there.")},
          this)),
      m_model(new GraderBiasModel(this)), m_bias(new QComboBox(this)),
      m_countermeasure(new QPlainTextEdit(this)), m_folder(new QLabel(this)),
      m_measured(new QLabel(this)), m_used(new QLabel(this)), m_table(new QTableView(this)),
      m_text(new QTextBrowser(this))
{
    setAccessibleName(tr("Grader bias"));
    setWhatsThis(tr("Measures a bias of the grader with the grading's own submissions as "
                    "matched pairs, as probebench grade FILE --bias KIND does: the delta the "
                    "bias makes as graded, the countermeasure added to the grader's "
                    "instructions, and the residual delta after it."));
    // Ctrl+R, F6, F7 and Ctrl+. are the Run tab's, always live on the Run menu: this Start and
    // Cancel have keys of their own, and Pause and Resume are reached with Tab.
    m_controls->startAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    m_controls->cancelAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    m_controls->cancelAction()->setToolTip(
        tr("Stop after the calls in flight (Ctrl+Shift+B). What was recorded is kept; Start "
           "resumes from there."));
    m_controls->pauseAction()->setShortcut(QKeySequence());
    m_controls->pauseAction()->setToolTip(tr("Stop sending calls; calls in flight finish."));
    m_controls->resumeAction()->setShortcut(QKeySequence());
    m_controls->storeLabel()->hide(); // the project's store; this one is the bias folder's
    // The probe's two judges run one after the other (GraderBiasProbe's order): say which.
    const auto judgeName = [](int unit) {
        return QLatin1String(unit == 0 ? GraderBiasProbe::kAsGraded : GraderBiasProbe::kCountered);
    };
    m_controls->setStatusTexts(
        [judgeName](int unit, qint64 runId, bool resumed) {
            return tr("Judge %1 of 2, \u201c%2\u201d: %3 run %4.")
                .arg(unit + 1)
                .arg(judgeName(unit), resumed ? tr("resuming") : tr("starting"))
                .arg(runId);
        },
        [judgeName](int unit, const RunProgress& progress) {
            QString text = tr("Judge %1 of 2, \u201c%2\u201d: %3 of %4 judge calls")
                               .arg(unit + 1)
                               .arg(judgeName(unit))
                               .arg(progress.done())
                               .arg(progress.total);
            if (progress.resumed > 0)
                text += tr(" (%1 from an earlier session)").arg(progress.resumed);
            return text;
        });

    for (const Bias b : kBiases) {
        m_bias->addItem(GraderBiasProbe::biasName(b));
        m_bias->setItemData(m_bias->count() - 1, biasTip(b), Qt::ToolTipRole);
        m_texts.at(size_t(b)) = GraderBiasProbe::defaultCountermeasure(b);
    }
    m_bias->setAccessibleName(tr("Bias to measure"));
    m_bias->setToolTip(tr("Which bias of the grader to measure: padding, byline or position."));
    m_bias->setWhatsThis(biasTip(Bias::Padding) + QLatin1Char('\n') + biasTip(Bias::Byline) +
                         QLatin1Char('\n') + biasTip(Bias::Position));
    m_countermeasure->setAccessibleName(tr("Countermeasure"));
    m_countermeasure->setToolTip(tr("The instruction appended to the grader's instructions for "
                                    "the second judge, \"with countermeasure\"; Tab leaves the "
                                    "field."));
    m_countermeasure->setWhatsThis(m_countermeasure->toolTip());
    m_countermeasure->setTabChangesFocus(true);
    m_countermeasure->setFixedHeight(m_countermeasure->fontMetrics().lineSpacing() * 4);
    m_countermeasure->setPlainText(m_texts.at(0));
    auto* reset = new QPushButton(tr("Use the &default"), this);
    reset->setToolTip(tr("Put back the countermeasure the workbench suggests for this bias."));
    reset->setAccessibleName(tr("Use the default countermeasure"));

    m_folder->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_folder->setAccessibleName(tr("Bias folder"));
    m_folder->setToolTip(tr("Where the probe file, its store, bias.md and bias.json go: the folder "
                            "probebench grade FILE --bias KIND uses, so either one resumes what "
                            "the other started."));
    m_folder->setWordWrap(true);
    m_measured->setAccessibleName(tr("Pairs measured"));
    m_measured->setWordWrap(true);
    m_measured->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_used->setAccessibleName(tr("Countermeasure measured"));
    m_used->setWordWrap(true);
    m_used->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Bias per criterion"));
    m_table->setToolTip(tr("The delta per criterion (levels) and on the weighted total (points), "
                           "as graded and with the countermeasure, as bias.json has them."));
    m_table->setWhatsThis(m_table->toolTip());
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->verticalHeader()->hide();
    m_table->setTabKeyNavigation(false);
    m_text->setAccessibleName(tr("Bias report"));
    m_text->setToolTip(tr("bias.md as probebench grade --bias writes it, with the residual risk."));
    m_text->setReadOnly(true);
    m_text->setOpenLinks(false);

    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    auto* biasLabel = new QLabel(tr("&Measure:"), this);
    biasLabel->setBuddy(m_bias);
    form->addRow(biasLabel, m_bias);
    auto* cmLabel = new QLabel(tr("Coun&termeasure:"), this);
    cmLabel->setBuddy(m_countermeasure);
    auto* cmRow = new QHBoxLayout;
    cmRow->addWidget(m_countermeasure, 1);
    cmRow->addWidget(reset, 0, Qt::AlignTop);
    form->addRow(cmLabel, cmRow);
    layout->addLayout(form);
    layout->addWidget(m_controls);
    layout->addWidget(m_folder);
    layout->addWidget(m_measured);
    layout->addWidget(m_used);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_text, 2);

    connect(m_bias, &QComboBox::currentIndexChanged, this, [this] { showChosen(); });
    connect(m_countermeasure, &QPlainTextEdit::textChanged, this,
            [this] { m_texts.at(size_t(chosenBias())) = m_countermeasure->toPlainText(); });
    connect(reset, &QPushButton::clicked, this,
            [this] { setCountermeasure(GraderBiasProbe::defaultCountermeasure(chosenBias())); });
    connect(m_controls, &FileRunControls::startWanted, this, &GraderBiasPanel::startRun);
    connect(m_controls, &FileRunControls::finished, this, [this] { onFinished(); });
    connect(m_project, &GradingFileProject::runningChanged, this, &GraderBiasPanel::refreshEnabled);
    connect(m_project, &GradingFileProject::fileChanged, this, [this] {
        m_controls->setStatus(tr("Not started."));
        showChosen();
    });
    showChosen();
}

GraderBiasPanel::~GraderBiasPanel() = default;

NoticeBanner* GraderBiasPanel::banner() const
{
    return m_controls->banner();
}

QString GraderBiasPanel::reportText() const
{
    return m_text->toPlainText();
}

QString GraderBiasPanel::measuredText() const
{
    return m_measured->text();
}

QString GraderBiasPanel::countermeasure() const
{
    return m_countermeasure->toPlainText();
}

Bias GraderBiasPanel::chosenBias() const
{
    return kBiases.at(size_t(std::max(0, m_bias->currentIndex())));
}

void GraderBiasPanel::chooseBias(Bias bias)
{
    m_bias->setCurrentIndex(int(bias));
}

void GraderBiasPanel::setCountermeasure(const QString& text)
{
    m_countermeasure->setPlainText(text);
}

GraderBiasFolder GraderBiasPanel::place(Bias bias) const
{
    return GraderBiasFolder::of(m_project->filePath(), bias);
}

void GraderBiasPanel::setInputs(std::shared_ptr<const GradingStoredResults> inputs)
{
    m_inputs = std::move(inputs);
    showChosen();
}

std::optional<JudgeProbeDocument> GraderBiasPanel::probeOf(Bias bias, const QString& countermeasure,
                                                           QString* error) const
{
    const GradingProject& project = m_project->document();
    const std::optional<JudgeProbeDocument> doc =
        GraderBiasProbe::document(m_inputs->rubric, m_inputs->submissions, project.judge,
                                  project.evidence, bias, countermeasure, error);
    if (!doc) // the CLI's words for the same refusal
        *error = QFileInfo(m_project->filePath()).fileName() + QStringLiteral(": ") + *error;
    return doc;
}

GraderBiasPanel::Shown GraderBiasPanel::shownOf(const GraderBiasFolder::Stored& stored)
{
    Shown out;
    out.error = stored.error;
    if (stored.judged.storedCalls > 0)
        out.report = stored.report;
    for (const JudgeRunAnalysis& run : stored.judged.analysis.judges)
        out.reviewNeeded += run.reviewNeeded;
    return out;
}

void GraderBiasPanel::reload()
{
    const quint64 request = ++m_request;
    m_shown = {};
    showChosen();
    if (m_project->filePath().isEmpty())
        return;
    std::array<GraderBiasFolder, 3> places;
    for (const Bias b : kBiases)
        places.at(size_t(b)) = place(b);
    m_worker->post(
        [places] {
            std::array<Shown, 3> read;
            for (size_t i = 0; i < places.size(); ++i)
                read.at(i) = shownOf(places.at(i).read());
            return read;
        },
        [this, request](const std::array<Shown, 3>& read) {
            if (request != m_request || m_running)
                return; // a newer read is on its way, or a measurement will show its own
            m_shown = read;
            // A stored measurement brings its countermeasure, unless one was typed here.
            for (const Bias b : kBiases) {
                QString& text = m_texts.at(size_t(b));
                if (m_shown.at(size_t(b)).report &&
                    text == GraderBiasProbe::defaultCountermeasure(b))
                    text = m_shown.at(size_t(b)).report->countermeasure;
            }
            m_countermeasure->setPlainText(m_texts.at(size_t(chosenBias())));
            showChosen();
            Q_EMIT storedRead();
        });
}

void GraderBiasPanel::showChosen()
{
    const Bias bias = chosenBias();
    const Shown& shown = m_shown.at(size_t(bias));
    if (m_countermeasure->toPlainText() != m_texts.at(size_t(bias)))
        m_countermeasure->setPlainText(m_texts.at(size_t(bias)));
    m_folder->setText(m_project->filePath().isEmpty()
                          ? tr("Save the grading to choose where the measurement goes.")
                          : tr("Folder: %1").arg(QDir::toNativeSeparators(place(bias).folder)));
    m_model->setReport(shown.report);
    if (!shown.report) {
        QString refused;
        if (shown.error.isEmpty() && m_inputs && m_inputs->inputsRead())
            probeOf(bias, m_texts.at(size_t(bias)), &refused);
        m_measured->setText(!shown.error.isEmpty()
                                ? tr("The stored measurement cannot be read: %1").arg(shown.error)
                                : (refused.isEmpty() ? tr("Not measured yet.")
                                                     : tr("Cannot be measured: %1").arg(refused)));
        m_used->clear();
        m_text->clear();
        refreshEnabled();
        return;
    }
    const GraderBiasReport& r = *shown.report;
    if (!r.asGraded.measured())
        m_measured->setText(
            tr("Not measured: %1 of %2 pairs are unusable. The grader gave no scored verdict on "
               "them (%3 replies need review), so this bias has no number here; the replies are "
               "in report.md.")
                .arg(r.unusablePairs())
                .arg(r.pairsInProbe)
                .arg(shown.reviewNeeded));
    else if (r.unusablePairs() > 0)
        m_measured->setText(tr("%1 of %2 pairs measured; %3 unusable (a side without a scored "
                               "verdict).")
                                .arg(r.asGraded.pairs)
                                .arg(r.pairsInProbe)
                                .arg(r.unusablePairs()));
    else
        m_measured->setText(tr("All %1 pairs measured.").arg(r.pairsInProbe));
    m_used->setText(tr("Measured with the countermeasure: %1").arg(r.countermeasure));
    m_text->setMarkdown(r.markdown());
    refreshEnabled();
}

void GraderBiasPanel::refreshEnabled()
{
    const bool running = m_project->isRunning() || m_busy;
    m_controls->setReady(!m_busy && m_inputs && m_inputs->inputsRead() &&
                         !m_project->filePath().isEmpty());
    m_bias->setEnabled(!running);
    m_countermeasure->setReadOnly(running);
}

bool GraderBiasPanel::startRun()
{
    if (m_project->isRunning() || m_busy)
        return false;
    if (m_project->filePath().isEmpty()) {
        banner()->showMessage(NoticeBanner::Tone::Error,
                              tr("Save the grading first: the measurement goes beside it."));
        return false;
    }
    if (!m_inputs || !m_inputs->inputsRead()) {
        banner()->showMessage(
            NoticeBanner::Tone::Error,
            tr("The grading cannot be measured: %1")
                .arg(m_inputs ? m_inputs->inputError : tr("its files are still being read")));
        return false;
    }
    const Bias bias = chosenBias();
    const QString countermeasure = m_countermeasure->toPlainText().trimmed();
    if (countermeasure.isEmpty()) {
        banner()->showMessage(NoticeBanner::Tone::Error,
                              tr("Give the countermeasure: the instruction to add."));
        return false;
    }
    QString error;
    const std::optional<JudgeProbeDocument> doc = probeOf(bias, countermeasure, &error);
    if (!doc) {
        banner()->showMessage(NoticeBanner::Tone::Error, error);
        return false;
    }
    // The probe file is written and read back first, as the CLI does: the run is the file's.
    const GraderBiasFolder where = place(bias);
    m_busy = true;
    banner()->hide();
    m_controls->setStatus(tr("Writing the probe file\u2026"));
    refreshEnabled();
    m_worker->post(
        [where, probe = *doc] {
            QString error;
            std::optional<JudgeProbeDocument> back;
            if (where.writeProbe(probe, &error))
                back = where.readProbe(&error);
            return std::make_pair(back, error);
        },
        [this, where](const std::pair<std::optional<JudgeProbeDocument>, QString>& done) {
            m_busy = false;
            if (!done.first) {
                refreshEnabled();
                m_controls->setStatus(tr("Not started."));
                banner()->showMessage(NoticeBanner::Tone::Error, done.second);
                return;
            }
            runPrepared(where, *done.first);
        });
    return true;
}

void GraderBiasPanel::runPrepared(const GraderBiasFolder& where, const JudgeProbeDocument& doc)
{
    m_running = where;
    if (!m_controls->start(JudgeProbeRun::units(doc), std::make_unique<JudgeAnalyzer>(doc),
                           where.storePath)) {
        m_running.reset();
        if (!banner()->isVisible())
            banner()->showMessage(NoticeBanner::Tone::Error,
                                  tr("Another run of this grading is going."));
        m_controls->setStatus(tr("Not started."));
    }
    refreshEnabled();
}

void GraderBiasPanel::cancelRun()
{
    m_controls->cancel();
}

void GraderBiasPanel::onFinished()
{
    if (!m_running)
        return;
    const GraderBiasFolder where = *m_running;
    m_running.reset();
    m_busy = true;
    refreshEnabled();
    // What the store holds now, read and written as the CLI does after its judge run.
    m_worker->post(
        [where] {
            const GraderBiasFolder::Stored stored = where.read();
            QString error = stored.error;
            if (stored.report && stored.judged.storedCalls > 0) {
                if (!where.writeReport(*stored.report, &error) ||
                    !JudgeResultsFolder::writeStored(where.folder, *stored.doc, stored.judged,
                                                     QFileInfo(where.probePath).fileName(), &error))
                    return std::make_pair(shownOf(stored), error);
            } else if (error.isEmpty()) {
                error = GraderBiasPanel::tr("the store holds no call of the measurement");
            }
            return std::make_pair(shownOf(stored), error);
        },
        [this, bias = where.bias, folder = where.folder](const std::pair<Shown, QString>& done) {
            m_busy = false;
            m_shown.at(size_t(bias)) = done.first;
            showChosen();
            const bool ok = done.first.report && done.second.isEmpty();
            const QString message =
                ok ? tr("bias.md and bias.json written in %1").arg(QDir::toNativeSeparators(folder))
                   : tr("bias.md was not written: %1").arg(done.second);
            if (!ok)
                banner()->showMessage(NoticeBanner::Tone::Error, message);
            Q_EMIT measured(ok, message);
        });
}

} // namespace pb
