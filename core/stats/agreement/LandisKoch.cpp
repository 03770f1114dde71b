#include "stats/agreement/LandisKoch.h"

namespace pb {

QString LandisKoch::band(double kappa)
{
    if (kappa < 0.0)
        return QStringLiteral("poor");
    if (kappa <= 0.20)
        return QStringLiteral("slight");
    if (kappa <= 0.40)
        return QStringLiteral("fair");
    if (kappa <= 0.60)
        return QStringLiteral("moderate");
    if (kappa <= 0.80)
        return QStringLiteral("substantial");
    return QStringLiteral("almost perfect");
}

} // namespace pb
