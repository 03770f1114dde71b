#include "report/StatisticJson.h"

#include <cmath>

namespace pb {

QJsonValue jsonNumber(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QJsonValue::Null);
}

QJsonObject signFlipJson(const SignFlipResult& sf)
{
    QJsonObject out{
        {QStringLiteral("p"), jsonNumber(sf.p)},
        {QStringLiteral("test"), QStringLiteral("sign-flip permutation, two-sided")},
        {QStringLiteral("method"), sf.methodName()},
        {QStringLiteral("exact"), sf.isExact()},
        {QStringLiteral("hits"), sf.hits},
    };
    if (sf.isExact()) {
        out.insert(QStringLiteral("patterns_log2"), sf.patternsLog2);
    } else {
        out.insert(QStringLiteral("samples"), double(sf.samples));
        out.insert(QStringLiteral("standard_error"), jsonNumber(sf.standardError));
    }
    return out;
}

} // namespace pb
