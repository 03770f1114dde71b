#pragma once

#include <QString>
#include <QTest>
#include <bit>
#include <cmath>
#include <cstdint>

namespace pb::test {

// QCOMPARE on doubles is fuzzy; these tests need the same bits.
inline bool sameDouble(double a, double b)
{
    if (std::isnan(a) || std::isnan(b))
        return std::isnan(a) && std::isnan(b);
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

inline QString hexDouble(double value)
{
    return QString::asprintf("%a (%.17g)", value, value);
}

} // namespace pb::test

#define PB_COMPARE_EXACT(actual, expected)                                                         \
    do {                                                                                           \
        const double pbActual = (actual);                                                          \
        const double pbExpected = (expected);                                                      \
        QVERIFY2(pb::test::sameDouble(pbActual, pbExpected),                                       \
                 qPrintable(QStringLiteral("got ") + pb::test::hexDouble(pbActual) +               \
                            QStringLiteral(", expected ") + pb::test::hexDouble(pbExpected)));     \
    } while (false)
