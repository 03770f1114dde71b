#pragma once

#include <QByteArray>
#include <QString>
#include <QtGlobal>
#include <array>
#include <optional>

namespace pb {

// CPython 3's random.Random, bit for bit: the same Mersenne Twister seeding, the same
// 53-bit random() and the same gauss() with its cached second value. Seeding from a
// string follows CPython's seed version 2 (the string's UTF-8 bytes followed by their
// SHA-512 digest, read as one big-endian integer). Not thread-safe; one per caller.
class PythonRandom
{
public:
    // random.Random(seed) for a str seed.
    explicit PythonRandom(const QString& seed);
    // random.Random(seed) for an int seed >= 0.
    explicit PythonRandom(quint64 seed);
    // random.Random(seed) for any int seed; like CPython, the sign is ignored.
    static PythonRandom fromSigned(qint64 seed);
    // random.Random(n) where n's magnitude is given as big-endian bytes (any length).
    static PythonRandom fromBigEndianMagnitude(const QByteArray& bytes);

    // One raw 32-bit Mersenne Twister output (random.getrandbits(32)).
    quint32 nextUInt32();
    // random.random(): a double in [0, 1) built from two outputs.
    double random();
    // random.gauss(mu, sigma), including the value cached for the next call.
    double gauss(double mu, double sigma);

private:
    PythonRandom() = default;
    void seedFromMagnitude(const QByteArray& bigEndian);
    void initByArray(const quint32* key, int keyLength);
    void twistAt(int kk);

    static constexpr int kN = 624;
    std::array<quint32, kN> m_state{};
    int m_index = kN + 1;
    std::optional<double> m_gaussNext;
};

} // namespace pb
