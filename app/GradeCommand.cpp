#include "CliCommands.h"
#include "CliText.h"
#include "GradeJob.h"
#include "RunConsole.h"
#include "RunOptions.h"
#include "grading/GoldenComparison.h"
#include "grading/GradingProject.h"
#include "grading/GradingResults.h"
#include "grading/GradingRubric.h"
#include "grading/GradingRun.h"
#include "grading/GradingSettings.h"
#include "grading/GradingStoredResults.h"
#include "grading/GradingSummary.h"
#include "grading/GradingVersions.h"
#include "grading/PerCriterionComparison.h"
#include "grading/PerCriterionGrading.h"
#include "grading/ProjectAgreement.h"
#include "grading/ScoreSheetCsv.h"
#include "grading/SubmissionFolder.h"
#include "judge/JudgeProbeReader.h"
#include "probe/FileFormat.h"
#include "report/ResultsFolder.h"
#include "run/RunSession.h"
#include "store/RunStore.h"
#include "store/StoreLock.h"

#include <QDir>
#include <QFileInfo>

namespace pb::cli {

namespace {

// prefix: "probebench grade: " or "probebench regress: ", the command's (RunOptions::prefix).
void fail(const QString& prefix, const QString& message)
{
    printErr(prefix + message + QLatin1Char('\n'));
}

// --temperature, --seed and --fuzzy-threshold: the grader's settings besides the backend's.
struct GraderOptions
{
    QCommandLineOption temperature{QStringLiteral("temperature"),
                                   QStringLiteral("sampling temperature (default 0)"),
                                   QStringLiteral("T")};
    QCommandLineOption seed{QStringLiteral("seed"), QStringLiteral("the judge's seed (default 42)"),
                            QStringLiteral("N")};
    QCommandLineOption settings{QStringLiteral("settings"),
                                QStringLiteral("a grading settings file (judge and evidence)"),
                                QStringLiteral("FILE")};
    QCommandLineOption limitFiles{QStringLiteral("limit-files"),
                                  QStringLiteral("dry run on the first N submissions with text "
                                                 "only; prints an estimate of the full "
                                                 "grading's tokens (and cost, when priced)"),
                                  QStringLiteral("N")};
    QCommandLineOption fuzzy{QStringLiteral("fuzzy-threshold"),
                             QStringLiteral("evidence similarity in percent a quote needs "
                                            "when it is not exact (default 90)"),
                             QStringLiteral("PERCENT")};

