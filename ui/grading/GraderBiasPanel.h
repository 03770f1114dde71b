#pragma once

#include "grading/GraderBiasFolder.h"
#include "grading/GradingProject.h"
#include "grading/GradingStoredResults.h"
#include "run/RunProgress.h"

#include <QWidget>
#include <array>
#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QTableView;
class QTextBrowser;

namespace pb {

class BackgroundRun;
class FileRunControls;
class GradingFileProject;
class GraderBiasModel;
class NoticeBanner;
class WorkerThread;

// The Grader bias probe tab of a grading: which bias to measure (padding, byline, position), the
// countermeasure added to the grader's instructions (prefilled with
// GraderBiasProbe::defaultCountermeasure), Start and Cancel with progress, and the result, the
// delta as graded and the residual with the countermeasure per criterion and on the weighted
// total (GraderBiasModel) beside bias.md. It is `probebench grade FILE.grading.json --bias KIND
// [--countermeasure TEXT]`: the same probe file, store and folder (GraderBiasFolder) through the
// one BackgroundRun, so bias.md and bias.json are the same bytes whichever wrote them last.
// Files are written and read on a worker thread; what the folders hold is read again when a
// file is opened, so a stored measurement shows when the window reopens.
class GraderBiasPanel : public QWidget
{
    Q_OBJECT
public:
    GraderBiasPanel(GradingFileProject* project, BackgroundRun* run, QWidget* parent = nullptr);
    ~GraderBiasPanel() override;

    FileRunControls* runControls() const { return m_controls; }
    NoticeBanner* banner() const;
    GraderBiasModel* model() const { return m_model; }
    QString reportText() const;   // bias.md as shown, or what stands in for it
    QString measuredText() const; // the line on which pairs were used
    QString countermeasure() const;
    GraderBiasProbe::Bias chosenBias() const;
    void chooseBias(GraderBiasProbe::Bias bias);
    void setCountermeasure(const QString& text);

    // The rubric and submissions a measurement is made of (the window's last read); null
    // while they are read.
    void setInputs(std::shared_ptr<const GradingStoredResults> inputs);
    // Forgets what was shown and reads every bias folder of the project's file again.
    void reload();

public Q_SLOTS:
    bool startRun();
    void cancelRun();

Q_SIGNALS:
    // A measurement ended and its bias.md and bias.json are written (or why not is shown).
    void measured(bool ok, const QString& message);
    // The bias folders were read after reload().
    void storedRead();

private:
    struct Shown
    {
        std::optional<GraderBiasReport> report;
        int reviewNeeded = 0; // replies of both judges needing review
        QString error;
    };
    static Shown shownOf(const GraderBiasFolder::Stored& stored);
    GraderBiasFolder place(GraderBiasProbe::Bias bias) const;
    // The probe of the inputs (which must be read), or nullopt with core's refusal, prefixed
    // with the project's file name as the CLI prints it.
    std::optional<JudgeProbeDocument> probeOf(GraderBiasProbe::Bias bias,
                                              const QString& countermeasure, QString* error) const;
    void runPrepared(const GraderBiasFolder& place, const JudgeProbeDocument& doc);
    void onFinished();
    void showChosen();
    void refreshEnabled();

    GradingFileProject* m_project;
    std::shared_ptr<const GradingStoredResults> m_inputs;
    std::unique_ptr<WorkerThread> m_worker;
    FileRunControls* m_controls;
    GraderBiasModel* m_model;
    QComboBox* m_bias;
    QPlainTextEdit* m_countermeasure;
    QLabel* m_folder;
    QLabel* m_measured;
    QLabel* m_used; // the countermeasure the shown result was measured with
    QTableView* m_table;
    QTextBrowser* m_text;
    std::array<Shown, 3> m_shown;              // per bias, in Bias order
    std::array<QString, 3> m_texts;            // the countermeasure typed per bias
    std::optional<GraderBiasFolder> m_running; // the measurement going
    bool m_busy = false;                       // writing or reading files on the worker
    quint64 m_request = 0;                     // the newest reload
};

} // namespace pb
