#pragma once

#include "grading/GradingStoredResults.h"

#include <QList>
#include <memory>

namespace pb {

// A grading project's stored results for every version of its rubric, as the window holds
// them: the first rubric over every submission, and each revision (GradingProject::revisions)
// over the calibration files. A revision whose criteria are not the first rubric's is read as
// an input error naming both lists. read() opens its own files and store, so any thread may
// call it.
struct GradingVersions
{
    std::shared_ptr<const GradingStoredResults> first;
    QList<std::shared_ptr<const GradingStoredResults>> revisions; // revision N at N - 1

    static GradingVersions read(const GradingProject& project, const QString& projectPath,
                                const QString& storePath);

    // Version 0 is first, N >= 1 revision N; null when there is no such version.
    std::shared_ptr<const GradingStoredResults> version(int number) const;
    // False, with why naming both lists, when revision's criteria are not first's (in order).
    static bool keepsTheCriteria(const Rubric& first, const Rubric& revision,
                                 const QString& revisionName, QString* error);
    // The latest revision the store holds a run of, as `probebench agree FILE.grading.json`
    // takes it; 0 when none does.
    int latestGraded() const;
};

} // namespace pb
