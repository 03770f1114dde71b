#include "standin/PythonRandom.h"

#include <QCryptographicHash>
#include <cmath>
#include <numbers>
#include <vector>

namespace pb {

namespace {
constexpr int kM = 397;
constexpr quint32 kMatrixA = 0x9908b0dfU;
constexpr quint32 kUpperMask = 0x80000000U;
constexpr quint32 kLowerMask = 0x7fffffffU;
} // namespace

PythonRandom::PythonRandom(const QString& seed)
{
    const QByteArray utf8 = seed.toUtf8();
    seedFromMagnitude(utf8 + QCryptographicHash::hash(utf8, QCryptographicHash::Sha512));
}

PythonRandom::PythonRandom(quint64 seed)
{
    QByteArray bytes(8, '\0');
    for (int i = 7; i >= 0; --i) {
        bytes[i] = static_cast<char>(seed & 0xffU);
        seed >>= 8;
    }
    seedFromMagnitude(bytes);
}

PythonRandom PythonRandom::fromSigned(qint64 seed)
{
    // The magnitude of INT64_MIN does not fit qint64 but does fit quint64.
    const quint64 magnitude =
        seed < 0 ? quint64(0) - static_cast<quint64>(seed) : static_cast<quint64>(seed);
    return PythonRandom(magnitude);
}

PythonRandom PythonRandom::fromBigEndianMagnitude(const QByteArray& bytes)
{
    PythonRandom rng;
    rng.seedFromMagnitude(bytes);
    return rng;
}

void PythonRandom::seedFromMagnitude(const QByteArray& bigEndian)
{
    // CPython hands init_by_array the integer's 32-bit words, least significant first,
    // and only as many words as the integer needs (at least one, for zero).
    const qsizetype n = bigEndian.size();
    std::vector<quint32> key((n + 3) / 4, 0U);
    for (qsizetype i = 0; i < n; ++i) {
        const qsizetype fromLow = n - 1 - i;
        const auto byte = static_cast<quint32>(static_cast<unsigned char>(bigEndian[i]));
        key[fromLow / 4] |= byte << (8 * (fromLow % 4));
    }
    while (key.size() > 1 && key.back() == 0U)
        key.pop_back();
    if (key.empty())
        key.push_back(0U);
    initByArray(key.data(), static_cast<int>(key.size()));
    m_gaussNext.reset();
}

namespace {

// init_by_array always starts from init_genrand(19650218): one state for every seed, worked
// out once instead of on every seeding (the stand-in seeds a generator per reply).
std::array<quint32, 624> initialState()
{
    std::array<quint32, 624> state{};
    state[0] = 19650218U;
    for (std::size_t i = 1; i < state.size(); ++i) {
        const quint32 prev = state[i - 1];
        state[i] = 1812433253U * (prev ^ (prev >> 30)) + static_cast<quint32>(i);
    }
    return state;
}

} // namespace

void PythonRandom::initByArray(const quint32* key, int keyLength)
{
    static const std::array<quint32, kN> initial = initialState();
    m_state = initial;
    m_index = kN;
    int i = 1;
    int j = 0;
    for (int k = std::max(kN, keyLength); k > 0; --k) {
        const quint32 prev = m_state[i - 1];
        m_state[i] =
            (m_state[i] ^ ((prev ^ (prev >> 30)) * 1664525U)) + key[j] + static_cast<quint32>(j);
        ++i;
        ++j;
        if (i >= kN) {
            m_state[0] = m_state[kN - 1];
            i = 1;
        }
        if (j >= keyLength)
            j = 0;
    }
    for (int k = kN - 1; k > 0; --k) {
        const quint32 prev = m_state[i - 1];
        m_state[i] = (m_state[i] ^ ((prev ^ (prev >> 30)) * 1566083941U)) - static_cast<quint32>(i);
        ++i;
        if (i >= kN) {
            m_state[0] = m_state[kN - 1];
            i = 1;
        }
    }
    m_state[0] = 0x80000000U; // MSB is 1, assuring a non-zero initial array
}

void PythonRandom::twistAt(int kk)
{
    // Element kk of the next generation reads kk + 1 before it is twisted and (kk + 397) % kN,
    // which is twisted already exactly when it is below kk: twisting each element just before
    // it is read gives the same state as twisting all 624 at once, and a generator that is
    // read a few times after seeding (the stand-in's) twists only those few.
    const quint32 y = (m_state[kk] & kUpperMask) | (m_state[(kk + 1) % kN] & kLowerMask);
    m_state[kk] = m_state[(kk + kM) % kN] ^ (y >> 1) ^ ((y & 1U) ? kMatrixA : 0U);
}

quint32 PythonRandom::nextUInt32()
{
    if (m_index >= kN)
        m_index = 0;
    twistAt(m_index);
    quint32 y = m_state[m_index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

double PythonRandom::random()
{
    const quint32 a = nextUInt32() >> 5;
    const quint32 b = nextUInt32() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

double PythonRandom::gauss(double mu, double sigma)
{
    // Lib/random.py (3.11): Box-Muller, keeping the sine half for the next call.
    double z;
    if (m_gaussNext) {
        z = *m_gaussNext;
        m_gaussNext.reset();
    } else {
        const double x2pi = random() * (2.0 * std::numbers::pi);
        const double g2rad = std::sqrt(-2.0 * std::log(1.0 - random()));
        z = std::cos(x2pi) * g2rad;
        m_gaussNext = std::sin(x2pi) * g2rad;
    }
    // Rounded before the addition, as CPython does; volatile stops fma contraction.
    const volatile double scaled = z * sigma;
    return mu + scaled;
}

} // namespace pb
