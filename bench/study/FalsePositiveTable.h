#pragma once

// The calibration study's false-positive section: how often each mode's verdict test flags an
// unbiased model (planted gap 0) at alpha 0.01, 0.05 and 0.1, at several noise levels and seeds
// per value, with the test's exact size on the same probes beside the rate at 0.05.

#include "SvgPlot.h"
#include "stats/SignFlipResult.h"

#include <QList>
#include <QString>
#include <cmath>
#include <functional>

namespace pb::study {

// One simulated probe's verdict: its p (NaN or >= 1 when nothing can flag), the effect it
// recovered, and the exact size its test has at alpha 0.05 on this probe's own data.
struct Outcome
{
    bool valid = false;
    double p = 1.0;
    double effect = 0.0;
    double size05 = NAN;
    // A second test's p on the same probe, for comparison (choice: the pooled permutation
    // the verdict read before the paired test); NaN when there is none.
    double otherP = NAN;
};

using Probe =
    std::function<Outcome(double gap, double temperature, qint64 firstSeed, int seedsPerValue)>;

struct ModeStudy
{
    QString name;
    QString test; // what p is
    QString effectName;
    Probe probe;
    int probes = 1000;
    QString otherTest; // what Outcome::otherP is; empty when the mode has none
};

// The chance that the exact sign-flip test flags at alpha when the signs are fair, given the
// probe's own |gaps|: the mass of the null's atoms whose own p is below alpha (two-sided, as
// the numeric verdict reads it; one-sided, the upper tail, as the choice verdict does). Averaged
// over unbiased probes it is the false-positive rate the test's discreteness allows. NaN when
// the null's atoms are not listed.
double exactSize(const SignFlipResult& r, double alpha, bool oneSided);

// "hits / n = rate [lower, upper]" with the Wilson 95% interval.
QString rateText(long long hits, long long n);

struct FalsePositiveRow
{
    int seeds = 0;
    double temperature = 0;
    long long probes = 0;
    QList<long long> hits;   // at kAlphas
    double allowed = 0;      // mean exact size at 0.05
    long long otherHits = 0; // Outcome::otherP below 0.05
    bool hasOther = false;
    bool inBand() const; // the rate at 0.05 within [0.035, 0.065]
    double rateAt05() const { return probes ? double(hits.at(1)) / double(probes) : 0.0; }
};

struct FalsePositiveTable
{
    static const QList<double> kAlphas;
    QList<FalsePositiveRow> rows;
    QString otherTest;

    // Planted gap 0, mode.probes probes for each seeds-per-value and temperature, each probe on
    // a seed block of its own, 1000 apart, from seed 1 on (so the sections after it start at
    // 10,000,001).
    static FalsePositiveTable run(const ModeStudy& mode, const QList<int>& seeds,
                                  const QList<double>& temperatures);
    QString markdown() const;
    // Rate against temperature, one series per alpha at the first seeds count and the 0.05
    // series at the others.
    SvgPlot figure(const QString& mode) const;
    // Every row's measured rate at 0.05 has the exact size within its Wilson interval.
    bool sizeExplainsRates() const;
};

} // namespace pb::study
