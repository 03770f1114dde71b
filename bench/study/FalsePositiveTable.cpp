#include "FalsePositiveTable.h"

#include "Replications.h"
#include "stats/groups/WilsonInterval.h"

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
                                           const QList<double>& temperatures)
{
    FalsePositiveTable table;
    table.otherTest = mode.otherTest;
    qint64 base = 1;
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
                if (!std::isnan(o.otherP)) {
                    row.hasOther = true;
                    row.otherHits += o.otherP < 0.05 ? 1 : 0;
                }
                for (qsizetype a = 0; a < kAlphas.size(); ++a)
                    row.hits[a] += o.p < kAlphas.at(a) ? 1 : 0;
            }
            row.allowed = row.probes ? row.allowed / double(row.probes) : 0.0;
            table.rows << row;
        }
    }
    return table;
}

QString FalsePositiveTable::markdown() const
{
    QString md = QStringLiteral("| seeds per value | temperature |");
    for (const double a : kAlphas)
        md += QStringLiteral(" alpha = %1 |").arg(a);
    md += QStringLiteral(" discreteness allows at 0.05 | 0.05 rate in [0.035, 0.065] |");
    if (!otherTest.isEmpty())
        md += QStringLiteral(" %1 at 0.05 |").arg(otherTest);
    md += QStringLiteral("\n|---|---|---|---|---|---|---|") +
          (otherTest.isEmpty() ? QString() : QStringLiteral("---|")) + QLatin1Char('\n');
    for (const FalsePositiveRow& row : rows) {
        md += QStringLiteral("| %1 | %2 |").arg(row.seeds).arg(row.temperature);
        for (qsizetype a = 0; a < kAlphas.size(); ++a)
            md += QLatin1Char(' ') + rateText(row.hits.at(a), row.probes) + QStringLiteral(" |");
        md += QStringLiteral(" %1 | %2 |")
                  .arg(row.allowed, 0, 'f', 3)
                  .arg(row.inBand() ? QStringLiteral("yes") : QStringLiteral("no"));
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

bool FalsePositiveTable::sizeExplainsRates() const
{
    for (const FalsePositiveRow& row : rows) {
        const groups::ProportionInterval i = groups::WilsonInterval::of(row.hits.at(1), row.probes);
        if (!(i.lower <= row.allowed && row.allowed <= i.upper))
            return false;
    }
    return true;
}

} // namespace pb::study