    bool apply(const QCommandLineParser& parser, JudgeConfig* grader, EvidencePolicy* evidence,
               const QString& prefix) const
    {
        bool ok = true;
        if (parser.isSet(temperature)) {
            const double t = parser.value(temperature).toDouble(&ok);
            if (!ok || t < 0 || t > 2) {
                fail(prefix, QStringLiteral("--temperature: give a number from 0 to 2"));
                return false;
            }
            grader->temperature = t;
        }
        if (parser.isSet(seed)) {
            const qint64 s = parser.value(seed).toLongLong(&ok);
            if (!ok) {
                fail(prefix, QStringLiteral("--seed: give a whole number"));
                return false;
            }
            grader->seed = s;
        }
        if (parser.isSet(fuzzy)) {
            const double f = parser.value(fuzzy).toDouble(&ok);
            if (!ok || f < 50 || f > 100) {
                fail(prefix, QStringLiteral("--fuzzy-threshold: give a percentage from 50 to 100"));
                return false;
            }
            evidence->fuzzyThreshold = f;
        }
        return true;
    }
};

constexpr const char* kPerCriterionFolder = "per-criterion";

// The all-criteria grading of the same submissions in store, found by its run's identity;
// *out stays empty when the store has no such run. False with *error when the store fails.
bool allAtOnceOutcome(const RunStore& store, const JudgeProbeDocument& doc,
                      const QList<Submission>& submissions, std::optional<GradingOutcome>* out,
                      QString* error)
{
    if (doc.items.isEmpty()) {
        *out = GradingRun::outcome(doc, submissions, {}); // no call needed either way
        return true;
    }
    std::optional<qint64> runId;
    if (!store.findRun(GradingRun::unit(doc).identity.hash(), &runId, error))
        return false;
    QList<LoggedCall> calls;
    if (runId && !store.calls(*runId, &calls, error))
        return false;
    if (runId)
        *out = GradingRun::outcome(doc, submissions, calls);
    return true;
}

// --limit-files N: 0 when not given; false (with the message given) when N is not a whole
// number of at least 1.
bool fileLimitOf(const RunOptions& options, int* limit)
{
    const GraderOptions grading;
    *limit = 0;
    if (!options.parser().isSet(grading.limitFiles))
        return true;
    bool ok = false;
    *limit = options.parser().value(grading.limitFiles).toInt(&ok);
    if (ok && *limit >= 1)
        return true;
    fail(options.prefix(), QStringLiteral("--limit-files: give a whole number of at least 1"));
    return false;
}

// The first `limit` submissions that have text, and every empty one before the last of them,
// in folder order: what a dry run grades.
QList<Submission> firstWithText(const QList<Submission>& all, int limit)
{
    QList<Submission> out;
    int withText = 0;
    for (const Submission& s : all) {
        if (withText == limit)
            break;
        out << s;
        withText += s.isEmpty() ? 0 : 1;
    }
    return out;
}

} // namespace

QCommandLineOption perCriterionOption()
{
    return QCommandLineOption(QStringLiteral("per-criterion"),
                              QStringLiteral("grade one criterion per call into per-criterion "
                                             "in the results, the same store, and compare it "
                                             "with the all-criteria grading there"));
}

bool perCriterionRequested(RunOptions* options, const QStringList& args,
                           PerCriterionRequest* request)
{
    if (!options->parser().isSet(perCriterionOption()))
        return false;
    options->nestResults(QLatin1String(kPerCriterionFolder));
    QStringList allAtOnce{QStringLiteral("probebench"), QStringLiteral("grade")};
    for (const QString& arg : args) {
        if (arg != QLatin1String("--per-criterion"))
            allAtOnce << (arg.contains(QLatin1Char(' ')) ? QLatin1Char('"') + arg + QLatin1Char('"')
                                                         : arg);
    }
    request->allAtOnceCommand = allAtOnce.join(QLatin1Char(' '));
    return true;
}

GraderOptionList graderOptions()
{
    const GraderOptions grading;
    return {grading.settings, grading.temperature, grading.seed, grading.fuzzy, grading.limitFiles};
}

bool resolveGrader(const RunOptions& options, const GradingSettings* projectSettings,
                   JudgeConfig* grader, EvidencePolicy* evidence)
{
    const GraderOptions grading;
    // The project's settings, then a settings file, then the command line over them.
    *grader = projectSettings ? projectSettings->judge : JudgeConfig();
    *evidence = projectSettings ? projectSettings->evidence : EvidencePolicy();
    if (options.parser().isSet(grading.settings)) {
        QString error;
        const std::optional<GradingSettings> settings =
            GradingSettings::readFile(options.parser().value(grading.settings), &error);
        if (!settings) {
            fail(options.prefix(), error);
            return false;
        }
        if (!settings->warnings.isEmpty())
            printErr(settings->warnings + QLatin1Char('\n'));
        *grader = settings->judge;
        *evidence = settings->evidence;
    }
    return options.applyTo(*grader, JudgeProbeReader::judgeBackendNames()) &&
           grading.apply(options.parser(), grader, evidence, options.prefix());
}

int gradeCommand(const QStringList& args)
{
    for (const QString& arg : args) {
        if (!arg.startsWith(QLatin1Char('-')) &&
            FileFormat::kindOfFile(arg) == QLatin1String(GradingProject::kKind))
            return gradeProjectCommand(args);
    }
    RunOptions options(QStringLiteral(".rubric.json"), QStringLiteral("does not apply"),
                       graderOptions() << perCriterionOption());
    options.setCommand(QStringLiteral("grade"), 2);
    if (!options.parse(args, QStringLiteral("give a rubric and a folder of submissions "
                                            "(probebench grade RUBRIC FOLDER|ZIP --out DIR), "
                                            "or a grading project (FILE.grading.json)")))
        return ExitBadInput;
    PerCriterionRequest perCriterion;
    const bool byCriterion = perCriterionRequested(&options, args, &perCriterion);
    return gradeWith(options, options.probePath(), options.parser().positionalArguments().at(1),
                     nullptr, nullptr, nullptr, byCriterion ? &perCriterion : nullptr);
}

int gradeProjectCommand(const QStringList& args)
{
    // The results go beside the project, as the window puts them, so either one resumes the
    // run the other started.
    const QCommandLineOption revisionOpt(
        QStringLiteral("revision"),
        QStringLiteral("grade the calibration files on the project's rubric revision N "
                       "(1 = the first in \"revisions\") into revision-N in its results"),
        QStringLiteral("N"));
    RunOptions options(QLatin1String(GradingProject::kSuffix), QStringLiteral("does not apply"),
                       (graderOptions() + graderBiasOptions())
                           << revisionOpt << perCriterionOption());
    options.setCommand(QStringLiteral("grade"), 1);
    if (!options.parse(args, QStringLiteral("give one grading project (FILE.grading.json)")))
        return ExitBadInput;
    QString error;
    QString warnings;
    const QString path = options.probePath();
    const std::optional<GradingProject> project = GradingProject::readFile(path, &error, &warnings);
    if (!project) {
        fail(options.prefix(), error);
        return ExitBadInput;
    }
    if (!warnings.isEmpty())
        printErr(warnings + QLatin1Char('\n'));
    if (options.parser().isSet(QStringLiteral("countermeasure")) &&
        !options.parser().isSet(QStringLiteral("bias"))) {
        fail(options.prefix(), QStringLiteral("--countermeasure goes with --bias"));
        return ExitBadInput;
    }
    if (options.parser().isSet(QStringLiteral("bias")) &&
        options.parser().isSet(QStringLiteral("limit-files"))) {
        fail(options.prefix(), QStringLiteral("--limit-files is a dry run of the grading; it "
                                              "does not apply to --bias"));
        return ExitBadInput;
    }
    if (options.parser().isSet(QStringLiteral("bias")) && options.parser().isSet(revisionOpt)) {
        fail(options.prefix(), QStringLiteral("--bias measures the grader on the project's "
                                              "rubric; --revision does not apply"));
        return ExitBadInput;
    }
    if (options.parser().isSet(perCriterionOption()) &&
        (options.parser().isSet(revisionOpt) || options.parser().isSet(QStringLiteral("bias")))) {
        fail(options.prefix(), QStringLiteral("--per-criterion grades the project's rubric on "
                                              "its submissions; --revision and --bias do not "
                                              "go with it"));
        return ExitBadInput;
    }
    int revision = 0;
    if (options.parser().isSet(revisionOpt)) {
        bool ok = false;
        revision = options.parser().value(revisionOpt).toInt(&ok);
        if (!ok || revision < 1 || revision > project->revisions.size()) {
            fail(options.prefix(),
                 project->revisions.isEmpty()
                     ? QStringLiteral("--revision: %1 lists no revisions of its rubric")
                           .arg(QFileInfo(path).fileName())
                     : QStringLiteral("--revision: give a number from 1 to %1")
                           .arg(project->revisions.size()));
            return ExitBadInput;
        }
        const std::optional<Rubric> first =
            GradingRubric::readFile(project->rubricPath(path), &error);
        const std::optional<Rubric> revised =
            first ? GradingRubric::readFile(project->rubricPath(path, revision), &error)
                  : std::nullopt;
        if (!revised || !GradingVersions::keepsTheCriteria(
                            *first, *revised, project->revisions.at(revision - 1).rubric, &error)) {
            fail(options.prefix(), error);
            return ExitBadInput;
        }
        // Into the project's own store: the revision is a run of its own there (its rubric is
        // part of the run's identity), beside the run on the first rubric.
        const QString results = options.outDir();
        options.setDefaultOutput(
            QDir(results).filePath(GradingProject::revisionFolderName(revision)),
            QDir(results).filePath(options.storeFileName()));
    }
    GradingSettings settings;
    settings.judge = project->judge;
    settings.evidence = project->evidence;
    if (options.parser().isSet(QStringLiteral("bias"))) {
        JudgeConfig grader;
        EvidencePolicy evidence;
        if (!resolveGrader(options, &settings, &grader, &evidence))
            return ExitBadInput;
        return graderBiasCommand(options, *project, path, grader, evidence);
    }
    PerCriterionRequest perCriterion;
    if (perCriterionRequested(&options, args, &perCriterion)) {
        // The sheets only: no store is read here (an empty path opens none).
        const GradingStoredResults read = GradingStoredResults::read(*project, path, QString());
        perCriterion.people = ProjectAgreement::finishedSheets(read.sheets);
        return gradeWith(options, project->rubricPath(path), project->submissionsPath(path),
                         nullptr, &settings, nullptr, &perCriterion);
    }
    return gradeWith(options, project->rubricPath(path, revision), project->submissionsPath(path),
                     nullptr, &settings, revision > 0 ? &*project : nullptr);
}

int gradeWith(const RunOptions& options, const QString& rubricPath, const QString& folder,
              const GoldenSet* golden, const GradingSettings* projectSettings,
              const GradingProject* calibrationOf, const PerCriterionRequest* perCriterion)
{
    if (options.seedLimitGiven()) {
        fail(options.prefix(),
             QStringLiteral("--limit-seeds does not apply to grading; every submission is "
                            "graded once"));
        return ExitBadInput;
    }
    QString error;
    const std::optional<Rubric> rubric = GradingRubric::readFile(rubricPath, &error);
    if (!rubric) {
        fail(options.prefix(), error);
        return ExitBadInput;
    }
    std::optional<QList<Submission>> submissions =
        SubmissionFolder::readFolderOrArchive(folder, &error);
    if (submissions && calibrationOf)
        submissions = GradingStoredResults::calibrationFiles(*calibrationOf, *submissions, &error);
    if (!submissions) {
        fail(options.prefix(), error);
        return ExitBadInput;
    }
    if (submissions->isEmpty()) {
        fail(options.prefix(), QStringLiteral("%1: no .txt or .md file to grade")
                                   .arg(QDir::toNativeSeparators(folder)));
        return ExitBadInput;
    }
    JudgeConfig grader;
    EvidencePolicy evidence;
    int fileLimit = 0;
    if (!resolveGrader(options, projectSettings, &grader, &evidence) ||
        !fileLimitOf(options, &fileLimit))
        return ExitBadInput;
    // A dry run's estimate is for the calls the whole folder would make.
    const qsizetype plannedCalls =
        GradingRun::document(*rubric, *submissions, grader, evidence).items.size() *
        (perCriterion ? rubric->criteria.size() : 1);
    if (fileLimit > 0)
        submissions = firstWithText(*submissions, fileLimit);
    JudgeProbeDocument doc = GradingRun::document(*rubric, *submissions, grader, evidence);
    const QList<JudgeProbeDocument> criterionDocs =
        perCriterion ? PerCriterionGrading::documents(*rubric, *submissions, grader, evidence)
                     : QList<JudgeProbeDocument>();

    RunOutput output(options.outDir());
    if (const int code = options.openOutput(&output))
        return code;

    RunOutcome outcome = RunOutcome::Completed;
    bool storeFailed = false;
    QList<qint64> runIds;
    QList<QList<LoggedCall>> calls; // per run, as runIds
    QList<ResultsEvidence::Run> evidenceRuns;
    if (!doc.items.isEmpty()) { // a folder of empty files needs no call and no run
        const QList<RunUnit> units = perCriterion ? PerCriterionGrading::units(criterionDocs)
                                                  : QList<RunUnit>{GradingRun::unit(doc)};
        if (!RunSession::checkBackends(units, &error)) {
            fail(options.prefix(), error);
            return ExitBadInput;
        }
        RunSession session(&output.store, units);
        const auto startLine = [&](int unit, qint64 id, bool resumed) {
            return QStringLiteral("%1 grading %2 submissions%3 as run %4 in %5 (%6 on %7)")
                .arg(resumed ? QStringLiteral("resuming") : QStringLiteral("starting"))
                .arg(doc.items.size())
                .arg(perCriterion ? QStringLiteral(" on ") + units.at(unit).name : QString())
                .arg(id)
                .arg(output.storePath, grader.effectiveModel(), grader.backend);
        };
        QString message;
        outcome = RunConsole(options.quiet(), startLine).run(session, &message);
        for (const QString& line : message.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            fail(options.prefix(), line);
        storeFailed = session.storeFailed();
        runIds = session.runIds();
        if (runIds.value(0) == 0)
            return ExitFailure; // the store gave no run: nothing to write results from
        for (const qint64 runId : runIds) {
            QList<LoggedCall> runCalls;
            if (runId == 0) { // stopped before this criterion's run began: not called yet
                calls << runCalls;
                continue;
            }
            RunRecord run;
            if (!output.store.calls(runId, &runCalls, &error) ||
                !output.store.run(runId, &run, &error)) {
                fail(options.prefix(), error + QStringLiteral("; the results were not written"));
                return ExitFailure;
            }
            evidenceRuns.append({run.id, run.created, runCalls.size()});
            calls << runCalls;
        }
    }
    const qint64 runId = runIds.value(0);
    const GradingOutcome graded =
        perCriterion
            ? PerCriterionGrading::outcome(*rubric, criterionDocs, *submissions, calls, runIds)
            : GradingRun::outcome(doc, *submissions, calls.value(0));
    GradingSummary::Context context{QDir::toNativeSeparators(folder),
                                    QFileInfo(rubricPath).fileName(),
                                    QFileInfo(output.storePath).fileName(),
                                    runId,
                                    {}};
    std::optional<PerCriterionComparison> comparison;
    if (perCriterion) {
        context.criterionRuns = runIds;
        std::optional<GradingOutcome> allAtOnce;
        if (!allAtOnceOutcome(output.store, doc, *submissions, &allAtOnce, &error)) {
            fail(options.prefix(), error + QStringLiteral("; the results were not written"));
            return ExitFailure;
        }
        comparison =
            PerCriterionComparison::compare(*rubric, allAtOnce ? &*allAtOnce : nullptr, graded,
                                            perCriterion->people, perCriterion->allAtOnceCommand);
        doc.title = QStringLiteral("Grading one criterion per call: %1").arg(rubric->title);
    }
    std::optional<GoldenComparison> regression;
    if (golden) {
        // Read with the rubric graded with, so a revision that renamed a criterion says so.
        const std::optional<ScoreSheet> expected =
            ScoreSheetCsv::readFile(golden->expectedPath, *rubric, &error);
        if (expected)
            regression =
                GoldenComparison::compare(*rubric, *golden, *expected, graded.rows, &error);
        if (!regression) {
            fail(options.prefix(), error + QStringLiteral("; the results were not written"));
            return ExitBadInput;
        }
    }
    if (!GradingResults::write(output.results, doc, graded, context, evidenceRuns,
                               regression ? &*regression : nullptr, &error,
                               comparison ? &*comparison : nullptr)) {
        fail(options.prefix(), error);
        return ExitFailure;
    }
    printOut(GradingSummary::console(doc, graded));
    if (regression)
        printOut(regression->console());
    if (comparison)
        printOut(comparison->console());
    if (fileLimit > 0)
        printOut(estimateLine(graded.cost.total(), plannedCalls, grader.prices));
    QString written = QStringLiteral("grades.csv, grading.md, review-needed.txt");
    if (regression)
        written += QStringLiteral(", regression.md");
    if (comparison)
        written += QStringLiteral(", per-criterion.md, per-criterion.json");
    printOut(QStringLiteral("%1 and summary.json written in %2\n")
                 .arg(written, QDir::toNativeSeparators(output.dir)));
    if (storeFailed)
        return ExitFailure; // the system refused the store a write: not a resumable stop
    if (graded.judged > 0 && graded.scored == 0) {
        fail(options.prefix(),
             QStringLiteral("the judge's replies could not be scored for any submission; the "
                            "raw replies are in review-needed.txt"));
        return ExitIncomplete;
    }
    return outcome == RunOutcome::Completed && graded.complete() ? ExitDone : ExitIncomplete;
}

} // namespace pb::cli
