#pragma once

#include "judge/JudgeAnalysis.h"

#include <QString>

namespace pb {

// The terminal printout of a judge probe. For each property, the tutorial's Part III table
//   sample  words  criterion        before  after  delta
//   s02        45  directness            2      3     +1
// (Python's f"{name:6}  {words:5}  {criterion:15}  {before:6}  {after:5}  {delta:+5}"), then
// one line each for the flips, the construction score, the evidence quotes, the stability
// check and the position consistency, per judge, and a side-by-side table for two or more.
class JudgeConsoleText
{
public:
    static QString deltaTable(const PropertyEffect& effect, const Rubric& rubric);
    static QString render(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis);
    // "16 of 18 verdicts as built"
    static QString constructionLine(const ConstructionScore& score);
    // "padding flipped 2 of 9 verdicts"
    static QString flipLine(const PropertyEffect& effect);
    static QString stabilityLine(const StabilityResult& stability);
    static QString positionLine(const PositionConsistency& position);
    // "; mean delta directness +0.67 (sign-flip p = 0.500 over 3 items)" for every criterion
    // the property flipped; empty when it flipped none.
    static QString meanDeltaText(const PropertyEffect& effect);
    // True when some item has more than one variant of the property, so a table's sample
    // column reads "item/variant" rather than the item alone.
    static bool namesVariants(const PropertyEffect& effect);
    // A verdict as shown in tables: "3", "pass", "first"; "n/a" when there is none.
    static QString verdictText(const std::optional<int>& value, const Rubric& rubric,
                               bool pairwise);
};

} // namespace pb
