#pragma once

// How near its nominal alpha any exact two-sided sign-flip-style test can come on one probe's
// gaps: the bounds the calibration study sets beside the numeric mode's measured false-positive
// rate, to tell a test that could do better from data that allow no better.
//
// With no bias, each gap's sign is a fair coin given the gaps' sizes. A test valid against
// every such null (every distribution symmetric about 0, including the ones that put all their
// mass on +-|g_i|) must flag at most alpha of the 2^n' equally likely sign patterns of the
// probe's own n' nonzero gaps; zero gaps have no sign to flip. Two-sided: the flagged set holds
// a pattern with its mirror (every sign flipped, A and B swapped), so it can hold at most
// 2 floor(alpha 2^(n'-1)) patterns: `anyTest`. A test that does not look at which item is
// which (a function of the gaps as a multiset, as the tutorial's mean-based test is) cannot
// tell apart the patterns that only swap signs among gaps of equal size: it flags whole
// classes of them, and the most it can flag is a knapsack over those classes: `labelFree`.
// The test's own size (FalsePositiveTable's exactSize) is at most labelFree <= anyTest.
//
// Two sizes come from visiting the 2^n' patterns one by one: `ordered`, the size of the test
// that orders patterns by |mean gap| alone (the tutorial's; it must equal exactSize, which reads
// the same test's atoms, and the study checks that it does), and `tieBroken`, the size of the
// test that orders them by |mean gap| and, among patterns of the same |mean gap|, by how many
// more gaps point one way than the other (|positives - negatives|): a label-free, exact test
// that splits the tutorial's ties, for how much of the gap to alpha the ties alone cost.

#include <QList>

namespace pb::study {

struct SizeBounds
{
    double labelFree = 0; // the largest size <= alpha of a label-free two-sided test
    double anyTest = 0;   // the largest size <= alpha of any non-randomised two-sided test
    int nonzero = 0;      // n': the gaps with a sign to flip
    double ordered = 0;   // the |mean gap| test's size at alpha, pattern by pattern
    double tieBroken = 0; // |mean gap|, then |positives - negatives|

    // Gaps within 1e-9 of each other (or of 0) count as equal (or zero), the sign-flip
    // test's own tolerance.
    static SizeBounds of(const QList<double>& gaps, double alpha);
};

} // namespace pb::study
