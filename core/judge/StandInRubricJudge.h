#pragma once

#include "judge/Rubric.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace pb {

// How the stand-in judge grades a criterion it has no tutorial rule for: from the words of
// the rubric as the prompt gives it, never from a model, so any rubric grades offline and the
// same (rubric, text) always gets the same verdicts (the seed changes nothing, as with the
// tutorial's judge).
//
//   keys      the words of a text, case-folded, split at anything not a letter or digit,
//             words under four characters and a few function words dropped, each cut to its
//             first five characters ("surveyed" and "survey" are one key)
//   asks      the keys of the criterion's name and of what its top level says (level 4's
//             descriptor; on the pass/fail scale, the description)
//   level     1 + min(3, floor(4 * hits / asks)), hits being the asks found among the text's
//             keys: a text that uses every word of the top level gets 4, one that uses none 1
//   verdict   pass when at least half of the asks are found
//   evidence  the first sentence (ending at . ! ? before a space, or at a line break) that
//             holds the most asks, verbatim; "" when no ask is found anywhere
//
// The planted flaw, the tutorial's length bonus on every criterion: a text of more than
// kLongTextWords words (Python's len(text.split())) gets one level more, capped at 4, and
// passes a pass/fail criterion. Padding a short text past the threshold therefore raises
// each of its levels by one while adding nothing the rubric asks about.
class StandInRubricJudge
{
public:
    static constexpr int kLongTextWords = 50;

    struct Verdict
    {
        QString criterion;
        int value = 0; // a level 1..4, or 1 (pass) / 0 (fail)
        QString evidence;
    };

    static Verdict judge(const RubricCriterion& criterion, RubricScale scale, const QString& text);

    // The distinct keys of text, in order of first appearance.
    static QStringList keys(const QString& text);
    static QStringList asks(const RubricCriterion& criterion, RubricScale scale);
};

} // namespace pb
