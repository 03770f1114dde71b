#pragma once

// The calibration study's interval section: how often the report's 95% t interval over items
// covers the true average gap, and how wide it is, as the number of items grows (seeds fixed)
// and as the number of seeds grows (items fixed). Two truths: items drawn with replacement from
// the tutorial's 8, where the truth is that population's average gap, and the tutorial's own
// items (cycled past 8), where the truth is those items' own expected average gap, what a
// probe's interval is about (CoverageDesign computes both exactly).

#include "SvgPlot.h"
#include "probe/ProbeDocument.h"

#include <QList>
#include <QString>

namespace pb::study {

struct CoverageCell
{
    QString sweep; // "items" or "seeds"
    int items = 0;
    int seeds = 0;
    int replications = 0;
    int covered = 0;         // an absent interval counts as not covering
    int missesAllGapped = 0; // misses whose drawn items all have a gap (none of the gap-free)
    double meanWidth = 0;
};

struct CoverageSweep
{
    QList<int> sizes{3, 5, 10, 20, 50};
    int fixedSeeds = 5; // while the items grow
    int fixedItems = 8; // while the seeds grow
    int replications = 1000;
    double plantedGap = 1.0;
    double temperature = 0.8;

    enum class Items
    {
        Drawn, // with replacement from the tutorial's items: the truth is their population's
        Fixed  // the tutorial's own, in order, cycled: the truth is these items' own
    };

    QList<CoverageCell> run(const ProbeDocument& tutorial, Items items) const;
    // A table's Markdown and a figure of coverage against n for both sweeps of both designs.
    static QString markdown(const QList<CoverageCell>& cells);
    static SvgPlot figure(const QList<CoverageCell>& drawn, const QList<CoverageCell>& fixed);
    // Items of doc with no casual marker in their first two values: no gap by construction.
    static int gapFreeItems(const ProbeDocument& doc);
    // The lowest coverage at `items` items over every cell that has them, or -1.
    static double lowestCoverageAt(const QList<CoverageCell>& cells, int items);
};

} // namespace pb::study
