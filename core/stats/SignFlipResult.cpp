#include "stats/SignFlipResult.h"

namespace pb {

QString SignFlipResult::methodName() const
{
    switch (method) {
    case SignFlipMethod::ExactEnumeration:
        return QStringLiteral("exact-enumeration");
    case SignFlipMethod::ExactGrid:
        return QStringLiteral("exact-grid");
    case SignFlipMethod::ExactSplit:
        return QStringLiteral("exact-split");
    case SignFlipMethod::MonteCarlo:
        return QStringLiteral("monte-carlo");
    case SignFlipMethod::None:
        break;
    }
    return QStringLiteral("none");
}

} // namespace pb
