#pragma once

#include <QString>
#include <QStringList>

namespace pb {

// Whether a quoted evidence span is really in the artifact it claims to come from.
//
//   exact         the quote occurs in a source, compared case-insensitively with runs of
//                 whitespace treated as one space and curly quotes as straight ones (the
//                 lab's exact substring test, tolerant of line wrapping)
//   fuzzy         not exact, but some stretch of a source is within the threshold: the
//                 similarity is 100 * (1 - d / length of the quote), d the fewest character
//                 insertions, deletions and substitutions that turn the quote into a
//                 substring of the source (approximate substring matching)
//   hallucinated  no stretch of any source is that similar: the judge quoted text that is
//                 not there
//   none          an empty quote or "N/A": the judge said no span decides the criterion;
//                 nothing is checked and the quote is not counted in the rate
class EvidenceCheck
{
public:
    enum class Match
    {
        None,
        Exact,
        Fuzzy,
        Hallucinated
    };

    struct Result
    {
        Match match = Match::None;
        double similarity = 0.0; // percent; 100 for exact, 0 when nothing was checked
        int source = -1;         // index of the source the best match is in
    };

    static Result check(const QString& quote, const QStringList& sources, double fuzzyThreshold);
    static QString matchName(Match match); // "none", "exact", "fuzzy", "hallucinated"
    // The comparison form: case-folded, whitespace runs as one space, quotes straightened.
    static QString normalised(const QString& text);
    // Best similarity (percent) of the quote to any substring of text, both normalised.
    static double bestSimilarity(const QString& quote, const QString& text);
};

} // namespace pb
