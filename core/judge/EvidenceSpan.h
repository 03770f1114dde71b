#pragma once

#include <QString>
#include <optional>

namespace pb {

// Where an evidence quote sits in the text it was checked against, in that text's own
// characters (so a view can mark it in place). Exact matches follow EvidenceCheck's
// comparison (case-folded, whitespace runs as one space, curly quotes as straight ones); a
// quote with no exact match gets the stretch that EvidenceCheck's approximate substring
// match aligns it with, whatever its similarity (the caller decides whether it counts).
struct EvidenceSpan
{
    int start = 0;  // index into the original source text
    int length = 0; // characters of the original source text, line breaks included
    bool exact = false;
    double similarity = 0.0; // percent, as EvidenceCheck::bestSimilarity; 100 when exact

    int end() const { return start + length; }

    // Empty for an empty quote, "N/A", an empty source, or when no character of the quote
    // aligns with the source.
    static std::optional<EvidenceSpan> locate(const QString& quote, const QString& source);
};

} // namespace pb
