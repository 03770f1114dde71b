#pragma once

#include <QList>

namespace pb {

struct SignTestResult
{
    int positive = 0;
    int negative = 0;
    int zeros = 0;    // dropped, as the tutorial says
    int unusable = 0; // NaN gaps, dropped too
    int n = 0;        // positive + negative
    int k = 0;        // the larger of positive and negative
    double p = 1.0;
};

// The by-hand path's sign test (tutorial Part II, section 7): drop zero gaps, n = the rest,
// k = the larger of the positive and negative counts, and
// p = MIN(1, 2 * (1 - BINOM.DIST(k - 1, n, 0.5, TRUE))). n == 0 gives p = 1.
// 1 - cdf is taken as Boost.Math's complemented cdf, which is the same quantity without
// the cancellation a spreadsheet suffers when p is tiny. A zero gap is exactly 0: the
// residue of double means (0.1 and 0.7 against 0.4) is decided away where gaps are made,
// in PerItemTable, so this test and the sign-flip test drop the same zeros.
class SignTest
{
public:
    static SignTestResult run(const QList<double>& gaps);
};

} // namespace pb
