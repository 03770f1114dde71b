#include "standin/StandInModel.h"

#include "standin/PythonRandom.h"

#include <QHash>
#include <QList>
#include <QRegularExpression>
#include <cmath>

namespace pb {

namespace {

// Prompts whose casual marker is remembered, per thread, before the memory starts over.
constexpr qsizetype kKnownPrompts = 4096;
// Replies of 1 to this many steps are built once per thread (almost every reply; more steps
// need an absurd temperature).
constexpr int kKeptReplies = 64;

QString buildReply(int steps)
{
    QString text = QStringLiteral("Here is what I would try:");
    text.reserve(text.size() + steps * 16);
    for (int k = 1; k <= steps; ++k) {
        const QString n = QString::number(k);
        text += QLatin1Char('\n') + n + QStringLiteral(". Step ") + n + QLatin1Char('.');
    }
    return text;
}

} // namespace

QString StandInModel::reply(const QString& prompt, const QString& seedDecimal, double temperature,
                            double plantedGap)
{
    return replyForSteps(steps(prompt, seedDecimal, temperature, plantedGap));
}

QString StandInModel::reply(const QString& prompt, qint64 seed, double temperature,
                            double plantedGap)
{
    return reply(prompt, QString::number(seed), temperature, plantedGap);
}

int StandInModel::steps(const QString& prompt, const QString& seedDecimal, double temperature,
                        double plantedGap)
{
    return shiftedSteps(prompt, seedDecimal, temperature, isCasual(prompt) ? plantedGap : 0.0);
}

double StandInModel::shiftedValue(const QString& prompt, const QString& seedDecimal,
                                  double temperature, double shift)
{
    PythonRandom rng(seedDecimal + QLatin1Char('|') + prompt);
    // CPython rounds the product to double before adding 4. The volatile keeps a compiler
    // allowed to contract (GNU mode, FMA targets) from fusing the two into one fma.
    const volatile double scaled = rng.gauss(0.0, 1.5) * temperature;
    double value = 4.0 + scaled;
    // Subtracting 0.0 leaves every double as it was, so an unplanted call is the reference's.
    value -= shift;
    return value;
}

int StandInModel::shiftedSteps(const QString& prompt, const QString& seedDecimal,
                               double temperature, double shift)
{
    const double value = shiftedValue(prompt, seedDecimal, temperature, shift);
    // Python's round() on a float rounds half to even, as nearbyint does in the default
    // rounding mode. NaN (which Python would reject) falls to the floor of 1.
    double rounded = std::nearbyint(value);
    if (!(rounded >= 1.0))
        rounded = 1.0;
    if (rounded > kMaxSteps)
        rounded = kMaxSteps;
    return static_cast<int>(rounded);
}

bool StandInModel::isCasual(const QString& prompt)
{
    // Python 3 str patterns use Unicode \w and \b; UseUnicodePropertiesOption gives PCRE2
    // the same classes (letters, numbers, underscore). thread_local: a QRegularExpression is
    // reentrant, not thread-safe, and the calibration study runs stand-in probes in parallel.
    static thread_local const QRegularExpression casual(
        QStringLiteral("\\b(lol|u|pls|w|whats|cant|wont|hey)\\b"),
        QRegularExpression::UseUnicodePropertiesOption);
    // A probe asks the same few prompts over and over (every seed, every arm): the answer is
    // a function of the text, so it is kept, for a bounded number of prompts per thread.
    static thread_local QHash<QString, bool> known;
    if (const auto it = known.constFind(prompt); it != known.constEnd())
        return it.value();
    if (known.size() >= kKnownPrompts)
        known.clear();
    const bool match = casual.match(prompt.toLower()).hasMatch();
    known.insert(prompt, match);
    return match;
}

QString StandInModel::replyForSteps(int steps)
{
    // The text is a function of the number of steps, and nearly every reply lists a few.
    static thread_local QList<QString> made;
    if (steps >= 1 && steps <= kKeptReplies) {
        if (made.isEmpty())
            made.resize(kKeptReplies + 1);
        QString& text = made[steps];
        if (text.isNull())
            text = buildReply(steps);
        return text;
    }
    return buildReply(steps);
}

} // namespace pb
