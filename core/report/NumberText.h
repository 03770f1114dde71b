#pragma once

#include <QString>

namespace pb {

// Numbers as the tutorial prints them (Python's f-string rounding: the exact binary value
// rounded half-to-even in decimal, which printf's %f also does).
//
// A p below 0.001 is never printed as "0.000" (which reads as "impossible") nor with more
// digits than the test can vouch for: it is "< 0.001". Every p the window, the CLI, the
// report and the judge side print goes through pValue() or pEquals().
class NumberText
{
public:
    static QString fixed(double value, int decimals);       // "3.9"
    static QString signedFixed(double value, int decimals); // "+0.70", "-0.18"
    // A p on its own, as in a table cell: "0.016", "1.000", "< 0.001", "n/a".
    static QString pValue(double p);
    // A p in a sentence: "p = 0.016", "p < 0.001", "p = n/a".
    static QString pEquals(double p);
    // Whole counts from fewest to most: "1\u20139", or "9" when they are equal.
    static QString range(int fewest, int most);
    // A small positive quantity that is not a p (a standard error, the smallest p a test
    // can reach): three decimals from 0.001 up, else two significant digits ("0.00012").
    static QString small(double value);
};

} // namespace pb
