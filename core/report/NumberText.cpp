#include "report/NumberText.h"

#include <cmath>
#include <cstdio>

namespace pb {

namespace {

constexpr double kSmallestPrintedP = 0.001;

} // namespace

QString NumberText::fixed(double value, int decimals)
{
    if (std::isnan(value)) {
        return QStringLiteral("n/a");
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    return QString::fromLatin1(buf);
}

QString NumberText::signedFixed(double value, int decimals)
{
    if (std::isnan(value)) {
        return QStringLiteral("n/a");
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%+.*f", decimals, value);
    return QString::fromLatin1(buf);
}

QString NumberText::pValue(double p)
{
    if (std::isnan(p)) {
        return QStringLiteral("n/a");
    }
    // Compared before rounding: 0.0009 would round up to "0.001" and claim too much.
    if (p < kSmallestPrintedP) {
        return QStringLiteral("< 0.001");
    }
    return fixed(p, 3);
}

QString NumberText::pEquals(double p)
{
    if (!std::isnan(p) && p < kSmallestPrintedP) {
        return QStringLiteral("p < 0.001");
    }
    return QStringLiteral("p = ") + pValue(p);
}

QString NumberText::range(int fewest, int most)
{
    if (fewest == most) {
        return QString::number(most);
    }
    return QStringLiteral("%1\u2013%2").arg(fewest).arg(most);
}

QString NumberText::small(double value)
{
    if (std::isnan(value)) {
        return QStringLiteral("n/a");
    }
    if (value > 0 && value < kSmallestPrintedP) {
        // %.2g switches to an exponent below 1e-4; a reader of the report wants decimals.
        const int decimals = 1 - int(std::floor(std::log10(value)));
        return fixed(value, decimals);
    }
    return fixed(value, 3);
}

} // namespace pb
