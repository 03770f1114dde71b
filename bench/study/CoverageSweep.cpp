#include "CoverageSweep.h"

#include "CoverageDesign.h"
#include "power/StandInExperiment.h"
#include "standin/StandInModel.h"
#include "stats/groups/WilsonInterval.h"

#include <algorithm>
#include <random>

namespace pb::study {

namespace {

// Whether every item of doc has a casual marker in one of its first two values, so none of
// them is an item whose gap is zero by construction.
bool allGapped(const ProbeDocument& doc)
{
    const QString a = doc.attribute.values.at(0);
    const QString b = doc.attribute.values.at(1);
    for (const ProbeItem& item : doc.items) {
        if (!StandInModel::isCasual(item.variants.value(a)) &&
            !StandInModel::isCasual(item.variants.value(b)))
            return false;
    }
    return true;
}

} // namespace

QList<CoverageCell> CoverageSweep::run(const ProbeDocument& tutorial) const
{
    StandInTrial trial;
    trial.plantedGap = plantedGap;
    trial.temperature = temperature;
    trial.noiseCheck = false;
    const double truth = trueAverageGap(tutorial, trial);
    QList<CoverageCell> cells;
    qint64 nextSeed = 1;
    for (const QString& sweep : {QStringLiteral("items"), QStringLiteral("seeds")}) {
        for (const int n : sizes) {
            CoverageCell cell{sweep, sweep == QLatin1String("items") ? n : fixedItems,
                              sweep == QLatin1String("seeds") ? n : fixedSeeds, replications};
            std::mt19937_64 draw(20240601 + quint64(n));
            double width = 0;
            int intervals = 0;
            for (int r = 0; r < replications; ++r) {
                const ProbeDocument doc = withItems(tutorial, cell.items, &draw, r);
                trial.seeds = StandInExperiment::seedBlock(nextSeed, cell.seeds);
                nextSeed += cell.seeds; // a fresh block of seeds for every replication
                const GapInterval i = StandInExperiment::analyse(doc, trial).probe.interval;
                const bool covers = i.valid && i.lower <= truth && truth <= i.upper;
                cell.covered += covers ? 1 : 0;
                cell.missesAllGapped += !covers && allGapped(doc) ? 1 : 0;
                if (!i.valid)
                    continue;
                ++intervals;
                width += i.upper - i.lower;
            }
            cell.meanWidth = intervals ? width / intervals : 0;
            cells << cell;
        }
    }
    return cells;
}

QString CoverageSweep::markdown(const QList<CoverageCell>& cells)
{
    QString md = QStringLiteral("| growing | items | seeds per value | replications | covered | "
                                "coverage [Wilson 95%] | mean width (steps) | misses with no "
                                "gap-free item drawn |\n"
                                "|---|---|---|---|---|---|---|---|\n");
    for (const CoverageCell& c : cells) {
        const groups::ProportionInterval i = groups::WilsonInterval::of(c.covered, c.replications);
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 [%7, %8] | %9 | %10 of %11 |\n")
                  .arg(c.sweep)
                  .arg(c.items)
                  .arg(c.seeds)
                  .arg(c.replications)
                  .arg(c.covered)
                  .arg(i.estimate, 0, 'f', 3)
                  .arg(i.lower, 0, 'f', 3)
                  .arg(i.upper, 0, 'f', 3)
                  .arg(c.meanWidth, 0, 'f', 2)
                  .arg(c.missesAllGapped)
                  .arg(c.replications - c.covered);
    }
    return md;
}

SvgPlot CoverageSweep::figure(const QList<CoverageCell>& cells)
{
    SvgPlot plot{QStringLiteral("Coverage of the 95% t interval over items"),
                 QStringLiteral("n (items, or seeds per value)"),
                 QStringLiteral("coverage"),
                 0,
                 52,
                 0.8,
                 1.0,
                 {},
                 0.95,
                 QStringLiteral("0.95")};
    for (const QString& sweep : {QStringLiteral("items"), QStringLiteral("seeds")}) {
        SvgSeries s{sweep == QLatin1String("items") ? QStringLiteral("items grow (5 seeds)")
                                                    : QStringLiteral("seeds grow (8 items)"),
                    {},
                    {},
                    {}};
        for (const CoverageCell& c : cells) {
            if (c.sweep != sweep)
                continue;
            const double x = sweep == QLatin1String("items") ? c.items : c.seeds;
            const groups::ProportionInterval i =
                groups::WilsonInterval::of(c.covered, c.replications);
            s.points << QPointF(x, i.estimate);
            s.lower << QPointF(x, i.lower);
            s.upper << QPointF(x, i.upper);
        }
        plot.series << s;
    }
    return plot;
}

double CoverageSweep::lowestCoverageAt(const QList<CoverageCell>& cells, int items)
{
    double lowest = -1;
    for (const CoverageCell& c : cells) {
        if (c.items != items || c.replications == 0)
            continue;
        const double coverage = double(c.covered) / c.replications;
        lowest = lowest < 0 ? coverage : std::min(lowest, coverage);
    }
    return lowest;
}

} // namespace pb::study
