#include "design/LengthDifference.h"

#include <cstdlib>

namespace pb {

namespace {

QString count(int n, const char* one, const char* many)
{
    return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? one : many));
}

} // namespace

QString LengthDifference::message() const
{
    const int w = std::abs(words);
    const int c = std::abs(characters);
    if (words == 0 && characters == 0) {
        return QStringLiteral("%1 is as long as %2").arg(variant, reference);
    }
    if (words == 0) {
        return QStringLiteral("%1 is %2 %3 than %4 (as many words)")
            .arg(variant, count(c, "character", "characters"),
                 characters < 0 ? QStringLiteral("shorter") : QStringLiteral("longer"), reference);
    }
    if (words <= 0 && characters <= 0) {
        return QStringLiteral("%1 is %2 (%3) shorter than %4")
            .arg(variant, count(w, "word", "words"), count(c, "character", "characters"),
                 reference);
    }
    if (words >= 0 && characters >= 0) {
        return QStringLiteral("%1 is %2 (%3) longer than %4")
            .arg(variant, count(w, "word", "words"), count(c, "character", "characters"),
                 reference);
    }
    // More words but fewer characters, or the other way round.
    return QStringLiteral("%1 has %2 %3 and %4 %5 than %6")
        .arg(variant, count(w, "word", "words"),
             words > 0 ? QStringLiteral("more") : QStringLiteral("fewer"),
             count(c, "character", "characters"),
             characters > 0 ? QStringLiteral("more") : QStringLiteral("fewer"), reference);
}

} // namespace pb
