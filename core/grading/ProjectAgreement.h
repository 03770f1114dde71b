#pragma once

#include "grading/AgreementReport.h"
#include "grading/GradingStoredResults.h"
#include "grading/RubricRevision.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <optional>

namespace pb {

// A grading project's agreement as one value, what `probebench agree FILE.grading.json` writes
// and the window's Agreement tab shows: the raters' finished sheets against each other and,
// when the judge takes part, against the judge's stored levels on the first rubric; and, when a
// revision of the rubric has been graded, the same raters against the judge on the revision
// (RubricRevision: each criterion before and after).
struct ProjectAgreement
{
    AgreementReport report;
    std::optional<RubricRevision> revision;
    int revisionNumber = 0; // GradingProject::revisions index + 1; 0 when there is no revision

    // The raters whose blind sheets are marked complete, named as their sheets name them.
    static QList<RaterSheet> finishedSheets(const QList<BlindSheet>& sheets);

    // people: two or more finished sheets. first: the stored results of the first rubric; the
    // judge takes part when withJudge and first holds a run. after (may be null): a revision's
    // stored results, compared when withJudge and it holds a run. Refuses, with why, what
    // AgreementReport::compute and RubricRevision::compare refuse.
    static std::optional<ProjectAgreement> compute(const GradingStoredResults& first,
                                                   const QList<RaterSheet>& people, bool withJudge,
                                                   const GradingStoredResults* after,
                                                   int revisionNumber, QString* error);

    // agreement.md and, with a revision, revision.md after it: what the window shows.
    QByteArray markdown() const;
    // agreement.json, with the revision under "revision" (and its number).
    QJsonObject toJson() const;
};

} // namespace pb
