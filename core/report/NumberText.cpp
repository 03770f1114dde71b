#include "report/NumberText.h"

#include <cmath>
#include <cstdio>

namespace pb {

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
    if (p > 0 && p < 0.001) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.2g", p);
        return QString::fromLatin1(buf);
    }
    return fixed(p, 3);
}

} // namespace pb
