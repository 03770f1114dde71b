#pragma once

#include <QString>

namespace pb {

// Numbers as the tutorial prints them (Python's f-string rounding: the exact binary value
// rounded half-to-even in decimal, which printf's %f also does).
class NumberText
{
public:
    static QString fixed(double value, int decimals);       // "3.9"
    static QString signedFixed(double value, int decimals); // "+0.70", "-0.18"
    // "0.016"; below 0.001 two significant digits ("0.00012") so a tiny p never prints 0.
    static QString pValue(double p);
};

} // namespace pb
