#pragma once

#include "judge/JudgedCall.h"

#include <QList>
#include <QString>

namespace pb {

// An evidence quote that is not in the artifact.
struct InventedQuote
{
    QString itemId;
    QString variantId;
    int repeat = 0;
    QString criterionId;
    QString quote;
    double similarity = 0.0; // best similarity to any stretch of the artifact, percent
};

// Every quote of the run's scored judge calls checked against its artifact: the rate the
// lab asks for ("3 of 48 quotes, 6.3%"), with the threshold that decided it.
struct EvidenceTally
{
    double fuzzyThreshold = 0.0;
    int quotes = 0; // non-empty quotes checked
    int exact = 0;
    int fuzzy = 0;
    int hallucinated = 0;
    int empty = 0; // "" or "N/A": the judge said no span decides the criterion
    QList<InventedQuote> invented;

    double rate() const; // hallucinated / quotes, NaN when no quote was checked
    // "3 of 48 quotes, 6.3%"; grading reports two decimals, as the lab does ("6.25%")
    QString rateText(int decimals = 1) const;

    // Both tallies' quotes together (this one's threshold): the tally of both sets of calls.
    EvidenceTally plus(const EvidenceTally& other) const;

    static EvidenceTally compute(const QList<JudgedCall>& calls, double fuzzyThreshold);
};

} // namespace pb
