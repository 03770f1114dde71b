#pragma once

#include "judge/EvidenceCheck.h"
#include "judge/EvidenceSpan.h"
#include "judge/JudgedCall.h"

#include <QList>
#include <QString>
#include <optional>

namespace pb {

// One judge call's evidence shown in its artifact, as HTML for a QTextBrowser: each
// criterion's quoted span highlighted in place in a colour of its own (numbered, with a
// legend giving the verdict and how the quote matched), fuzzy matches marked with their
// similarity, and quotes not found in the artifact listed under it, struck through in red
// with their best similarity. The artifact and every quote are HTML-escaped.
class EvidenceHtml
{
public:
    // One criterion's quote and where it was found.
    struct Mark
    {
        QString criterionId;
        int criterionIndex = 0; // rubric order: the colour and number
        QString quote;
        EvidenceCheck::Match match = EvidenceCheck::Match::None;
        double similarity = 0.0;          // EvidenceCheck's, percent
        int source = -1;                  // index into the variant's evidence sources
        std::optional<EvidenceSpan> span; // exact and fuzzy matches only, never an invented one
    };

    // The marks of a scored call, rubric order; empty for review-needed and failed calls.
    static QList<Mark> marks(const JudgeVariant& variant, bool pairwise,
                             const JudgeVerdict& verdict, const Rubric& rubric);
    static QString render(const JudgedCall& call, const JudgeItem& item, const Rubric& rubric,
                          bool dark);
};

} // namespace pb
