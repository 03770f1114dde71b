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
    // The most any label-free, and any, two-sided exact test could flag at 0.05 on this
    // probe's gaps (SizeBounds); NaN when the mode does not report them.
    double labelFree05 = NAN;
    double anyTest05 = NAN;
    double ordered05 = NAN;   // the |mean gap| test's size, pattern by pattern (= size05)
    double tieBroken05 = NAN; // the same with its ties split by the sign count
    // The items whose term of the paired test (D_cf - D_null) is above and below zero, for the
    // modes that have one: with no bias each term is as likely to fall either side.
    int termsAbove = 0;
    int termsBelow = 0;
};

using Probe =
    std::function<Outcome(double gap, double temperature, qint64 firstSeed, int seedsPerValue)>;

struct FalsePositiveTable;

struct ModeStudy
{
    QString name;
    QString slug; // its figures' file names
    QString test; // what p is
    QString effectName;
    Probe probe;
    int probes = 1000;
    QString otherTest; // what Outcome::otherP is; empty when the mode has none
    // Why its false-positive rates are where they are, from its table's own numbers.
    std::function<QString(const FalsePositiveTable&)> why;
    bool sensitivity = true;       // false: false positives only
    QList<int> falsePositiveSeeds; // seeds per value of its false-positive rows; empty: the study's
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
    double labelFree = 0, anyTest = 0;        // means of Outcome's bounds, when hasBounds
    double ordered = 0, tieBroken = 0;        // SizeBounds' two ordered tests' sizes, means
    long long sizeMismatches = 0;             // probes whose ordered05 differs from size05
    long long termsAbove = 0, termsBelow = 0; // sums of Outcome's
    bool hasBounds = false;
    bool inBand() const; // the rate at 0.05 within [0.035, 0.065]
    double rateAt05() const { return probes ? double(hits.at(1)) / double(probes) : 0.0; }
};

struct FalsePositiveTable
{
    static const QList<double> kAlphas;
    QList<FalsePositiveRow> rows;
    QString otherTest;
    // What run() was given, so that every row can be run again.
    QList<int> seeds;
    QList<double> temperatures;

    // Planted gap 0, mode.probes probes for each seeds-per-value and temperature, each probe on
    // a seed block of its own, 1000 apart, from seed 1 on (so the sections after it start at
    // 10,000,001).
    static FalsePositiveTable run(const ModeStudy& mode, const QList<int>& seeds,
                                  const QList<double>& temperatures, qint64 firstSeed = 1);
    QString markdown() const;
    // Rate against temperature, one series per alpha at the first seeds count and the 0.05
    // series at the others.
    SvgPlot figure(const QString& mode) const;
    // Every row's measured rate at 0.05 has the exact size within its Wilson interval.
    bool sizeExplainsRates() const;
    bool sizeWithinInterval(const FalsePositiveRow& row) const;
    // Over every row: the probes flagged at 0.05 against the count the exact sizes lead one to
    // expect (the sum over probes of each probe's exact size), and the one-sided normal p of
    // an excess that large (variance: the sum of size (1 - size) over the probes, by rows).
    struct Pooled
    {
        long long flagged = 0;
        double expected = 0;
        double p = 1;
    };
    Pooled pooled() const;
    long long pooledProbes() const;
    // Under an exact test (each row's hits binomial with its probes and its mean exact size),
    // the share of simulated tables with a row whose interval lies above its size that also
    // have a pooled p below 0.05: what a pooled count computed only after such a miss is worth.
    // Seeded, so it reproduces.
    double pooledRateAfterMiss(int tables = 20000) const;
    // Why the rates are where the exact sizes say, in words: every row's size within its
    // interval; or, when some row's interval misses it, every row run again on fresh seed blocks
    // from freshSeed on (the rule fixed before any row is seen, both samples reported). The
    // pooled count over that second sample is the test; the first sample's is computed only
    // because a row of it missed, so it describes the sample that raised the question and tests
    // nothing. *repeated: a missed row missed again on the same side, or the second sample's
    // pooled count is above its exact sizes at 0.05.
    QString sizeCheck(const ModeStudy& mode, qint64 freshSeed, bool* repeated) const;
};

} // namespace pb::study
