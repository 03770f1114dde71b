#include "grading/GradingStoredResults.h"

#include "grading/GradingResults.h"
#include "grading/GradingRubric.h"
#include "grading/SubmissionFolder.h"
#include "judge/JudgeCallRecord.h"
#include "store/RunStore.h"

#include <QDir>
#include <QFileInfo>
#include <algorithm>

namespace pb {

namespace {

bool readInputs(const GradingProject& project, const QString& projectPath, int revision,
                GradingStoredResults* out)
{
    QString error;
    const QString rubricPath = project.rubricPath(projectPath, revision);
    if (rubricPath.isEmpty()) {
        out->inputError = QStringLiteral("the project has no revision %1 (it has %2)")
                              .arg(revision)
                              .arg(project.revisions.size());
        return false;
    }
    const std::optional<Rubric> rubric = GradingRubric::readFile(rubricPath, &error);
    if (!rubric) {
        out->inputError = error;
        return false;
    }
    std::optional<QList<Submission>> submissions =
        SubmissionFolder::readFolderOrArchive(project.submissionsPath(projectPath), &error);
    if (submissions && revision > 0)
        submissions = GradingStoredResults::calibrationFiles(project, *submissions, &error);
    if (!submissions) {
        out->inputError = error;
        return false;
    }
    out->rubric = *rubric;
    out->submissions = *submissions;
    out->doc = GradingRun::document(*rubric, *submissions, project.judge, project.evidence);
    return true;
}

// The run's calls into out; false with out->error when a read failed.
bool readStore(const RunStore& store, GradingStoredResults* out)
{
    QList<LoggedCall> calls;
    if (!out->doc.items.isEmpty()) {
        std::optional<qint64> runId;
        if (!store.findRun(GradingRun::unit(out->doc).identity.hash(), &runId, &out->error))
            return false;
        if (runId && (!store.calls(*runId, &calls, &out->error) ||
                      !store.run(*runId, &out->run, &out->error)))
            return false;
        out->runId = runId.value_or(0);
    }
    out->storedCalls = int(calls.size());
    if (!calls.isEmpty())
        out->judged = JudgeCallRecord::fromLogged(out->doc, out->doc.judges.constFirst(), calls);
    out->outcome = GradingRun::outcome(out->doc, out->submissions, calls);
    return true;
}

} // namespace

std::optional<QList<Submission>>
GradingStoredResults::calibrationFiles(const GradingProject& project, const QList<Submission>& all,
                                       QString* error)
{
    QList<Submission> out;
    for (const Submission& s : all) {
        if (project.calibration.contains(s.filename))
            out << s;
    }
    for (const QString& name : project.calibration) {
        if (std::none_of(all.begin(), all.end(),
                         [&](const Submission& s) { return s.filename == name; })) {
            *error = QStringLiteral("calibration file %1 is not among the submissions").arg(name);
            return std::nullopt;
        }
    }
    return out;
}

GradingStoredResults GradingStoredResults::read(const GradingProject& project,
                                                const QString& projectPath,
                                                const QString& storePath, int revision)
{
    GradingStoredResults out;
    if (!readInputs(project, projectPath, revision, &out))
        return out;
    out.outcome = GradingRun::outcome(out.doc, out.submissions, {});
    QStringList errors;
    for (const QString& written : project.blindSheets) {
        const QString path = GradingProject::resolve(projectPath, written);
        QString error;
        if (std::optional<BlindSheet> sheet =
                BlindSheet::readFile(path, out.rubric.ids(), &error)) {
            out.sheets << *sheet;
            out.sheetNames << written;
            out.sheetPaths << path;
        } else {
            errors << error;
        }
    }
    if (QFileInfo::exists(storePath)) { // looking must not create a store
        RunStore store;
        if (!store.open(storePath, &out.error) || !readStore(store, &out))
            errors << out.error;
    }
    out.error = errors.join(QLatin1Char('\n'));
    return out;
}

bool GradingStoredResults::exportFolder(const GradingProject& project, const QString& projectPath,
                                        const QString& storePath, const QString& folder,
                                        QString* error, int revision)
{
    GradingStoredResults read;
    if (!readInputs(project, projectPath, revision, &read)) {
        *error = read.inputError;
        return false;
    }
    RunStore store;
    if (!QFileInfo::exists(storePath) && !read.doc.items.isEmpty()) {
        *error = QStringLiteral("%1 does not exist yet: grade the submissions first")
                     .arg(QFileInfo(storePath).fileName());
        return false;
    }
    if (!read.doc.items.isEmpty() && (!store.open(storePath, error) || !readStore(store, &read))) {
        if (!read.error.isEmpty())
            *error = read.error;
        return false;
    }
    if (!read.doc.items.isEmpty() && read.runId == 0) {
        *error = QStringLiteral("%1 holds no run of this grading: grade the submissions first")
                     .arg(QFileInfo(storePath).fileName());
        return false;
    }
    if (read.doc.items.isEmpty())
        read.outcome = GradingRun::outcome(read.doc, read.submissions, {});
    const GradingSummary::Context context{
        QDir::toNativeSeparators(project.submissionsPath(projectPath)),
        QFileInfo(project.rubricPath(projectPath, revision)).fileName(),
        QFileInfo(storePath).fileName(),
        read.runId,
        {}};
    const ResultsFolder results(folder);
    QList<ResultsEvidence::Run> runs;
    if (read.runId != 0)
        runs.append({read.run.id, read.run.created, read.storedCalls});
    return results.prepare(error) &&
           GradingResults::write(results, read.doc, read.outcome, context, runs, nullptr, error);
}

} // namespace pb
