#include "FalsePositiveTable.h"

#include "Replications.h"
#include "stats/groups/WilsonInterval.h"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>

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

} // namespace pb::study

namespace pb::study {

QString FalsePositiveTable::sizeCheck(const ModeStudy& mode, qint64 freshSeed, bool* repeated) const
{
    *repeated = false;
    if (sizeExplainsRates())
        return QStringLiteral("In every row the exact size lies inside the measured rate's "
                              "interval, so a rate outside [0.035, 0.065] is what this exact "
                              "test allows on these data, not a miscalibration.");
    QStringList reruns;
    int missed = 0;
    qint64 base = freshSeed;
    for (const FalsePositiveRow& row : rows) {
        if (sizeWithinInterval(row))
            continue;
        ++missed;
        const FalsePositiveTable again = run(mode, {row.seeds}, {row.temperature}, base);
        base += qint64(mode.probes) * 1000;
        const FalsePositiveRow& r = again.rows.constFirst();
        // A miss repeats when the fresh sample's interval misses the size on the same side.
        const groups::ProportionInterval first =
            groups::WilsonInterval::of(row.hits.at(1), row.probes);
        const groups::ProportionInterval second =
            groups::WilsonInterval::of(r.hits.at(1), r.probes);
        const bool above = first.lower > row.allowed;
        const bool same = above ? second.lower > r.allowed : second.upper < r.allowed;
        *repeated = *repeated || same;
        const long long bothHits = row.hits.at(1) + r.hits.at(1);
        const long long bothProbes = row.probes + r.probes;
        const double bothSize =
            (row.allowed * double(row.probes) + r.allowed * double(r.probes)) / double(bothProbes);
        const groups::ProportionInterval both = groups::WilsonInterval::of(bothHits, bothProbes);
        reruns << QStringLiteral("%1 seeds, T %2: %3 first (%4 the size), %5 again (exact size "
                                 "%6, %7); both samples together %8, exact size %9, %10 the "
                                 "interval")
                      .arg(row.seeds)
                      .arg(row.temperature)
                      .arg(row.rateAt05(), 0, 'f', 3)
                      .arg(above ? QStringLiteral("above") : QStringLiteral("below"))
                      .arg(rateText(r.hits.at(1), r.probes))
                      .arg(r.allowed, 0, 'f', 3)
                      .arg(again.sizeWithinInterval(r)
                               ? QStringLiteral("inside its interval")
                               : (second.lower > r.allowed ? QStringLiteral("above it")
                                                           : QStringLiteral("below it")))
                      .arg(rateText(bothHits, bothProbes))
                      .arg(bothSize, 0, 'f', 3)
                      .arg(both.lower <= bothSize && bothSize <= both.upper
                               ? QStringLiteral("inside")
                               : QStringLiteral("outside"));
    }
    const Pooled all = pooled();
    QString text =
        QStringLiteral(
            "The exact size lies outside the measured rate's interval in %1 of %2 rows. "
            "Each such row is run again on fresh seed blocks (from %3 on) with the "
            "same number of probes, and both samples are reported: %4. The rule is "
            "applied to every row of every run, but it was added to the program after an "
            "earlier run had shown one generative row above its size, so its rerun is a "
            "check of a result already seen, not a test chosen blind. Over this table's %2 rows, "
            "%5 probes flagged "
            "at 0.05 against %6 expected from their exact sizes (one-sided normal p "
            "of an excess this large: %7; the pooled count includes the row that missed, on its "
            "first sample).")
            .arg(missed)
            .arg(rows.size())
            .arg(freshSeed)
            .arg(reruns.join(QStringLiteral("; ")))
            .arg(all.flagged)
            .arg(all.expected, 0, 'f', 1)
            .arg(all.p, 0, 'f', 3);
    text += *repeated
                ? QStringLiteral(" The miss comes back on fresh blocks, so the test's "
                                 "discreteness does not explain every rate.")
                : QStringLiteral(" The miss did not come back on the same side on fresh "
                                 "blocks: a 95% interval misses its true rate in about one row "
                                 "in twenty, and over this study's rows some will.");
    if (all.p < 0.05)
        text += QStringLiteral(" But the rows' first samples together still sit above their "
                               "exact sizes by more than chance would leave (the pooled p), so "
                               "one rerun does not settle it: the excess over the size column "
                               "is small (%1 probes in %2) and stays open, neither explained nor "
                               "shown to be a fault.")
                    .arg(double(all.flagged) - all.expected, 0, 'f', 1)
                    .arg(pooledProbes());
    return text;
}

} // namespace pb::study
