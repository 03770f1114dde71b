#pragma once

#include "grading/GraderBiasReport.h"
#include "judge/JudgeAnalysis.h"
#include "judge/JudgeProbeDocument.h"
#include "judge/JudgeProbeRun.h"

#include <QString>
#include <optional>

namespace pb {

// Where a grader-bias probe of a grading project lives: one folder holding the probe file
// (GraderBiasProbe's document as a judge probe), its run store, the judge pipeline's results
// and bias.md / bias.json. `probebench grade FILE.grading.json --bias KIND` and the grading
// window's Grader bias tab both go through it, so for the same store they write the same
// bytes. Every function opens its own files: any thread.
struct GraderBiasFolder
{
    GraderBiasProbe::Bias bias = GraderBiasProbe::Bias::Padding;
    QString folder;
    QString probePath; // <folder>/<name>-<bias>-bias.judge.json
    QString storePath; // <folder>/<name>-<bias>-bias.pbrun unless given

    // "<name>-<bias>-bias" beside the project (name: its file name without .grading.json),
    // or folder and storePath when given (the CLI's --out and --store).
    static GraderBiasFolder of(const QString& projectPath, GraderBiasProbe::Bias bias,
                               const QString& folder = QString(),
                               const QString& storePath = QString());

    // Makes the folder and writes doc as its probe file.
    bool writeProbe(const JudgeProbeDocument& doc, QString* error) const;
    // The probe file as read back: what a run runs, so the store holds the file's probe.
    std::optional<JudgeProbeDocument> readProbe(QString* error) const;

    // What the store holds for the probe file, as the bias table. The countermeasure is the
    // probe's own (GraderBiasProbe::countermeasureOf). With no probe file or no store, or when
    // either cannot be read, report is empty and error says why (empty for "nothing yet").
    struct Stored
    {
        std::optional<JudgeProbeDocument> doc;
        JudgeProbeRun::StoredJudgeResults judged; // the judge pipeline's reading of the store
        std::optional<GraderBiasReport> report;
        QString error;
    };
    Stored read() const;

    // bias.md and bias.json, each written whole (a failed write leaves the old file).
    bool writeReport(const GraderBiasReport& report, QString* error) const;
};

} // namespace pb
