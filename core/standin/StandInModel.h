#pragma once

#include <QString>
#include <QtGlobal>

namespace pb {

// The tutorial's toy model (stand_in_model in tutorial_part1.py), ported so that every
// reply is the same text the Python reference prints: a deterministic function of
// seed, prompt, temperature and planted gap, where casual prompts get planted_gap
// fewer numbered steps on average.
class StandInModel
{
public:
    // The most steps a reply will list. The reference has no cap; it only matters for
    // absurd temperatures, where the reference would print millions of lines.
    static constexpr int kMaxSteps = 10000;

    // seedDecimal is the seed exactly as Python prints the int ("-3", "9223372036854775808"),
    // so seeds beyond qint64 work; any other spelling ("+3", "03") seeds a different stream.
    static QString reply(const QString& prompt, const QString& seedDecimal, double temperature,
                         double plantedGap);
    static QString reply(const QString& prompt, qint64 seed, double temperature, double plantedGap);

    // The number of steps reply() lists for the same arguments.
    static int steps(const QString& prompt, const QString& seedDecimal, double temperature,
                     double plantedGap);
    // The same draw with the shift already decided (StandInBias): value = 4 + gauss(0, 1.5) *
    // temperature - shift. steps() is this with shift = planted gap on a casual prompt, else 0.
    static int shiftedSteps(const QString& prompt, const QString& seedDecimal, double temperature,
                            double shift);
    // That value before it is rounded and clamped to whole steps: 4 + gauss(0, 1.5) *
    // temperature - shift. No reply shows it; the calibration study reads it as a numeric
    // metric whose values do not tie.
    static double shiftedValue(const QString& prompt, const QString& seedDecimal,
                               double temperature, double shift);
    // Whether the prompt contains one of the tutorial's casual markers (lol, u, pls, ...)
    // as a whole word, with Python 3's Unicode word boundaries.
    static bool isCasual(const QString& prompt);
    // The reply text for a given number of steps.
    static QString replyForSteps(int steps);
};

} // namespace pb
