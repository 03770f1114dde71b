#include "FalsePositiveTable.h"

#include "Replications.h"
#include "stats/groups/WilsonInterval.h"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <random>

namespace pb::study {

const QList<double> FalsePositiveTable::kAlphas{0.01, 0.05, 0.10};

double exactSize(const SignFlipResult& r, double alpha, bool oneSided)
{
    const std::vector<SignFlipAtom>& atoms = r.null.atoms;
    if (atoms.empty())
        return NAN;
    double size = 0;
    for (const SignFlipAtom& a : atoms) {
        double p = 0;
        for (const SignFlipAtom& b : atoms) {
            const bool asFar = oneSided ? b.value >= a.value - 1e-9
                                        : std::abs(b.value) >= std::abs(a.value) - 1e-9;
            p += asFar ? b.probability : 0.0;
        }
        // One-sided, the verdict flags only above zero (DistanceComparisonResult::above).
        const bool counts = p < alpha && (!oneSided || a.value > 1e-9);
        size += counts ? a.probability : 0.0;
    }
    return size;
}

QString rateText(long long hits, long long n)
{
    const groups::ProportionInterval i = groups::WilsonInterval::of(hits, n);
    return QStringLiteral("%1 / %2 = %3 [%4, %5]")
        .arg(hits)
        .arg(n)
        .arg(i.estimate, 0, 'f', 3)
        .arg(i.lower, 0, 'f', 3)
        .arg(i.upper, 0, 'f', 3);
}

bool FalsePositiveRow::inBand() const
{
    const double r = rateAt05();
    return r >= 0.035 && r <= 0.065;
}

FalsePositiveTable FalsePositiveTable::run(const ModeStudy& mode, const QList<int>& seeds,
                                           const QList<double>& temperatures, qint64 firstSeed)
{
    FalsePositiveTable table;
    table.otherTest = mode.otherTest;
    table.seeds = seeds;
    table.temperatures = temperatures;
    qint64 base = firstSeed;
    for (qsizetype s = 0; s < seeds.size(); ++s) {
        for (const double t : temperatures) {
            // Seed blocks of its own for every row (1, 1001, ... for the first, 1,000,001, ...
            // for the next): the stand-in's noise is the same draws scaled by the temperature,
            // so rows sharing blocks would be one sample, not several.
            const QList<Outcome> outcomes = replicate(mode.probes, [&](int k) {
                return mode.probe(0.0, t, base + qint64(k) * 1000, seeds.at(s));
            });
            base += qint64(mode.probes) * 1000;
            FalsePositiveRow row{seeds.at(s), t, 0, QList<long long>(kAlphas.size(), 0), 0};
            for (const Outcome& o : outcomes) {
                if (!o.valid)
                    continue;
                ++row.probes;
                row.allowed += o.size05;
                row.termsAbove += o.termsAbove;
                row.termsBelow += o.termsBelow;
                if (!std::isnan(o.labelFree05)) {
                    row.hasBounds = true;
                    row.labelFree += o.labelFree05;
                    row.anyTest += o.anyTest05;
                    row.ordered += o.ordered05;
                    row.tieBroken += o.tieBroken05;
                    row.sizeMismatches += std::abs(o.ordered05 - o.size05) > 1e-12 ? 1 : 0;
                }
                if (!std::isnan(o.otherP)) {
                    row.hasOther = true;
                    row.otherHits += o.otherP < 0.05 ? 1 : 0;
                }
                for (qsizetype a = 0; a < kAlphas.size(); ++a)
                    row.hits[a] += o.p < kAlphas.at(a) ? 1 : 0;
            }
            row.allowed = row.probes ? row.allowed / double(row.probes) : 0.0;
            row.labelFree = row.probes ? row.labelFree / double(row.probes) : 0.0;
            row.anyTest = row.probes ? row.anyTest / double(row.probes) : 0.0;
            row.ordered = row.probes ? row.ordered / double(row.probes) : 0.0;
            row.tieBroken = row.probes ? row.tieBroken / double(row.probes) : 0.0;
            table.rows << row;
        }
    }
    return table;
}

QString FalsePositiveTable::markdown() const
{
    const bool bounds = std::any_of(rows.begin(), rows.end(),
                                    [](const FalsePositiveRow& r) { return r.hasBounds; });
    QString md = QStringLiteral("| seeds per value | temperature |");
    for (const double a : kAlphas)
        md += QStringLiteral(" alpha = %1 |").arg(a);
    md += QStringLiteral(" discreteness allows at 0.05 |");
    if (bounds)
        md += QStringLiteral(" ties split by sign count | any label-free test at most | any "
                             "test at most |");
    md += QStringLiteral(" 0.05 rate in [0.035, 0.065] |");
    if (!otherTest.isEmpty())
        md += QStringLiteral(" %1 at 0.05 |").arg(otherTest);
    md += QStringLiteral("\n|---|---|---|---|---|---|---|") +
          (bounds ? QStringLiteral("---|---|---|") : QString()) +
          (otherTest.isEmpty() ? QString() : QStringLiteral("---|")) + QLatin1Char('\n');
    for (const FalsePositiveRow& row : rows) {
        md += QStringLiteral("| %1 | %2 |").arg(row.seeds).arg(row.temperature);
        for (qsizetype a = 0; a < kAlphas.size(); ++a)
            md += QLatin1Char(' ') + rateText(row.hits.at(a), row.probes) + QStringLiteral(" |");
        md += QStringLiteral(" %1 |").arg(row.allowed, 0, 'f', 3);
        if (bounds)
            md += row.hasBounds ? QStringLiteral(" %1 | %2 | %3 |")
                                      .arg(row.tieBroken, 0, 'f', 3)
                                      .arg(row.labelFree, 0, 'f', 3)
                                      .arg(row.anyTest, 0, 'f', 3)
                                : QStringLiteral(" n/a | n/a | n/a |");
        md += QStringLiteral(" %1 |").arg(row.inBand() ? QStringLiteral("yes")
                                                       : QStringLiteral("no"));
        if (!otherTest.isEmpty())
            md += QLatin1Char(' ') +
                  (row.hasOther ? rateText(row.otherHits, row.probes) : QStringLiteral("n/a")) +
                  QStringLiteral(" |");
        md += QLatin1Char('\n');
    }
    return md;
}

SvgPlot FalsePositiveTable::figure(const QString& mode) const
{
    SvgPlot plot{QStringLiteral("False positives, %1").arg(mode),
                 QStringLiteral("temperature (noise)"),
                 QStringLiteral("rate p < alpha"),
                 0.2,
                 1.4,
                 0,
                 0.2,
                 {},
                 0.05,
                 QStringLiteral("0.05")};
    if (rows.isEmpty())
        return plot;
    const int first = rows.constFirst().seeds;
    QList<int> others;
    for (const FalsePositiveRow& row : rows) {
        if (row.seeds != first && !others.contains(row.seeds))
            others << row.seeds;
    }
    const auto add = [&](int seeds, qsizetype a, double offset) {
        SvgSeries s{QStringLiteral("alpha %1, %2 seeds").arg(kAlphas.at(a)).arg(seeds), {}, {}, {}};
        for (const FalsePositiveRow& row : rows) {
            if (row.seeds != seeds)
                continue;
            const groups::ProportionInterval i =
                groups::WilsonInterval::of(row.hits.at(a), row.probes);
            const double x = row.temperature + offset; // side by side, so each bar shows
            s.points << QPointF(x, i.estimate);
            s.lower << QPointF(x, i.lower);
            s.upper << QPointF(x, i.upper);
        }
        plot.series << s;
    };
    for (qsizetype a = 0; a < kAlphas.size(); ++a)
        add(first, a, 0.03 * double(a - 1));
    for (qsizetype o = 0; o < others.size(); ++o)
        add(others.at(o), 1, 0.015 + 0.03 * double(o + 1));
    return plot;
}

bool FalsePositiveTable::sizeWithinInterval(const FalsePositiveRow& row) const
{
    const groups::ProportionInterval i = groups::WilsonInterval::of(row.hits.at(1), row.probes);
    return i.lower <= row.allowed && row.allowed <= i.upper;
}

bool FalsePositiveTable::sizeExplainsRates() const
{
    return std::all_of(rows.begin(), rows.end(),
                       [this](const FalsePositiveRow& r) { return sizeWithinInterval(r); });
}

long long FalsePositiveTable::pooledProbes() const
{
    long long n = 0;
    for (const FalsePositiveRow& row : rows)
        n += row.probes;
    return n;
}

FalsePositiveTable::Pooled FalsePositiveTable::pooled() const
{
    Pooled out;
    double variance = 0;
    for (const FalsePositiveRow& row : rows) {
        out.flagged += row.hits.at(1);
        out.expected += row.allowed * double(row.probes);
        variance += row.allowed * (1 - row.allowed) * double(row.probes);
    }
    if (variance > 0)
        out.p = boost::math::cdf(boost::math::complement(
            boost::math::normal(), (double(out.flagged) - out.expected) / std::sqrt(variance)));
    return out;
}

double FalsePositiveTable::pooledRateAfterMiss(int tables) const
{
    // Each row's binomial by its inverse distribution function, on a generator whose outputs
    // the standard fixes, so the share is the same on every platform.
    std::vector<std::vector<double>> cdfs;
    for (const FalsePositiveRow& row : rows) {
        std::vector<double> cdf;
        double total = 0;
        const double n = double(row.probes), q = row.allowed;
        for (long long k = 0; k <= row.probes; ++k) {
            const double kk = double(k);
            total += q <= 0 ? (k == 0 ? 1.0 : 0.0)
                            : std::exp(std::lgamma(n + 1) - std::lgamma(kk + 1) -
                                       std::lgamma(n - kk + 1) + kk * std::log(q) +
                                       (n - kk) * std::log1p(-q));
            cdf.push_back(total);
        }
        cdfs.push_back(std::move(cdf));
    }
    std::mt19937_64 random(20261203);
    long long afterMiss = 0, pooledToo = 0;
    for (int t = 0; t < tables; ++t) {
        FalsePositiveTable drawn;
        for (qsizetype r = 0; r < rows.size(); ++r) {
            FalsePositiveRow row = rows.at(r);
            const double u = double(random() >> 11) * 0x1.0p-53;
            const std::vector<double>& cdf = cdfs[std::size_t(r)];
            row.hits[1] = std::min<long long>(
                std::lower_bound(cdf.begin(), cdf.end(), u * cdf.back()) - cdf.begin(), row.probes);
            drawn.rows << row;
        }
        const bool above = std::any_of(drawn.rows.begin(), drawn.rows.end(), [](const auto& row) {
            return groups::WilsonInterval::of(row.hits.at(1), row.probes).lower > row.allowed;
        });
        if (!above)
            continue;
        ++afterMiss;
        pooledToo += drawn.pooled().p < 0.05 ? 1 : 0;
    }
    return afterMiss ? double(pooledToo) / double(afterMiss) : NAN;
}

} // namespace pb::study

