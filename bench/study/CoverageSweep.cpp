#include "CoverageSweep.h"

#include "CoverageDesign.h"
#include "Replications.h"
#include "power/StandInExperiment.h"
#include "standin/StandInModel.h"
#include "stats/groups/WilsonInterval.h"

#include <algorithm>
#include <random>

namespace pb::study {

namespace {

struct Replication
{
    bool covers = false;
    bool allGapped = false; // none of the drawn items is gap-free
    bool valid = false;
    double width = 0;
};

} // namespace

int CoverageSweep::gapFreeItems(const ProbeDocument& doc)
{
    const QString a = doc.attribute.values.at(0);
    const QString b = doc.attribute.values.at(1);
    int free = 0;
    for (const ProbeItem& item : doc.items) {
        if (!StandInModel::isCasual(item.variants.value(a)) &&
            !StandInModel::isCasual(item.variants.value(b)))
            ++free;
    }
    return free;
}

QList<CoverageCell> CoverageSweep::run(const ProbeDocument& tutorial, Items items) const
{
    StandInTrial trial;
    trial.plantedGap = plantedGap;
    trial.temperature = temperature;
    trial.noiseCheck = false;
    const double population = trueAverageGap(tutorial, trial);
    QList<CoverageCell> cells;
    qint64 nextSeed = items == Items::Drawn ? 1 : 50'000'001; // blocks of each design's own
    for (const QString& sweep : {QStringLiteral("items"), QStringLiteral("seeds")}) {
        for (const int n : sizes) {
            CoverageCell cell{sweep, sweep == QLatin1String("items") ? n : fixedItems,
                              sweep == QLatin1String("seeds") ? n : fixedSeeds, replications};
            // Every replication's items and seed block are fixed here, in order, before the
            // replications run in parallel, so the numbers do not depend on the threads.
            std::mt19937_64 draw(20240601 + quint64(n));
            QList<ProbeDocument> docs;
            QList<qint64> firstSeeds;
            for (int r = 0; r < replications; ++r) {
                docs << withItems(tutorial, cell.items, items == Items::Drawn ? &draw : nullptr, r);
                firstSeeds << nextSeed;
                nextSeed += cell.seeds; // a fresh block of seeds for every replication
            }
            // The fixed design's items are the same in every replication, and so is its truth.
            const double fixedTruth = trueAverageGap(docs.constFirst(), trial);
            const QList<Replication> done = replicate(replications, [&](int r) {
                StandInTrial mine = trial;
                mine.seeds = StandInExperiment::seedBlock(firstSeeds.at(r), cell.seeds);
                const ProbeDocument& doc = docs.at(r);
                const GapInterval i = StandInExperiment::analyse(doc, mine).probe.interval;
                const double truth = items == Items::Drawn ? population : fixedTruth;
                return Replication{i.valid && i.lower <= truth && truth <= i.upper,
                                   gapFreeItems(doc) == 0, i.valid,
                                   i.valid ? i.upper - i.lower : 0.0};
            });
            double width = 0;
            int intervals = 0;
            for (const Replication& r : done) {
                cell.covered += r.covers ? 1 : 0;
                cell.missesAllGapped += !r.covers && r.allGapped ? 1 : 0;
                if (!r.valid)
                    continue;
                ++intervals;
                width += r.width;
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

SvgPlot CoverageSweep::figure(const QList<CoverageCell>& drawn, const QList<CoverageCell>& fixed)
{
    SvgPlot plot{QStringLiteral("Coverage of the 95% t interval (5 seeds or 8 items held)"),
                 QStringLiteral("n (items, or seeds per value)"),
                 QStringLiteral("coverage"),
                 0,
                 52,
                 0.8,
                 1.0,
                 {},
                 0.95,
                 QStringLiteral("0.95")};
    for (const bool own : {true, false}) {
        const QList<CoverageCell>& cells = own ? fixed : drawn;
        for (const QString& sweep : {QStringLiteral("items"), QStringLiteral("seeds")}) {
            SvgSeries s{QString((own ? QStringLiteral("own, ") : QStringLiteral("drawn, ")) +
                                (sweep == QLatin1String("items") ? QStringLiteral("items grow")
                                                                 : QStringLiteral("seeds grow"))),
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
