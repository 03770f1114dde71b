#pragma once

#include <QString>

namespace pb {

// How much longer one variant is than the reference variant (value A). Length is a second
// difference between the two texts, so a gap could come from it as well as the attribute.
struct LengthDifference
{
    QString variant;
    QString reference;
    int words = 0;      // variant minus reference
    int characters = 0; // variant minus reference, in UTF-16 code units

    // "casual is 4 words (25 characters) shorter than formal"
    QString message() const;

    bool operator==(const LengthDifference&) const = default;
};

} // namespace pb
