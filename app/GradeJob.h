#pragma once

#include "RunOptions.h"
#include "grading/AgreementReport.h"

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
// perCriterion: grade one criterion per call (PerCriterionGrading), and compare with the
// all-criteria run of the same files in the same store (per-criterion.md and .json).
// Returns the exit code.
struct PerCriterionRequest
{
    QList<RaterSheet> people; // the project's finished blind sheets
    QString allAtOnceCommand; // the command that grades the same files all at once
};
int gradeWith(const RunOptions& options, const QString& rubricPath, const QString& folder,
              const GoldenSet* golden, const GradingSettings* projectSettings = nullptr,
              const GradingProject* calibrationOf = nullptr,
              const PerCriterionRequest* perCriterion = nullptr);

// --per-criterion, which `grade` takes in both forms.
QCommandLineOption perCriterionOption();
// Nests the results in "per-criterion" and gives the all-at-once command (args without
// --per-criterion), when --per-criterion is given; false otherwise.
bool perCriterionRequested(RunOptions* options, const QStringList& args,
                           PerCriterionRequest* request);

// `probebench grade FILE.grading.json [--revision N | --per-criterion]`: the project's rubric,
// submissions and settings, the results beside the project; a revision's in revision-N among
// them, a grading one criterion per call in per-criterion.
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
