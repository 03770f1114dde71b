#pragma once

#include "RunOptions.h"

#include <QCommandLineOption>
#include <QList>
#include <QString>

namespace pb {
struct EvidencePolicy;
struct GoldenSet;
struct JudgeConfig;
struct GradingProject;
struct GradingSettings;
} // namespace pb

namespace pb::cli {

using GraderOptionList = QList<QCommandLineOption>;

// --settings, --temperature, --seed and --fuzzy-threshold: what `grade` and `regress` take
// besides the run options.
GraderOptionList graderOptions();

// Grades the submissions in folder (a folder or a .zip) against the rubric through a run
// store, as `probebench grade` does, and writes grades.csv, grading.md, review-needed.txt and
// summary.json. With a golden set it also compares the levels with the golden set's expected
// ones and writes regression.md and summary.json's "regression" section (`regress`).
// projectSettings: a grading project's judge and evidence policy, under --settings and the
// command line. calibrationOf: grade only that project's calibration files (a revision).
// Returns the exit code.
int gradeWith(const RunOptions& options, const QString& rubricPath, const QString& folder,
              const GoldenSet* golden, const GradingSettings* projectSettings = nullptr,
              const GradingProject* calibrationOf = nullptr);

// `probebench grade FILE.grading.json [--revision N]`: the project's rubric, submissions and
// settings, the results beside the project; a revision's in revision-N among them.
int gradeProjectCommand(const QStringList& args);

// --bias and --countermeasure, which `grade FILE.grading.json` takes.
GraderOptionList graderBiasOptions();
// `probebench grade FILE.grading.json --bias padding|byline|position [--countermeasure TEXT]`:
// writes the project's submissions as a judge probe of matched pairs (GraderBiasProbe), runs
// it with `probebench run`'s judge command into the output folder (default
// "<name>-<bias>-bias" beside the project), and writes bias.md and bias.json from what its
// store holds. Returns the judge run's exit code, or 2 / 1 when the probe cannot be made or
// its results cannot be read.
int graderBiasCommand(const RunOptions& options, const GradingProject& project,
                      const QString& projectPath, const JudgeConfig& grader,
                      const EvidencePolicy& evidence);

// The grader's settings for a grading: the project's (or the defaults), then --settings, then
// the command line. False, after saying why, when any of them cannot be used.
bool resolveGrader(const RunOptions& options, const GradingSettings* projectSettings,
                   JudgeConfig* grader, EvidencePolicy* evidence);

} // namespace pb::cli
