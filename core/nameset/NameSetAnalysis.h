#pragma once

#include "nameset/NameSetDocument.h"
#include "nameset/NameSetIntervals.h"
#include "nameset/NameSetRun.h"
#include "nameset/SeedBlockCheck.h"
#include "report/RunCost.h"
#include "stats/detection/MinimumDetectableEffect.h"
#include "stats/groups/FourFifthsRule.h"
#include "stats/groups/GroupTable.h"
#include "stats/groups/IndependenceTest.h"
#include "stats/groups/KruskalWallis.h"
#include "stats/groups/NamePermutationTest.h"
#include "stats/groups/NamesPerGroupCheck.h"
#include "stats/groups/OneWayAnova.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// Everything a name-set run concludes, from the calls it holds: the per-name and per-group
// table, the tests of the decisions (chi-squared, or Fisher where counts are small) and of
// the scores (ANOVA, Kruskal-Wallis, and the permutation test with names as the unit, which
// the verdict uses: seeds repeat a name, they are not new people), the four-fifths rule,
// the names-per-group warning, the same-versus-same seed block, and the data-quality gaps.
// Built by the CLI, the window and the gate from the same calls in the same way.
struct NameSetAnalysis
{
    struct Gap // a call with no usable reply: never imputed, listed in the report
    {
        QString name;
        QString group;
        qint64 seed = 0;
        bool failed = false; // no reply at all; else no reply validated
    };
    int planned = 0;
    int answered = 0; // calls recorded, of any outcome
    int scored = 0;
    QList<Gap> gaps;

    std::optional<groups::GroupTable> table; // absent when no reply was scored
    groups::IndependenceResult decisions;
    groups::AnovaResult anova;
    groups::KruskalWallisResult kruskal;
    groups::NamePermutationResult permutation;
    groups::FourFifthsResult fourFifths;
    groups::NamesPerGroupResult namesPerGroup;
    QList<GroupIntervals> intervals;     // per group of the table, for the window's group bars
    std::optional<SeedBlockCheck> noise; // absent when the check is off or holds no scores

    double alpha = 0.05;
    RunCost cost; // the run's tokens, at the document's prices

    static NameSetAnalysis compute(const NameSetDocument& doc, const NameSetResults& results);

    bool hasResult() const { return table.has_value() && permutation.groups >= 2; }
    // Whether the group disparity is significant: the names permutation p below alpha.
    bool significant() const;
    // The largest gap between two groups' mean of name means.
    double largestGroupGap() const;
    // The smallest gap between two groups' mean scores this design would detect at alpha with
    // 80% power, so a null result carries its size: the two-sample t-test over name means of
    // the two smallest groups (names with a score), with the groups' pooled spread of name
    // means. Exact for that t-test (MinimumDetectableEffect with n1 + n2 - 2 degrees of
    // freedom); for the verdict's permutation test over every group it is a guide, as the
    // report says. Invalid (with its refusal) without two groups of two names or any spread.
    detection::DetectableEffect detectableGroupGap() const;
};

} // namespace pb
