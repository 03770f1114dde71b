#pragma once

#include "nameset/NameSetAnalysis.h"

#include <QString>

namespace pb {

// The words of a name-set result, for report.md and the console: the verdict and the test
// it rests on, the per-group and per-name tables, the decision and score tests, the
// four-fifths rule with its caveat, the warnings, the seed-block check, the data-quality
// gaps, and what a name can and cannot tell. No result is never written as a null result.
class NameSetReport
{
public:
    static QString markdown(const NameSetDocument& doc, const NameSetAnalysis& analysis);
    // A few lines for the end of `probebench run`.
    static QString console(const NameSetAnalysis& analysis);
    // The verdict sentence both start from.
    static QString verdict(const NameSetAnalysis& analysis);
    // The minimum detectable gap between two groups (NameSetAnalysis::detectableGroupGap), in
    // a sentence that says what it is a guide to; shown after the verdict of a result.
    static QString detectableGap(const NameSetAnalysis& analysis);
};

} // namespace pb