namespace pb::study {

namespace {

// "n1 above zero and n2 below (two-sided normal p of a split this uneven: p)", or empty when
// the mode has no terms.
QString termSplit(const FalsePositiveTable& t)
{
    long long above = 0, below = 0;
    for (const FalsePositiveRow& row : t.rows) {
        above += row.termsAbove;
        below += row.termsBelow;
    }
    if (above + below == 0)
        return {};
    const double z =
        std::abs(double(above) - double(below)) / std::sqrt(double(above) + double(below));
    const double p = 2.0 * boost::math::cdf(boost::math::complement(boost::math::normal(), z));
    return QStringLiteral("%1 above zero and %2 below (two-sided normal p of a split this "
                          "uneven: %3)")
        .arg(above)
        .arg(below)
        .arg(p, 0, 'f', 3);
}

QString pooledText(const FalsePositiveTable::Pooled& p)
{
    return QStringLiteral("%1 probes flagged at 0.05 against %2 expected from their exact sizes "
                          "(one-sided normal p of an excess this large: %3)")
        .arg(p.flagged)
        .arg(p.expected, 0, 'f', 1)
        .arg(p.p, 0, 'f', 3);
}

} // namespace

QString FalsePositiveTable::sizeCheck(const ModeStudy& mode, qint64 freshSeed, bool* repeated) const
{
    *repeated = false;
    if (sizeExplainsRates())
        return QStringLiteral("In every row the exact size lies inside the measured rate's "
                              "interval, so a rate outside [0.035, 0.065] is what this exact "
                              "test allows on these data, not a miscalibration.");
    // Every row again, not only the ones that missed: a count pooled over the rows of the sample
    // that missed is drawn toward an excess by the very miss that asked for it.
    const FalsePositiveTable again = run(mode, seeds, temperatures, freshSeed);
    QStringList reruns;
    int missed = 0;
    for (qsizetype k = 0; k < rows.size(); ++k) {
        const FalsePositiveRow& row = rows.at(k);
        if (sizeWithinInterval(row))
            continue;
        ++missed;
        const FalsePositiveRow& r = again.rows.at(k);
        // A miss repeats when the fresh sample's interval misses the size on the same side.
        const groups::ProportionInterval first =
            groups::WilsonInterval::of(row.hits.at(1), row.probes);
        const groups::ProportionInterval second =
            groups::WilsonInterval::of(r.hits.at(1), r.probes);
        const bool above = first.lower > row.allowed;
        const bool same = above ? second.lower > r.allowed : second.upper < r.allowed;
        *repeated = *repeated || same;
        reruns << QStringLiteral("%1 seeds, T %2: %3 first (%4 the size), %5 again (exact size "
                                 "%6, %7)")
                      .arg(row.seeds)
                      .arg(row.temperature)
                      .arg(row.rateAt05(), 0, 'f', 3)
                      .arg(above ? QStringLiteral("above") : QStringLiteral("below"))
                      .arg(rateText(r.hits.at(1), r.probes))
                      .arg(r.allowed, 0, 'f', 3)
                      .arg(again.sizeWithinInterval(r)
                               ? QStringLiteral("inside its interval")
                               : (second.lower > r.allowed ? QStringLiteral("above it")
                                                           : QStringLiteral("below it")));
    }
    const Pooled firstSample = pooled();
    const Pooled secondSample = again.pooled();
    const bool excess = secondSample.p < 0.05;
    *repeated = *repeated || excess;
    QString text =
        QStringLiteral(
            "The exact size lies outside the measured rate's interval in %1 of %2 rows, so every "
            "row is run again on fresh seed blocks (from %3 on) with the same number of probes, "
            "and the count pooled over that second sample is the test. The first sample's "
            "pooled count is no test: it is computed only because a row of that sample missed, "
            "on the same probes, so it leans the way the miss did. Of tables drawn from an exact "
            "test with these rows' probes and sizes (20,000, seeded), those with a row above its "
            "size have a pooled p below 0.05 in %7 of cases, not 0.05. (The rule was written after "
            "an earlier run had shown one generative row "
            "above its size; the second sample is drawn under it, the first is the one that "
            "was seen.) The rows that missed: %4. First sample, over its %2 rows: %5. Second "
            "sample: %6.")
            .arg(missed)
            .arg(rows.size())
            .arg(freshSeed)
            .arg(reruns.join(QStringLiteral("; ")))
            .arg(pooledText(firstSample), pooledText(secondSample))
            .arg(pooledRateAfterMiss(), 0, 'f', 3);
    if (const QString split = termSplit(again); !split.isEmpty())
        text += QStringLiteral(" Of the second sample's nonzero per-item terms D_cf - D_null, "
                               "%1: with no bias each term is as likely to fall either side.")
                    .arg(split);
    text += *repeated
                ? QStringLiteral(" The excess comes back on fresh blocks, so the test's "
                                 "discreteness does not explain every rate: the argument above "
                                 "has a fault this study has not found.")
                : QStringLiteral(" On the fresh blocks no missed row misses again on the same "
                                 "side and the pooled count shows no excess over the exact "
                                 "sizes: the first sample's excess is the sampling variation of "
                                 "a sample looked at because it stood out, and the exact size "
                                 "stands as what the test allows.");
    return text;
}

} // namespace pb::study
