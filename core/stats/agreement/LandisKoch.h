#pragma once

#include <QString>

namespace pb {

// The verbal bands of Landis & Koch (1977) for a kappa: below 0 "poor", up to 0.20 "slight",
// up to 0.40 "fair", up to 0.60 "moderate", up to 0.80 "substantial", above "almost perfect".
// The published bands read 0.21-0.40 and so on; a kappa between two of them (0.205) goes to
// the lower band, since each upper bound is inclusive. The value is compared as computed,
// not as rounded for display.
class LandisKoch
{
public:
    static QString band(double kappa);
};

} // namespace pb
