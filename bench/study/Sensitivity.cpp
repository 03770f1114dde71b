#include "Sensitivity.h"

#include "Replications.h"
#include "stats/groups/WilsonInterval.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace pb::study {

SensitivityCurve sensitivity(const ModeStudy& mode, const QList<double>& gaps, int probes,
                             int seeds, SvgPlot* rates, SvgPlot* effects)
{
    SensitivityCurve out;
    QString md =
        QStringLiteral("| planted gap | detected at 0.05 | mean %1 (sd) |\n|---|---|---|\n")
            .arg(mode.effectName);
    SvgSeries detected{mode.name, {}, {}, {}};
    SvgSeries recovered{mode.name, {}, {}, {}};
    std::optional<double> floor;
    for (const double gap : gaps) {
        long long hits = 0, n = 0;
        double sum = 0, sumSq = 0;
        const QList<Outcome> outcomes = study::replicate(probes, [&](int k) {
            // Blocks of their own, past the false positives' (FalsePositiveTable), the same
            // for every planted gap so the curve compares gaps on the same draws.
            return mode.probe(gap, 0.8, 10'000'001 + qint64(k) * 1000, seeds);
        });
        for (const Outcome& o : outcomes) {
            if (!o.valid)
                continue;
            ++n;
            hits += o.p < 0.05 ? 1 : 0;
            sum += o.effect;
            sumSq += o.effect * o.effect;
        }
        const double mean = n ? sum / n : 0.0;
        const double sd = n > 1 ? std::sqrt(std::max(0.0, (sumSq - n * mean * mean) / (n - 1))) : 0;
        md += QStringLiteral("| %1 | %2 | %3 (%4) |\n")
                  .arg(gap)
                  .arg(study::rateText(hits, n))
                  .arg(mean, 0, 'f', 3)
                  .arg(sd, 0, 'f', 3);
        const groups::ProportionInterval i = groups::WilsonInterval::of(hits, n);
        detected.points << QPointF(gap, i.estimate);
        detected.lower << QPointF(gap, i.lower);
        detected.upper << QPointF(gap, i.upper);
        recovered.points << QPointF(gap, mean);
        if (!floor && i.estimate >= 0.8)
            floor = gap;
    }
    rates->series << detected;
    effects->series << recovered;
    out.effectRises = true;
    out.rateRises = true;
    for (qsizetype k = 1; k < recovered.points.size(); ++k) {
        out.effectRises =
            out.effectRises && recovered.points.at(k).y() > recovered.points.at(k - 1).y();
        out.rateRises = out.rateRises && detected.points.at(k).y() >= detected.points.at(k - 1).y();
    }
    out.floorText = floor ? QStringLiteral("%1 (the smallest planted gap detected in at least 80% "
                                           "of probes at alpha 0.05, temperature 0.8)")
                                .arg(*floor)
                          : QStringLiteral("above %1 (no planted gap in the grid reached 80%)")
                                .arg(gaps.constLast());
    out.markdown = md;
    return out;
}

} // namespace pb::study
